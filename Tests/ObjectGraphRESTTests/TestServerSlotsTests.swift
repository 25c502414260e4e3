import Foundation
import struct ObjectGraphConformance.TestServerSlots
import Synchronization
import Testing

/// The ``TestServerSlots`` trait lets no more than ``TestServerSlots/count`` marked cases run at once,
/// counting the cases of every marked suite that run beside these, and every suite that starts test
/// servers carries it.
@Suite(.testServerSlot) struct TestServerSlotsTests {
    private static let running = Mutex((now: 0, most: 0))

    @Test(arguments: 0..<(3 * TestServerSlots.count))
    func casesBeyondTheSlotsWait(_ index: Int) async throws {
        let now = Self.running.withLock { running in
            running.now += 1
            running.most = max(running.most, running.now)
            return running.now
        }
        #expect(now <= TestServerSlots.count, "case \(index) ran beside \(now - 1) others")
        try await Task.sleep(for: .milliseconds(20))
        Self.running.withLock { $0.now -= 1 }
    }

    /// The calls that start a test server: `TestServer.start` and the helpers of the test targets around it.
    private static let serverStarts = ["TestServer.start(", "MusicServer.start(", "withServer("]

    /// A suite or free test function added without the trait would start servers unthrottled; enough of
    /// them at once take every Dispatch worker again and hang the run (see ``TestServerSlots``).
    @Test func everySuiteThatStartsServersTakesASlot() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var startingServers = 0
        var unthrottled: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard Self.serverStarts.contains(where: text.contains) else { continue }
            let declarations = text.split(separator: "\n").enumerated().filter { _, line in
                line.hasPrefix("@Suite") || (!text.contains("@Suite") && line.hasPrefix("@Test"))
            }
            startingServers += declarations.isEmpty ? 0 : 1
            for (number, line) in declarations where !line.contains(".testServerSlot") {
                unthrottled.append("\(file.lastPathComponent):\(number + 1): \(line)")
            }
        }
        #expect(startingServers >= 30)
        #expect(unthrottled.isEmpty, "declarations that start test servers without .testServerSlot: \(unthrottled)")
    }
}
