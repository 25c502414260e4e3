import Foundation
import ObjectGraph

/// Which cache row holds which object (by the caching store's ID), when each object and each fetch was last read from the
/// server, and how recently each object was used: kept in memory, written through to the
/// ``IdentityDatabase``. Owned by the ``CachingStore`` actor.
///
/// Store IDs (the caching store's: the server's, or a local object's, see ``ObjectAliases``) and cache IDs (the ``ObjectGraphSQLite/SQLiteStore``'s) both
/// name the root entity; a pair is recorded only after the cache row exists and forgotten before the row
/// is deleted, so a crash in between leaves at most rows without a pair, which opening deletes.
final class CacheIndex {
    private let database: IdentityDatabase
    private(set) var cacheIDs: [AnyObjectID: AnyObjectID] = [:]
    private(set) var remoteIDs = StoreIDsByRow()
    private var fetchedAt: [AnyObjectID: Double] = [:]
    private var usedAt: [AnyObjectID: Int64] = [:]
    private var touched: Set<AnyObjectID> = []
    private var uses: [[AnyObjectID]] = []
    /// How many used IDs wait in ``uses`` to be applied.
    private(set) var pendingUses = 0
    /// How many used IDs ``touch(_:)`` keeps before applying them.
    static let maximumPendingUses = 100_000
    private var clock: Int64 = 0

    /// Reads every pair from `database`.
    init(database: IdentityDatabase) throws(CachingStoreError) {
        self.database = database
        for row in try database.query("SELECT root, remote_key, local_key, fetched_at, used_at FROM cache_identity") {
            guard let root = row[0], let remoteText = row[1], let localText = row[2] else { continue }
            let remote = AnyObjectID(entityName: root, key: try Self.key(remoteText, path: database.path))
            let local = AnyObjectID(entityName: root, key: try Self.key(localText, path: database.path))
            cacheIDs[remote] = local
            remoteIDs[local] = remote
            fetchedAt[remote] = row[3].flatMap(Double.init) ?? 0
            let used = row[4].flatMap { Int64($0) } ?? 0
            usedAt[remote] = used
            clock = max(clock, used)
        }
    }

    /// The number of cached objects.
    var count: Int { cacheIDs.count }

    /// Records that the cache rows `pairs[i].cache` hold the remote objects `pairs[i].remote`, read from
    /// the server at `date`.
    func record(_ pairs: [(remote: AnyObjectID, cache: AnyObjectID)], fetchedAt date: Date) throws(CachingStoreError) {
        applyUses()
        let time = date.timeIntervalSinceReferenceDate
        var rows: [[IdentityValue]] = []
        for (remote, cache) in pairs {
            clock += 1
            rows.append([.text(remote.entityName), .text(Self.text(remote.key)), .text(Self.text(cache.key)), .real(time), .integer(clock)])
        }
        try database.run("INSERT OR REPLACE INTO cache_identity VALUES (?, ?, ?, ?, ?)", rows: rows)
        for (index, (remote, cache)) in pairs.enumerated() {
            if let old = cacheIDs[remote] { remoteIDs[old] = nil }
            cacheIDs[remote] = cache
            remoteIDs[cache] = remote
            fetchedAt[remote] = time
            if case .integer(let used) = rows[index][4] { usedAt[remote] = used }
        }
    }

    /// Records that the cached objects `remotes` were read from the server at `date`, with every use
    /// since the last write.
    func markFetched(_ remotes: [AnyObjectID], at date: Date) throws(CachingStoreError) {
        let time = date.timeIntervalSinceReferenceDate
        for remote in remotes where cacheIDs[remote] != nil { fetchedAt[remote] = time }
        touched.formUnion(remotes)
        try flushUses()
    }

