import ObjectGraph

extension PersistentStore {
    /// Every object of `entity` (with subentities) by key, as attribute and to-one values by name
    /// (`"entity"` holds the concrete entity), for the migration tests of every store.
    ///
    /// ```swift
    /// let moods = try await store.describedObjects("Mood")
    /// #expect(moods[1]?["rating"] == "0")
    /// ```
    public func describedObjects(_ entity: String) async throws -> [Int64: [String: String]] {
        var objects: [Int64: [String: String]] = [:]
        for snapshot in try await fetch(StoreFetchRequest(entityName: entity)) {
            guard case .integer(let key) = snapshot.id.key, let described = model.entity(named: snapshot.entityName) else { continue }
            var fields: [String: String] = ["entity": snapshot.entityName]
            for (attribute, value) in zip(described.attributes, Array(snapshot.values)) { fields[attribute.name] = "\(value)" }
            for (index, id) in zip(described.toOneRelationshipIndices, Array(snapshot.toOneIDs)) {
                fields[described.relationships[index].name] = id.map { "\($0)" } ?? "nil"
            }
            objects[key] = fields
        }
        return objects
    }
}
