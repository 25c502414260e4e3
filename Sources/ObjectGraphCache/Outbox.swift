import Foundation
import ObjectGraph
import ObjectGraphREST

/// The persisted queue of saves not yet on the server (table `cache_outbox` of the identity database):
/// one row per save, its change set as JSON with the caching store's IDs, its idempotency key seed and,
/// when the server refused it, the refusal. Owned by the ``CachingStore`` actor.
final class Outbox {
    private let database: IdentityDatabase
    private(set) var entries: [OutboxEntry] = []
    /// How many entries touch each object.
    private var pendingCounts: [AnyObjectID: Int] = [:]
    /// The largest sequence number ever used.
    private var lastSequence: Int64
    /// The entries that left (replayed, dropped or refused) while server reads were in flight: a server
    /// answer notes ``beginRead()`` before it is read (``isPending(_:readAt:)``).
    private var departures = WritesDuringReads<AnyObjectID>()

    init(database: IdentityDatabase) throws(CachingStoreError) {
        self.database = database
        lastSequence = Self.largestSequence(in: database)
        let decoder = JSONDecoder()
        for row in try database.query("SELECT sequence, changes, key_seed, stopped FROM cache_outbox ORDER BY sequence") {
            guard let sequence = row[0].flatMap({ Int64($0) }), let json = row[1], let seed = row[2],
                  let changes = try? decoder.decode(ChangeSet.self, from: Data(json.utf8)) else {
                throw .malformedOutboxEntry(path: database.path, sequence: row[0] ?? "?")
            }
            let refusal = row[3].map(Self.refusal(from:))
            entries.append(OutboxEntry(sequence: sequence, changes: changes, refusal: refusal, keySeed: seed))
        }
        for entry in entries { count(entry, by: 1) }
    }

    /// Whether no save waits.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether a waiting save touches `id`: the cache keeps the local state of such objects until the saves
    /// are replayed.
    func isPending(_ id: AnyObjectID) -> Bool {
        pendingCounts[id] != nil
    }

    /// How many waiting entries have left.
    var removals: UInt64 { departures.writes }

    /// Whether a waiting save touches `id`, or one that touched it left after ``removals`` was `readAt`: a
    /// server answer read before then may predate that save, and must not overwrite the object's cached state.
    func isPending(_ id: AnyObjectID, readAt: UInt64) -> Bool {
        isPending(id) || departures.wasWritten(id, after: readAt)
    }

    /// Notes that a server read begins, and returns ``removals`` now: pass it to ``isPending(_:readAt:)``
    /// when the answer is written, and to ``endRead(_:)`` once it is.
    func beginRead() -> UInt64 {
        departures.beginRead()
    }

    /// Notes that the server read that began at `readAt` has ended, and forgets the removals no read in
    /// flight can ask about: all of them when none is in flight.
    func endRead(_ readAt: UInt64) {
        departures.endRead(readAt)
    }

    /// The number of objects whose removal a read in flight may still ask about.
    var rememberedRemovals: Int { departures.rememberedCount }

    /// Adds `entry`'s objects to the pending counts (`by: 1`) or takes them out (`by: -1`).
    private func count(_ entry: OutboxEntry, by change: Int) {
        for id in entry.touchedIDs {
            let count = pendingCounts[id, default: 0] + change
            pendingCounts[id] = count > 0 ? count : nil
        }
    }

    /// Writes `changes` (with the caching store's IDs) as the next entry, which does not wait yet: a save
    /// ``enqueue(_:)``s it once the cache has the save, or ``remove(_:)``s it when the cache refused it.
    func persist(_ changes: ChangeSet) throws(CachingStoreError) -> OutboxEntry {
        let sequence = lastSequence + 1
        let json = String(decoding: (try? JSONEncoder().encode(changes)) ?? Data(), as: UTF8.self)
        let seed = UUID().uuidString.lowercased()
        try database.run("INSERT INTO cache_outbox VALUES (?, ?, ?, NULL)", rows: [[.integer(sequence), .text(json), .text(seed)]])
        lastSequence = sequence
        return OutboxEntry(sequence: sequence, changes: changes, refusal: nil, keySeed: seed)
    }

    /// Makes the persisted `entry` wait for replay, in sequence order.
    func enqueue(_ entry: OutboxEntry) {
        entries.insert(entry, at: entries.firstIndex { $0.sequence > entry.sequence } ?? entries.endIndex)
        count(entry, by: 1)
    }

    /// Removes the entry `sequence` (replayed, dropped, or refused by the cache).
    func remove(_ sequence: Int64) throws(CachingStoreError) {
        try database.run("DELETE FROM cache_outbox WHERE sequence = ?", rows: [[.integer(sequence)]])
        guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return }
        let removed = entries.remove(at: index)
        count(removed, by: -1)
        departures.recordWrite(of: removed.touchedIDs)
    }

    /// Marks the entry `sequence` refused.
    func stop(_ sequence: Int64, _ refusal: OutboxRefusal) throws(CachingStoreError) {
        try database.run("UPDATE cache_outbox SET stopped = ? WHERE sequence = ?", rows: [[.text(Self.text(of: refusal)), .integer(sequence)]])
        if let index = entries.firstIndex(where: { $0.sequence == sequence }) { entries[index].refusal = refusal }
    }

    /// Makes the refused entry `sequence` wait again with `changes` and, after a refusal (the server did
    /// not act), a new idempotency key seed.
    func restart(_ sequence: Int64, with changes: ChangeSet) throws(CachingStoreError) {
        guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return }
        let json = String(decoding: (try? JSONEncoder().encode(changes)) ?? Data(), as: UTF8.self)
        let refused = entries[index].refusal?.status.map { (400..<500).contains($0) } ?? false
        let seed = refused ? UUID().uuidString.lowercased() : entries[index].keySeed
        try database.run("UPDATE cache_outbox SET changes = ?, key_seed = ?, stopped = NULL WHERE sequence = ?",
                         rows: [[.text(json), .text(seed), .integer(sequence)]])
        count(entries[index], by: -1)
        entries[index] = OutboxEntry(sequence: sequence, changes: changes, refusal: nil, keySeed: seed)
        count(entries[index], by: 1)
    }

    /// Sequence numbers continue after the last one ever used (SQLite keeps the largest rowid).
    private static func largestSequence(in database: IdentityDatabase) -> Int64 {
        (try? database.query("SELECT max(sequence) FROM cache_outbox").first?.first).flatMap { $0.flatMap { Int64($0) } } ?? 0
    }

    /// `status|message`.
    private static func text(of refusal: OutboxRefusal) -> String {
        "\(refusal.status.map(String.init) ?? "")|\(refusal.message)"
    }

    private static func refusal(from text: String) -> OutboxRefusal {
        let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        return OutboxRefusal(status: parts.first.flatMap { Int($0) }, message: parts.count > 1 ? String(parts[1]) : text)
    }
}
