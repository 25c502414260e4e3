import Foundation
import ObjectGraph
import Testing

/// Objects related both ways hold each other (a loaded to-many holds its members, each member's
/// resolved to-one holds its owner), and the identity map does not retain them: these checks show that a
/// context that goes, or is reset, lets go of what its objects hold of each other, so graphs nobody else
/// holds are freed, and that an object someone still holds keeps its ID and values while its
/// relationships throw ``ObjectGraphError/objectNotInContext(_:)``.
///
/// Every context whose end a check watches is made here, not with ``Checks/context()``, which keeps its
/// contexts alive until the check ends. Objects are held only inside helper functions, so nothing in a
/// check's own frame keeps them once a helper returns.
extension Checks {
    /// A context that inserted, linked and saved objects, or that fetched them and resolved every
    /// relationship both ways, releases them all when it goes.
    func droppedContextReleasesItsObjects() async throws {
        let inserted = try await Self.insertSeed(store: store)
        #expect(inserted.contextIsGone)
        #expect(inserted.objects.count == 27)   // 2 labels, 4 bands, 9 albums, 9 tracks, 3 tags
        #expect(inserted.objects.aliveCount == 0, "\(inserted.objects.aliveCount) inserted objects outlived their context")

        let fetched = try await Self.loadSeed(store: store)
        #expect(fetched.contextIsGone)
        #expect(fetched.objects.count == 27)
        #expect(fetched.objects.aliveCount == 0, "\(fetched.objects.aliveCount) fetched objects outlived their context")
    }

    /// ``ObjectContext/reset()`` releases the objects related both ways that the caller no longer holds,
    /// whether the caller let go of them before the reset or after it.
    func resetReleasesObjects() async throws {
        let context = try context()
        let inserted = try await Self.insertSeed(into: context)
        #expect(inserted.aliveCount > 0)   // those related to others hold each other
        context.reset()
        #expect(inserted.aliveCount == 0, "\(inserted.aliveCount) inserted objects outlived the reset")

        let fetched = try await Self.loadEverything(in: context)
        #expect(fetched.count == 27 && fetched.aliveCount > 0)
        context.reset()
        #expect(fetched.aliveCount == 0, "\(fetched.aliveCount) fetched objects outlived the reset")

        let held = Watched()
        do {
            let objects = try await Self.resolvingEveryRelationship(Self.fetchEverything(in: context))
            held.watch(objects)
            context.reset()
            #expect(held.aliveCount == held.count)
        }
        #expect(held.aliveCount == 0, "\(held.aliveCount) objects held across the reset outlived their holder")

        // The context reads the same graph again, as new instances.
        let again = try await Self.loadEverything(in: context)
        #expect(again.count == fetched.count)
    }

    /// An object the caller holds across a reset, or past its context's end, keeps its ID and values;
    /// it no longer holds its related objects, and resolving a relationship throws
    /// ``ObjectGraphError/objectNotInContext(_:)``. Changing it crashes nothing and reaches no store.
    func objectsOutliveTheirContext() async throws {
        let context = try await seeded()
        let (low, cmon, otherAlbums) = try await Self.lowAndCmon(in: context)
        context.reset()
        try await Self.expectDetached(low: low, cmon: cmon, otherAlbums: otherAlbums)

        weak var gone: ObjectContext?
        let (lowOfGone, cmonOfGone, otherAlbumsOfGone) = try await {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            gone = context
            return try await Self.lowAndCmon(in: context)
        }()
        #expect(gone == nil)
        try await Self.expectDetached(low: lowOfGone, cmon: cmonOfGone, otherAlbums: otherAlbumsOfGone)

        let reader = try self.context()
        #expect(try await Band.first(in: reader, where: \.name == "Low")?.formed == 1993)
        #expect(try await Album.count(in: reader) == MusicSeed.albumTitles.count)
    }

