import Foundation
import ObjectGraph

/// Object URLs and the values that fill placeholders, read from cached objects.
extension RESTStore {
    /// The URL of one object: its `objectPath`, or its list URL followed by `/identifier`.
    func objectURL(of id: AnyObjectID, entity: CompiledEntity, objects: [AnyObjectID: CachedObject]) throws(RESTError) -> URL {
        let lookup: ([String]) throws(RESTError) -> AttributeValue? = { keyPath in self.value(at: keyPath, of: id, in: objects) }
        if let objectPath = entity.mapping.objectPath {
            return try client.urls.url(objectPath, entity: entity.entity.name, value: lookup)
        }
        guard let path = entity.mapping.path else {
            throw .notMapped(entity: entity.entity.name, reason: "object URL (rest.objectPath or rest.path)")
        }
        let identifier = CompiledEntity.json(for: id.key).flatMap { json -> String? in
            switch json {
            case .integer(let number): String(number)
            case .string(let text): text
            default: nil
            }
        }
        guard let identifier else {
            throw .unresolvedPlaceholder(entity: entity.entity.name, template: path.description + "/:id", keyPath: entity.mapping.identifierKey)
        }
        let base = try client.urls.url(path, entity: entity.entity.name, value: lookup)
        return URL(string: base.absoluteString + "/" + URLBuilder.escapeSegment(identifier)) ?? base
    }

    /// The value at a key path (to-one steps, then an attribute) of the object `id`, from `objects`;
    /// an object's identifier attribute, or a one-step path naming its identifier key (for entities
    /// that keep the identifier in no attribute), is known from its ID alone.
    nonisolated func value(at keyPath: [String], of id: AnyObjectID, in objects: [AnyObjectID: CachedObject]) -> AttributeValue? {
        guard let last = keyPath.last, let (owner, entity) = object(reachedBy: keyPath.dropLast(), from: id, in: objects) else { return nil }
        if let cached = objects[owner], let index = entity.attributeIndex(named: last) {
            return cached.values[index]
        }
        guard let mapped = try? compiled.entity(entity.name),
              mapped.mapping.identifierAttribute == last || (keyPath.count == 1 && last == mapped.mapping.identifierKey) else { return nil }
        return mapped.identifierValue(for: owner.key)
    }

    /// The object reached from `id` by following to-one `steps`, and its entity.
    private nonisolated func object(
        reachedBy steps: ArraySlice<String>, from id: AnyObjectID, in objects: [AnyObjectID: CachedObject]
    ) -> (AnyObjectID, EntityDescription)? {
        var current = id
        for step in steps {
            guard let cached = objects[current], let entity = model.entity(named: cached.entityName),
                  let index = entity.relationshipIndex(named: step), let slot = entity.toOneSlot(forRelationshipAt: index),
                  let next = cached.toOneIDs[slot] else { return nil }
            current = next
        }
        let name = objects[current]?.entityName ?? current.entityName
        return model.entity(named: name).map { (current, $0) }
    }

    /// Loads (through ``snapshots(for:)``) the objects that key paths from `ids` pass through and that
    /// no response described yet, level by level.
    func loadObjects(alongPaths keyPaths: [[String]], from ids: [AnyObjectID]) async throws {
        let depth = keyPaths.map(\.count).max() ?? 0
        for level in 0..<depth {
            var missing: [AnyObjectID] = []
            for id in ids {
                for keyPath in keyPaths where keyPath.count > level {
                    let reached = level == 0 ? id : object(reachedBy: keyPath.prefix(level), from: id, in: cache.objects)?.0
                    if let reached, !reached.isTemporary, cache.objects[reached] == nil { missing.append(reached) }
                }
            }
            if !missing.isEmpty { _ = try await snapshots(for: missing) }
        }
    }
}
