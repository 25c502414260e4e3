import ModelGenerator
import Testing

/// `rest.entityKey` on a hierarchy's root and `rest.entityValue` on its entities: emitted on every entity
/// of the hierarchy, validated with located diagnostics.
@Suite("View model: REST entity discriminators")
struct RESTDiscriminatorTests {
    @Test("The root's key reaches every entity of the hierarchy; values default to the entity name; abstract entities have none")
    func emission() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Media" isAbstract="YES">
                <attribute name="title" attributeType="String"/>
                <userInfo><entry key="rest.entityKey" value="kind"/><entry key="rest.path" value="/media"/></userInfo>
            </entity>
            <entity name="Podcast" parentEntity="Media">
                <attribute name="episodes" optional="YES" attributeType="Integer 32"/>
                <userInfo><entry key="rest.entityValue" value="podcast"/></userInfo>
            </entity>
            <entity name="Audiobook" parentEntity="Media"/>
            <entity name="Plain">
                <attribute name="name" attributeType="String"/>
                <userInfo><entry key="rest.path" value="/plain"/></userInfo>
            </entity>
            """)
        #expect(!diagnostics.containsErrors)
        let media = try #require(context?.entity("Media")?.rest)
        #expect(media.entityKey == "kind" && media.entityValue == nil)
        #expect(media.mappingLiteral.contains(#"entityKey: "kind","#) && !media.mappingLiteral.contains("entityValue"))
        let podcast = try #require(context?.entity("Podcast")?.rest)
        #expect(podcast.mappingLiteral.contains(#"entityKey: "kind","#) && podcast.mappingLiteral.contains(#"entityValue: "podcast","#))
        let audiobook = try #require(context?.entity("Audiobook")?.rest, "a subentity gets a mapping from its root's key alone")
        #expect(audiobook.entityKey == "kind" && audiobook.entityValue == "Audiobook")
        #expect(audiobook.child(named: "entityKey") as? String == "kind", "templates read the key")
        #expect(audiobook.child(named: "entityValue") as? String == "Audiobook", "templates read the value")
        let plain = try #require(context?.entity("Plain")?.rest)
        #expect(plain.entityKey == nil && !plain.mappingLiteral.contains("entity"))
    }

    @Test("Errors: a key off the root, duplicate values, a key that is an attribute's or the identifier's; warnings: ignored values")
    func validation() throws {
        let (_, diagnostics) = try TestModels.context("""
            <entity name="Media" isAbstract="YES">
                <attribute name="kind" attributeType="String"/>
                <userInfo><entry key="rest.entityKey" value="kind"/></userInfo>
            </entity>
            <entity name="Podcast" parentEntity="Media">
                <userInfo><entry key="rest.entityValue" value="audio"/><entry key="rest.entityKey" value="type"/></userInfo>
            </entity>
            <entity name="Audiobook" parentEntity="Media">
                <userInfo><entry key="rest.entityValue" value="audio"/></userInfo>
            </entity>
            <entity name="Tag">
                <userInfo><entry key="rest.entityValue" value="tag"/></userInfo>
            </entity>
            <entity name="Thing" isAbstract="YES">
                <userInfo><entry key="rest.entityKey" value="id"/><entry key="rest.entityValue" value="thing"/></userInfo>
            </entity>
            """)
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        #expect(errors.contains { $0.message.contains("'kind' is also the JSON key of attribute 'Media.kind'") && $0.location?.line == 5 })
        #expect(errors.contains { $0.message.contains("belongs on the root entity 'Media'") && $0.location?.line == 8 })
        #expect(errors.contains { $0.message.contains("'audio' of 'Podcast' is also the value of 'Audiobook'") && $0.location?.line == 8 })
        #expect(errors.contains { $0.message.contains("'id' is also the JSON key of the identifier") && $0.location?.line == 17 })
        #expect(errors.count == 4)
        #expect(warnings.contains { $0.message.contains("root entity 'Tag' declares no rest.entityKey") && $0.location?.line == 14 })
        #expect(warnings.contains { $0.message.contains("ignored on the abstract entity 'Thing'") && $0.location?.line == 17 })
    }
}
