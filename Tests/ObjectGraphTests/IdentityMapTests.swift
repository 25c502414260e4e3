import ObjectGraph
import ObjectGraphConformance
import Testing

/// Inserted objects are found by their temporary IDs until they are saved or rolled back, and by their
/// permanent IDs after a save.
@Suite struct IdentityMapTests {
    @Test func insertedObjectsAreRegisteredUnderTheirTemporaryIDsUntilSaved() async throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let low = Band(context: context, name: "Low")
        let temporary = low.objectID
        #expect(context.registeredObject(for: temporary) === low)
        let later = Band(context: context, name: "Later")
        #expect(context.registeredObject(for: later.objectID) === later)
        #expect(context.registeredObject(for: AnyObjectID(entityName: "Band", key: temporary.key)) === low)
        #expect(context.registeredObject(for: AnyObjectID(entityName: "Album", key: temporary.key)) == nil)

        try await context.save()
        #expect(context.registeredObject(for: temporary) == nil)
        #expect(context.registeredObject(for: low.objectID) === low)
        #expect(context.registeredObject(for: later.objectID) === later)
        #expect(try await context.object(with: temporary) == nil)
    }

    @Test func rolledBackInsertsAreNoLongerRegistered() throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        #expect(context.registeredObject(for: band.objectID) === band)
        context.rollback()
        #expect(context.registeredObject(for: band.objectID) == nil)
        let again = Band(context: context, name: "Low again")
        #expect(context.registeredObject(for: again.objectID) === again)
    }

    @Test func aFailedSaveKeepsInsertsRegistered() async throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let album = Album(context: context, title: "")
        await #expect(throws: ObjectGraphError.self) { try await context.save() }
        #expect(album.objectID.isTemporary)
        #expect(context.registeredObject(for: album.objectID) === album)
    }

    @Test func savedObjectsAreTheInstancesLaterFetchesAndLookupsReturn() async throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let bands = (0..<50).map { Band(context: context, name: "band \($0)") }
        try await context.save()
        let fetched = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        #expect(Set(fetched.map(ObjectIdentifier.init)) == Set(bands.map(ObjectIdentifier.init)))
        for band in bands { #expect(try await context.object(with: band.objectID) === band) }
    }

    @Test func aSaveThatDeletesAndInsertsKeepsTheRemainingInstancesFindable() async throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let first = (0..<5).map { Band(context: context, name: "first \($0)") }
        try await context.save()
        context.delete(first[0])
        let second = (0..<5).map { Band(context: context, name: "second \($0)") }
        try await context.save()
        #expect(context.registeredObject(for: first[0].objectID) == nil)
        for band in first.dropFirst() + second { #expect(context.registeredObject(for: band.objectID) === band) }
        let third = Band(context: context, name: "third")
        try await context.save()
        context.reset()
        #expect(context.registeredObject(for: third.objectID) == nil)
        #expect(context.registeredObject(for: second[0].objectID) == nil)
        let fresh = try await context.object(with: second[0].objectID)
        #expect(fresh !== second[0])
        #expect((fresh as? Band)?.name == "second 0")
    }

    @Test func aFirstFetchIntoAnEmptyContextRegistersObjectsLaterFetchesAndLookupsFind() async throws {
        let store = try await storeWithBands(30)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let first = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        let second = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        #expect(first.count == 30)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        for band in first {
            #expect(context.registeredObject(for: band.objectID) === band)
            #expect(try await context.object(with: band.objectID) === band)
        }
    }
}

/// A store holding `count` saved bands named `band 0`, `band 1`, …
func storeWithBands(_ count: Int) async throws -> InMemoryStore {
    let store = InMemoryStore(model: MusicModel.model.schema)
    let writer = try ObjectContext(store: store, model: MusicModel.model)
    for number in 0..<count { _ = Band(context: writer, name: "band \(number)") }
    try await writer.save()
    return store
}

/// Objects loaded together share their relationship states until one of them changes; a change stays with
/// its object.
@Suite struct SharedLoadStateTests {
    @Test func changingOneLoadedObjectsRelationshipsLeavesItsBatchAlone() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let (low, other) = (Band(context: writer, name: "Low"), Band(context: writer, name: "Other"))
        for number in 0..<10 {
            let album = Album(context: writer, title: "album \(number)")
            album.setBand(low)
        }
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await context.fetch(Album.self, sortedBy: [.ascending(\.title)])
        let newBand = try #require(try await context.object(with: other.objectID) as? Band)
        for (number, album) in albums.enumerated() where number.isMultiple(of: 2) { album.setBand(newBand) }
        for (number, album) in albums.enumerated() {
            #expect(try await album.band?.name == (number.isMultiple(of: 2) ? "Other" : "Low"))
        }
        try await context.save()

        let fresh = try ObjectContext(store: store, model: MusicModel.model)
        for (number, album) in try await fresh.fetch(Album.self, sortedBy: [.ascending(\.title)]).enumerated() {
            #expect(try await album.band?.name == (number.isMultiple(of: 2) ? "Other" : "Low"))
        }
        let reloaded = try #require(try await fresh.object(with: low.objectID) as? Band)
        #expect(try await reloaded.albums.count == 5)
    }

    @Test func loadedToOnesPointAtEachObjectsOwnCommittedDestinationThroughChangesAndRollback() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let bands = ["Low", "Codeine", "Galaxie 500"].map { Band(context: writer, name: $0) }
        for number in 0..<9 {
            let album = Album(context: writer, title: "album \(number)")
            if number < 6 { album.setBand(bands[number % 3]) }
        }
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await context.fetch(Album.self, sortedBy: [.ascending(\.title)])
        let expected: [String?] = (0..<9).map { $0 < 6 ? bands[$0 % 3].name : nil }
        #expect(try await albums.asyncMap { try await $0.band?.name } == expected)

        let other = try await context.fetch(Album.self, sortedBy: [.ascending(\.title)])
        other[0].setBand(nil)
        let codeine: Band = try #require(try await other[1].band)
        other[7].setBand(codeine)
        let (cleared, moved) = (try await other[0].band, try await other[7].band)
        #expect(cleared == nil && moved?.name == "Codeine")
        context.rollback()
        #expect(try await albums.asyncMap { try await $0.band?.name } == expected)

        let galaxie: Band = try #require(try await albums[2].band)
        albums[8].setBand(galaxie)
        try await context.save()
        let saved = try ObjectContext(store: store, model: MusicModel.model)
        var afterSave = expected
        afterSave[8] = "Galaxie 500"
        let savedAlbums = try await saved.fetch(Album.self, sortedBy: [.ascending(\.title)])
        #expect(try await savedAlbums.asyncMap { try await $0.band?.name } == afterSave)
        #expect(try await albums.asyncMap { try await $0.band?.name } == afterSave)
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
