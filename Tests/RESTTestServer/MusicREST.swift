import ObjectGraph
import ObjectGraphREST

/// A REST mapping for the `Music` fixture model, as the generator would emit it for a plain JSON API (the
/// REST and caching stores' conformance suites use it): each entity at `/<Entity>` with an `id` key, attributes under their own names, to-ones as
/// `<relationship>_id` foreign keys, to-manys with a to-one inverse at `/<Destination>?<inverse>_id=:id`;
/// of a many-to-many pair, the side whose name sorts first keeps `<relationship>_ids` arrays and the other
/// reads `/<Destination>?<inverse>_ids=:id`. An inheritance hierarchy whose generated mapping has an
/// entity key (`Media`: `rest.entityKey` `type`) shares its root's collection, single-table style, with
/// the generated `entityKey` and `entityValue`.
public enum MusicREST {
    /// The mapping of every entity of `model` (the `Music` fixture model).
    public static func mappings(for model: ModelDescription) -> [String: RESTEntityMapping] {
        var mappings: [String: RESTEntityMapping] = [:]
        for entity in model.entities {
            let collection = entity.rest?.entityKey == nil ? entity.name : model.rootEntityName(of: entity.name)
            mappings[entity.name] = RESTEntityMapping(
                path: RESTPath([.literal("/" + collection)]),
                attributes: entity.attributes.filter { !$0.isTransient }.map { RESTAttributeMapping(attribute: $0.name, keyPath: [$0.name]) },
                relationships: entity.relationships.map { relationship(for: $0, in: model) },
                entityKey: entity.rest?.entityKey, entityValue: entity.rest?.entityValue)
        }
        return mappings
    }

    /// A store configuration with `mappings`, offset paging by 3, and string attributes as query parameters.
    /// String attributes filter on the server (`?name=Low`); the generic server compares strings exactly.
    public static func configuration(for model: ModelDescription, mappings: [String: RESTEntityMapping]) -> RESTStore.Configuration {
        var parameters: [String: [String: String]] = [:]
        for entity in model.entities {
            let names = entity.attributes.filter { $0.type == .string && !$0.isTransient }.map(\.name)
            parameters[entity.name] = Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })
        }
        return RESTStore.Configuration(
            mappings: mappings, queryParameters: parameters,
            pagination: RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 3))
    }

    private static func relationship(for relationship: RelationshipDescription, in model: ModelDescription) -> RESTRelationshipMapping {
        guard relationship.isToMany else {
            return RESTRelationshipMapping(relationship: relationship.name, foreignKey: relationship.name + "_id")
        }
        guard let inverse = model.inverse(of: relationship) else {
            return RESTRelationshipMapping(relationship: relationship.name, foreignKey: relationship.name + "_ids")
        }
        if inverse.isToMany && relationship.name < inverse.name {
            return RESTRelationshipMapping(relationship: relationship.name, foreignKey: relationship.name + "_ids")
        }
        let key = inverse.isToMany ? inverse.name + "_ids" : inverse.name + "_id"
        let path = RESTPath([.literal("/\(relationship.destinationEntityName)?\(key)="), .value(["id"])])
        return RESTRelationshipMapping(relationship: relationship.name, path: path)
    }
}
