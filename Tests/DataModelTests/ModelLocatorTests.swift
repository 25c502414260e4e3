import Foundation
import DataModel
import Testing

@Suite("Finding the model version to read")
struct ModelLocatorTests {
    private let tinyModel = ModelText.model(#"<entity name="A"/>"#)

    private func load(_ path: String) -> LoadedModel {
        ModelLoader().load(path: path)
    }

    @Test("A bundle's current version comes from .xccurrentversion")
    func currentVersion() throws {
        let loaded = load(Fixtures.model("Music.xcdatamodeld"))
        #expect(loaded.versionName == "Music 2.xcdatamodel")
        #expect(loaded.contentsPath?.hasSuffix("Music.xcdatamodeld/Music 2.xcdatamodel/contents") == true)
        #expect(loaded.model?.metadata.userDefinedModelVersionIdentifier == "2")
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test("A version folder, a bare .xcdatamodel or a contents file is read as given")
    func explicitVersion() throws {
        let version = load(Fixtures.model("Music.xcdatamodeld/Music.xcdatamodel"))
        #expect(version.versionName == "Music.xcdatamodel")
        #expect(version.model?.metadata.userDefinedModelVersionIdentifier == "1")
        let bare = load(Fixtures.model("KitchenSink.xcdatamodel/"))
        #expect(bare.model?.entities.count == 3)
        let file = load(Fixtures.model("KitchenSink.xcdatamodel/contents"))
        #expect(file.versionName == nil)
        #expect(file.model == bare.model)
    }

    @Test("Missing or empty .xccurrentversion with one version: that version, with a note", arguments: [nil, "empty"])
    func onlyVersion(plist: String?) throws {
        let folder = try TemporaryFolder()
        try folder.write(tinyModel, to: "M.xcdatamodeld/Only One.xcdatamodel/contents")
        if plist != nil {
            try folder.write(TemporaryFolder.currentVersionPlist(nil), to: "M.xcdatamodeld/.xccurrentversion")
        }
        let loaded = load(folder.path + "/M.xcdatamodeld")
        #expect(loaded.model?.entities.map(\.name) == ["A"])
        #expect(loaded.versionName == "Only One.xcdatamodel")
        let reason = plist == nil ? "the bundle has no .xccurrentversion" : ".xccurrentversion names no current version"
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld: note: \(reason); using its only version 'Only One.xcdatamodel'",
        ])
    }

    @Test("Several versions and no current version: an error listing them")
    func ambiguous() throws {
        let folder = try TemporaryFolder()
        try folder.write(tinyModel, to: "M.xcdatamodeld/M.xcdatamodel/contents")
        try folder.write(tinyModel, to: "M.xcdatamodeld/M 2.xcdatamodel/contents")
        let loaded = load(folder.path + "/M.xcdatamodeld")
        #expect(loaded.model == nil)
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld: error: the bundle has no .xccurrentversion and holds 2 versions; "
                + "pass the version folder to read: 'M.xcdatamodel', 'M 2.xcdatamodel'",
        ])
    }

    @Test("A current version that does not exist is an error")
    func danglingCurrentVersion() throws {
        let folder = try TemporaryFolder()
        try folder.write(tinyModel, to: "M.xcdatamodeld/M.xcdatamodel/contents")
        try folder.write(TemporaryFolder.currentVersionPlist("M 9.xcdatamodel"), to: "M.xcdatamodeld/.xccurrentversion")
        let loaded = load(folder.path + "/M.xcdatamodeld")
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/M.xcdatamodeld/.xccurrentversion: error: the current version 'M 9.xcdatamodel' does not exist in the bundle (versions: 'M.xcdatamodel')",
        ])
    }

    @Test("An unreadable .xccurrentversion is an error")
    func brokenPlist() throws {
        let folder = try TemporaryFolder()
        try folder.write(tinyModel, to: "M.xcdatamodeld/M.xcdatamodel/contents")
        try folder.write("<plist><dict><key>", to: "M.xcdatamodeld/.xccurrentversion")
        let loaded = load(folder.path + "/M.xcdatamodeld")
        #expect(loaded.diagnostics.map(\.message) == [".xccurrentversion is not a valid property list"])
    }

    @Test("A bundle without versions is an error")
    func emptyBundle() throws {
        let folder = try TemporaryFolder()
        try folder.write(TemporaryFolder.currentVersionPlist(nil), to: "Empty.xcdatamodeld/.xccurrentversion")
        let loaded = load(folder.path + "/Empty.xcdatamodeld")
        #expect(loaded.diagnostics.map(\.message) == ["the bundle holds no model version (no .xcdatamodel folder)"])
    }

    @Test("A binary (Xcode 3) version is refused with a clear error")
    func binaryModel() throws {
        let folder = try TemporaryFolder()
        try folder.write("bplist00", to: "Old.xcdatamodeld/Old.xcdatamodel/elements")
        try folder.write("bplist00", to: "Old.xcdatamodeld/Old.xcdatamodel/layout")
        let loaded = load(folder.path + "/Old.xcdatamodeld")
        #expect(loaded.diagnostics.map(\.description) == [
            "\(folder.path)/Old.xcdatamodeld/Old.xcdatamodel: error: binary model format (Xcode 3) is not supported; open and re-save it in Xcode 4 or later",
        ])
    }

    @Test("Missing paths and folders that are not models are errors")
    func notModels() throws {
        let folder = try TemporaryFolder()
        try folder.folder("Plain")
        try folder.folder("Hollow.xcdatamodel")
        #expect(load(folder.path + "/nope").diagnostics.map(\.message) == ["no such file or directory"])
        #expect(load(folder.path + "/Plain").diagnostics.map(\.message) == [
            "not a data model: expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file",
        ])
        #expect(load(folder.path + "/Hollow.xcdatamodel").diagnostics.map(\.message) == ["the model version has no contents file"])
    }

    @Test("ModelReader reads from a file URL")
    func readerURL() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(tinyModel, to: "contents")
        let read = try ModelReader().read(at: URL(fileURLWithPath: path))
        #expect(read.model.entities.count == 1)
        #expect(read.contentsPath == path)
    }
}

