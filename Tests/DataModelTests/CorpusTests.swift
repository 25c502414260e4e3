import DataModel
import Foundation
import Testing

/// Reads every real model of the corpus. Skipped unless `MODELGEN_CORPUS` names the corpus
/// folder: `MODELGEN_CORPUS=/path/to/models Scripts/test.sh` (`.ci/run` sets it).
@Suite(
    "Corpus of real models",
    .enabled(if: Corpus.folder != nil, "MODELGEN_CORPUS is not set; set it to a folder of real models (one .xcdatamodeld bundle per subfolder) to read them")
)
struct CorpusTests {
    /// The only errors the corpus deserves, by corpus folder. Everything else must read without errors.
    static let expectedErrors: [String: [String]] = [
        "49-simplenote-1-binary-preXcode4": [
            "binary model format (Xcode 3) is not supported; open and re-save it in Xcode 4 or later",
        ],
    ]

    /// Warnings the corpus really deserves and that must be found, by corpus folder.
    static let expectedWarnings: [String: [String]] = [
        "30-artsy-partner-2012": [
            "69:9: inverses do not agree: 'Image.artist' names 'Artist.thumbnail' as its inverse, but 'Artist.thumbnail' names 'Image.thumbnail'",
        ],
        "19-twidere-stack-8": [
            "the name of property 'TwitterList.private' is a Swift keyword; the generator will escape it",
        ],
        "36-groot-tests-userinfo": [
            "the class name 'Character' of entity 'Character' shadows a standard library or Foundation type; generated code will qualify that type",
        ],
    ]

    @Test("The corpus is there and holds models")
    func corpusPresent() {
        #expect(Corpus.models.count >= 30)
    }

    @Test("Every model reads with exactly the errors it deserves", arguments: Corpus.models)
    func errors(model: String) throws {
        let folder = try #require(Corpus.folder)
        let loaded = ModelLoader().load(path: folder + "/" + model)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors == Self.expectedErrors[Corpus.entry(of: model)] ?? [], "\(loaded.diagnostics.map(\.description))")
        if errors.isEmpty {
            #expect(loaded.model != nil)
        }
    }

    @Test("Deserved warnings are found at their place", arguments: Array(expectedWarnings.keys).sorted())
    func warnings(entry: String) throws {
        let folder = try #require(Corpus.folder)
        let model = try #require(Corpus.models.first { Corpus.entry(of: $0) == entry })
        let warnings = ModelLoader().load(path: folder + "/" + model).diagnostics.filter { $0.severity == .warning }
        for expected in Self.expectedWarnings[entry] ?? [] {
            #expect(warnings.contains { warning in
                let location = warning.location.map { "\($0.line):\($0.column): " } ?? ""
                return location + warning.message == expected || warning.message == expected
            }, "missing: \(expected)")
        }
    }

    @Test("Entity, attribute and relationship counts match a textual count of the XML", arguments: Corpus.models)
    func counts(model: String) throws {
        let folder = try #require(Corpus.folder)
        let loaded = ModelLoader().load(path: folder + "/" + model)
        guard let parsed = loaded.model, let contentsPath = loaded.contentsPath else { return }
        let text = try String(contentsOfFile: contentsPath, encoding: .utf8)
        let attributes = parsed.entities.reduce(0) { $0 + $1.attributes.count }
            + parsed.composites.reduce(0) { $0 + $1.attributes.count }
        #expect(parsed.entities.count == Corpus.occurrences(of: "<entity ", in: text))
        #expect(attributes == Corpus.occurrences(of: "<attribute ", in: text))
        #expect(parsed.entities.reduce(0) { $0 + $1.relationships.count } == Corpus.occurrences(of: "<relationship ", in: text))
        #expect(parsed.fetchRequests.count + parsed.entities.reduce(0) { $0 + $1.fetchedProperties.count }
            == Corpus.occurrences(of: "<fetchRequest ", in: text))
        if let manifestCount = try Corpus.manifestEntityCounts()[Corpus.entry(of: model)] {
            #expect(parsed.entities.count == manifestCount)
        }
    }

    @Test("Every model's dump round-trips", arguments: Corpus.models)
    func dumpRoundTrip(model: String) throws {
        let folder = try #require(Corpus.folder)
        guard let parsed = ModelLoader().load(path: folder + "/" + model).model else { return }
        let json = try ModelDump.json(parsed)
        #expect(try ModelDump.model(fromJSON: json) == parsed)
    }
}
