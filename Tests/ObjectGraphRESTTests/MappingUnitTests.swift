import Foundation
import ObjectGraph
@testable import ObjectGraphREST
import ExampleModels
import Synchronization
import Testing

/// A transport answering from a closure, recording request URLs.
private final class StubTransport: HTTPTransport {
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse
    private let urls = Mutex<[String]>([])

    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }

    var requested: [String] { urls.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        urls.withLock { $0.append(request.url.absoluteString) }
        return answer(request)
    }
}

@Suite struct MappingUnitTests {
    @Test func nextLinkIsFoundAmongOtherRelations() {
        let header = #"<https://api.github.com/user/repos?page=3&per_page=100>; rel="next", <https://api.github.com/user/repos?page=50&per_page=100>; rel="last""#
        #expect(RESTPagination.nextLink(in: header) == "https://api.github.com/user/repos?page=3&per_page=100")
        #expect(RESTPagination.nextLink(in: #"<https://x/a?page=1>; rel="prev""#) == nil)
    }

    @Test func jsonValuesAreCheckedAgainstAttributeTypes() {
        #expect(ValueCoding.attributeValue(.integer(40000), type: .integer16, format: .standard) == nil)
        #expect(ValueCoding.attributeValue(.integer(4), type: .integer16, format: .standard) == .integer(4))
        #expect(ValueCoding.attributeValue(.integer(1), type: .boolean, format: .standard) == nil)
        #expect(ValueCoding.attributeValue(.string("7"), type: .integer64, format: .standard) == nil)
        #expect(ValueCoding.attributeValue(.integer(2), type: .double, format: .standard) == .double(2))
        #expect(ValueCoding.attributeValue(.string("9.99"), type: .decimal, format: .standard) == .decimal(Decimal(string: "9.99")!))
        #expect(ValueCoding.attributeValue(.string("nope"), type: .uuid, format: .standard) == nil)
        let date = Date(timeIntervalSince1970: 1296068803)
        #expect(ValueCoding.attributeValue(.string("2011-01-26T19:06:43Z"), type: .date, format: .standard) == .date(date))
        #expect(ValueCoding.attributeValue(.string("2011-01-26T19:06:43.500Z"), type: .date, format: .standard)
            == .date(date.addingTimeInterval(0.5)))
        #expect(ValueCoding.attributeValue(.integer(1296068803), type: .date, format: .secondsSince1970) == .date(date))
        #expect(ValueCoding.attributeValue(.integer(1296068803), type: .date, format: .standard) == nil)
        #expect(ValueCoding.json(.date(date), type: .date, format: .standard) == .string("2011-01-26T19:06:43Z"))
        #expect(ValueCoding.json(.date(date), type: .date, format: .millisecondsSince1970) == .integer(1296068803000))
    }

    @Test func pathTextKeepsSlashesOneSegmentValuesEscapeThemAndQueryValuesEscapeEverything() throws {
        let urls = URLBuilder(baseURL: try #require(URL(string: "http://127.0.0.1:8080/")))
        let path = RESTPath([.literal("/repos/"), .value(["fullName"]), .literal("/issues")])
        let url = try urls.url(path, entity: "Repository", query: [("q", "a b&c")]) { _ in .string("octocat/Hello World") }
        #expect(url.absoluteString == "http://127.0.0.1:8080/repos/octocat/Hello%20World/issues?q=a%20b%26c")
        let odd = try urls.url(path, entity: "Repository") { _ in .string("hubot/café & tools?#100%") }
        #expect(odd.path(percentEncoded: true) == "/repos/hubot/caf%C3%A9%20&%20tools%3F%23100%25/issues")
        #expect(odd.query == nil && odd.fragment == nil)
        let traversal = try urls.url(path, entity: "Repository") { _ in .string("../admin") }
        #expect(traversal.path(percentEncoded: true) == "/repos/%2E%2E/admin/issues")

        let label = RESTPath([.literal("/repos/"), .value(["repository", "fullName"]), .literal("/labels/"), .segment(["name"])])
        #expect(label.description == "/repos/:repository.fullName/labels/::name")
        let labelURL = try urls.url(label, entity: "Label") { keyPath in
            keyPath == ["name"] ? .string("area/docs: 100%") : .string("octocat/Hello-World")
        }
        #expect(labelURL.path(percentEncoded: true) == "/repos/octocat/Hello-World/labels/area%2Fdocs:%20100%25")
        #expect(try urls.url(label, entity: "Label") { _ in .string("..") }.path(percentEncoded: true) == "/repos/%2E%2E/labels/%2E%2E")

        let query = RESTPath([.literal("/api/album/2/info?album_id="), .value(["identifier"])])
        #expect(try urls.url(query, entity: "Album") { _ in .string("1/2&x=3") }.absoluteString
            == "http://127.0.0.1:8080/api/album/2/info?album_id=1%2F2%26x%3D3")
        #expect(throws: RESTError.unresolvedPlaceholder(entity: "Repository", template: "/repos/:fullName/issues", keyPath: "fullName")) {
            _ = try urls.url(path, entity: "Repository") { _ in .null }
        }
    }

    @Test func mappingsNamingMissingPropertiesAreRefused() throws {
        let broken = RESTEntityMapping(path: RESTPath([.literal("/users")]),
                                       attributes: [RESTAttributeMapping(attribute: "nickname", keyPath: ["nickname"])])
        #expect(throws: RESTError.self) {
            _ = try RESTStore(model: GitHubModel.model.schema, baseURL: URL(fileURLWithPath: "/"),
                              configuration: .init(mappings: ["User": broken]))
        }
    }

    @Test func limitAndOffsetBecomePageParametersAndShortPagesEndTheList() async throws {
        let transport = StubTransport { request in
            let offset = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "offset" }?.value.flatMap(Int.init) ?? 0
            let users = (offset..<min(offset + 2, 5)).map { #"{"id": \#($0), "login": "user\#($0)"}"# }
            return HTTPResponse(status: 200, body: Data("[\(users.joined(separator: ","))]".utf8))
        }
        let store = try RESTStore(model: GitHubModel.model.schema, baseURL: try #require(URL(string: "http://api.test")),
                                  transport: transport, configuration: .init(
                                      pagination: RESTPagination(style: .offset(offset: "offset", limit: "limit"), pageSize: 2)))
        let page = try await store.fetch(StoreFetchRequest(entityName: "User", limit: 3, offset: 1))
        #expect(page.map(\.id.key) == [.integer(1), .integer(2), .integer(3)])
        #expect(transport.requested == ["http://api.test/users?offset=1&limit=2", "http://api.test/users?offset=3&limit=1"])
        #expect(try await store.count(StoreFetchRequest(entityName: "User")) == 5)
        #expect(store.requestCount == 5)
    }

    @Test func aSaveKeepsWhatOtherCallsCachedMeanwhile() {
        let entity = EntityDescription(name: "Tag", attributes: [AttributeDescription(name: "name", type: .string)])
        func object(_ name: String) -> CachedObject {
            var object = CachedObject(entity: entity)
            object.values = [.string(name)]
            return object
        }
        let (a, b, c, gone) = (AnyObjectID(entityName: "Tag", key: .integer(1)), AnyObjectID(entityName: "Tag", key: .integer(2)),
                               AnyObjectID(entityName: "Tag", key: .integer(3)), AnyObjectID(entityName: "Tag", key: .integer(4)))
        var original = ObjectCache()
        original.stage([a: object("a"), gone: object("gone")])
        var saved = CacheOverlay(over: original)
        saved.stage(object("a2"), id: a)
        saved.stage(object("b"), id: b)
        saved.stage(nil, id: gone)
        var current = original
        current.stage([c: object("c")])
        current.apply(saved.takeChanges())
        #expect(current.objects == [a: object("a2"), b: object("b"), c: object("c")])
    }

    @Test func placeholdersAreResolvedToSlotsAndIndicesOnceAndReadByPosition() throws {
        let model = GitHubModel.model.schema
        let mapping = { (name: String) in model.entity(named: name)?.rest }
        let issue = try #require(model.entity(named: "Issue"))
        let repository = try #require(model.entity(named: "Repository"))
        let fullName = ResolvedKeyPath(["repository", "fullName"], from: issue, in: model, mapping: mapping)
        let slot = try #require(issue.relationshipIndex(named: "repository").flatMap(issue.toOneSlot(forRelationshipAt:)))
        let index = try #require(repository.attributeIndex(named: "fullName"))
        #expect(fullName.toOneSlots == [slot] && fullName.attributeIndex == index && !fullName.isIdentifier)

        let (issueID, helloID) = (AnyObjectID(entityName: "Issue", key: .integer(1)), AnyObjectID(entityName: "Repository", key: .integer(1296269)))
        var cachedIssue = CachedObject(entity: issue)
        cachedIssue.toOneIDs[slot] = helloID
        var hello = CachedObject(entity: repository)
        hello.values[index] = .string("octocat/Hello-World")
        #expect(fullName.value(of: issueID, in: [issueID: cachedIssue, helloID: hello]) == .string("octocat/Hello-World"))
        #expect(fullName.value(of: issueID, in: [issueID: cachedIssue]) == nil)
        let unknownStep = ResolvedKeyPath(["owner", "fullName"], from: issue, in: model, mapping: mapping)
        #expect(unknownStep.attributeIndex == nil && unknownStep.value(of: issueID, in: [issueID: cachedIssue, helloID: hello]) == nil)

        // An identifier attribute is known from the object's key alone.
        let bandcamp = BandcampModel.model.schema
        let album = try #require(bandcamp.entity(named: "Album"))
        let identifier = ResolvedKeyPath(["identifier"], from: album, in: bandcamp) { bandcamp.entity(named: $0)?.rest }
        #expect(identifier.isIdentifier && identifier.value(of: AnyObjectID(entityName: "Album", key: .integer(7)), in: [:]) == .integer(7))
    }
}
