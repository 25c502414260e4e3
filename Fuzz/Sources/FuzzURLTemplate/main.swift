import CFuzzer
import Foundation
import ModelGenerator

/// One input: a `rest.path` template as UTF-8. A template that parses must describe itself as written and
/// list, in order, exactly the key paths of its placeholder segments.
func fuzzURLTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let template = try? RESTPathTemplate(text) else { return 0 }
    precondition(template.description == text, "a parsed template must describe itself as written")
    let placeholders = template.segments.compactMap { segment -> [String]? in
        switch segment {
        case .literal: nil
        case .keyPath(let path, _), .segmentKeyPath(let path, _): path
        }
    }
    precondition(placeholders == template.keyPaths && placeholders.allSatisfy { !$0.isEmpty && !$0.contains("") },
                 "placeholders must be non-empty key paths")
    return 0
}

/// The entry point libFuzzer knows by name.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzURLTemplate(data, size)
}

// libFuzzer's driver runs the inputs (SwiftPM's `main` would hide libFuzzer's own `main`).
var arguments = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argv, { data, size in testOneInput(data, size) }))
