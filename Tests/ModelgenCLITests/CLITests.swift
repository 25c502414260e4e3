import DataModel
import Foundation
import Testing

@Suite("modelgen command line", .enabled(if: ModelgenProcess.executablePath != nil, "the modelgen binary was not found next to the tests"))
struct CLITests {
    @Test("--help on every verb explains it with an example", arguments: [[], ["validate"], ["dump"]])
    func help(verb: [String]) throws {
        let output = try ModelgenProcess.run(verb + ["--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("Example"))
        #expect(output.standardOutput.contains("modelgen"))
    }

    @Test("validate prints located diagnostics to stderr and a summary; exit 0 without errors")
    func validateWarnings() throws {
        let path = ModelgenProcess.fixture("KitchenSink.xcdatamodel")
        let output = try ModelgenProcess.run("validate", path)
        #expect(output.status == 0)
        #expect(output.standardError == "\(path)/contents:35:5: warning: unknown attribute 'futureEntityFlag' on <entity> is kept but not used\n")
        #expect(output.standardOutput == "1 model: 0 errors, 1 warning, 0 notes\n")
    }

    @Test("--warnings-as-errors reports warnings as errors and exits 1")
    func warningsAsErrors() throws {
        let path = ModelgenProcess.fixture("KitchenSink.xcdatamodel")
        let output = try ModelgenProcess.run("validate", "--warnings-as-errors", path)
        #expect(output.status == 1)
        #expect(output.standardError.hasPrefix("\(path)/contents:35:5: error: unknown attribute"))
        #expect(output.standardOutput == "1 model: 1 error, 0 warnings, 0 notes\n")
    }

    @Test("validate of several models, one broken: every diagnostic, one summary, exit 1")
    func validateErrors() throws {
        let folder = NSTemporaryDirectory() + "modelgen-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = folder + "/contents"
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model>
                <entity name="A">
                    <relationship name="b" deletionRule="Nullify" destinationEntity="B"/>
                </entity>
            </model>

            """
        try Data(xml.utf8).write(to: URL(fileURLWithPath: broken))
        let music = ModelgenProcess.fixture("Music.xcdatamodeld")
        let output = try ModelgenProcess.run("validate", music, broken)
        #expect(output.status == 1)
        #expect(output.standardError == "\(broken):4:9: error: destination entity 'B' of relationship 'A.b' does not exist\n")
        #expect(output.standardOutput == "2 models: 1 error, 0 warnings, 0 notes\n")
    }

    @Test("validate of a missing path is an error")
    func validateMissing() throws {
        let output = try ModelgenProcess.run("validate", "/nonexistent/Model.xcdatamodeld")
        #expect(output.status == 1)
        #expect(output.standardError == "/nonexistent/Model.xcdatamodeld: error: no such file or directory\n")
    }

    @Test("validate without a path is a usage error")
    func validateUsage() throws {
        let output = try ModelgenProcess.run("validate")
        #expect(output.status == 64)
    }

    @Test("dump prints the same JSON as the golden, with or without --format json", arguments: [[], ["--format", "json"]])
    func dump(options: [String]) throws {
        let output = try ModelgenProcess.run(["dump", ModelgenProcess.fixture("Music.xcdatamodeld")] + options)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        let golden = try String(contentsOfFile: ModelgenProcess.golden("Music.json"), encoding: .utf8)
        #expect(output.standardOutput == golden)
        let decoded = try ModelDump.model(fromJSON: output.standardOutput)
        #expect(try ModelDump.json(decoded) == output.standardOutput)
    }

    @Test("dump of an unreadable model prints nothing and exits 1")
    func dumpMissing() throws {
        let output = try ModelgenProcess.run("dump", "/nonexistent/contents")
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "/nonexistent/contents: error: no such file or directory\n")
    }

    @Test("dump refuses an unknown format")
    func dumpUnknownFormat() throws {
        let output = try ModelgenProcess.run("dump", ModelgenProcess.fixture("Music.xcdatamodeld"), "--format", "yaml")
        #expect(output.status == 64)
    }
}
