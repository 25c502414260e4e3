import Testing
import ModelGenerator

@Suite("REST naming")
struct RESTNamingTests {
    let convention = JSONKeyConvention()

    @Test("Swift names to JSON keys", arguments: [
        ("gravatarIdentifier", "gravatar_id"), ("avatarURL", "avatar_url"), ("identifier", "id"),
        ("htmlURL", "html_url"), ("fullName", "full_name"), ("userID", "user_id"), ("name", "name"),
        ("url", "url"), ("line2Text", "line2_text"), ("createdAt", "created_at"),
    ])
    func jsonKeys(property: String, key: String) {
        #expect(convention.jsonKey(forProperty: property) == key)
    }

    @Test("JSON keys to Swift names", arguments: [
        ("gravatar_id", "gravatarIdentifier"), ("avatar_url", "avatarURL"), ("id", "identifier"),
        ("html_url", "htmlURL"), ("full_name", "fullName"), ("url", "url"), ("owner_id", "ownerIdentifier"),
        ("open_issues_count", "openIssuesCount"),
    ])
    func propertyNames(key: String, property: String) {
        #expect(convention.propertyName(forJSONKey: key) == property)
        #expect(convention.jsonKey(forProperty: property) == key)
    }

    @Test func extraWordPairs() {
        let extended = JSONKeyConvention(additionalWordPairs: [JSONWordPair(swiftWord: "Description", jsonWord: "Desc")])
        #expect(extended.jsonKey(forProperty: "shortDescription") == "short_desc")
        #expect(extended.propertyName(forJSONKey: "short_desc") == "shortDescription")
        #expect(extended.jsonKey(forProperty: "avatarURL") == "avatar_url")
        #expect(convention.jsonKey(forProperty: "shortDescription") == "short_description")
    }

    @Test func pathTemplates() throws {
        let issues = try RESTPathTemplate("/repos/:repository.full_name/issues")
        #expect(issues.segments == [
            .literal("/repos/", offset: 0),
            .keyPath(["repository", "full_name"], offset: 7),
            .literal("/issues", offset: 28),
        ])
        #expect(try RESTPathTemplate("/users/:login/repos").keyPaths == [["login"]])
        #expect(try RESTPathTemplate("/user/repos").segments == [.literal("/user/repos", offset: 0)])
        #expect(try RESTPathTemplate(":id").segments == [.keyPath(["id"], offset: 0)])
        #expect(try RESTPathTemplate("/a/:x-:y?page=:page").keyPaths == [["x"], ["y"], ["page"]])
        #expect(try RESTPathTemplate("/files/:name.").segments.last == .literal(".", offset: 12))
        #expect(try RESTPathTemplate("/repos/:repository.full_name/labels/::name").segments == [
            .literal("/repos/", offset: 0),
            .keyPath(["repository", "full_name"], offset: 7),
            .literal("/labels/", offset: 28),
            .segmentKeyPath(["name"], offset: 36),
        ])
        #expect(try RESTPathTemplate("/l/::name/x").keyPaths == [["name"]])
    }

    @Test("malformed path templates", arguments: [
        ("", 0, "a REST path must not be empty"),
        ("/users/:/repos", 7, "expected a key after ':'"),
        ("/users/:1abc", 7, "expected a key after ':'"),
        ("/labels/::", 9, "expected a key after ':'"),
        ("/labels/:::name", 9, "expected a key after ':'"),
        ("/users/ :login", 7, "a REST path must not contain whitespace"),
    ])
    func malformed(template: String, offset: Int, message: String) {
        #expect(throws: RESTPathTemplateError(message, offset: offset)) { try RESTPathTemplate(template) }
    }
}
