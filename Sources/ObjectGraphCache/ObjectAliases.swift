import Foundation
import ObjectGraph

/// The objects saved through the caching store before the server had them: their store IDs
/// (`Issue/"local-…"`, permanent for contexts) and, once the outbox replayed their creation, the IDs the
/// server gave them. Every ID crossing to the remote store goes through ``remoteID(for:)``, every ID
/// coming back through ``storeID(for:)``, so an object keeps its ID in contexts while the cache and the
/// server agree on which object it is.
final class ObjectAliases {
    private let database: IdentityDatabase
    /// By store ID of a local object: the server's ID, or `nil` before its creation was replayed.
    private var remoteByStore: [AnyObjectID: AnyObjectID?] = [:]
    private var storeByRemote: [AnyObjectID: AnyObjectID] = [:]
    /// The number of the newest local ID, so later ones sort after it.
    private var lastLocalNumber: Int64 = 0

    init(database: IdentityDatabase) throws(CachingStoreError) {
        self.database = database
        for row in try database.query("SELECT root, store_key, remote_key FROM cache_aliases") {
            guard let root = row[0], let storeText = row[1] else { continue }
            let storeID = AnyObjectID(entityName: root, key: try CacheIndex.key(storeText, path: database.path))
            let remoteID = try row[2].map { text throws(CachingStoreError) in
                AnyObjectID(entityName: root, key: try CacheIndex.key(text, path: database.path))
            }
            remoteByStore[storeID] = .some(remoteID)
            if let remoteID { storeByRemote[remoteID] = storeID }
            if case .string(let key) = storeID.key { lastLocalNumber = max(lastLocalNumber, Self.number(inLocalKey: key)) }
        }
    }

    /// A new store ID for an object of the hierarchy `root` created through the caching store,
    /// `local-<number>-<uuid>`: the number (12 digits) counts up across restarts, so local IDs sort in
    /// save order, the order stores keep ties in (``ObjectGraph/ObjectKey/precedesAmongTies(_:)``); the
    /// UUID keeps them unique.
    func newLocalID(root: String) -> AnyObjectID {
        lastLocalNumber += 1
        let number = String(lastLocalNumber)
        let padded = String(repeating: "0", count: max(0, 12 - number.count)) + number
        return AnyObjectID(entityName: root, key: .string("local-\(padded)-\(UUID().uuidString.lowercased())"))
    }

    /// The number of the local ID key `key`, or 0.
    private static func number(inLocalKey key: String) -> Int64 {
        guard key.hasPrefix("local-") else { return 0 }
        return Int64(key.dropFirst("local-".count).prefix { $0 != "-" }) ?? 0
    }

    /// Whether `id` names an object created through the caching store whose creation has not reached the server.
    func isUnsent(_ id: AnyObjectID) -> Bool {
        if case .some(.none) = remoteByStore[id] { return true }
        return false
    }

    /// The server's ID of the object with store ID `id`, or `nil` while the server does not have it.
    func remoteID(for id: AnyObjectID) -> AnyObjectID? {
        switch remoteByStore[id] {
        case .none: id
        case .some(let remoteID): remoteID
        }
    }

    /// The store ID of the object the server calls `id`.
    func storeID(for id: AnyObjectID) -> AnyObjectID {
        storeByRemote[id] ?? id
    }

    /// `snapshot` (from the remote store) with store IDs.
    func storeSnapshot(_ snapshot: Snapshot) -> Snapshot {
        guard !storeByRemote.isEmpty else { return snapshot }
        return Snapshot(id: storeID(for: snapshot.id), entityName: snapshot.entityName, values: snapshot.values,
                        toOneIDs: SharedSlice(snapshot.toOneIDs.map { $0.map(storeID(for:)) }))
    }

    /// Records new local objects (inside the transaction that queues their save).
    func addLocal(_ ids: [AnyObjectID]) throws(CachingStoreError) {
        try database.run("INSERT OR REPLACE INTO cache_aliases VALUES (?, ?, NULL)",
                         rows: ids.map { [.text($0.entityName), .text(CacheIndex.text($0.key))] })
        for id in ids { remoteByStore[id] = .some(nil) }
    }

    /// Records the server's IDs of local objects whose creation was replayed.
    func resolve(_ pairs: [(store: AnyObjectID, remote: AnyObjectID)]) throws(CachingStoreError) {
        try database.run("UPDATE cache_aliases SET remote_key = ? WHERE root = ? AND store_key = ?",
                         rows: pairs.map { [.text(CacheIndex.text($0.remote.key)), .text($0.store.entityName), .text(CacheIndex.text($0.store.key))] })
        for (storeID, remoteID) in pairs {
            remoteByStore[storeID] = .some(remoteID)
            storeByRemote[remoteID] = storeID
        }
    }

    /// Forgets local objects whose creation was dropped from the outbox.
    func forget(_ ids: [AnyObjectID]) throws(CachingStoreError) {
        try database.run("DELETE FROM cache_aliases WHERE root = ? AND store_key = ?",
                         rows: ids.map { [.text($0.entityName), .text(CacheIndex.text($0.key))] })
        for id in ids {
            if case .some(.some(let remoteID)) = remoteByStore[id] { storeByRemote[remoteID] = nil }
            remoteByStore[id] = nil
        }
    }
}
