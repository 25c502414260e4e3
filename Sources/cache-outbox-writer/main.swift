// Saves bands through a CachingStore with a file cache, each save its own outbox entry, while the outbox
// replays them to a server (or, with `offline`, through a transport that cannot reach it, so every save
// waits in the outbox): the outbox crash test of ObjectGraphCacheTests runs it and sends SIGKILL in the
// middle, then runs it again online with a count of 0 to finish the replay. After each save returns it
// prints `saved <number>` (unbuffered); once the outbox is empty, `replayed`; offline, `queued` at the end.
//
// Usage: cache-outbox-writer <server URL> <cache path> <first number> <save count> [offline]
import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer

let arguments = CommandLine.arguments
guard arguments.count == 5 || (arguments.count == 6 && arguments[5] == "offline"), let baseURL = URL(string: arguments[1]), let first = Int(arguments[3]), let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: cache-outbox-writer <server URL> <cache path> <first number> <save count> [offline]\n".utf8))
    exit(2)
}

do {
    let model = MusicModel.model.schema
    var configuration = MusicREST.configuration(for: model, mappings: MusicREST.mappings(for: model))
    configuration.retry = .none
    let isOffline = arguments.count == 6
    let remote = try RESTStore(model: model, baseURL: baseURL, transport: SwitchableTransport(offline: isOffline), configuration: configuration)
    let store = try await CachingStore(remote: remote, cache: .file(arguments[2]), configuration: .init(
        initialReplayDelay: .milliseconds(10), maximumReplayDelay: .milliseconds(100)))
    let context = try ObjectContext(store: store, model: MusicModel.model)
    for number in first..<(first + count) {
        _ = Band(context: context, name: "band \(number)")
        try await context.save()
        FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
    }
    if isOffline {
        FileHandle.standardOutput.write(Data("queued\n".utf8))
        exit(0)
    }
    await store.waitForOutbox()
    let waiting = await store.outboxEntries
    guard waiting.isEmpty else {
        FileHandle.standardError.write(Data("cache-outbox-writer: \(waiting.count) entries wait: \(waiting.compactMap(\.refusal))\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("replayed\n".utf8))
} catch {
    FileHandle.standardError.write(Data("cache-outbox-writer: \(error)\n".utf8))
    exit(1)
}
