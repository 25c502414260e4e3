import CFuzzer
import Foundation
import FuzzRESTModel
import ObjectGraph
import ObjectGraphREST

/// One input: a response body. A store of the fixed model (`FuzzRESTModel.swift`, shared with the REST
/// tests) answers every request with it; fetching artists parses and decodes it, throwing a typed
/// ``RESTError`` for anything unusable. Any other error, crash, hang or sanitizer report is a finding.
func fuzzRESTDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    // The task takes the body out of a global slot instead of capturing it: a task's captures are freed
    // only after it signals, which LeakSanitizer would report as a leak of every input.
    InputSlot.body = Data(bytes: data, count: size)
    let done = DispatchSemaphore(value: 0)
    Task {
        defer { done.signal() }
        await decode(InputSlot.take())
    }
    done.wait()
    return 0
}

/// Fetches artists (and the first one's albums) from a store answering with `body`.
func decode(_ body: Data) async {
    do {
        let store = try FuzzRESTModel.store(answering: body)
        let artists = try await store.fetch(StoreFetchRequest(entityName: "Artist"))
        if let first = artists.first {
            _ = try await store.relatedIDs(for: "albums", of: "Artist", ids: [first.id])
        }
    } catch is RESTError {
    } catch {
        fatalError("an error that is not a RESTError: \(error)")
    }
}

/// The current input, handed from libFuzzer's thread to the task that decodes it (one at a time).
enum InputSlot {
    nonisolated(unsafe) static var body = Data()

    static func take() -> Data {
        defer { body = Data() }
        return body
    }
}

/// The entry point libFuzzer knows by name.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRESTDecoder(data, size)
}

// libFuzzer's driver runs the inputs (SwiftPM's `main` would hide libFuzzer's own `main`).
var arguments = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argv, { data, size in testOneInput(data, size) }))
