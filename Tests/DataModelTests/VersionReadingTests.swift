import DataModel
import Foundation
import Testing

@Suite("Reading every version of a bundle")
struct VersionReadingTests {
    private func model(_ entity: String) -> String {
        ModelText.model(#"<entity name="\#(entity)"/>"#)
    }

    /// A bundle `M.xcdatamodeld` with a version per name (each with one entity named like the version
    /// without spaces) and `.xccurrentversion` naming `current`.
    private func bundle(_ names: [String], current: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in names {
            try folder.write(model("E" + name.filter(\.isNumber)), to: "M.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        if let current {
            try folder.write(TemporaryFolder.currentVersionPlist(current + ".xcdatamodel"), to: "M.xcdatamodeld/.xccurrentversion")
        }
        return folder
    }

    @Test("Version names sort naturally: digit runs as numbers")
    func naturalOrder() {
        #expect(VersionOrder.sorted(["Moody 10", "Moody 2", "Moody", "Moody 3"]) == ["Moody", "Moody 2", "Moody 3", "Moody 10"])
        #expect(VersionOrder.sorted(["zmessaging2.10.0", "zmessaging2.9.0", "zmessaging2.101.0"])
            == ["zmessaging2.9.0", "zmessaging2.10.0", "zmessaging2.101.0"])
        #expect(VersionOrder.sorted(["ObvEngine-v10", "ObvEngine-v9", "ObvEngine"]) == ["ObvEngine", "ObvEngine-v9", "ObvEngine-v10"])
        #expect(VersionOrder.sorted(["M 02", "M 2", "M 1"]) == ["M 1", "M 02", "M 2"])
    }

    @Test("Every version is read in natural order, up to the current one")
    func allVersions() throws {
        let folder = try bundle(["M 10", "M", "M 2", "M 3"], current: "M 10")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.versions.map(\.name) == ["M", "M 2", "M 3", "M 10"])
        #expect(loaded.versions.map { $0.model?.entities.first?.name } == ["E", "E2", "E3", "E10"])
        #expect(loaded.currentName == "M 10")
        #expect(loaded.history.map(\.name) == ["M", "M 2", "M 3", "M 10"])
        #expect(loaded.version(named: "M 2.xcdatamodel")?.contentsPath == folder.path + "/M.xcdatamodeld/M 2.xcdatamodel/contents")
    }

