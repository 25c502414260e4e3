import DataModel
import Foundation
import Testing

/// Golden `modelgen dump` output. After an intended change, rewrite the goldens with
/// `MODELGEN_UPDATE_GOLDENS=1 swift test --filter DumpGoldenTests` and review the diff.
@Suite("Dump JSON: goldens and round trips")
struct DumpGoldenTests {
    @Test("The dump of a fixture model matches its golden", arguments: [
        ("Music.xcdatamodeld", "Music.json"),
        ("KitchenSink.xcdatamodel", "KitchenSink.json"),
    ])
    func golden(model: String, golden: String) throws {
        let loaded = ModelLoader().load(path: Fixtures.model(model))
        let json = try ModelDump.json(try #require(loaded.model))
        let goldenPath = Fixtures.golden(golden)
        if Fixtures.updatingGoldens {
            try Data(json.utf8).write(to: URL(fileURLWithPath: goldenPath))
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(json == expected, "dump differs from \(golden); if intended, run MODELGEN_UPDATE_GOLDENS=1 swift test")
    }

    @Test("Dumped JSON decodes to an equal model and encodes to the same text", arguments: [
        "Music.xcdatamodeld", "KitchenSink.xcdatamodel",
    ])
    func roundTrip(model: String) throws {
        let original = try #require(ModelLoader().load(path: Fixtures.model(model)).model)
        let json = try ModelDump.json(original)
        let decoded = try ModelDump.model(fromJSON: json)
        #expect(decoded == original)
        #expect(try ModelDump.json(decoded) == json)
    }

    @Test("Reading the same model twice gives equal values and equal dumps")
    func stable() throws {
        let first = try #require(ModelLoader().load(path: Fixtures.model("KitchenSink.xcdatamodel")).model)
        let second = try #require(ModelLoader().load(path: Fixtures.model("KitchenSink.xcdatamodel")).model)
        #expect(first == second)
        #expect(try ModelDump.json(first) == ModelDump.json(second))
    }

    @Test("Every attribute value kind survives the JSON round trip", arguments: [
        AttributeValue.string("\"\""), .integer(-3), .real(2.5), .decimal("0.10"), .boolean(true), .date(631_152_000), .text("x"),
    ])
    func valueRoundTrip(value: AttributeValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(AttributeValue.self, from: data) == value)
    }
}
