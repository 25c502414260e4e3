import Foundation
import ObjectGraph

/// Fetches whose list URL has placeholders (`/repos/:repository.fullName/issues`): the values come
/// from the predicate's `==` conjuncts, and the fetched objects are linked to the object they name.
extension RESTStore {
    /// The list URL of `entity`, its placeholders filled from `filter`'s equality values.
    /// - Throws: ``RESTError/unpinnedPlaceholders(entity:template:keyPaths:)`` naming the key paths the
    ///   predicate leaves open.
    func listURL(_ path: RESTPath, of entity: CompiledEntity, filter: QueryPlan?) throws(RESTError) -> URL {
        let missing = path.keyPaths.filter { filter?.equalityValue(at: $0) == nil }
        guard missing.isEmpty else {
            throw .unpinnedPlaceholders(entity: entity.entity.name, template: path.description,
                                        keyPaths: missing.map { $0.joined(separator: ".") })
        }
        return try client.urls.url(path, entity: entity.entity.name, query: filter?.query ?? []) { keyPath in
            filter?.equalityValue(at: keyPath)
        }
    }

    /// The entity's object URL (`rest.objectPath`) with its placeholders filled from `filter`'s equality
    /// values, when the filter pins all of them; `nil` otherwise.
    func objectURL(of entity: CompiledEntity, pinnedBy filter: QueryPlan?) throws(RESTError) -> (RESTPath, URL)? {
        guard let filter, let objectPath = entity.mapping.objectPath,
              objectPath.keyPaths.allSatisfy({ filter.equalityValue(at: $0) != nil }) else { return nil }
        let url = try client.urls.url(objectPath, entity: entity.entity.name) { keyPath in
            filter.equalityValue(at: keyPath)
        }
        return (objectPath, url)
    }

    /// The object at `url` decoded as `entity`, or no object when the server answers 404.
    func fetchObject(at url: URL, as entity: CompiledEntity) async throws -> [AnyObjectID] {
        let readAt = savesDuringReads.beginRead()
        defer { savesDuringReads.endRead(readAt) }
        guard let document = try await client.getIfPresent(url) else { return [] }
        var decoder = ResponseDecoder(compiled: compiled, url: url.absoluteString, cache: CacheOverlay(over: cache))
        let id = try decoder.decodeObject(decoder.single(in: document, entity: entity), as: entity)
        adopt(decoder.cache.takeChanges(), readAt: readAt)
        return [id]
    }

    /// Sets the to-one each placeholder key path starts with (`repository` for `repository.fullName`)
    /// on the objects `ids` whose response did not carry it, to the object the pinned values name: a
    /// cached one, or the one GET from its object URL filled with those values.
    func link(_ ids: [AnyObjectID], toDestinationsPinnedBy filter: QueryPlan?, in path: RESTPath, entity: CompiledEntity) async throws {
        guard let filter, !ids.isEmpty else { return }
        let steps = Set(path.keyPaths.filter { $0.count > 1 }.map { $0[0] })
        for step in steps.sorted() {
            guard let index = entity.entity.relationshipIndex(named: step),
                  let slot = entity.entity.toOneSlot(forRelationshipAt: index) else { continue }
            let unlinked = ids.filter { id in
                cache.objects[id].map { $0.toOneIDs.indices.contains(slot) && $0.toOneIDs[slot] == nil } ?? false
            }
            guard !unlinked.isEmpty else { continue }
            let pinned = path.keyPaths.filter { $0.first == step }.compactMap { keyPath in
                filter.equalityValue(at: keyPath).map { (Array(keyPath.dropFirst()), $0) }
            }
            let destination = try await pinnedObject(entity.entity.relationships[index].destinationEntityName, values: pinned)
            for id in unlinked { cache.setToOne(at: slot, of: id, to: destination) }
        }
    }

    /// The object of `entityName` whose values at the key paths are the given ones: a cached object,
    /// or the one GET from the entity's object URL filled with those values.
    /// - Throws: ``RESTError/notMapped(entity:reason:)`` when no object is cached and the values do not
    ///   fill the object URL.
    private func pinnedObject(_ entityName: String, values: [([String], AttributeValue)]) async throws -> AnyObjectID {
        let destination = try compiled.entity(entityName)
        let compiled = self.compiled
        let resolved = values.map { keyPath, value in
            (ResolvedKeyPath(keyPath, from: destination.entity, in: model) { name in (try? compiled.entity(name))?.mapping }, value)
        }
        // The key paths are resolved against the destination: objects of other entities of its hierarchy
        // keep other properties at those positions.
        let candidates = cachedCandidates(of: destination, pinnedBy: resolved)
        lastPinnedCandidates = candidates.count
        let cached = candidates.first { id in
            guard let object = cache.objects[id] else { return false }
            return id.entityName == destination.rootName
                && (object.entityName == entityName || model.isEntity(object.entityName, kindOf: entityName))
                && resolved.allSatisfy { $0.value(of: id, in: cache) == $1 }
        }
        if let cached { return cached }
        let lookup = Dictionary(values) { first, _ in first }
        guard let objectPath = destination.mapping.objectPath, objectPath.keyPaths.allSatisfy({ lookup[$0] != nil }) else {
            let names = values.map { $0.0.joined(separator: ".") }.joined(separator: ", ")
            throw RESTError.notMapped(entity: entityName, reason: "object URL (rest.objectPath) made of \(names) to link fetched objects to")
        }
        let url = try client.urls.url(objectPath, entity: entityName) { keyPath in lookup[keyPath] }
        let readAt = savesDuringReads.beginRead()
        defer { savesDuringReads.endRead(readAt) }
        guard let document = try await client.send(.get, url).0 else {
            throw RESTError.malformedDocument(url: url.absoluteString, reason: "expected a \(entityName) object", excerpt: "")
        }
        var decoder = ResponseDecoder(compiled: compiled, url: url.absoluteString, cache: CacheOverlay(over: cache))
        let id = try decoder.decodeObject(decoder.single(in: document, entity: destination), as: destination)
        adopt(decoder.cache.takeChanges(), readAt: readAt)
        return id
    }

    /// The cached objects that may be the one `resolved` pins, fewest first: those whose attribute holds
    /// the value of a one-step key path (from ``ObjectCache/objects(ofRoot:attribute:equalTo:)``), the one
    /// a one-step key path naming the identifier key identifies, or, when every key path goes through
    /// another to-one (`:repository.owner.login`), every cached object.
    private func cachedCandidates(of destination: CompiledEntity, pinnedBy resolved: [(ResolvedKeyPath, AttributeValue)]) -> [AnyObjectID] {
        var candidates: [AnyObjectID]?
        for (keyPath, value) in resolved where keyPath.toOneSlots.isEmpty && keyPath.names.count == 1 {
            let found: [AnyObjectID]? = if keyPath.attributeIndex != nil {
                cache.objects(ofRoot: destination.rootName, attribute: keyPath.names[0], equalTo: value).map(Array.init)
            } else if keyPath.isIdentifier, let key = CompiledEntity.key(forIdentifierValue: value) {
                [AnyObjectID(entityName: destination.rootName, key: key)]
            } else {
                nil
            }
            if let found, found.count < candidates?.count ?? .max { candidates = found }
        }
        return candidates ?? Array(cache.objects.keys)
    }
}
