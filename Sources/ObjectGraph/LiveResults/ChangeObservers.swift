import Synchronization

/// Delivers the saves of every context on a store to the live results of every context on it, in the
/// order the saves committed. Each context owns one ``ChangeObservers`` (its live results' streams) and
/// registers it under its store; a save publishes to all of them. Released with the context, it ends
/// its streams.
final class ChangeObservers: Sendable {
    private let continuations = Mutex<[Int: AsyncStream<ObservedChange>.Continuation]>([:])
    private let nextID = Atomic(0)
    /// The store observers are registered under.
    private let storeKey: ObjectIdentifier?

    init(store: any PersistentStore) {
        storeKey = Self.key(of: store)
        if let storeKey { StoreObservers.shared.register(self, under: storeKey) }
    }

    deinit {
        finish()
    }

    /// A new stream of the changes published from now on.
    func stream() -> AsyncStream<ObservedChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ObservedChange.self)
        let id = nextID.add(1, ordering: .relaxed).newValue
        continuation.onTermination = { [weak self] _ in _ = self?.continuations.withLock { $0.removeValue(forKey: id) } }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// Hands `change` to every stream.
    func deliver(_ change: ObservedChange) {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield(change) }
    }

    /// Ends every stream (the context was reset or released).
    func finish() {
        for continuation in continuations.withLock({ all in defer { all = [:] }; return Array(all.values) }) { continuation.finish() }
    }

    /// Publishes `change` to the observers of every context on `store`.
    static func publish(_ change: ObservedChange, on store: any PersistentStore) {
        guard let key = key(of: store) else { return }
        StoreObservers.shared.observers(of: key).forEach { $0.deliver(change) }
    }

    /// Stores are told apart by identity; a store that is a value type has none and is not observed.
    private static func key(of store: any PersistentStore) -> ObjectIdentifier? {
        type(of: store) is AnyClass ? ObjectIdentifier(store as AnyObject) : nil
    }
}

/// The ``ChangeObservers`` of every context, by store, held weakly.
private final class StoreObservers: Sendable {
    static let shared = StoreObservers()

    private struct Entry {
        weak var observers: ChangeObservers?
    }

    private let entries = Mutex<[ObjectIdentifier: [Entry]]>([:])

    func register(_ observers: ChangeObservers, under key: ObjectIdentifier) {
        entries.withLock { entries in
            entries[key, default: []].removeAll { $0.observers == nil }
            entries[key, default: []].append(Entry(observers: observers))
        }
    }

    func observers(of key: ObjectIdentifier) -> [ChangeObservers] {
        entries.withLock { entries in
            entries[key]?.removeAll { $0.observers == nil }
            if entries[key]?.isEmpty == true { entries[key] = nil }
            return entries[key]?.compactMap(\.observers) ?? []
        }
    }
}

extension ObservedChange {
    /// What a committed change set changed: inserted objects under their permanent IDs, updated and
    /// deleted objects, and the owners and members of changed to-manys.
    init(_ changes: ChangeSet, permanentIDs: [AnyObjectID]) {
        upserted = Set(permanentIDs).union(changes.updated.map(\.id))
        for change in changes.toManyChanges {
            upserted.insert(change.ownerID)
            upserted.formUnion(change.added)
            upserted.formUnion(change.removed)
        }
        deleted = Set(changes.deleted.map(\.id))
        upserted.subtract(deleted)
    }
}

extension ObjectContext {
    /// A stream of the changes saved through any context on this context's store from now on; it ends
    /// when this context is reset or released.
    func observedChanges() -> AsyncStream<ObservedChange> {
        changeObservers.stream()
    }
}
