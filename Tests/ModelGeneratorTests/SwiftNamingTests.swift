import Testing
import ModelGenerator

@Suite("Swift names for model elements")
struct SwiftNamingTests {
    @Test("entity names colliding with library types get the Entity suffix", arguments: [
        "Data", "Notification", "Character", "Set", "String", "Date", "URL", "Error", "Result", "Array",
        "Dictionary", "Optional", "Task", "Actor", "ManagedObject",
        // Every generated `Fields` declares `typealias Object = <class>`: a class called `Object` made it
        // refer to itself (found by the property round trips).
        "Object",
    ])
    func collidingTypes(name: String) {
        let swiftName = SwiftNaming.typeName(forEntity: name)
        #expect(swiftName.identifier == name + "Entity")
        #expect(swiftName.escaped == name + "Entity")
        #expect(swiftName.warning?.contains("entity '\(name)' is named '\(name)Entity'") == true)
    }

    @Test("type names that Swift reads specially are renamed", arguments: ["Type", "Protocol", "Self", "Any"])
    func unusableTypeNames(name: String) {
        let swiftName = SwiftNaming.typeName(forEntity: name)
        #expect(swiftName.identifier == name + "Entity")
        #expect(swiftName.warning != nil)
    }

    @Test func ordinaryEntities() {
        #expect(SwiftNaming.typeName(forEntity: "Repository") == SwiftName(identifier: "Repository", escaped: "Repository", warning: nil))
        #expect(SwiftNaming.typeName(forEntity: "my_entity").identifier == "MyEntity")
        #expect(SwiftNaming.typeName(forEntity: "my_entity").warning == nil)
        let invalid = SwiftNaming.typeName(forEntity: "Play list")
        #expect(invalid.identifier == "PlayList")
        #expect(invalid.warning?.contains("'Play list' is not a valid Swift identifier") == true)
    }

    @Test("property names colliding with runtime members get the Value suffix", arguments: [
        "context", "objectID", "entity", "hash", "hashValue", "description", "debugDescription", "id",
    ])
    func collidingMembers(name: String) {
        let swiftName = SwiftNaming.propertyName(forProperty: name)
        #expect(swiftName.identifier == (name == "hash" ? "hashValueValue" : name + "Value"))
        #expect(!ReservedNames.runtimeMembers.contains(swiftName.identifier))
        #expect(swiftName.warning?.contains("a member of every generated object") == true)
    }

    @Test("properties Swift cannot use even in backticks are renamed", arguments: [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "_",
    ])
    func unusableProperties(name: String) {
        let swiftName = SwiftNaming.propertyName(forProperty: name)
        #expect(swiftName.identifier == name + "Value")
        #expect(swiftName.warning?.contains("cannot be a Swift name, even in backticks") == true)
    }

    @Test("other keywords are escaped with backticks, silently", arguments: [
        "default", "class", "in", "for", "return", "where", "protocol", "true", "nil", "import", "repeat",
    ])
    func escapedKeywords(name: String) {
        let swiftName = SwiftNaming.propertyName(forProperty: name)
        #expect(swiftName == SwiftName(identifier: name, escaped: "`\(name)`", warning: nil))
    }

    @Test func invalidPropertyNames() {
        #expect(SwiftNaming.propertyName(forProperty: "first name").identifier == "firstName")
        #expect(SwiftNaming.propertyName(forProperty: "1st").identifier == "_1st")
        #expect(SwiftNaming.propertyName(forProperty: "some-thing").warning?.contains("not a valid Swift identifier") == true)
        #expect(SwiftNaming.propertyName(forProperty: "snake_case").identifier == "snake_case")
    }

    @Test func overridesWin() {
        #expect(SwiftNaming.typeName(forEntity: "Data", override: "Blob") == SwiftName(identifier: "Blob", escaped: "Blob", warning: nil))
        #expect(SwiftNaming.typeName(forEntity: "X", override: "myType").identifier == "myType")
        #expect(SwiftNaming.propertyName(forProperty: "description", override: " summary ").identifier == "summary")
        #expect(SwiftNaming.propertyName(forProperty: "x", override: "").identifier == "x")
        #expect(SwiftNaming.propertyName(forProperty: "x", override: "default").escaped == "`default`")
    }

    @Test func overridesAreCheckedToo() {
        let swiftName = SwiftNaming.propertyName(forProperty: "summary", override: "id")
        #expect(swiftName.identifier == "idValue")
        #expect(swiftName.warning?.hasPrefix("property 'summary' (swift.name 'id') is named 'idValue'") == true)
        #expect(SwiftNaming.typeName(forEntity: "Thing", override: "my thing").identifier == "MyThing")
    }

    @Test func customReservedSets() {
        #expect(SwiftNaming.propertyName(forProperty: "fetch", reserved: ["fetch"]).identifier == "fetchValue")
        #expect(SwiftNaming.propertyName(forProperty: "description", reserved: []).identifier == "description")
        #expect(SwiftNaming.typeName(forEntity: "Event", reserved: ["Event", "EventEntity"]).identifier == "EventEntityEntity")
    }
}
