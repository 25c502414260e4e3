import ObjectGraph
import Testing

@Suite struct RESTMappingTests {
    private static let issues = RESTPath([.literal("/repos/"), .value(["repository", "fullName"]), .literal("/issues")])

    private static func repository(rest: RESTEntityMapping?) -> EntityDescription {
        EntityDescription(
            name: "Repository",
            attributes: [AttributeDescription(name: "identifier", type: .integer64, isOptional: false),
                         AttributeDescription(name: "fullName", type: .string, isOptional: false)],
            rest: rest)
    }

    @Test func pathPrintsPlaceholdersAndListsKeyPaths() {
        #expect(Self.issues.description == "/repos/:repository.fullName/issues")
        #expect(Self.issues.keyPaths == [["repository", "fullName"]])
        #expect(RESTPath([.literal("/users")]).keyPaths.isEmpty)
    }

    @Test func lookupsFindMappedPropertiesOnly() {
        let mapping = RESTEntityMapping(
            identifierAttribute: "identifier",
            attributes: [RESTAttributeMapping(attribute: "fullName", keyPath: ["full_name"])],
            relationships: [RESTRelationshipMapping(relationship: "issues", path: Self.issues, insertsThroughPath: true)])
        #expect(mapping.identifierKey == "id")
        #expect(mapping.attribute(named: "fullName")?.keyPath == ["full_name"])
        #expect(mapping.attribute(named: "identifier") == nil)
        #expect(mapping.relationship(named: "issues")?.insertsThroughPath == true)
        #expect(mapping.relationship(named: "owner") == nil)
    }

    @Test func mappingTakesPartInEntityEqualityButNotInTheVersionHash() {
        let mapped = Self.repository(rest: RESTEntityMapping(path: RESTPath([.literal("/repositories")])))
        let plain = Self.repository(rest: nil)
        #expect(mapped != plain)
        #expect(mapped.rest?.path?.description == "/repositories")
        let hashes = [mapped, plain].map { ModelDescription(name: "GitHub", entities: [$0]).versionHash }
        #expect(hashes[0] == hashes[1])
    }
}
