@testable import ObjectGraph
import ObjectGraphConformance
import Testing

/// Changes made to a context while its own `save()` awaits the store are kept: they stay pending as
/// changes against what the save wrote, and the next save writes them; a save that fails gives back its
/// own changes merged with them.
@MainActor @Suite struct ChangesDuringSaveTests {
    struct StoreDown: Error, Equatable {}

    /// A gated store holding bands Low (rating 1, album C'mon) and Galaxie (rating 1), and a context over it
    /// with both bands and the album loaded.
    private static func loaded() async throws -> (GatedStore, ObjectContext, low: Band, galaxie: Band, album: Album) {
        let store = GatedStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: writer, name: "Low")
        low.rating = 1
        Band(context: writer, name: "Galaxie").rating = 1
        Album(context: writer, title: "C'mon").setBand(low)
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let bands = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        let album = try #require(try await context.fetch(Album.self).first)
        return (store, context, bands[1], bands[0], album)
    }

    /// ``loaded()`` with two changes pending before a save: Low's rating set to 2, and band Mono inserted.
    private static func loadedWithChanges() async throws -> (GatedStore, ObjectContext, low: Band, galaxie: Band, album: Album, mono: Band) {
        let (store, context, low, galaxie, album) = try await loaded()
        low.rating = 2
        return (store, context, low, galaxie, album, Band(context: context, name: "Mono"))
    }

    /// Saves `context`, running `meanwhile` while the store holds the save; the save throws `failure`
    /// after `meanwhile` when given.
    private static func save(
        _ context: ObjectContext, in store: GatedStore, failingWith failure: (any Error)? = nil,
        meanwhile: @MainActor () async throws -> Void
    ) async throws {
        let gate = store.arm("save", failingWith: failure)
        let saving = Task { @MainActor in try await context.save() }
        await gate.entered()
        try await meanwhile()
        gate.release()
        try await saving.value
    }

    /// A new context reading what `store` holds.
    private static func reader(_ store: GatedStore) throws -> ObjectContext {
        try ObjectContext(store: store, model: MusicModel.model)
    }

    /// The identities of `objects`, to compare lists of objects.
    private func ids(_ objects: [ManagedObject]) -> [ObjectIdentifier] {
        objects.map(ObjectIdentifier.init)
    }

    private static func storedBand(_ name: String, in store: GatedStore) async throws -> Band? {
        try await Band.first(in: reader(store), where: \.name == name)
    }

    @Test func anAttributeChangedDuringTheSaveOfItsObjectStaysAChange() async throws {
        let (store, context, low, _, _) = try await Self.loaded()
        low.rating = 2
        try await Self.save(context, in: store) {
            low.rating = 3
            low.isActive = false
        }
        #expect(context.hasChanges && low.isUpdated && ids(context.updatedObjects) == ids([low]))
        #expect(Array(low.changedAttributes.indices) == [2, 3])
        #expect(low.changedAttributes.map(\.value) == [.double(2), .bool(true)], "the committed values are the saved ones")
        #expect(try await Self.storedBand("Low", in: store)?.rating == 2)
        #expect(try await Self.storedBand("Low", in: store)?.isActive == true)

        try await context.save()
        #expect(!context.hasChanges && !low.isUpdated)
        let stored = try #require(try await Self.storedBand("Low", in: store))
        #expect(stored.rating == 3 && !stored.isActive)
    }

    @Test func anObjectInsertedBySaveKeepsChangesMadeDuringIt() async throws {
        let (store, context, _, _, _) = try await Self.loaded()
        let mono = Band(context: context, name: "Mono")
        try await Self.save(context, in: store) {
            mono.name = "Mono!"
            mono.rating = 4
        }
        #expect(!mono.objectID.isTemporary && !mono.isInserted && mono.isUpdated)
        #expect(context.insertedObjects.isEmpty && ids(context.updatedObjects) == ids([mono]))
        #expect(Array(mono.changedAttributes.indices) == [0, 2])
        #expect(mono.changedAttributes.map(\.value) == [.string("Mono"), .double(0)], "the committed values are the saved ones")
        let saved = try #require(try await Self.storedBand("Mono", in: store))
        #expect(saved.rating == 0)

        try await context.save()
        #expect(!context.hasChanges)
        #expect(try await Self.storedBand("Mono", in: store) == nil)
        #expect(try await Self.storedBand("Mono!", in: store)?.rating == 4)
    }

    @Test func rollbackAfterTheSaveReturnsToWhatItWrote() async throws {
        let (store, context, low, _, _, mono) = try await Self.loadedWithChanges()
        try await Self.save(context, in: store) {
            low.rating = 3
            mono.name = "Mono!"
        }
        context.rollback()
        #expect(!context.hasChanges)
        #expect(low.rating == 2 && mono.name == "Mono" && !mono.isDeleted)
    }

    @Test func toOnesSetOrClearedDuringTheSaveStayChanges() async throws {
        let (store, context, low, galaxie, album) = try await Self.loaded()
        let lowAlbums = try await low.albums
        let galaxieAlbums = try await galaxie.albums
        #expect(ids(lowAlbums) == ids([album]) && galaxieAlbums.isEmpty)
        album.title = "C'mon!"
        let inserted = Album(context: context, title: "Drums and Guns")
        inserted.setBand(low)
        try await Self.save(context, in: store) {
            album.setBand(galaxie)
            inserted.setBand(nil)
        }
        #expect(try await low.albums.isEmpty)
        #expect(try await ids(galaxie.albums) == ids([album]))
        #expect(Set(ids(context.updatedObjects)) == Set(ids([album, inserted, low, galaxie])))
        let afterFirst = try Self.reader(store)
        #expect(try await Set(#require(Band.first(in: afterFirst, where: \.name == "Low")).albums.map(\.title)) == ["C'mon!", "Drums and Guns"])

        try await context.save()
        #expect(!context.hasChanges)
        let afterSecond = try Self.reader(store)
        #expect(try await #require(Band.first(in: afterSecond, where: \.name == "Low")).albums.isEmpty)
        #expect(try await #require(Band.first(in: afterSecond, where: \.name == "Galaxie")).albums.map(\.title) == ["C'mon!"])
        #expect(try await #require(Album.first(in: afterSecond, where: \.title == "Drums and Guns")).band == nil)
    }

    @Test func aToOneTheSaveWritesAndThatChangesDuringItIsWrittenNext() async throws {
        let (store, context, _, galaxie, album) = try await Self.loaded()
        album.setBand(galaxie)
        try await Self.save(context, in: store) {
            album.setBand(nil)
        }
        #expect(album.isUpdated)
        #expect(try await Self.storedBandName(ofAlbum: "C'mon", in: store) == "Galaxie")
        try await context.save()
        #expect(try await Self.storedBandName(ofAlbum: "C'mon", in: store) == nil)
    }

    /// Band influences (many-to-many, inverse `influencedBy`) of `name` as the store holds them.
    private static func storedInfluences(of name: String, in store: GatedStore) async throws -> (influences: Set<String>, influencedBy: Set<String>) {
        let reader = try reader(store)
        let band = try #require(try await Band.first(in: reader, where: \.name == name))
        return (Set(try await band.influences.map(\.name)), Set(try await band.influencedBy.map(\.name)))
    }

    /// The name of the band of album `title` as the store holds it.
    private static func storedBandName(ofAlbum title: String, in store: GatedStore) async throws -> String? {
        let reader = try reader(store)
        return try await #require(try await Album.first(in: reader, where: \.title == title)).band?.name
    }

    @Test func loadedToManyMembershipChangedDuringTheSaveIsWrittenNext() async throws {
        let (store, context, low, galaxie, _) = try await Self.loaded()
        let mono = Band(context: context, name: "Mono")
        _ = try await low.influences
        _ = try await galaxie.influencedBy
        low.addToInfluences(mono)
        try await Self.save(context, in: store) {
            low.removeFromInfluences(mono)
            low.addToInfluences(galaxie)
        }
        #expect(try await ids(low.influences) == ids([galaxie]))
        #expect(try await ids(galaxie.influencedBy) == ids([low]))
        #expect(try await mono.influencedBy.isEmpty)
        #expect(try await Self.storedInfluences(of: "Low", in: store).influences == ["Mono"])

        try await context.save()
        #expect(!context.hasChanges)
        #expect(try await Self.storedInfluences(of: "Low", in: store).influences == ["Galaxie"])
        #expect(try await Self.storedInfluences(of: "Galaxie", in: store).influencedBy == ["Low"])
        #expect(try await Self.storedInfluences(of: "Mono", in: store).influencedBy.isEmpty)
    }

    @Test func unloadedToManyMembershipChangedDuringTheSaveIsWrittenNext() async throws {
        let (store, context, low, galaxie, _) = try await Self.loaded()
        let mono = Band(context: context, name: "Mono")
        // Neither side of low's influences is loaded: the additions are pending changes of unloaded to-manys.
        low.addToInfluences(galaxie)
        try await Self.save(context, in: store) {
            low.addToInfluences(mono)
            low.removeFromInfluences(galaxie)
        }
        #expect(context.hasChanges)
        #expect(try await Self.storedInfluences(of: "Low", in: store).influences == ["Galaxie"])
        #expect(try await Set(low.influences.map(\.name)) == ["Mono"])
        #expect(try await galaxie.influencedBy.isEmpty)
        #expect(try await ids(mono.influencedBy) == ids([low]))

        try await context.save()
        #expect(!context.hasChanges)
        #expect(try await Self.storedInfluences(of: "Low", in: store).influences == ["Mono"])
        #expect(try await Self.storedInfluences(of: "Galaxie", in: store).influencedBy.isEmpty)
        #expect(try await Self.storedInfluences(of: "Mono", in: store).influencedBy == ["Low"])
    }

    @Test func anObjectOfTheSaveDeletedDuringItIsDeletedByTheNextSave() async throws {
        let (store, context, low, _, album, mono) = try await Self.loadedWithChanges()
        try await Self.save(context, in: store) {
            context.delete(low)
            context.delete(mono)
        }
        #expect(low.isDeleted && mono.isDeleted && low.context === context && mono.context === context)
        #expect(Set(ids(context.deletedObjects)) == Set(ids([low, mono])))
        #expect(try await Self.storedBand("Low", in: store)?.rating == 2)
        #expect(try await Self.storedBand("Mono", in: store) != nil)

        try await context.save()
        #expect(!context.hasChanges && album.isDeleted)
        #expect(try await Self.storedBand("Low", in: store) == nil)
        #expect(try await Self.storedBand("Mono", in: store) == nil)
        #expect(try await Album.fetch(in: Self.reader(store)).isEmpty)
    }

    @Test func anObjectDeletedOrInsertedDuringTheSaveOfOthersStaysPending() async throws {
        let (store, context, low, galaxie, _) = try await Self.loaded()
        low.rating = 2
        var inserted: Band?
        try await Self.save(context, in: store) {
            context.delete(galaxie)
            inserted = Band(context: context, name: "Mono")
        }
        let mono = try #require(inserted)
        #expect(ids(context.deletedObjects) == ids([galaxie]) && ids(context.insertedObjects) == ids([mono]))
        #expect(context.updatedObjects.isEmpty)
        #expect(try await Self.storedBand("Galaxie", in: store) != nil)
        #expect(try await Self.storedBand("Mono", in: store) == nil)

        try await context.save()
        #expect(!context.hasChanges)
        #expect(try await Self.storedBand("Galaxie", in: store) == nil)
        #expect(try await Self.storedBand("Mono", in: store) != nil)
    }

    @Test func aFailedSaveKeepsItsChangesAndThoseMadeDuringIt() async throws {
        let (store, context, low, galaxie, album, mono) = try await Self.loadedWithChanges()
        low.addToInfluences(galaxie)
        var inserted: Band?
        await #expect(throws: StoreDown()) {
            try await Self.save(context, in: store, failingWith: StoreDown()) {
                low.isActive = false
                mono.rating = 4
                album.setBand(mono)
                low.addToInfluences(mono)
                context.delete(galaxie)
                inserted = Band(context: context, name: "Pattern")
            }
        }
        let pattern = try #require(inserted)
        #expect(Set(ids(context.updatedObjects)) == Set(ids([low, album])))
        #expect(Array(low.changedAttributes.indices) == [2, 3])
        #expect(ids(context.insertedObjects) == ids([mono, pattern]) && mono.isInserted && mono.objectID.isTemporary)
        #expect(mono.changedAttributes.isEmpty && mono.rating == 4)
        #expect(ids(context.deletedObjects) == ids([galaxie]))
        #expect(try await Self.storedBand("Low", in: store)?.rating == 1)
        #expect(try await Self.storedBand("Mono", in: store) == nil)

        // Galaxie's delete nullifies low's influence on it.
        try await context.save()
        #expect(!context.hasChanges)
        let stored = try #require(try await Self.storedBand("Low", in: store))
        #expect(stored.rating == 2 && !stored.isActive)
        #expect(try await Self.storedInfluences(of: "Low", in: store).influences == ["Mono"])
        #expect(try await Self.storedBand("Mono", in: store)?.rating == 4)
        #expect(try await Self.storedBand("Pattern", in: store) != nil)
        #expect(try await Self.storedBand("Galaxie", in: store) == nil)
        #expect(try await Self.storedBandName(ofAlbum: "C'mon", in: store) == "Mono")
    }

    @Test func aFailedSaveKeepsChangesToAnObjectItsDeleteRulesChanged() async throws {
        let (store, context, low, galaxie, _) = try await Self.loaded()
        let subPop = Label(context: context, name: "Sub Pop")
        subPop.addToBands(low)
        try await context.save()
        #expect(try await subPop.bands.map(\.name) == ["Low"])
        // Low's delete nullifies its label, and so changes Sub Pop's bands before the store is called.
        context.delete(low)
        await #expect(throws: StoreDown()) {
            try await Self.save(context, in: store, failingWith: StoreDown()) {
                subPop.addToBands(galaxie)
            }
        }
        #expect(low.isDeleted && subPop.isUpdated && galaxie.isUpdated)
        #expect(try await subPop.bands.map(\.name).contains("Galaxie"))
        #expect(try await Self.storedBand("Low", in: store) != nil)

        try await context.save()
        #expect(!context.hasChanges)
        #expect(try await Self.storedBand("Low", in: store) == nil)
        let reader = try Self.reader(store)
        let stored = try #require(try await Label.first(in: reader, where: \.name == "Sub Pop"))
        #expect(try await stored.bands.map(\.name) == ["Galaxie"])
    }

    @Test func changesDuringAnAttemptThatMeetsConflictsAreWrittenByTheRetry() async throws {
        let (store, context, low, galaxie, _) = try await Self.loaded()
        context.mergePolicy = .objectTrumps
        let other = try Self.reader(store)
        other.automaticallyMergesChanges = false
        try #require(try await Band.first(in: other, where: \.name == "Low")).formed = 1993
        try await other.save()

        low.rating = 2
        try await Self.save(context, in: store) {
            galaxie.rating = 3
            low.isActive = false
        }
        #expect(!context.hasChanges)
        let stored = try #require(try await Self.storedBand("Low", in: store))
        #expect(stored.rating == 2 && !stored.isActive && stored.formed == 1993)
        #expect(try await Self.storedBand("Galaxie", in: store)?.rating == 3)
    }

    @Test func aResetDuringTheSaveForgetsTheChangesMadeDuringIt() async throws {
        let (store, context, low, _, _, mono) = try await Self.loadedWithChanges()
        try await Self.save(context, in: store) {
            low.isActive = false
            mono.rating = 4
            context.reset()
        }
        #expect(!context.hasChanges && low.context == nil && mono.context == nil)
        mono.rating = 5
        #expect(!context.hasChanges)
        let stored = try #require(try await Self.storedBand("Low", in: store))
        #expect(stored.rating == 2 && stored.isActive)
        #expect(try await Self.storedBand("Mono", in: store)?.rating == 0)
    }
}
