import Synchronization

/// Delivers a store's ``StoreChange`` values to every observer, in the order the store publishes them:
/// the building block of ``PersistentStore/changes()``.
///
/// Publishing never waits for an observer. Each observer has its own buffer, and what it has not read
/// yet is coalesced into one value (``StoreChange/coalesce(with:)``), so a slow observer gets fewer,
/// larger changes and never loses one, and memory holds at most one pending value per observer. The
/// change of a save made by an ``ObjectContext`` is not delivered to that context's own observation.
///
/// A store owns one broadcaster, publishes right after each commit (while no later commit can
/// overtake it, e.g. inside its actor), and finishes it when it goes away:
///
/// ```swift
/// actor MyStore: PersistentStore {
///     private nonisolated let broadcaster = StoreChangeBroadcaster()
///     nonisolated func changes() -> StoreChanges { broadcaster.changes() }
///     func save(_ changes: ChangeSet) throws -> [AnyObjectID] {
///         let ids = try commit(changes)
///         broadcaster.publish { StoreChange(committing: changes, permanentIDs: ids) }
///         return ids
///     }
///     deinit { broadcaster.finish() }
/// }
/// ```
public final class StoreChangeBroadcaster: Sendable {
    private struct Observer: Sendable {
        let mailbox: Mailbox<StoreChange>
        let filter: OriginFilter

        func receives(from origin: ObjectIdentifier?) -> Bool {
            guard let origin else { return true }
            return filter.ignoredOrigin.withLock { $0 != origin }
        }
    }

    private struct State: Sendable {
        var observers: [Int: Observer] = [:]
        var nextToken = 0
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Creates a broadcaster without observers.
    public init() {}

    /// A new observation that receives every change published from now on.
    public func changes() -> StoreChanges {
        StoreChanges(subscription: subscribe())
    }

    /// Whether any observer would receive a change published now.
    public var hasObservers: Bool {
        let origin = SaveOrigin.current
        return state.withLock { state in state.observers.values.contains { $0.receives(from: origin) } }
    }

    /// Delivers the change `make` returns to every observer; `make` runs only when some observer
    /// receives it, so a store without observers pays nothing. Call it in commit order.
    public func publish(_ make: () -> StoreChange) {
        let origin = SaveOrigin.current
        state.withLock { state in
            let receivers = state.observers.values.filter { $0.receives(from: origin) }
            guard !receivers.isEmpty else { return }
            let change = make()
            guard !change.isEmpty else { return }
            for observer in receivers { observer.mailbox.post(change) }
        }
    }

    /// Ends every observation (after its pending change) and every later one at once: the store is gone.
    public func finish() {
        let observers = state.withLock { state in
            state.isFinished = true
            return state.observers.values.map(\.mailbox)
        }
        for mailbox in observers { mailbox.finish() }
    }

    /// Registers an observer.
    private func subscribe() -> Subscription {
        let mailbox = Mailbox<StoreChange>()
        let filter = OriginFilter()
        let token = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            defer { state.nextToken += 1 }
            state.observers[state.nextToken] = Observer(mailbox: mailbox, filter: filter)
            return state.nextToken
        }
        if token == nil { mailbox.finish() }
        return Subscription(mailbox: mailbox, filter: filter) { [weak self] in
            guard let token else { return }
            self?.state.withLock { _ = $0.observers.removeValue(forKey: token) }
        }
    }

    /// One observer's registration; it ends when the last sequence or iterator using it goes away.
    final class Subscription: Sendable {
        let mailbox: Mailbox<StoreChange>
        /// Saves made while `SaveOrigin.current` is the filter's origin do not reach this observer.
        let filter: OriginFilter
        private let cancel: @Sendable () -> Void

        init(mailbox: Mailbox<StoreChange>, filter: OriginFilter, cancel: @escaping @Sendable () -> Void) {
            self.mailbox = mailbox
            self.filter = filter
            self.cancel = cancel
        }

        deinit {
            cancel()
        }
    }
}

/// The saving context (``SaveOrigin``) whose changes one observer does not receive.
final class OriginFilter: Sendable {
    let ignoredOrigin = Mutex<ObjectIdentifier?>(nil)
}
