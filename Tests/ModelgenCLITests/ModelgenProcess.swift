import Foundation

/// Runs the built `modelgen` executable, which SwiftPM puts next to the test bundle.
struct ModelgenProcess {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `modelgen` binary in the build products folder, when it is there.
    static let executablePath: String? = {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.appendingPathComponent("modelgen"),
            bundle.deletingLastPathComponent().appendingPathComponent("modelgen"),
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("modelgen"),
        ]
        return candidates.compactMap { $0?.path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Fixture models shared with the DataModel tests.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
            + "/DataModelTests/Fixtures/" + name
    }

    static func golden(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
            + "/DataModelTests/Golden/" + name
    }

    static func run(_ arguments: String...) throws -> Output {
        try run(arguments)
    }

    static func run(_ arguments: [String]) throws -> Output {
        guard let executablePath else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = arguments
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let outputData = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errorData = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}
