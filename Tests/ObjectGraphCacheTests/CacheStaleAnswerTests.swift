import Foundation
import ObjectGraph
@testable import ObjectGraphCache
import ObjectGraphConformance
import ObjectGraphREST
import RESTTestServer
import Synchronization
import Testing

/// A server answer read before a save reached the server must not undo the save in the cache once the
/// save has left the outbox.
@Suite(.testServerSlot) struct CacheStaleAnswerTests {
    static let bands = StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])])

    /// A server holding the band A, and a caching store over it whose transport can hold a `GET /Band` answer.
    private func bandABehindAHeldAnswerTransport() async throws -> (music: MusicServer, transport: HeldAnswerTransport, store: CachingStore) {
        let music = try await MusicServer.start()
        try await music.seed(bands: ["A"])
        let transport = HeldAnswerTransport(path: "/Band")
        return (music, transport, try await music.cachingStore(transport: transport))
    }

    @Test func anAnswerReadBeforeAReplayedSaveDoesNotUndoIt() async throws {
        let (music, transport, store) = try await bandABehindAHeldAnswerTransport()
        let band = try #require(try await store.fetch(Self.bands).first)

        let stale = await transport.holdingTheAnswer { try await store.fetch(Self.bands) }
        let name = try #require(music.model.entity(named: "Band")?.attributeIndex(named: "name"))
        _ = try await store.save(ChangeSet(updated: [UpdatedObject(id: band.id, entityName: "Band", attributes: [AttributeChange(index: name, value: .string("B"))], toOnes: [])]))
        await store.waitForOutbox()
        #expect(try await music.bandNamesOnServer() == ["B"])
        transport.release()
        // The REST store's answer keeps what the replayed save wrote over the older list.
        #expect(try await stale.value.strings(at: 0) == ["B"])

        await store.setPolicy(.cacheOnly)
        #expect(try await store.fetch(Self.bands).strings(at: 0) == ["B"])
        #expect(await store.rememberedOutboxRemovals == 0)
        await music.server.stop()
    }

    /// The REST store under the cache: a list the server answered before a save, arriving after it, must
    /// not put the old state back into the REST store's object cache (which answers fetches and faults).
    @Test func aListAnsweredBeforeASaveDoesNotUndoItInTheRESTStoresObjectCache() async throws {
        let music = try await MusicServer.start()
        let transport = HeldAnswerTransport(path: "/Band")
        let store = try music.remote(transport: transport)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "A")
        try await writer.save()

        let stale = await transport.holdingTheAnswer { try await store.fetch(StoreFetchRequest(entityName: "Band")) }
        band.name = "B"
        try await writer.save()
        transport.release()
        #expect(try await stale.value.strings(at: 0) == ["B"])
        #expect(try await store.snapshots(for: [band.objectID]).strings(at: 0) == ["B"])
        await music.server.stop()
    }

    @Test func replayedSavesAreRememberedOnlyWhileAReadThatMayPredateThemIsInFlight() async throws {
        let (music, transport, store) = try await bandABehindAHeldAnswerTransport()
        _ = try await store.fetch(Self.bands)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        try await saveAlbums(1...20, in: context, replayedBy: store)
        #expect(await store.rememberedOutboxRemovals == 0)

        let stale = await transport.holdingTheAnswer { try await store.fetch(Self.bands) }
        try await saveAlbums(21...25, in: context, replayedBy: store)
        #expect(await store.rememberedOutboxRemovals == 5)
        transport.release()
        _ = try await stale.value
        #expect(await store.rememberedOutboxRemovals == 0)
        #expect(try await music.remote().fetch(StoreFetchRequest(entityName: "Album")).count == 25)
        await music.server.stop()
    }

    /// Saves an album for each of `numbers`, a save at a time, each replayed to the server before the next.
    private func saveAlbums(_ numbers: ClosedRange<Int>, in context: ObjectContext, replayedBy store: CachingStore) async throws {
        for number in numbers {
            _ = Album(context: context, title: "Album \(number)")
            try await context.save()
            await store.waitForOutbox()
        }
    }
}

/// A transport that, once armed, holds the answer of the next `GET` of `path` until ``release()``: an
/// answer the server gave before what happens meanwhile.
final class HeldAnswerTransport: HTTPTransport {
    private let base = URLSessionTransport(timeout: 60)
    private let path: String
    private let armed = Mutex(false)
    private let held = AsyncStream.makeStream(of: Void.self)
    private let released = AsyncStream.makeStream(of: Void.self)

    init(path: String) {
        self.path = path
    }

    /// Starts `read` with the next answer of `path` held, and returns it once that answer is held.
    func holdingTheAnswer<T: Sendable>(of read: @escaping @Sendable () async throws -> T) async -> Task<T, any Error> {
        armed.withLock { $0 = true }
        let task = Task { try await read() }
        for await _ in held.stream { break }
        return task
    }

    func release() {
        released.continuation.yield()
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        guard request.method == .get, request.url.path() == path, armed.withLock({ armed in defer { armed = false }; return armed }) else {
            return response
        }
        held.continuation.yield()
        for await _ in released.stream { break }
        return response
    }
}
