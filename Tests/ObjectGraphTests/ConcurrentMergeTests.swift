import ObjectGraph
import ObjectGraphConformance
import Testing

/// One of several contexts that save random changes concurrently, each in its own actor.
actor RandomWriter {
    private let context: ObjectContext
    private var random: SeededGenerator
    private let name: String

    init(store: InMemoryStore, name: String, seed: UInt64) throws {
        context = try ObjectContext(store: store, model: MusicModel.model)
        random = SeededGenerator(seed: seed)
        self.name = name
    }

    /// Inserts, updates, moves or deletes something and saves; a save that collides with another
    /// writer's deletion is rolled back. Returns whether the save went through.
    func step(_ number: Int) async throws -> Bool {
        let bands = try await Band.fetch(in: context)
        let albums = try await Album.fetch(in: context)
        var choice = Int.random(in: 0..<6, using: &random)
        if choice == 1 && bands.count < 3 { choice = 0 }
        switch choice {
        case 0:
            let band = Band(context: context, name: "\(name) band \(number)")
            band.rating = Double(Int.random(in: 0...5, using: &random))
        case 1:
            bands.randomElement(using: &random)?.rating = Double(Int.random(in: 0...50, using: &random)) / 10
        case 2:
            let album = Album(context: context, title: "\(name) album \(number)")
            album.setBand(bands.randomElement(using: &random))
        case 3:
            albums.randomElement(using: &random)?.setBand(bands.randomElement(using: &random))
        case 4:
            if let album = albums.randomElement(using: &random) { context.delete(album) }
        default:
            if bands.count > 4, let band = bands.randomElement(using: &random) { context.delete(band) }
        }
        do {
            try await context.save()
            return true
        } catch {
            context.rollback()
            return false
        }
    }
}

@Suite struct ConcurrentMergeTests {
    /// Band names with ratings, and each band's album titles, as a fresh context reads them.
    private struct State: Equatable {
        var bands: [String: Double] = [:]
        var albums: [String: Set<String>] = [:]
    }

    private func freshState(_ store: InMemoryStore) async throws -> State {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var state = State()
        for band in try await Band.fetch(in: context) {
            state.bands[band.name] = band.rating
            state.albums[band.name] = Set(try await band.albums.map(\.title))
        }
        return state
    }

    /// The observer's view of the bands it holds, without fetching: only merges bring it up to date.
    private func heldState(_ bands: [Band]) async throws -> State {
        var state = State()
        for band in bands where !band.isDeleted {
            state.bands[band.name] = band.rating
            state.albums[band.name] = Set(try await band.albums.map(\.title))
        }
        return state
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func concurrentWritersNeverMakeAnObserverMissAChange(seed: UInt64) async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let seeder = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<6 {
            let band = Band(context: seeder, name: "band \(number)")
            Album(context: seeder, title: "album \(number)").setBand(band)
        }
        try await seeder.save()

        let observer = try ObjectContext(store: store, model: MusicModel.model)
        let held = try await Band.fetch(in: observer)
        for band in held { _ = try await band.albums }
        var observed = observer.changes.makeAsyncIterator()
        let slowStore = store.changes()
        var storeIterator = slowStore.makeAsyncIterator()
        var knownBands = Set(held.map(\.objectID))

        let writers = try (0..<3).map { try RandomWriter(store: store, name: "w\($0)", seed: seed &* 31 &+ UInt64($0)) }
        var committed = 0
        for round in 0..<40 {
            committed += try await withThrowingTaskGroup(of: Bool.self) { group in
                for writer in writers { group.addTask { try await writer.step(round) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            try await observer.mergeChanges()
            let fresh = try await freshState(store)
            let heldFresh = fresh.bands.filter { name, _ in held.contains { $0.name == name && !$0.isDeleted } }
            let view = try await heldState(held)
            #expect(view.bands == heldFresh, "seed \(seed), round \(round)")
            #expect(view.albums == fresh.albums.filter { heldFresh[$0.key] != nil }, "seed \(seed), round \(round)")

            // The store's observer, read every other round, coalesces but loses nothing.
            if round.isMultiple(of: 2), let change = await storeIterator.next() {
                for id in change.ids(.inserted)["Band"] ?? [] { knownBands.insert(id) }
                for id in change.ids(.deleted)["Band"] ?? [] { knownBands.remove(id) }
                let context = try ObjectContext(store: store, model: MusicModel.model)
                #expect(knownBands == Set(try await Band.fetch(in: context).map(\.objectID)), "seed \(seed), round \(round)")
            }
        }
        #expect(committed > 40)
        // Every merge reached the observer's change sequence.
        let merged = try #require(try await observed.next())
        #expect(merged.causes == .merged)
    }
}
