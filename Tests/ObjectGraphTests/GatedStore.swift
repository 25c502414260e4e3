import ObjectGraph
import Synchronization

/// An ``InMemoryStore`` whose next call of one method waits at a gate the test opens.
final class GatedStore: PersistentStore {
    /// Signals that a call reached the gate, and lets it through.
    final class Gate: Sendable {
        private let reached = AsyncStream<Void>.makeStream()
        private let opened = AsyncStream<Void>.makeStream()

        /// Waits until a store call reached the gate.
        func entered() async {
            for await _ in reached.stream { return }
        }

        /// Lets the waiting store call continue.
        func release() {
            opened.continuation.yield()
            opened.continuation.finish()
        }

        fileprivate func pass() async {
            reached.continuation.yield()
            reached.continuation.finish()
            for await _ in opened.stream { return }
        }
    }

    let base: InMemoryStore
    /// Whether fetches hand over objects decoded from rows (``fetchObjects(_:model:)``) instead of snapshots.
    let decodesRows: Bool
    private let gates = Mutex<[String: (gate: Gate, failure: (any Error)?)]>([:])
    private let calls = Mutex<[String: Int]>([:])

    init(model: ModelDescription, decodesRows: Bool = false) {
        base = InMemoryStore(model: model)
        self.decodesRows = decodesRows
    }

    var model: ModelDescription { base.model }
    var capabilities: StoreCapabilities { base.capabilities }

    /// Makes the next call of `method` wait at the returned gate, then throw `failure` if given
    /// (without calling the base store).
    func arm(_ method: String, failingWith failure: (any Error)? = nil) -> Gate {
        let gate = Gate()
        gates.withLock { $0[method] = (gate, failure) }
        return gate
    }

    /// How many times `method` (a gate's name) was called.
    func callCount(_ method: String) -> Int {
        calls.withLock { $0[method, default: 0] }
    }

    private func pass(_ method: String) async throws {
        calls.withLock { $0[method, default: 0] += 1 }
        guard let (gate, failure) = gates.withLock({ $0.removeValue(forKey: method) }) else { return }
        await gate.pass()
        if let failure { throw failure }
    }

    func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        try await pass("fetch")
        return try await base.fetch(request)
    }

    func count(_ request: StoreFetchRequest) async throws -> Int {
        try await pass("count")
        return try await base.count(request)
    }

    func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        try await pass("snapshots")
        return await base.snapshots(for: ids)
    }

    func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        try await pass("relatedIDs")
        return try await base.relatedIDs(for: relationshipName, of: entityName, ids: ids)
    }

    func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        try await pass("save")
        return try await base.save(changes)
    }

    func changes() -> StoreChanges { base.changes() }

    /// Delivers the answer of ``fetch(_:)`` in two halves; the second waits at the gate of
    /// `"secondBatch"`, so a test can act on a context between two batches of one fetch.
    func fetchInBatches(_ request: StoreFetchRequest) -> AsyncThrowingStream<[Snapshot], any Error> {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [Snapshot].self)
        Task {
            do {
                let all = try await fetch(request)
                continuation.yield(Array(all[..<(all.count / 2)]))
                try await pass("secondBatch")
                continuation.yield(Array(all[(all.count / 2)...]))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return batches
    }

    /// When ``decodesRows``, the objects of ``snapshots(for:)`` (at the gate of `"objects"`, not that of
    /// `"snapshots"`) decoded through ``SnapshotRow``s, in one batch.
    func objects(for ids: [AnyObjectID], model: ManagedObjectModel) async throws -> [DecodedObjects]? {
        guard decodesRows else { return nil }
        try await pass("objects")
        return [try Self.decode(await base.snapshots(for: ids), model: model)]
    }

    /// `snapshots` decoded into objects of `model`'s classes through ``SnapshotRow``s.
    private static func decode(_ snapshots: [Snapshot], model: ManagedObjectModel) throws -> DecodedObjects {
        var batch = DecodedObjects(model: model)
        for snapshot in snapshots {
            try batch.append(entityName: snapshot.entityName, id: snapshot.id, version: snapshot.version, row: SnapshotRow(snapshot))
        }
        return batch
    }

    /// When ``decodesRows``, the batches of ``fetchInBatches(_:)`` (gate included) as objects decoded
    /// through ``SnapshotRow``s, whose typed reads all fall back to `value(at:)`.
    func fetchObjects(_ request: StoreFetchRequest, model: ManagedObjectModel) -> AsyncThrowingStream<DecodedObjects, any Error>? {
        guard decodesRows else { return nil }
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: DecodedObjects.self)
        let snapshotBatches = fetchInBatches(request)
        Task {
            do {
                for try await snapshots in snapshotBatches {
                    continuation.yield(try Self.decode(snapshots, model: model))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return batches
    }
}

/// A snapshot read as a store's row with `value(at:)` alone: the contract's minimum.
final class SnapshotRow: StoredRow {
    let snapshot: Snapshot

    init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
    }

    func value(at index: Int) -> AttributeValue { snapshot.values[index] }
    func isNull(at index: Int) -> Bool { snapshot.values[index].isNull }
    func toOneID(at slot: Int) -> AnyObjectID? { snapshot.toOneIDs[slot] }
}
