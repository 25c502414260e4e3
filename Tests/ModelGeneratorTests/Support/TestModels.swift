import DataModel
import Foundation
@testable import ModelGenerator

/// Models for generator tests: the example models of the package and small models written inline.
enum TestModels {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Models/<name>.xcdatamodeld`.
    static func example(_ name: String) -> String {
        packageRoot.appendingPathComponent("Models/\(name).xcdatamodeld").path
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a `.xcdatamodel` whose `<model>` element holds `body`; returns its path. Line 3 is the body's first line.
    static func write(_ body: String, name: String = "Test") throws -> String {
        let folder = try temporaryDirectory().appendingPathComponent("\(name).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            \(body)
            </model>

            """
        try Data(text.utf8).write(to: folder.appendingPathComponent("contents"))
        return folder.path
    }

    /// The view model and diagnostics of an inline model.
    static func context(_ body: String, options: GenerationOptions = GenerationOptions()) throws -> (ModelContext?, [Diagnostic]) {
        try ModelGeneration(options: options).viewModel(path: try write(body))
    }
}

extension ModelContext {
    /// The entity named `name` in the model.
    func entity(_ name: String) -> EntityContext? { entities.first { $0.name == name } }
}

extension EntityContext {
    /// The attribute named `name` in the model.
    func attribute(_ name: String) -> AttributeContext? { attributes.first { $0.name == name } }
}
