/// What was written (objects, or anything else a `Key` names) while server reads were in flight, so that
/// an answer read before a write does not replace what the write left (a list `GET` sent before a
/// `PATCH` and answered after it describes the object as it was). ``RESTStore`` notes the objects and
/// relationship lists its saves wrote here, for its object cache; the caching store notes the objects of
/// the outbox entries that reached the server, for its cache.
///
/// ```swift
/// let readAt = writes.beginRead()
/// defer { writes.endRead(readAt) }
/// let answer = try await send(request)
/// writes.recordWrite(of: savedIDs)                 // meanwhile, elsewhere
/// let keep = writes.written(after: readAt)          // these keep what the write left
/// ```
package struct WritesDuringReads<Key: Hashable> {
    /// How many writes have been recorded.
    package private(set) var writes: UInt64 = 0
    /// By key: ``writes`` when the last write of it was recorded while a read was in flight.
    private var lastWrite: [Key: UInt64] = [:]
    /// The reads in flight, by the ``writes`` each began at.
    private var readsInFlight: [UInt64: Int] = [:]
    /// ``lastWrite``'s size above which ending a read prunes it (doubling, so pruning stays linear overall).
    private var pruneThreshold = 64

    /// No writes and no reads.
    package init() {}

    /// Notes that a read begins; returns what to pass to ``written(after:)``,
    /// ``wasWritten(_:after:)`` and ``endRead(_:)``.
    package mutating func beginRead() -> UInt64 {
        readsInFlight[writes, default: 0] += 1
        return writes
    }

    /// Notes that the read that began at `readAt` has ended, and forgets the writes no read in flight can
    /// ask about: all of them when none is in flight.
    package mutating func endRead(_ readAt: UInt64) {
        if let count = readsInFlight[readAt], count > 1 { readsInFlight[readAt] = count - 1 } else { readsInFlight[readAt] = nil }
        guard let oldest = readsInFlight.keys.min() else {
            lastWrite.removeAll()
            return
        }
        guard lastWrite.count > pruneThreshold else { return }
        lastWrite = lastWrite.filter { $0.value > oldest }
        pruneThreshold = max(64, 2 * lastWrite.count)
    }

    /// Notes a write (a create, change or deletion) of `ids`. Remembered only while a read is in flight.
    package mutating func recordWrite(of ids: some Sequence<Key>) {
        writes += 1
        guard !readsInFlight.isEmpty else { return }
        for id in ids { lastWrite[id] = writes }
    }

    /// Whether a write of `id` was recorded after the read that began at `readAt`.
    package func wasWritten(_ id: Key, after readAt: UInt64) -> Bool {
        lastWrite[id, default: 0] > readAt
    }

    /// What was written after the read that began at `readAt`.
    package func written(after readAt: UInt64) -> [Key] {
        lastWrite.filter { $0.value > readAt }.map(\.key)
    }

    /// How many keys' writes a read in flight may still ask about.
    package var rememberedCount: Int { lastWrite.count }
}
