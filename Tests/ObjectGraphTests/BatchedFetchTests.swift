import ObjectGraph
import ObjectGraphConformance
import Synchronization
import Testing

/// A store whose fetches deliver the in-memory answer in two batches, the second one only when the test
/// releases it, so the test can act on the context between two batches.
private final class GatedBatchStore: ForwardingStore {
    private struct Gate {
        var isFirstBatchOut = false
        var firstBatchWaiter: CheckedContinuation<Void, Never>?
        var release: CheckedContinuation<Void, Never>?
    }

    let base: InMemoryStore
    private let gate = Mutex(Gate())

    init(base: InMemoryStore) { self.base = base }

    func fetchInBatches(_ request: StoreFetchRequest) -> AsyncThrowingStream<[Snapshot], any Error> {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [Snapshot].self)
        Task {
            let all = try await base.fetch(request)
            continuation.yield(Array(all[..<(all.count / 2)]))
            await withCheckedContinuation { release in
                gate.withLock { gate in
                    gate.release = release
                    gate.isFirstBatchOut = true
                    gate.firstBatchWaiter?.resume()
                    gate.firstBatchWaiter = nil
                }
            }
            continuation.yield(Array(all[(all.count / 2)...]))
            continuation.finish()
        }
        return batches
    }

    /// Waits until the first batch is out and the store waits to deliver the second.
    func waitForFirstBatch() async {
        await withCheckedContinuation { waiter in
            gate.withLock { gate in
                if gate.isFirstBatchOut { waiter.resume() } else { gate.firstBatchWaiter = waiter }
            }
        }
    }

    /// Lets the store deliver the second batch.
    func releaseSecondBatch() {
        gate.withLock { gate in
            gate.release?.resume()
            gate.release = nil
        }
    }
}

/// The answer of a fetch started in a task of the main actor.
@MainActor private final class FetchedBands {
    var bands: [Band] = []
}

/// A fetch builds objects batch by batch while other work of the context's isolation can run between
/// batches; the answer stays the registered, live objects.
@MainActor @Suite struct BatchedFetchTests {
    private func seededStore() async throws -> (GatedBatchStore, [AnyObjectID]) {
        let base = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: base, model: MusicModel.model)
        let bands = (0..<6).map { Band(context: writer, name: "band \($0)") }
        try await writer.save()
        return (GatedBatchStore(base: base), bands.map(\.objectID))
    }

    /// Fetches every band into `context` and runs `between` once the objects of the first batch are
    /// registered and the store holds back the second.
    private func fetchBands(
        into context: ObjectContext, from store: GatedBatchStore, firstID: AnyObjectID, between: () async throws -> Void
    ) async throws -> [Band] {
        let answer = FetchedBands()
        let fetching = Task { answer.bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)]) }
        await store.waitForFirstBatch()
        while context.registeredObject(for: firstID) == nil { await Task.yield() }
        try await between()
        store.releaseSecondBatch()
        try await fetching.value
        return answer.bands
    }

    @Test func anObjectRegisteredBetweenBatchesIsTheOneTheFetchReturns() async throws {
        let (store, ids) = try await seededStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var late: Band?
        let bands = try await fetchBands(into: context, from: store, firstID: ids[0]) {
            late = try #require(try await context.object(with: ids[5]) as? Band)
            late?.name = "band 5, renamed"
        }
        #expect(bands.map(\.objectID) == ids)
        #expect(bands[5] === late && bands[5].name == "band 5, renamed")
        #expect(Set(bands.map(ObjectIdentifier.init)).count == ids.count)
        #expect(bands.allSatisfy { $0.context === context })
    }

    @Test func aResetBetweenBatchesStillAnswersWithLiveObjects() async throws {
        let (store, ids) = try await seededStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = try await fetchBands(into: context, from: store, firstID: ids[0]) { context.reset() }
        #expect(bands.map(\.objectID) == ids)
        #expect(bands.allSatisfy { $0.context === context })
        #expect(try await context.object(with: ids[0]) === bands[0])
    }
}
