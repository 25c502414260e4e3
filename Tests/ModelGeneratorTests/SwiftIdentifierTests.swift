import Testing
import ModelGenerator

@Suite("Identifier words and case conversion")
struct SwiftIdentifierTests {
    @Test("word splitting", arguments: [
        ("fullName", ["full", "Name"]),
        ("URLSession", ["URL", "Session"]),
        ("htmlURL", ["html", "URL"]),
        ("avatar_URL.v2", ["avatar", "URL", "v2"]),
        ("my entity-name", ["my", "entity", "name"]),
        ("line2Text", ["line2", "Text"]),
        ("userID", ["user", "ID"]),
        ("__", [String]()),
    ])
    func split(name: String, words: [String]) {
        #expect(IdentifierWords.split(name) == words)
    }

    @Test("UpperCamelCase for types", arguments: [
        ("Repository", "Repository"),
        ("my entity", "MyEntity"),
        ("my_entity_name", "MyEntityName"),
        ("com.example.Thing", "ComExampleThing"),
        ("URLSession", "URLSession"),
        ("3DModel", "_3DModel"),
        ("-+-", "Unnamed"),
        ("café crème", "CaféCrème"),
    ])
    func upperCamel(name: String, expected: String) {
        #expect(SwiftIdentifier.upperCamelCase(name) == expected)
        #expect(SwiftIdentifier.isValid(SwiftIdentifier.upperCamelCase(name)))
    }

    @Test("lowerCamelCase for members", arguments: [
        ("Full Name", "fullName"),
        ("URL", "url"),
        ("URLString", "urlString"),
        ("html-url", "htmlUrl"),
        ("first.name", "firstName"),
        ("2nd place", "_2ndPlace"),
        ("...", "unnamed"),
    ])
    func lowerCamel(name: String, expected: String) {
        #expect(SwiftIdentifier.lowerCamelCase(name) == expected)
    }

    @Test func accessorNames() {
        #expect("addTo" + IdentifierWords.capitalizingFirst("tracks") == "addToTracks")
        #expect("insertInto" + IdentifierWords.capitalizingFirst("tracks") == "insertIntoTracks")
        #expect(IdentifierWords.capitalizingFirst("") == "")
    }

    @Test("validity", arguments: [("name", true), ("_x1", true), ("1x", false), ("a b", false), ("a-b", false), ("", false), ("é", true)])
    func validity(name: String, valid: Bool) {
        #expect(SwiftIdentifier.isValid(name) == valid)
    }
}
