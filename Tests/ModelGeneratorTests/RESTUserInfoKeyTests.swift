import DataModel
import Testing
@testable import ModelGenerator

/// The `rest.*` keys of a model as the generator checks them: write keys, read-only flags, foreign keys
/// that saves send, one-segment placeholders, and located diagnostics for keys it does not know.
@Suite struct RESTUserInfoKeyTests {
    @Test func writeKeysReadOnlyAndDeclaredForeignKeysReachTheMapping() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Repository">
                <attribute name="identifier" attributeType="Integer 64"/>
                <attribute name="fullName" attributeType="String"/>
                <relationship name="labels" optional="YES" toMany="YES" destinationEntity="Label" inverseName="repository" inverseEntity="Label"/>
                <userInfo><entry key="rest.objectPath" value="/repos/:full_name"/></userInfo>
            </entity>
            <entity name="Label">
                <attribute name="identifier" attributeType="Integer 64"/>
                <attribute name="name" attributeType="String">
                    <userInfo><entry key="rest.writeKey" value="new_name"/><entry key="rest.createKey" value="name"/></userInfo>
                </attribute>
                <attribute name="url" optional="YES" attributeType="URI">
                    <userInfo><entry key="rest.readOnly" value="YES"/></userInfo>
                </attribute>
                <relationship name="repository" optional="YES" maxCount="1" destinationEntity="Repository" inverseName="labels" inverseEntity="Repository"/>
                <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Repository">
                    <userInfo><entry key="rest.foreignKey" value="owner_identifier"/></userInfo>
                </relationship>
                <userInfo>
                    <entry key="rest.path" value="/repos/:repository.full_name/labels"/>
                    <entry key="rest.objectPath" value="/repos/:repository.full_name/labels/::name"/>
                </userInfo>
            </entity>
            """)
        #expect(!diagnostics.contains { $0.message.contains("rest.") || $0.severity == .error }, "\(diagnostics)")
        let label = try #require(context?.entity("Label")?.rest?.mappingLiteral)
        #expect(label.contains(#"RESTAttributeMapping(attribute: "name", keyPath: ["name"], writeKeyPath: ["new_name"], createKeyPath: ["name"])"#))
        #expect(label.contains(#"RESTAttributeMapping(attribute: "url", keyPath: ["url"], isReadOnly: true)"#))
        #expect(label.contains(#"RESTRelationshipMapping(relationship: "repository", key: "repository", foreignKey: "repository_id", writesForeignKey: false)"#))
        #expect(label.contains(#"RESTRelationshipMapping(relationship: "owner", key: "owner", foreignKey: "owner_identifier")"#))
        #expect(label.contains(#".literal("/labels/"), .segment(["name"])"#))
        let repository = try #require(context?.entity("Repository")?.rest?.mappingLiteral)
        #expect(repository.contains(#"objectPath: RESTPath([.literal("/repos/"), .value(["fullName"])])"#))
    }

    @Test func unknownAndMisplacedKeysAreLocatedWithASuggestion() throws {
        let (_, diagnostics) = try TestModels.context("""
            <entity name="Label">
                <attribute name="name" attributeType="String">
                    <userInfo><entry key="rest.writekey" value="new_name"/></userInfo>
                </attribute>
                <attribute name="color" attributeType="String">
                    <userInfo><entry key="rest.readOnly" value="sometimes"/><entry key="rest.frobnicate" value="1"/></userInfo>
                </attribute>
                <relationship name="repository" optional="YES" maxCount="1" destinationEntity="Label">
                    <userInfo><entry key="rest.writeKey" value="repository_id"/><entry key="rest.dateFormat" value="standard"/></userInfo>
                </relationship>
                <userInfo>
                    <entry key="rest.objectpath" value="/labels/:name"/>
                    <entry key="rest.path" value="/labels?name=::name"/>
                    <entry key="rest.key" value="label"/>
                </userInfo>
            </entity>
            """)
        func find(_ text: String) -> Diagnostic? { diagnostics.first { $0.message.contains(text) } }
        let typo = try #require(find("'rest.writekey'"))
        #expect(typo.severity == .warning && typo.message.hasSuffix("did you mean 'rest.writeKey'?") && typo.location?.line == 5)
        #expect(typo.location?.column ?? 0 > 1)
        #expect(find("'rest.frobnicate'")?.message.contains("did you mean") == false)
        #expect(find("'rest.frobnicate'")?.severity == .warning)
        let flag = try #require(find("rest.readOnly 'sometimes'"))
        #expect(flag.severity == .error && flag.location?.line == 8)
        let misplaced = try #require(find("rest.writeKey applies to attributes, not to the relationship 'Label.repository'"))
        #expect(misplaced.severity == .error && misplaced.location?.line == 11)
        #expect(find("rest.dateFormat applies to attributes")?.severity == .warning)
        let entityTypo = try #require(find("'rest.objectpath'"))
        #expect(entityTypo.message.hasSuffix("did you mean 'rest.objectPath'?") && entityTypo.location?.line == 14)
        #expect(find("'::name' is in the query")?.severity == .warning)
        #expect(find("rest.key applies to attributes, relationships") == nil)
        #expect(find("rest.key applies to attributes")?.location?.line == 16)
    }

    @Test func restKeysOnTheModelOrAFetchedPropertyAreIgnoredWithAWarning() throws {
        let (_, diagnostics) = try TestModels.context("""
            <entity name="Label">
                <attribute name="name" attributeType="String"/>
                <fetchedProperty name="siblings" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Label" predicateString="name != $FETCH_SOURCE.name"/>
                    <userInfo><entry key="rest.path" value="/labels"/></userInfo>
                </fetchedProperty>
            </entity>
            <userInfo><entry key="rest.pth" value="/x"/></userInfo>
            """)
        let fetched = try #require(diagnostics.first { $0.message.contains("fetched property 'Label.siblings'") })
        #expect(fetched.severity == .warning && fetched.message.contains("rest.path applies to entities") && fetched.location?.line == 7)
        let model = try #require(diagnostics.first { $0.message.contains("'rest.pth'") })
        #expect(model.severity == .warning && model.message.contains("on the model 'Test'") && model.location?.line == 10)
    }

    @Test func aPlaceholderNamingNoAttributeIsAnErrorForBothForms() throws {
        let (_, diagnostics) = try TestModels.context("""
            <entity name="Label">
                <attribute name="name" attributeType="String"/>
                <userInfo><entry key="rest.objectPath" value="/labels/::title"/></userInfo>
            </entity>
            """)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("'::title' names no attribute of entity 'Label'") && error.location?.line == 5)
    }

    @Test("Did-you-mean only for near misses", arguments: [
        ("rest.foriegnKey", "rest.foreignKey"), ("rest.readonly", "rest.readOnly"), ("rest.paths", "rest.path"), ("rest.color", nil),
    ] as [(String, String?)])
    func suggestions(key: String, expected: String?) {
        let all = RESTUserInfoKeys.known.values.reduce(Set<String>()) { $0.union($1) }
        #expect(RESTUserInfoKeys.closest(to: key, in: all) == expected)
    }
}
