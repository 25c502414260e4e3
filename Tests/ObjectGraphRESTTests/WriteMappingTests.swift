import Foundation
import ObjectGraph
import struct ObjectGraphConformance.TestServerSlots
@testable import ObjectGraphREST
import ExampleModels
import RESTTestServer
import Testing

/// What POST and PATCH bodies hold: write keys (`rest.writeKey`, `rest.createKey`), no read-only
/// attributes (`rest.readOnly`), foreign keys only when the model asks and the URL does not name them;
/// and how the server's 422 answers become ``RESTError/validationFailed(method:url:message:errors:)``.
@Suite(.testServerSlot) struct WriteMappingTests {
    @Test func labelsAreCreatedWithNameRenamedWithNewNameAndNeverSendTheirRepository() async throws {
        try await withServer(GitHubAPI()) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport, pageSize: 30), model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            #expect(try await hello.labels.map(\.name) == ["bug", "area/docs", "enhancement"])

            let label = Label(context: context, identifier: 0, name: "needs triage")
            label.color = "d73a4a"
            hello.addToLabels(label)
            try await context.save()
            let post = try #require(transport.requests.last)
            #expect(post.method == .post && post.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/labels")
            #expect(transport.bodyKeys(ofLast: .post) == ["color", "name"])
            #expect(label.identifier == 900 && !label.isDefault)

            label.name = "triage/needed"
            label.labelDescription = "Someone should look"
            try await context.save()
            let patch = try #require(transport.requests.last)
            #expect(patch.method == .patch && patch.url.path(percentEncoded: true) == "/repos/octocat/Hello-World/labels/needs%20triage")
            #expect(transport.bodyKeys(ofLast: .patch) == ["description", "new_name"])
            #expect(label.name == "triage/needed")

