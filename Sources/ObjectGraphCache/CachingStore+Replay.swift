import Foundation
import ObjectGraph
import ObjectGraphREST

/// Replaying the outbox: entries go to the server in save order; after a network failure, 5xx or 429 the
/// replay waits (jittered, doubling) and tries again from the same entry; a refusal (another 4xx) stops
/// that entry, and later entries that touch none of its objects go on.
extension CachingStore {
    /// The saves waiting for the server, in save order, refused ones with their ``OutboxEntry/refusal``.
    public var outboxEntries: [OutboxEntry] { outbox.entries }

    /// The error of the last replay attempt that could not reach the server, if any.
    public var lastReplayError: (any Error)? { replayError }

    /// The number of objects whose entries' removal a server read in flight may still ask about
    /// (``Outbox/isPending(_:readAt:)``): zero while no read is in flight.
    var rememberedOutboxRemovals: Int { outbox.rememberedRemovals }

    /// Replays what waits now, once, and returns the entries still waiting.
    ///
    /// ```swift
    /// let waiting = await store.replayOutbox()
    /// print(waiting.isEmpty ? "all saved" : "\(waiting.count) saves wait")
    /// ```
    @discardableResult
    public func replayOutbox() async -> [OutboxEntry] {
        _ = await replayPass()
        return outbox.entries
    }

    /// Waits until the background replay ends: the outbox is empty or holds only refused entries and the
    /// entries they hold back. While the server cannot be reached it does not end.
    public func waitForOutbox() async {
        while let task = replayTask { await task.value }
    }

    /// Sends the refused entry `sequence` again, with the current cached state of the objects it creates
    /// and the current cached values of the attributes it changes (so edits saved since the refusal go
    /// with it), and a new idempotency key.
    /// - Throws: ``CachingStoreError/noOutboxEntry(_:)``.
    public func retryOutboxEntry(_ sequence: Int64) async throws {
        guard let entry = outbox.entries.first(where: { $0.sequence == sequence }) else { throw CachingStoreError.noOutboxEntry(sequence) }
        var changes = entry.changes
        let ids = changes.inserted.map(\.id) + changes.updated.map(\.id)
        let current = Dictionary(storeSnapshots(fromCache: try await cache.snapshots(for: cacheIDs(ids))).map { ($0.id, $0) }) { first, _ in first }
        for index in changes.inserted.indices {
            guard let snapshot = current[changes.inserted[index].id] else { continue }
            changes.inserted[index].values = snapshot.values
            changes.inserted[index].toOneIDs = snapshot.toOneIDs
        }
        for index in changes.updated.indices {
            guard let snapshot = current[changes.updated[index].id] else { continue }
            changes.updated[index].attributes = SharedSlice(changes.updated[index].attributes.map { change in
                snapshot.values.indices.contains(change.index) ? AttributeChange(index: change.index, value: snapshot.values[change.index]) : change
            })
        }
        try outbox.restart(sequence, with: changes)
        startReplay()
    }

    /// Removes the entry `sequence` from the outbox without sending it. Its local changes leave the cache:
    /// objects it created are deleted (unless later entries use them), objects it changed or deleted are
    /// read from the server again; the change stream says so.
    /// - Throws: ``CachingStoreError/noOutboxEntry(_:)``.
    public func dropOutboxEntry(_ sequence: Int64) async throws {
        guard let entry = outbox.entries.first(where: { $0.sequence == sequence }) else { throw CachingStoreError.noOutboxEntry(sequence) }
        try outbox.remove(sequence)
        var change = try await evict(Array(entry.touchedIDs), keepingReferenced: false)
        try aliases.forget(entry.changes.inserted.map(\.id).filter { !outbox.isPending($0) && aliases.isUnsent($0) })
        change.recordEntitiesToRefetch(Set(entry.changes.inserted.map(\.entityName) + entry.changes.updated.map(\.entityName)
            + entry.changes.deleted.map(\.entityName) + entry.changes.toManyChanges.map(\.entityName)))
        publish(change)
        startReplay()
    }

    /// Starts the background replay unless it runs.
    func startReplay() {
        guard replayTask == nil, !outbox.isEmpty else { return }
        unreachableReplays = 0
        // Detached: a task made inside a save would inherit the saving context's task-local identity,
        // and every change the replay publishes would count as that context's own save, never merged into it.
        replayTask = Task.detached { [weak self] in
            while !Task.isCancelled {
                guard let delay = await self?.replayStep() else { return }
                try? await Task.sleep(for: delay)
            }
        }
    }

