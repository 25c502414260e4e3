import Foundation
import ObjectGraph
@testable import ObjectGraphREST
import Testing

/// Single-table inheritance over REST: a hierarchy whose root declares `rest.entityKey` shares one
/// collection, and each JSON object names its entity under the key.
@Suite struct EntityKeyTests {
    /// Media (abstract, key `type`) with Podcast (`podcast`) and its subentity VideoPodcast (default
    /// value), and Audiobook (default value), all at `/media`.
    static let model: ModelDescription = {
        let path = RESTPath([.literal("/media")])
        let title = AttributeDescription(name: "title", type: .string)
        let episodes = AttributeDescription(name: "episodes", type: .integer32, isOptional: true)
        let narrator = AttributeDescription(name: "narrator", type: .string, isOptional: true)
        func mapping(_ attributes: [AttributeDescription], value: String?) -> RESTEntityMapping {
            RESTEntityMapping(path: path, attributes: attributes.map { RESTAttributeMapping(attribute: $0.name, keyPath: [$0.name]) },
                              entityKey: "type", entityValue: value)
        }
        return ModelDescription(name: "Media", entities: [
            EntityDescription(name: "Media", isAbstract: true, attributes: [title], rest: mapping([title], value: nil)),
            EntityDescription(name: "Podcast", parent: "Media", attributes: [title, episodes], rest: mapping([title, episodes], value: "podcast")),
            EntityDescription(name: "VideoPodcast", parent: "Podcast", attributes: [title, episodes],
                              rest: mapping([title, episodes], value: "VideoPodcast")),
            EntityDescription(name: "Audiobook", parent: "Media", attributes: [title, narrator], rest: mapping([title, narrator], value: "Audiobook")),
        ])
    }()

    static func store(answering json: String) throws -> RESTStore {
        let transport = Transport { _ in HTTPResponse(status: 200, body: Data(json.utf8)) }
        return try RESTStore(model: model, baseURL: try #require(URL(string: "http://api.test")), transport: transport)
    }

    static let list = """
        [{"id": 1, "type": "podcast", "title": "Song Exploder", "episodes": 200},
         {"id": 2, "type": "Audiobook", "title": "Just Kids", "narrator": "Patti Smith"},
         {"id": 3, "type": "VideoPodcast", "title": "Hot Ones", "episodes": 300}]
        """

    @Test func fetchingTheRootDecodesEachObjectAsItsEntityWithIDsOfTheRoot() async throws {
        let snapshots = try await Self.store(answering: Self.list).fetch(StoreFetchRequest(entityName: "Media"))
        #expect(snapshots.map(\.entityName) == ["Podcast", "Audiobook", "VideoPodcast"])
        #expect(snapshots.allSatisfy { $0.id.entityName == "Media" })
        #expect(snapshots[1].values[1] == .string("Patti Smith"))
        #expect(snapshots[0].values[1] == .integer(200))
    }

    @Test func fetchingASubentityKeepsItAndItsSubentities() async throws {
        let store = try Self.store(answering: Self.list)
        let podcasts = try await store.fetch(StoreFetchRequest(entityName: "Podcast"))
        #expect(podcasts.map(\.entityName) == ["Podcast", "VideoPodcast"])
        let exact = try await store.fetch(StoreFetchRequest(entityName: "Podcast", includesSubentities: false))
        #expect(exact.map(\.entityName) == ["Podcast"])
        let paged = try await store.fetch(StoreFetchRequest(entityName: "Podcast", limit: 1, offset: 1))
        #expect(paged.map(\.entityName) == ["VideoPodcast"])
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Media", includesSubentities: false)).isEmpty)
    }

    @Test func anUnknownValueIsATypedErrorNamingEntityKeyAndValue() async throws {
        let store = try Self.store(answering: #"[{"id": 1, "type": "video", "title": "X"}]"#)
        await #expect(throws: RESTError.unknownEntityValue(entity: "Media", key: "type", value: #""video""#, url: "http://api.test/media")) {
            _ = try await store.fetch(StoreFetchRequest(entityName: "Media"))
        }
        let abstract = try Self.store(answering: #"[{"id": 1, "type": "Media", "title": "X"}]"#)
        await #expect(throws: RESTError.self) { _ = try await abstract.fetch(StoreFetchRequest(entityName: "Media")) }
    }

    @Test func aMissingKeyIsATypedError() async throws {
        let store = try Self.store(answering: #"[{"id": 1, "title": "X"}]"#)
        await #expect(throws: RESTError.missingEntityKey(entity: "Podcast", key: "type", url: "http://api.test/media")) {
            _ = try await store.fetch(StoreFetchRequest(entityName: "Podcast"))
        }
    }

    @Test func postBodiesNameTheEntity() throws {
        let compiled = try CompiledModel(model: Self.model, overrides: [:])
        let podcast = try compiled.entity("VideoPodcast")
        let body = RequestEncoder.withEntityValue(
            RequestEncoder.body(podcast, for: .create, values: [.string("Hot Ones"), .null], indices: [0], toOnes: []), of: podcast, in: compiled)
        #expect(body == .object(["title": .string("Hot Ones"), "type": .string("VideoPodcast")]))
        let plain = try CompiledModel(model: ModelDescription(name: "T", entities: [
            EntityDescription(name: "Tag", attributes: [AttributeDescription(name: "name", type: .string)],
                              rest: RESTEntityMapping(attributes: [RESTAttributeMapping(attribute: "name", keyPath: ["name"])]))]),
            overrides: [:])
        let tag = try plain.entity("Tag")
        #expect(RequestEncoder.withEntityValue(.object([:]), of: tag, in: plain) == .object([:]))
    }

    @Test func twoEntitiesWithOneValueAreRefused() throws {
        let duplicate = RESTEntityMapping(path: RESTPath([.literal("/media")]), entityKey: "type", entityValue: "podcast")
        #expect(throws: RESTError.self) {
            _ = try RESTStore(model: Self.model, baseURL: URL(fileURLWithPath: "/"), configuration: .init(mappings: ["Audiobook": duplicate]))
        }
    }
}

/// A transport answering every request from a closure.
private struct Transport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { answer(request) }
}