    /// Forgets the pairs of `remotes` (before their rows are deleted).
    func forget(_ remotes: [AnyObjectID]) throws(CachingStoreError) {
        applyUses()
        let known = remotes.filter { cacheIDs[$0] != nil }
        try database.run("DELETE FROM cache_identity WHERE root = ? AND remote_key = ?",
                         rows: known.map { [.text($0.entityName), .text(Self.text($0.key))] })
        for remote in known {
            if let cache = cacheIDs.removeValue(forKey: remote) { remoteIDs[cache] = nil }
            fetchedAt[remote] = nil
            usedAt[remote] = nil
            touched.remove(remote)
        }
    }

    /// Notes that `remotes` were just read (in memory; applied and written with the next change, or
    /// applied once ``maximumPendingUses`` IDs wait, so reads without writes do not grow it without end).
    func touch(_ remotes: [AnyObjectID]) {
        uses.append(remotes)
        pendingUses += remotes.count
        if pendingUses > Self.maximumPendingUses { applyUses() }
    }

    /// Applies the uses ``touch(_:)`` noted, in order: a read only appends its IDs, so a cache hit costs
    /// no hashing for recency.
    private func applyUses() {
        for batch in uses {
            for remote in batch where usedAt[remote] != nil {
                clock += 1
                usedAt[remote] = clock
                touched.insert(remote)
            }
        }
        uses.removeAll()
        pendingUses = 0
    }

    /// Writes the uses and fetch times noted since the last write.
    func flushUses() throws(CachingStoreError) {
        applyUses()
        let rows: [[IdentityValue]] = touched.compactMap { remote in
            guard let used = usedAt[remote] else { return nil }
            return [.real(fetchedAt[remote] ?? 0), .integer(used), .text(remote.entityName), .text(Self.text(remote.key))]
        }
        try database.run("UPDATE cache_identity SET fetched_at = ?, used_at = ? WHERE root = ? AND remote_key = ?", rows: rows)
        touched.removeAll()
    }

    /// Whether the cached object `remote` was read from the server less than `maximumAge` before `now`.
    func isFresh(_ remote: AnyObjectID, maximumAge: Duration, now: Date) -> Bool {
        guard let time = fetchedAt[remote] else { return false }
        return now.timeIntervalSinceReferenceDate - time < maximumAge.seconds
    }

    /// The cached objects, least recently used first.
    func leastRecentlyUsed() -> [AnyObjectID] {
        applyUses()
        return usedAt.sorted { $0.value < $1.value }.map(\.key)
    }

    /// When the fetch `request` last answered from the server, or `nil`.
    func fetchTime(of request: String) throws(CachingStoreError) -> Date? {
        let rows = try database.query("SELECT fetched_at FROM cache_queries WHERE request = ?", [.text(request)])
        guard let text = rows.first?.first ?? nil, let time = Double(text) else { return nil }
        return Date(timeIntervalSinceReferenceDate: time)
    }

    /// Records that the fetch `request` answered from the server at `date`.
    func recordFetch(of request: String, at date: Date) throws(CachingStoreError) {
        try database.run("INSERT OR REPLACE INTO cache_queries VALUES (?, ?)", rows: [[.text(request), .real(date.timeIntervalSinceReferenceDate)]])
    }

    /// Forgets every fetch time, so no fetch counts as fresh (after evictions or deletions changed answers).
    func forgetFetchTimes() throws(CachingStoreError) {
        try database.execute("DELETE FROM cache_queries")
    }

    /// `i:12` for an integer key, `s:octocat` for a string key.
    static func text(_ key: ObjectKey) -> String {
        switch key {
        case .integer(let number): "i:\(number)"
        case .string(let text): "s:\(text)"
        case .temporary(let number): "t:\(number)"
        }
    }

    /// The key ``text(_:)`` wrote.
    static func key(_ text: String, path: String) throws(CachingStoreError) -> ObjectKey {
        let body = String(text.dropFirst(2))
        switch text.prefix(2) {
        case "i:": if let number = Int64(body) { return .integer(number) }
        case "s:": return .string(body)
        default: break
        }
        throw .malformedRemoteKey(path: path, text: text)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