    /// Objects with pending changes (changed, relinked, inserted and linked, deleted) are released with
    /// their graph when their context goes or is reset, and none of their changes reach the store.
    func pendingChangesGoWithTheirContext() async throws {
        _ = try await seeded()
        let dropped = try await Self.changeEverything(store: store)
        #expect(dropped.contextIsGone)
        #expect(dropped.objects.aliveCount == 0, "\(dropped.objects.aliveCount) changed objects outlived their context")

        let context = try self.context()
        let reset = try await Self.changeEverything(in: context)
        #expect(context.hasChanges && reset.aliveCount > 0)
        context.reset()
        #expect(reset.aliveCount == 0, "\(reset.aliveCount) changed objects outlived the reset")

        // Inserted and linked, never saved.
        weak var gone: ObjectContext?
        let unsaved = Watched()
        do {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            gone = context
            let band = Band(context: context, name: "Unsaved")
            let album = Album(context: context, title: "Never saved")
            album.setBand(band)
            album.addToTracks(Track(context: context, title: "Never heard"))
            unsaved.watch(context.insertedObjects)
        }
        #expect(gone == nil)
        #expect(unsaved.count == 3 && unsaved.aliveCount == 0, "\(unsaved.aliveCount) unsaved objects outlived their context")

        let reader = try self.context()
        #expect(try await Band.count(in: reader) == 4)
        #expect(try await Band.count(in: reader, where: \.name == "Low") == 1)
        #expect(try await Album.count(in: reader) == MusicSeed.albumTitles.count)
    }

    /// Inserted objects linked to each other and discarded by ``ObjectContext/rollback()`` are freed once
    /// the caller lets go of them; one the caller still holds keeps its values and no context, and its
    /// relationships throw ``ObjectGraphError/objectNotInContext(_:)``.
    func rollbackReleasesDiscardedObjects() async throws {
        let context = try context()
        let discarded = Watched()
        do {
            let band = Band(context: context, name: "Discarded")
            let album = Album(context: context, title: "Never saved")
            album.setBand(band)
            album.addToTracks(Track(context: context, title: "Never heard"))
            discarded.watch(context.insertedObjects)
            context.rollback()
            #expect(band.context == nil && band.name == "Discarded" && album.title == "Never saved")
            await #expect(throws: ObjectGraphError.objectNotInContext(band.objectID)) { _ = try await band.albums }
            await #expect(throws: ObjectGraphError.objectNotInContext(album.objectID)) { _ = try await album.band }
        }
        #expect(discarded.count == 3 && discarded.aliveCount == 0, "\(discarded.aliveCount) discarded objects outlived the rollback")
        #expect(!context.hasChanges)
        #expect(try await Band.count(in: context) == 0)
    }

    /// Objects a saved deletion removes, loaded both ways with what the delete rules removed with them (a
    /// band, its albums and their tracks), are freed once the caller lets go of them; one the caller still
    /// holds keeps its values and no context, and its relationships throw
    /// ``ObjectGraphError/objectNotInContext(_:)``.
    func savedDeletionReleasesDeletedObjects() async throws {
        let context = try await seeded()
        let deleted = Watched()
        do {
            let nirvana = try await Self.nirvanaLoadedBothWays(in: context, watchedBy: deleted)
            context.delete(nirvana)
            try await context.save()
            try await Self.expectRemoved(nirvana)
        }
        #expect(deleted.aliveCount == 0, "\(deleted.aliveCount) of \(deleted.count) deleted objects outlived the save")

        let reader = try self.context()
        #expect(try await Band.count(in: reader, where: \.name == "Nirvana") == 0)
        #expect(try await Band.count(in: reader) == 3)
    }