/// A nested object must be of the relationship's destination entity.
@Suite struct EntityKeyRelationshipTests {
    static let model: ModelDescription = {
        let title = AttributeDescription(name: "title", type: .string)
        let show = RelationshipDescription(name: "show", destination: "Podcast")
        let path = RESTPath([.literal("/media")])
        let mapping = { (value: String?) in
            RESTEntityMapping(path: path, attributes: [RESTAttributeMapping(attribute: "title", keyPath: ["title"])], entityKey: "type", entityValue: value)
        }
        return ModelDescription(name: "Shows", entities: [
            EntityDescription(name: "Media", isAbstract: true, attributes: [title], rest: mapping(nil)),
            EntityDescription(name: "Podcast", parent: "Media", attributes: [title], rest: mapping("podcast")),
            EntityDescription(name: "Audiobook", parent: "Media", attributes: [title], rest: mapping("audiobook")),
            EntityDescription(name: "Episode", attributes: [title], relationships: [show], rest: RESTEntityMapping(
                path: RESTPath([.literal("/episodes")]), attributes: [RESTAttributeMapping(attribute: "title", keyPath: ["title"])],
                relationships: [RESTRelationshipMapping(relationship: "show", key: "show")])),
        ])
    }()

    @Test func aNestedObjectOfAnotherEntityIsATypeMismatch() async throws {
        let good = #"[{"id": 1, "title": "E1", "show": {"id": 7, "type": "podcast", "title": "Song Exploder"}}]"#
        let bad = #"[{"id": 1, "title": "E1", "show": {"id": 8, "type": "audiobook", "title": "Just Kids"}}]"#
        func store(_ json: String) throws -> RESTStore {
            try RESTStore(model: Self.model, baseURL: try #require(URL(string: "http://api.test")),
                          transport: Transport { _ in HTTPResponse(status: 200, body: Data(json.utf8)) })
        }
        let episodes = try await store(good).fetch(StoreFetchRequest(entityName: "Episode"))
        #expect(episodes.first?.toOneIDs.first == AnyObjectID(entityName: "Media", key: .integer(7)))
        await #expect(throws: RESTError.self) { _ = try await store(bad).fetch(StoreFetchRequest(entityName: "Episode")) }
    }
}