    @Test("Versions after the current one stay readable but leave the history, with a note")
    func afterCurrent() throws {
        let folder = try bundle(["M", "M 2", "M 3"], current: "M 2")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld")
        #expect(loaded.versions.map(\.name) == ["M", "M 2", "M 3"])
        #expect(loaded.history.map(\.name) == ["M", "M 2"])
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld: note: 'M 3' comes after the current version 'M 2' and is not part of the version history",
        ])
    }

    @Test("A versions list overrides the order; a version it leaves out is a located warning")
    func explicitOrder() throws {
        let folder = try bundle(["M", "M 2", "M 3"], current: "M 2")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld", order: ["M 3", "M.xcdatamodel", "M 2"])
        #expect(loaded.versions.map(\.name) == ["M 3", "M", "M 2"])
        #expect(loaded.history.map(\.name) == ["M 3", "M", "M 2"])
        let left = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld", order: ["M", "M 2"])
        #expect(left.versions.map(\.name) == ["M", "M 2"])
        #expect(left.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld/M 3.xcdatamodel/contents:2:1: warning: version 'M 3' is not in the versions list and is left out of the version history",
        ])
    }

    @Test("A versions list naming a missing version, or one twice, is an error")
    func badOrder() throws {
        let folder = try bundle(["M", "M 2"], current: "M 2")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld", order: ["M", "M 5", "M", "M 2"])
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld: error: the versions list names 'M 5', which is not a version of the bundle (versions: 'M', 'M 2')",
            "\(folder.path)/M.xcdatamodeld: error: the versions list names 'M' twice",
        ])
        #expect(loaded.versions.map(\.name) == ["M", "M 2"])
    }

    @Test("Without .xccurrentversion: the only version, or the last listed one, or an error")
    func noCurrentFile() throws {
        let folder = try bundle(["M", "M 2"], current: nil)
        let path = folder.path + "/M.xcdatamodeld"
        let ambiguous = ModelLoader().loadVersions(path: path)
        #expect(ambiguous.currentName == nil)
        #expect(ambiguous.diagnostics.map(\.description) == [
            "\(path): error: the bundle has no .xccurrentversion and holds 2 versions; name the current one in a versions list: 'M', 'M 2'",
        ])
        let listed = ModelLoader().loadVersions(path: path, order: ["M", "M 2"])
        #expect(listed.currentName == "M 2")
        #expect(listed.diagnostics.map(\.description) == [
            "\(path): note: the bundle has no .xccurrentversion; using the last listed version 'M 2'",
        ])
    }

    @Test("A binary (Xcode 3) older version is reported and skipped; a binary current one is an error")
    func binaryVersions() throws {
        let folder = try bundle(["M 2", "M 3"], current: "M 3")
        try folder.write("bplist00", to: "M.xcdatamodeld/M.xcdatamodel/elements")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld")
        #expect(loaded.versions.map(\.name) == ["M 2", "M 3"])
        #expect(!loaded.hasErrors)
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld/M.xcdatamodel: warning: binary model format (Xcode 3) is not supported; open and re-save it in Xcode 4 or later; version 'M' is left out of the version history",
        ])
        try folder.write(TemporaryFolder.currentVersionPlist("M.xcdatamodel"), to: "M.xcdatamodeld/.xccurrentversion")
        let current = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld")
        #expect(current.hasErrors)
    }

    @Test("Older versions keep only their errors; the current one keeps every diagnostic")
    func olderDiagnostics() throws {
        let folder = try TemporaryFolder()
        let keyword = ModelText.model(#"<entity name="A"><attribute name="class" attributeType="String"/></entity>"#)
        try folder.write(keyword, to: "M.xcdatamodeld/M.xcdatamodel/contents")
        try folder.write(keyword, to: "M.xcdatamodeld/M 2.xcdatamodel/contents")
        try folder.write(ModelText.model(#"<entity name="A" parentEntity="Nope"/>"#), to: "M.xcdatamodeld/M 3.xcdatamodel/contents")
        try folder.write(TemporaryFolder.currentVersionPlist("M 2.xcdatamodel"), to: "M.xcdatamodeld/.xccurrentversion")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld")
        let paths = loaded.diagnostics.map { ($0.path as NSString).pathComponents.suffix(2).joined(separator: "/") + " " + $0.severity.rawValue }
        #expect(paths.contains("M 2.xcdatamodel/contents warning"))
        #expect(!paths.contains("M.xcdatamodel/contents warning"))
        #expect(paths.contains("M 3.xcdatamodel/contents error"))
    }

    @Test("A version folder or contents file is a history of one version")
    func singleVersion() throws {
        let folder = try bundle(["M", "M 2"], current: "M 2")
        let loaded = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld/M 2.xcdatamodel")
        #expect(loaded.versions.map(\.name) == ["M 2"])
        #expect(loaded.currentName == "M 2")
        let file = ModelLoader().loadVersions(path: folder.path + "/M.xcdatamodeld/M.xcdatamodel/contents")
        #expect(file.versions.map(\.name) == ["M"])
    }

    @Test("Renaming IDs (elementID) of entities, attributes and relationships are read")
    func renamingIdentifiers() throws {
        let read = try ModelText.read("""
            <entity name="A" elementID="OldA">
                <attribute name="b" attributeType="String" elementID="oldB"/>
                <relationship name="c" destinationEntity="A" maxCount="1" elementID="oldC"/>
            </entity>
            """)
        let entity = try #require(read.model.entities.first)
        #expect(entity.renamingIdentifier == "OldA")
        #expect(entity.attributes.first?.renamingIdentifier == "oldB")
        #expect(entity.relationships.first?.renamingIdentifier == "oldC")
    }
}
