import CFuzzer
import Foundation
import DataModel

/// One input: the bytes of a `contents` file. Reading may fail with a located error; a model that reads
/// is validated. Any crash, hang or sanitizer report is a finding.
func fuzzModelReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let read = try? ModelReader().read(xml: bytes, path: "fuzz/contents") else { return 0 }
    _ = ModelValidator().validate(read.model, path: "fuzz/contents")
    return 0
}

/// The entry point libFuzzer knows by name.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzModelReader(data, size)
}

// libFuzzer's driver runs the inputs (SwiftPM's `main` would hide libFuzzer's own `main`).
var arguments = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argv, { data, size in testOneInput(data, size) }))
