import DataModel
import ModelGenerator
import Testing

/// Swift names in the view model: escaped, renamed away from runtime members and library types, made
/// unique, with a warning each time; `swift.name` renames.
@Suite("View model: names")
struct ViewModelNamingTests {
    @Test("Keywords are escaped; runtime members and library type names are renamed with a warning")
    func reservedNames() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Data" representedClassName="Data">
                <attribute name="private" optional="YES" attributeType="Boolean"/>
                <attribute name="objectID" optional="YES" attributeType="String"/>
                <attribute name="description" optional="YES" attributeType="String"/>
                <attribute name="Date" optional="YES" attributeType="Date"/>
            </entity>
            <entity name="Notification"/>
            """)
        let model = try #require(context)
        let data = try #require(model.entity("Data"))
        #expect(data.className == "DataEntity")
        #expect(model.entity("Notification")?.className == "NotificationEntity")
        #expect(data.attribute("private")?.swiftName == "`private`")
        #expect(data.attribute("objectID")?.swiftName == "objectIDValue")
        #expect(data.attribute("description")?.swiftName == "descriptionValue")
        #expect(data.attribute("Date")?.swiftName == "DateValue")
        let warnings = diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains { $0.contains("'Data'") && $0.contains("DataEntity") })
        #expect(warnings.contains { $0.contains("objectIDValue") })
        #expect(diagnostics.filter { $0.message.contains("objectIDValue") }.first?.location?.line == 5)
    }

    @Test("Two model names for one Swift name: the second is made unique with a warning")
    func collisions() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Person" representedClassName="Human"/>
            <entity name="Robot" representedClassName="Human">
                <attribute name="first-name" optional="YES" attributeType="String"/>
                <attribute name="firstName" optional="YES" attributeType="String"/>
                <relationship name="friend" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person"/>
                <attribute name="setFriend" optional="YES" attributeType="String"/>
            </entity>
            """)
        let model = try #require(context)
        #expect(model.entity("Person")?.className == "Human")
        #expect(model.entity("Robot")?.className == "Robot")
        let robot = try #require(model.entity("Robot"))
        #expect(robot.attribute("first-name")?.swiftName == "firstName")
        #expect(robot.attribute("firstName")?.swiftName == "firstName2")
        #expect(robot.attribute("setFriend")?.swiftName == "setFriend")
        #expect(robot.relationships.first?.swiftName == "friend2")
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("firstName2") })
    }

    @Test("swift.name renames entities and properties")
    func swiftName() throws {
        let (context, _) = try TestModels.context("""
            <entity name="ZPerson">
                <attribute name="zname" optional="YES" attributeType="String">
                    <userInfo><entry key="swift.name" value="fullName"/></userInfo>
                </attribute>
                <userInfo><entry key="swift.name" value="Person"/></userInfo>
            </entity>
            """)
        let person = try #require(context?.entity("ZPerson"))
        #expect(person.className == "Person")
        #expect(person.attribute("zname")?.swiftName == "fullName")
        #expect(person.schemaHeader.contains("className: \"Person\","))
    }

    @Test("Subentities inherit their parent's names and get the hierarchy's modifiers")
    func hierarchy() throws {
        let (context, _) = try TestModels.context("""
            <entity name="Media" isAbstract="YES">
                <attribute name="title" attributeType="String"/>
            </entity>
            <entity name="Podcast" parentEntity="Media">
                <attribute name="feed" optional="YES" attributeType="URI"/>
            </entity>
            """, options: GenerationOptions(accessLevel: .internal))
        let model = try #require(context)
        let media = try #require(model.entity("Media"))
        let podcast = try #require(model.entity("Podcast"))
        #expect(media.classDeclaration == "class Media: ManagedObject, ManagedEntity")
        #expect(!media.hasInitializer && podcast.hasInitializer)
        #expect(podcast.classDeclaration == "final class Podcast: Media")
        #expect(podcast.attributes.map(\.name) == ["title", "feed"])
        #expect(podcast.ownAttributes.map(\.index) == [1])
        #expect(podcast.initParameters.map(\.name) == ["title"])
        #expect(podcast.needsFetchExtension && !media.needsFetchExtension)
        #expect(model.access == "")
    }
}
