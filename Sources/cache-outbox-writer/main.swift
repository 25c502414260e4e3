// Saves bands through a CachingStore with a file cache, each save its own outbox entry, while the outbox
// replays them to a server: the outbox crash test of ObjectGraphCacheTests runs it and sends SIGKILL in
// the middle, then runs it again with a count of 0 to finish the replay. After each save returns it prints
// `saved <number>` (unbuffered); once the outbox is empty, `replayed`.
//
// Usage: cache-outbox-writer <server URL> <cache path> <first number> <save count>
import Foundation
import ObjectGraph
import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer

let arguments = CommandLine.arguments
guard arguments.count == 5, let baseURL = URL(string: arguments[1]), let first = Int(arguments[3]), let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: cache-outbox-writer <server URL> <cache path> <first number> <save count>\n".utf8))
    exit(2)
}

do {
    let model = MusicModel.model.schema
    var configuration = MusicREST.configuration(for: model, mappings: MusicREST.mappings(for: model))
    configuration.retry = .none
    let remote = try RESTStore(model: model, baseURL: baseURL, transport: URLSessionTransport(timeout: 60), configuration: configuration)
    let store = try await CachingStore(remote: remote, cache: .file(arguments[2]), configuration: .init(
        initialReplayDelay: .milliseconds(10), maximumReplayDelay: .milliseconds(100)))
    let context = try ObjectContext(store: store, model: MusicModel.model)
    for number in first..<(first + count) {
        _ = Band(context: context, name: "band \(number)")
        try await context.save()
        FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
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
