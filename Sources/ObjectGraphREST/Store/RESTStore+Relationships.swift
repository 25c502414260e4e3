import Foundation
import ObjectGraph

/// Relationship faults: cached lists, or GETs of the relationship URL for every owner at once.
extension RESTStore {
    /// The destinations of a to-many for every owner: from the cache when a response listed them,
    /// otherwise by GETting the relationship's URL for each remaining owner, concurrently. Without a
    /// URL, an array foreign key in the owner's JSON lists them (absent means none); a relationship
    /// with neither a URL nor JSON keys has no REST representation and is empty.
    public func relatedIDs(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID]
    ) async throws -> [AnyObjectID: [AnyObjectID]] {
        let entity = try compiled.entity(entityName)
        guard let index = entity.entity.relationshipIndex(named: relationshipName) else {
            throw ObjectGraphError.unknownProperty(entity: entityName, property: relationshipName)
        }
        var result: [AnyObjectID: [AnyObjectID]] = [:]
        var owners: [AnyObjectID] = []
        for id in Self.unique(ids) {
            if let cached = cache.freshList(RelationKey(owner: id, relationship: relationshipName), maximumAge: configuration.objectCache.maximumAge) {
                result[id] = cached
            } else if id.isTemporary {
                result[id] = []
            } else {
                owners.append(id)
            }
        }
        guard !owners.isEmpty else { return result }
        guard let relationship = entity.relationships[index], let path = relationship.path else {
            let mapping = entity.relationships[index]?.mapping
            if mapping?.foreignKey != nil {
                // An owner described recently whose JSON had no such key has none; a stale list is read again.
                try await reload(owners.filter { !hasFresh($0) || cache.related[RelationKey(owner: $0, relationship: relationshipName)] != nil })
            } else if mapping?.key != nil {
                throw RESTError.notMapped(entity: entityName, reason: "URL (rest.path) for relationship \(relationshipName)")
            }
            for owner in owners { result[owner] = cache.related[RelationKey(owner: owner, relationship: relationshipName)] ?? [] }
            return result
        }
        try await loadObjects(along: [path], from: owners)
        let destination = try compiled.entity(relationship.description.destinationEntityName)
        var urls: [(AnyObjectID, URL)] = []
        for owner in owners {
            let objects = cache.objects
            urls.append((owner, try url(path, of: owner, entity: entityName, objects: objects)))
        }
        let readAt = savesDuringReads.beginRead()
        defer { savesDuringReads.endRead(readAt) }
        let pages = try await lists(at: urls, keys: [destination.mapping.envelope, relationship.mapping.key])
        var decoder = ResponseDecoder(compiled: compiled, url: "", cache: CacheOverlay(over: cache))
        for (owner, url) in urls {
            decoder.url = url.absoluteString
            var members: [AnyObjectID] = []
            for item in pages[owner] ?? [] {
                let member = try decoder.decodeObject(item, as: destination)
                decoder.cache.link(member, toOwner: owner, through: relationship, in: model)
                members.append(member)
            }
            members = Self.unique(members)
            decoder.cache.list(members, for: RelationKey(owner: owner, relationship: relationshipName))
            result[owner] = members
        }
        adopt(decoder.cache.takeChanges(), readAt: readAt)
        for owner in owners {
            // A list a save wrote meanwhile is newer than the answer; one it dropped leaves the answer.
            if let saved = cache.related[RelationKey(owner: owner, relationship: relationshipName)] { result[owner] = saved }
        }
        trimCache()
        return result
    }

    /// The items of the lists at `urls`, fetched concurrently (within the request limit).
    private func lists(at urls: [(AnyObjectID, URL)], keys: [String?]) async throws -> [AnyObjectID: [JSONValue]] {
        let client = self.client
        return try await withThrowingTaskGroup(of: (AnyObjectID, [JSONValue]).self) { group in
            for (owner, url) in urls {
                group.addTask {
                    let items = try await client.list(url) { document, url throws(RESTError) in
                        try ResponseDecoder.list(in: document, keys: keys, url: url)
                    }
                    return (owner, items)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }
}
