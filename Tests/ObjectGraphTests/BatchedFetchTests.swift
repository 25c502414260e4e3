import ObjectGraph
import ObjectGraphConformance
import Testing

/// The answer of a fetch started in a task of the main actor.
@MainActor private final class FetchedBands {
    var bands: [Band] = []
}

/// A fetch builds objects batch by batch while other work of the context's isolation can run between
/// batches; the answer stays the registered, live objects.
@MainActor @Suite struct BatchedFetchTests {
    /// Six bands in a store that hands over snapshots, or objects decoded from rows when `decodesRows`.
    private func seededStore(decodesRows: Bool) async throws -> (GatedStore, [AnyObjectID]) {
        let store = GatedStore(model: MusicModel.model.schema, decodesRows: decodesRows)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let bands = (0..<6).map { Band(context: writer, name: "band \($0)") }
        try await writer.save()
        return (store, bands.map(\.objectID))
    }

    /// Fetches every band into `context` and runs `between` once the objects of the first batch are
    /// registered and the store holds back the second.
    private func fetchBands(
        into context: ObjectContext, from store: GatedStore, firstID: AnyObjectID, between: () async throws -> Void
    ) async throws -> [Band] {
        let answer = FetchedBands()
        let gate = store.arm("secondBatch")
        let fetching = Task { answer.bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)]) }
        await gate.entered()
        while context.registeredObject(for: firstID) == nil { await Task.yield() }
        try await between()
        gate.release()
        try await fetching.value
        return answer.bands
    }

    @Test(arguments: [false, true])
    func anObjectRegisteredBetweenBatchesIsTheOneTheFetchReturns(decodesRows: Bool) async throws {
        let (store, ids) = try await seededStore(decodesRows: decodesRows)
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

    @Test(arguments: [false, true])
    func aResetBetweenBatchesStillAnswersWithLiveObjects(decodesRows: Bool) async throws {
        let (store, ids) = try await seededStore(decodesRows: decodesRows)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = try await fetchBands(into: context, from: store, firstID: ids[0]) { context.reset() }
        #expect(bands.map(\.objectID) == ids)
        #expect(bands.allSatisfy { $0.context === context })
        #expect(try await context.object(with: ids[0]) === bands[0])
    }
}
