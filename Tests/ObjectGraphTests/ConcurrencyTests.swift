import ObjectGraph
import ObjectGraphConformance
import Testing

/// A context used from inside a custom actor: created, mutated, saved and queried in its isolation.
actor Catalogue {
    private let context: ObjectContext

    init(store: InMemoryStore) throws {
        context = try ObjectContext(store: store, model: MusicModel.model)
    }

    func addAlbum(_ title: String, by bandName: String) async throws {
        let band = try await Band.first(in: context, where: \.name == bandName) ?? Band(context: context, name: bandName)
        let album = Album(context: context, title: title)
        album.setBand(band)
        try await context.save()
    }

    func titles(by bandName: String) async throws -> [String] {
        let band = try await Band.first(in: context, where: \.name == bandName)
        return try await band?.albums.map(\.title) ?? []
    }
}

@Suite struct ConcurrencyTests {
    @MainActor @Test func contextOnTheMainActor() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        band.addToAlbums(Album(context: context, title: "Hey What"))
        try await context.save()
        let albums = try await context.fetch(Album.self, where: \.band.name == "Low", sortedBy: [.ascending(\.title)], limit: 20)
        #expect(albums.map(\.title) == ["Hey What"])
        #expect(try await albums.first?.band === band)
    }

    @Test func contextInsideAnActor() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let catalogue = try Catalogue(store: store)
        try await catalogue.addAlbum("Bleach", by: "Nirvana")
        try await catalogue.addAlbum("Nevermind", by: "Nirvana")
        #expect(try await catalogue.titles(by: "Nirvana") == ["Bleach", "Nevermind"])
    }

    @Test func contextsInParallelTasksShareOneStore() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let context = try ObjectContext(store: store, model: MusicModel.model)
                    _ = Tag(context: context, name: "tag-\(index)")
                    try await context.save()
                }
            }
            try await group.waitForAll()
        }
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await Tag.count(in: reader) == 8)
    }

    @Test func objectIDsCrossIsolationDomains() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let id = Band(context: writer, name: "Grouper").typedID
        try await writer.save()
        let permanent = try #require(try await Band.first(in: writer)?.typedID)
        #expect(id.isTemporary && !permanent.isTemporary)
        let name = try await Task.detached {
            let reader = try ObjectContext(store: store, model: MusicModel.model)
            return try await reader.existingObject(with: permanent).name
        }.value
        #expect(name == "Grouper")
    }
}
