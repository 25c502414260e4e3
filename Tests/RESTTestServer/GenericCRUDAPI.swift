import Foundation
import ObjectGraph
import Synchronization

/// A JSON CRUD API for any model: one collection per entity whose REST mapping has a literal list
/// path, integer identifiers under the mapping's identifier key, in insertion order.
///
/// `GET /c` lists (query parameters other than `offset`/`limit` filter by equal top-level values, or
/// arrays containing the value; paged
/// with `offset`/`limit` and `Link` headers), `POST /c` creates, `GET|PATCH|PUT|DELETE /c/{id}` reads,
/// merges, replaces and deletes.
///
/// Entities of a hierarchy with an entity key (`RESTEntityMapping.entityKey`) that share a path share
/// the collection: a POST must name a concrete entity of it under the key (400 otherwise), and `?type=X`
/// filters by it like any other value.
public final class GenericCRUDAPI: TestAPI {
    private struct Collection {
        let identifierKey: String
        /// The key naming each object's entity, and the values that name concrete entities.
        var entityKey: String?
        var entityValues: Set<String> = []
        var objects: [(id: Int, data: Data)] = []
        var nextID = 1
    }

    private let collections: Mutex<[String: Collection]>

    /// Serves the entities of `model` with the mapping in their descriptions or in `mappings`.
    public init(model: ModelDescription, mappings: [String: RESTEntityMapping] = [:]) {
        var collections: [String: Collection] = [:]
        for entity in model.entities {
            guard let mapping = mappings[entity.name] ?? entity.rest,
                  case .literal(let path)? = mapping.path?.segments.first, mapping.path?.segments.count == 1 else { continue }
            let name = String(path.drop { $0 == "/" })
            var collection = collections[name] ?? Collection(identifierKey: mapping.identifierKey)
            if let key = mapping.entityKey {
                collection.entityKey = key
                if let value = mapping.entityValue, !entity.isAbstract { collection.entityValues.insert(value) }
            }
            collections[name] = collection
        }
        self.collections = Mutex(collections)
    }

    /// Routes a request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        guard let name = request.segments.first, request.segments.count <= 2 else { return .notFound }
        return collections.withLock { collections in
            guard var collection = collections[name] else { return .notFound }
            defer { collections[name] = collection }
            if request.segments.count == 1 {
                return Self.respondToList(request, collection: &collection)
            }
            guard let id = Int(request.segments[1]), let index = collection.objects.firstIndex(where: { $0.id == id }) else {
                return .notFound
            }
            return Self.respondToObject(request, at: index, collection: &collection)
        }
    }

    private static func respondToList(_ request: ServerRequest, collection: inout Collection) -> ServerResponse {
        switch request.method {
        case "GET":
            let filters = request.query.filter { !["offset", "limit", "page", "per_page"].contains($0.key) }
            let objects = collection.objects.compactMap { decode($0.data) }.filter { object in
                filters.allSatisfy { key, value in
                    if let members = object[key] as? [Any] { return members.map(text).contains(value) }
                    return object[key].map(text) == value
                }
            }
            return page(objects, of: request, defaultSize: 1000)
        case "POST":
            guard var object = request.jsonObject else { return .error(400, "Problems parsing JSON") }
            if let key = collection.entityKey {
                guard let value = object[key] as? String, collection.entityValues.contains(value) else {
                    return .error(400, "\(key) must name one of \(collection.entityValues.sorted().joined(separator: ", "))")
                }
            }
            object[collection.identifierKey] = collection.nextID
            collection.objects.append((collection.nextID, encode(object)))
            collection.nextID += 1
            return .json(object, status: 201)
        default:
            return .error(405, "Method Not Allowed")
        }
    }

    private static func respondToObject(_ request: ServerRequest, at index: Int, collection: inout Collection) -> ServerResponse {
        let stored = collection.objects[index]
        switch request.method {
        case "GET":
            return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: stored.data)
        case "PATCH", "PUT":
            guard let changes = request.jsonObject else { return .error(400, "Problems parsing JSON") }
            var object = request.method == "PUT" ? [:] : decode(stored.data) ?? [:]
            object.merge(changes) { $1 }
            object[collection.identifierKey] = stored.id
            collection.objects[index].data = encode(object)
            return .json(object)
        case "DELETE":
            collection.objects.remove(at: index)
            return ServerResponse(status: 204)
        default:
            return .error(405, "Method Not Allowed")
        }
    }

    private static func decode(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    private static func text(_ value: Any) -> String {
        if let string = value as? String { return string }
        return "\(value)"
    }
}