            let fresh = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let reread = try await Label.first(in: fresh, where: \.repository.fullName == "octocat/Hello-World" && \.name == "triage/needed")
            #expect(reread?.identifier == 900 && reread?.labelDescription == "Someone should look")
        }
    }

    @Test func readOnlyAttributesAreNeverSent() async throws {
        try await withServer(GitHubAPI(now: { "2024-05-01T12:00:00Z" })) { server in
            let transport = RecordingTransport()
            let context = try ObjectContext(store: try Stores.github(server, transport: transport), model: GitHubModel.model)
            let issue = try #require(try await Issue.first(in: context, where: \.repository.fullName == "octocat/Hello-World" && \.number == 1348))
            issue.title = "Spelling errors in the README"
            issue.htmlURL = URL(string: "https://example.com")
            issue.createdAt = Date(timeIntervalSince1970: 0)
            try await context.save()
            #expect(transport.bodyKeys(ofLast: .patch) == ["title"])
            // The server's answer wins for what it owns.
            #expect(issue.htmlURL == URL(string: "https://github.com/octocat/Hello-World/issues/1348"))
            #expect(issue.createdAt == ISO8601DateFormatter().date(from: "2011-04-23T10:00:00Z"))
        }
    }

    @Test func aDeclaredForeignKeyIsSentUnlessTheURLNamesTheObject() throws {
        let compiled = try CompiledModel(model: GitHubModel.model.schema, overrides: [:])
        let issue = try compiled.entity("Issue")
        let userIndex = try #require(issue.entity.relationshipIndex(named: "user"))
        let repositoryIndex = try #require(issue.entity.relationshipIndex(named: "repository"))
        #expect(issue.toOnesNamedByListURL == [repositoryIndex])
        let user = try #require(issue.relationships[userIndex])
        #expect(user.mapping.foreignKey == "user_id" && !user.mapping.writesForeignKey)
        let owner = AnyObjectID(entityName: "User", key: .integer(583231))
        let values = issue.entity.attributes.map { _ in AttributeValue.null }
        #expect(RequestEncoder.body(issue, for: .create, values: values, indices: [], toOnes: [(user, owner)]) == .object([:]))

        // With rest.foreignKey declared, the key is sent; still not for the repository the URL names.
        var mapping = try #require(issue.entity.rest)
        mapping = RESTEntityMapping(
            path: mapping.path, objectPath: mapping.objectPath, identifierAttribute: mapping.identifierAttribute,
            attributes: mapping.attributes,
            relationships: mapping.relationships.map { relationship in
                ["user", "repository"].contains(relationship.relationship)
                    ? RESTRelationshipMapping(relationship: relationship.relationship, key: relationship.key,
                                              foreignKey: relationship.relationship + "_id", path: relationship.path)
                    : relationship
            })
        let declared = try CompiledModel(model: GitHubModel.model.schema, overrides: ["Issue": mapping]).entity("Issue")
        let declaredUser = try #require(declared.relationships[userIndex])
        #expect(RequestEncoder.body(declared, for: .create, values: values, indices: [], toOnes: [(declaredUser, owner)])
            == .object(["user_id": .integer(583231)]))
    }

    @Test func theServerRefusesUnknownKeysWithA422ThatBecomesATypedError() async throws {
        try await withServer(GitHubAPI()) { server in
            let store = try Stores.github(server)
            let context = try ObjectContext(store: store, model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World")?.objectID)
            let label = Snapshot(id: .temporary(entityName: "Label"), entityName: "Label",
                                 values: [.string("ededed"), .integer(0), .bool(true), .null, .string("wontfix")],
                                 toOneIDs: [hello])
            // isDefault is read-only: not sent, so GitHub's create accepts the body.
            let created = try await store.save(ChangeSet(inserted: [label]))
            #expect(created.first?.key == .integer(900))

            let transport = URLSessionTransport(timeout: 60)
            let url = try #require(URL(string: server.baseURL.absoluteString + "/repos/octocat/Hello-World/labels"))
            let response = try await transport.send(HTTPRequest(method: .post, url: url, headers: ["Content-Type": "application/json"],
                                                                body: Data(#"{"name": "x", "repository_id": 1296269}"#.utf8)))
            #expect(response.status == 422)
            #expect(String(decoding: response.body, as: UTF8.self).contains(#"\"repository_id\" is not a permitted key."#))
        }
    }

    @Test func aTakenNameIsAValidationErrorWithItsFieldErrors() async throws {
        try await withServer(GitHubAPI()) { server in
            let context = try ObjectContext(store: try Stores.github(server), model: GitHubModel.model)
            let hello = try #require(try await Repository.first(in: context, where: \.fullName == "octocat/Hello-World"))
            let duplicate = Label(context: context, identifier: 0, name: "Bug")
            hello.addToLabels(duplicate)
            await #expect {
                try await context.save()
            } throws: { error in
                guard case RESTError.validationFailed("POST", let url, "Validation Failed", let errors) = error else { return false }
                return url.hasSuffix("/repos/octocat/Hello-World/labels")
                    && errors == [RESTFieldError(resource: "Label", field: "name", code: "already_exists")]
            }
            #expect(context.hasChanges)
            duplicate.name = "bug, but different"
            try await context.save()
            #expect(!context.hasChanges)
        }
    }

    @Test func a422BodyBecomesMessageAndFieldErrorsOrStaysAnHTTPStatus() throws {
        let url = try #require(URL(string: "https://api.github.com/repos/octocat/Hello-World/labels"))
        let github = Data((#"{"message": "Validation Failed", "errors": [{"resource": "Label", "field": "name", "code": "already_exists"},"#
            + #" {"resource": "Label", "field": "color", "code": "custom", "message": "color is not a hex value"}, "plain words"]}"#).utf8)
        let error = try #require(RESTError.validationFailure(in: github, method: .post, url: url))
        #expect(error == .validationFailed(method: "POST", url: url.absoluteString, message: "Validation Failed", errors: [
            RESTFieldError(resource: "Label", field: "name", code: "already_exists"),
            RESTFieldError(resource: "Label", field: "color", code: "custom", message: "color is not a hex value"),
            RESTFieldError(message: "plain words"),
        ]))
        #expect(error.description == "POST \(url.absoluteString) was refused (HTTP 422): Validation Failed "
            + "(Label.name already_exists; Label.color custom color is not a hex value; plain words)")
        let unknownKey = Data(#"{"message": "Invalid request.\n\n\"x\" is not a permitted key."}"#.utf8)
        #expect(RESTError.validationFailure(in: unknownKey, method: .patch, url: url)
            == .validationFailed(method: "PATCH", url: url.absoluteString, message: "Invalid request.\n\n\"x\" is not a permitted key.", errors: []))
        #expect(RESTError.validationFailure(in: Data("<html>nope</html>".utf8), method: .post, url: url) == nil)
        #expect(RESTError.validationFailure(in: Data(#"{"error": "no message"}"#.utf8), method: .post, url: url) == nil)
    }
}
