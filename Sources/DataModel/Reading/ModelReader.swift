import Foundation

/// A model as read from disk, before validation.
public struct ReadModel: Sendable, Equatable {
    /// The model.
    public var model: Model
    /// The `contents` file it was read from, as a path built from the one the user gave.
    public var contentsPath: String
    /// The version folder name, when the file is inside one.
    public var versionName: String?
    /// Notes and warnings from reading: the version chosen, unknown elements and attributes,
    /// values that could not be read.
    public var diagnostics: [Diagnostic]
}

/// Reads an Xcode data model into a ``Model`` without validating it.
///
/// Accepts a `.xcdatamodeld` bundle (its current version), a `.xcdatamodel` folder, or a
/// `contents` file. ``ModelLoader`` adds validation on top.
///
/// ```swift
/// do {
///     let read = try ModelReader().read(path: "Models/Events.xcdatamodeld")
///     print(read.versionName ?? "-", read.model.entities.map(\.name))
/// } catch {
///     print(error.diagnostic)      // Models/Events.xcdatamodeld/…/contents:3:1: error: …
/// }
/// ```
public struct ModelReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads the model at `path`.
    ///
    /// - Throws: ``ModelReadError`` when there is no model to read or its XML is unusable.
    public func read(path: String) throws(ModelReadError) -> ReadModel {
        let located = try ModelLocator.locate(path)
        guard let data = FileManager.default.contents(atPath: located.contentsPath) else {
            throw ModelReadError("the file cannot be read", path: located.contentsPath)
        }
        var read = try read(xml: [UInt8](data), path: located.contentsPath)
        read.versionName = located.versionName
        read.diagnostics = located.notes + read.diagnostics
        return read
    }

    /// Reads the model at `url` (a file URL).
    public func read(at url: URL) throws(ModelReadError) -> ReadModel {
        try read(path: url.path)
    }

    /// Reads a model from the bytes of a `contents` file; `path` names it in diagnostics.
    public func read(xml bytes: [UInt8], path: String) throws(ModelReadError) -> ReadModel {
        let root: XMLElementNode
        do {
            root = try XMLDocumentParser.parse(bytes)
        } catch {
            throw ModelReadError(error.message, path: path, location: error.location)
        }
        guard root.name == "model" else {
            throw ModelReadError(
                "not a Core Data model: the root element is <\(root.name)>, expected <model>",
                path: path,
                location: root.location
            )
        }
        var decoder = ModelDecoder(path: path)
        let model = decoder.decodeModel(root)
        return ReadModel(model: model, contentsPath: path, versionName: nil, diagnostics: decoder.log.diagnostics)
    }
}
