import Foundation

/// Paths of the test fixtures and goldens in the source tree.
enum Fixtures {
    /// `Tests/DataModelTests`.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    /// The path of a fixture model under `Fixtures/`.
    static func model(_ name: String) -> String {
        testsFolder + "/Fixtures/" + name
    }

    /// The path of a golden file under `Golden/`.
    static func golden(_ name: String) -> String {
        testsFolder + "/Golden/" + name
    }

    /// Whether goldens should be rewritten instead of compared: `MODELGEN_UPDATE_GOLDENS=1 swift test`.
    static let updatingGoldens = ProcessInfo.processInfo.environment["MODELGEN_UPDATE_GOLDENS"] == "1"
}