    /// Objects another context's saved deletion removes, loaded both ways in this one (a band, its albums
    /// and their cascaded tracks), are freed once this context merges the deletion and the caller lets go
    /// of them; one the caller still holds keeps its values and no context.
    func mergedDeletionReleasesDeletedObjects() async throws {
        let writer = try await seeded()
        let reader = try context()
        let deleted = Watched()
        do {
            let nirvana = try await Self.nirvanaLoadedBothWays(in: reader, watchedBy: deleted)
            writer.delete(try #require(try await Band.first(in: writer, where: \.name == "Nirvana")))
            try await writer.save()
            try await reader.mergeChanges()
            #expect(nirvana.isDeleted)
            try await Self.expectRemoved(nirvana)
        }
        #expect(deleted.aliveCount == 0, "\(deleted.aliveCount) of \(deleted.count) objects deleted elsewhere outlived the merge")
        #expect(try await Band.count(in: reader) == 3)
    }

    // MARK: Helpers

    /// Nirvana fetched in `context` with its albums and their tracks, every relationship between them
    /// resolved both ways, all watched by `watched`.
    private static func nirvanaLoadedBothWays(in context: ObjectContext, watchedBy watched: Watched) async throws -> Band {
        let nirvana = try #require(try await Band.first(in: context, where: \.name == "Nirvana"))
        let albums = try await nirvana.albums
        var tracks: [Track] = []
        for album in albums {
            #expect(try await album.band === nirvana)
            for track in try await album.tracks {
                #expect(try await track.album === album)
                tracks.append(track)
            }
        }
        #expect(albums.count == 3 && tracks.count == 3)
        watched.watch([nirvana] + albums + tracks)
        return nirvana
    }

    /// Expects `band`, removed from its context, to keep its values while its relationships throw.
    private static func expectRemoved(_ band: Band) async throws {
        #expect(band.context == nil && band.name == "Nirvana")
        await #expect(throws: ObjectGraphError.objectNotInContext(band.objectID)) { _ = try await band.albums }
    }

    /// The seed inserted, linked and saved in a context of its own, which is gone on return.
    private static func insertSeed(store: any PersistentStore) async throws -> (objects: Watched, contextIsGone: Bool) {
        try await inContextOfItsOwn(over: store, insertSeed(into:))
    }

    /// What `body` watched in a new context over `store`, and whether that context is gone once `body`
    /// returned and nothing but the watched objects' own references could keep it.
    private static func inContextOfItsOwn(
        over store: any PersistentStore, _ body: (ObjectContext) async throws -> Watched
    ) async throws -> (objects: Watched, contextIsGone: Bool) {
        weak var gone: ObjectContext?
        let objects = try await {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            gone = context
            return try await body(context)
        }()
        return (objects, gone == nil)
    }

    /// The seed inserted, linked and saved in `context`; every relationship of a new object is loaded.
    private static func insertSeed(into context: ObjectContext) async throws -> Watched {
        try MusicSeed.insert(into: context)
        let objects = Watched()
        objects.watch(context.insertedObjects)
        try await context.save()
        return objects
    }

    /// Every object of the saved seed fetched, every relationship resolved both ways, in a context of
    /// its own, which is gone on return.
    private static func loadSeed(store: any PersistentStore) async throws -> (objects: Watched, contextIsGone: Bool) {
        try await inContextOfItsOwn(over: store, loadEverything(in:))
    }

    /// Every object of `context`'s store, fetched with every relationship resolved both ways; only
    /// `context` and the objects themselves hold them on return.
    private static func loadEverything(in context: ObjectContext) async throws -> Watched {
        let objects = Watched()
        objects.watch(try await resolvingEveryRelationship(fetchEverything(in: context)))
        return objects
    }

    /// Every label, band, manager, album, track and tag of `context`'s store.
    private static func fetchEverything(in context: ObjectContext) async throws -> [ManagedObject] {
        var objects: [ManagedObject] = []
        objects += try await Label.fetch(in: context) as [ManagedObject]
        objects += try await Band.fetch(in: context) as [ManagedObject]
        objects += try await Manager.fetch(in: context) as [ManagedObject]
        objects += try await Album.fetch(in: context) as [ManagedObject]
        objects += try await Track.fetch(in: context) as [ManagedObject]
        objects += try await Tag.fetch(in: context) as [ManagedObject]
        return objects
    }

    /// `objects`, each with every to-one and to-many resolved: owners hold their members and members
    /// their owners.
    private static func resolvingEveryRelationship(_ objects: [ManagedObject]) async throws -> [ManagedObject] {
        for object in objects {
            for (index, relationship) in object.entity.relationships.enumerated() {
                if relationship.isToMany {
                    let _: [ManagedObject] = try await object.toMany(at: index)
                } else {
                    let _: ManagedObject? = try await object.toOne(at: index)
                }
            }
        }
        return objects
    }

    /// The band Low and its album C'mon, loaded both ways, with weak references to Low's other albums.
    private static func lowAndCmon(in context: ObjectContext) async throws -> (Band, Album, Watched) {
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let albums = try await low.albums
        let cmon = try #require(albums.first { $0.title == "C'mon" })
        #expect(try await cmon.band === low)
        #expect(try await cmon.tracks.isEmpty)
        let others = Watched()
        others.watch(albums.filter { $0 !== cmon })
        #expect(others.count == 2)
        return (low, cmon, others)
    }

    /// Expects `low` and `cmon` (held by the caller) detached: values kept, related objects let go of,
    /// relationships throwing.
    private static func expectDetached(low: Band, cmon: Album, otherAlbums: Watched) async throws {
        #expect(low.context == nil && cmon.context == nil)
        #expect(!low.objectID.isTemporary && low.objectID.entityName == "Band")
        #expect(low.name == "Low" && low.formed == 1993 && low.rating == 4.5 && low.website == MusicSeed.lowWebsite)
        #expect(cmon.title == "C'mon" && cmon.year == 2011 && cmon.price == Decimal(string: "12.50"))
        #expect(otherAlbums.aliveCount == 0, "a detached band kept \(otherAlbums.aliveCount) of its albums")
        await #expect(throws: ObjectGraphError.objectNotInContext(low.objectID)) { _ = try await low.albums }
        await #expect(throws: ObjectGraphError.objectNotInContext(low.objectID)) { _ = try await low.label }
        await #expect(throws: ObjectGraphError.objectNotInContext(cmon.objectID)) { _ = try await cmon.band }
        await #expect(throws: ObjectGraphError.objectNotInContext(cmon.objectID)) { _ = try await cmon.tracks }
        // Changing detached objects is not tracked and crashes nothing.
        low.name = "Not tracked"
        cmon.setBand(nil)
        low.addToAlbums(cmon)
        low.removeFromAlbums(cmon)
        #expect(low.name == "Not tracked")
        await #expect(throws: ObjectGraphError.objectNotInContext(low.objectID)) { _ = try await low.albums }
    }

    /// The saved seed loaded both ways and changed in a context of its own, which is gone on return.
    private static func changeEverything(store: any PersistentStore) async throws -> (objects: Watched, contextIsGone: Bool) {
        weak var gone: ObjectContext?
        let objects = try await {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            gone = context
            let objects = try await changeEverything(in: context)
            #expect(context.hasChanges)
            return objects
        }()
        return (objects, gone == nil)
    }

    /// Every object of the saved seed loaded both ways into `context`, then changed, relinked, deleted
    /// and joined by new linked objects, none of it saved.
    private static func changeEverything(in context: ObjectContext) async throws -> Watched {
        let objects = try await resolvingEveryRelationship(fetchEverything(in: context))
        let bands = objects.compactMap { $0 as? Band }
        let albums = objects.compactMap { $0 as? Album }
        let low = try #require(bands.first { $0.name == "Low" })
        let nirvana = try #require(bands.first { $0.name == "Nirvana" })
        low.name = "Changed"
        low.rating = 1
        try #require(albums.first { $0.title == "Ruins" }).setBand(low)
        nirvana.removeFromAlbums(try #require(albums.first { $0.title == "Bleach" }))
        context.delete(try #require(albums.first { $0.title == "Homogenic" }))
        let album = Album(context: context, title: "Unsaved")
        album.setBand(low)
        album.addToTracks(Track(context: context, title: "Unsaved track"))
        let watched = Watched()
        watched.watch(objects + context.insertedObjects)
        return watched
    }
}

/// Weak references to objects, to count how many are still alive.
final class Watched {
    private final class Reference {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private var references: [Reference] = []

    /// Watches `objects` too.
    func watch(_ objects: [AnyObject]) {
        references += objects.map(Reference.init)
    }

    /// The number of watched objects.
    var count: Int { references.count }

    /// The number of watched objects still alive.
    var aliveCount: Int { references.count { $0.object != nil } }
}