    /// One pass of the background replay: how long to wait before the next, or `nil` when it ends.
    private func replayStep() async -> Duration? {
        if await replayPass() == .unreachable {
            unreachableReplays += 1
            var generator = SystemRandomNumberGenerator()
            return replayBackoff.delay(beforeAttempt: unreachableReplays + 1, using: &generator)
        }
        unreachableReplays = 0
        if hasSendableEntries { return .zero }
        replayTask = nil
        return nil
    }

    /// The waits between replay attempts: ``Configuration/initialReplayDelay`` doubling up to
    /// ``Configuration/maximumReplayDelay``, with the REST store's jitter.
    private var replayBackoff: RetryPolicy {
        RetryPolicy(initialDelay: configuration.initialReplayDelay, maximumDelay: configuration.maximumReplayDelay)
    }

        /// Whether an entry waits that is neither refused nor held back by a refused one.
    private var hasSendableEntries: Bool {
        var held: Set<AnyObjectID> = []
        for entry in outbox.entries {
            let touched = entry.touchedIDs
            if entry.refusal == nil && touched.isDisjoint(with: held) { return true }
            held.formUnion(touched)
        }
        return false
    }

    /// How a replay pass ended.
    enum ReplayOutcome {
        /// Every entry that could be sent was; the others are refused or held back by refused ones.
        case finished
        /// The server could not be reached; the entries from the first unsent one on wait.
        case unreachable
    }

    /// Sends every waiting entry not refused and not held back by a refused one, in order.
    func replayPass() async -> ReplayOutcome {
        (try? await through(.replay) { () async -> ReplayOutcome in
            var held: Set<AnyObjectID> = []
            for entry in outbox.entries {
                let touched = entry.touchedIDs
                guard entry.refusal == nil, touched.isDisjoint(with: held) else {
                    held.formUnion(touched)
                    continue
                }
                do {
                    try await send(entry)
                } catch where Self.isRefusal(error) {
                    try? outbox.stop(entry.sequence, OutboxRefusal(error))
                    held.formUnion(touched)
                } catch {
                    replayError = error
                    return .unreachable
                }
            }
            replayError = nil
            return .finished
        }) ?? .unreachable
    }

    /// Whether `error` is the server's (or the entry's) final word on an entry: anything but an
    /// unreachable server, a cancelled task, or a failure of the local identity database.
    private static func isRefusal(_ error: any Error) -> Bool {
        if case CachingStoreError.unsentObject = error { return true }
        return !NetworkFailure.isUnreachable(error) && !(error is CancellationError) && !(error is CachingStoreError)
    }

    /// Sends one entry: objects it creates go with temporary IDs (the same ones on every attempt in this
    /// process) and the entry's idempotency keys; then, in one transaction, their server IDs are recorded
    /// and the entry leaves the outbox; then the server's state of what it wrote goes into the cache.
    private func send(_ entry: OutboxEntry) async throws {
        var temporary: [AnyObjectID: AnyObjectID] = [:]
        for snapshot in entry.changes.inserted {
            temporary[snapshot.id] = replayTemporaryIDs[snapshot.id] ?? .temporary(entityName: snapshot.id.entityName)
            replayTemporaryIDs[snapshot.id] = temporary[snapshot.id]
        }
        let changes = try entry.changes.mappingIDs { id throws(CachingStoreError) in
            if let temporaryID = temporary[id] { return temporaryID }
            guard let remoteID = aliases.remoteID(for: id) else { throw .unsentObject(entry: entry.sequence, object: id) }
            return remoteID
        }
        var keys: [AnyObjectID: String] = [:]
        for snapshot in entry.changes.inserted { keys[temporary[snapshot.id]!] = entry.idempotencyKey(for: snapshot.id) }
        let result = if let keyed = remote as? any IdempotentSaving {
            try await keyed.saveReturningState(changes, idempotencyKeys: keys)
        } else {
            try await remote.saveReturningState(changes)
        }
        let created = Array(zip(entry.changes.inserted.map(\.id), result.permanentIDs)).map { (store: $0.0, remote: $0.1) }
        try database.transaction { () throws(CachingStoreError) in
            try aliases.resolve(created)
            try outbox.remove(entry.sequence)
        }
        for snapshot in entry.changes.inserted { replayTemporaryIDs[snapshot.id] = nil }
        publish(try await write(result.savedSnapshots.map(aliases.storeSnapshot), fetchedAt: Date(), readAt: outbox.removals))
    }
}
