import Foundation
import ObjectGraph

/// Object URLs and the values that fill placeholders, read from cached objects.
extension RESTStore {
    /// The URL of one object: its `objectPath`, or its list URL followed by `/identifier`.
    func objectURL(of id: AnyObjectID, entity: CompiledEntity, objects: some CachedObjectLookup) throws(RESTError) -> URL {
        if let objectPath = entity.objectPath {
            return try url(objectPath, of: id, entity: entity.entity.name, objects: objects)
        }
        guard let path = entity.path else {
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
            throw .unresolvedPlaceholder(entity: entity.entity.name, template: path.template.description + "/:id", keyPath: entity.mapping.identifierKey)
        }
        let base = try url(path, of: id, entity: entity.entity.name, objects: objects)
        return URL(string: base.absoluteString + "/" + URLBuilder.escapeSegment(identifier)) ?? base
    }

    /// `path` filled with the values of the object `id` (of `entity`, or a subentity) from `objects`.
    nonisolated func url(_ path: CompiledPath, of id: AnyObjectID, entity: String, objects: some CachedObjectLookup) throws(RESTError) -> URL {
        try client.urls.url(path, entity: entity) { placeholder in placeholder.value(of: id, in: objects) }
    }

    /// Loads (through ``snapshots(for:)``) the objects that the key paths of `paths` pass through from
    /// `ids` (objects of the entity the paths are resolved against) and that no response described yet,
    /// level by level.
    func loadObjects(along paths: [CompiledPath], from ids: [AnyObjectID]) async throws {
        let placeholders = paths.flatMap(\.placeholders)
        let depth = placeholders.map(\.toOneSlots.count).max() ?? 0
        for level in 0...depth {
            var missing: [AnyObjectID] = []
            for id in ids {
                for placeholder in placeholders where placeholder.toOneSlots.count >= level {
                    let reached = placeholder.object(reachedFrom: id, steps: level, in: cache.objects)
                    if let reached, !reached.isTemporary, cache.objects[reached] == nil { missing.append(reached) }
                }
            }
            if !missing.isEmpty { _ = try await snapshots(for: missing) }
        }
    }
}
