import Foundation
import ObjectGraph
import ObjectGraphConformance
import RESTTestServer
import Testing

/// SIGKILL of a process that saves through the outbox while it replays (or offline, every save waiting),
/// then a restart online that finishes the replay: every save that returned before the kill is on the
/// server exactly once, in save order.
@Suite(.testServerSlot, .serialized) struct OutboxCrashTests {
    @Test(arguments: [(15, false), (40, false), (70, false), (20, true), (60, true)])
    func everySaveMadeBeforeAKillReachesTheServerOnceAndInOrder(killAfter saves: Int, offline: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = directory.path + "/outbox.sqlite"
        let music = try await MusicServer.start()

        let writer = try Self.writer(music.server.baseURL, cache, first: 1, count: 1000, offline: offline)
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        let printed = await ProcessOutput.lines(of: output.fileHandleForReading, until: saves + Int.random(in: 0..<10)) {
            kill(writer.processIdentifier, SIGKILL)
        }
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
        let saved = printed.compactMap { Int($0.dropFirst("saved ".count)) }
        if offline { #expect(try await music.bandNamesOnServer().isEmpty) }
        #expect(saved == Array(1...max(saved.count, 1)).prefix(saved.count).map { $0 })

        let restart = try Self.writer(music.server.baseURL, cache, first: 0, count: 0)
        let restartOutput = Pipe()
        restart.standardOutput = restartOutput
        try restart.run()
        let finished = await ProcessOutput.lines(of: restartOutput.fileHandleForReading, until: .max) {}
        restart.waitUntilExit()
        #expect(restart.terminationStatus == 0)
        #expect(finished == ["replayed"])

        let names = try await music.bandNamesOnServer()
        let numbers = names.compactMap { Int($0.dropFirst("band ".count)) }
        // Saves that returned are there once each and in order; a save killed before it returned may be
        // there too (its entry was queued), after them and at most once.
        #expect(Array(numbers.prefix(saved.count)) == saved)
        #expect(numbers == Array(1...max(numbers.count, 1)).prefix(numbers.count).map { $0 })
        #expect(numbers.count <= saved.count + 1)
        await music.server.stop()
    }

    private static func writer(_ url: URL, _ cache: String, first: Int, count: Int, offline: Bool = false) throws -> Process {
        let process = Process()
        process.executableURL = try HelperExecutable.url(named: "cache-outbox-writer")
        process.arguments = [url.absoluteString, cache, String(first), String(count)] + (offline ? ["offline"] : [])
        return process
    }
}
