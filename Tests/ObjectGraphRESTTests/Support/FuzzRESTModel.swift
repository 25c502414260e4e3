import Foundation
import ObjectGraph
import ObjectGraphREST

/// The fixed model the REST decoder fuzz target (`Fuzz/Sources/FuzzRESTDecoder`, through a symbolic link in `Fuzz/Sources/FuzzRESTModel`)
/// reads every response body against: attributes of every type and date format, a nested to-one, a
/// foreign key, and a nested to-many. The REST fault tests use it too.
package enum FuzzRESTModel {
    package static let artist = EntityDescription(
        name: "Artist",
        attributes: [
            AttributeDescription(name: "identifier", type: .integer64, isOptional: false),
            AttributeDescription(name: "name", type: .string, isOptional: false),
            AttributeDescription(name: "formed", type: .integer16),
            AttributeDescription(name: "members", type: .integer32),
            AttributeDescription(name: "rating", type: .double),
            AttributeDescription(name: "score", type: .float),
            AttributeDescription(name: "price", type: .decimal),
            AttributeDescription(name: "active", type: .boolean),
            AttributeDescription(name: "founded", type: .date),
            AttributeDescription(name: "debut", type: .date),
            AttributeDescription(name: "site", type: .uri),
            AttributeDescription(name: "uuid", type: .uuid),
            AttributeDescription(name: "logo", type: .binary),
            AttributeDescription(name: "meta", type: .transformable),
        ],
        relationships: [
            RelationshipDescription(name: "albums", destination: "Album", inverse: "artist", isToMany: true),
            RelationshipDescription(name: "label", destination: "Label", inverse: "artists"),
        ],
        rest: RESTEntityMapping(
            path: RESTPath([.literal("/artists")]), identifierAttribute: "identifier", envelope: "results",
            attributes: [
                RESTAttributeMapping(attribute: "identifier", keyPath: ["id"]),
                RESTAttributeMapping(attribute: "name", keyPath: ["name"]),
                RESTAttributeMapping(attribute: "formed", keyPath: ["formed"]),
                RESTAttributeMapping(attribute: "members", keyPath: ["stats", "members"]),
                RESTAttributeMapping(attribute: "rating", keyPath: ["rating"]),
                RESTAttributeMapping(attribute: "score", keyPath: ["score"]),
                RESTAttributeMapping(attribute: "price", keyPath: ["price"]),
                RESTAttributeMapping(attribute: "active", keyPath: ["active"]),
                RESTAttributeMapping(attribute: "founded", keyPath: ["founded"]),
                RESTAttributeMapping(attribute: "debut", keyPath: ["debut"], format: .secondsSince1970),
                RESTAttributeMapping(attribute: "site", keyPath: ["site"]),
                RESTAttributeMapping(attribute: "uuid", keyPath: ["uuid"]),
                RESTAttributeMapping(attribute: "logo", keyPath: ["logo"]),
                RESTAttributeMapping(attribute: "meta", keyPath: ["meta"]),
            ],
            relationships: [
                RESTRelationshipMapping(relationship: "albums", key: "albums"),
                RESTRelationshipMapping(relationship: "label", key: "label", foreignKey: "label_id"),
            ]))

    package static let album = EntityDescription(
        name: "Album",
        attributes: [
            AttributeDescription(name: "title", type: .string, isOptional: false),
            AttributeDescription(name: "year", type: .integer16),
        ],
        relationships: [RelationshipDescription(name: "artist", destination: "Artist", inverse: "albums")],
        rest: RESTEntityMapping(
            path: RESTPath([.literal("/albums")]),
            attributes: [
                RESTAttributeMapping(attribute: "title", keyPath: ["title"]),
                RESTAttributeMapping(attribute: "year", keyPath: ["year"], format: .standard),
            ],
            relationships: [RESTRelationshipMapping(relationship: "artist", foreignKey: "artist_id")]))

    package static let label = EntityDescription(
        name: "Label",
        attributes: [AttributeDescription(name: "name", type: .string)],
        relationships: [RelationshipDescription(name: "artists", destination: "Artist", inverse: "label", isToMany: true)],
        rest: RESTEntityMapping(
            path: RESTPath([.literal("/labels")]),
            attributes: [RESTAttributeMapping(attribute: "name", keyPath: ["name"])]))

    package static let model = ModelDescription(name: "FuzzREST", entities: [artist, album, label])

    /// A store whose every response is `status` with `body`, at `http://fuzz.invalid`.
    package static func store(answering body: Data, status: Int = 200) throws -> RESTStore {
        try RESTStore(model: model, baseURL: URL(string: "http://fuzz.invalid")!, transport: FixedResponse(status: status, body: body))
    }
}

/// A transport that answers every request with the same response.
package struct FixedResponse: HTTPTransport {
    let status: Int
    let body: Data

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
