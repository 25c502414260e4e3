import Foundation
import ObjectGraph
import Testing

extension Checks {
    /// The store publishes each save: inserted, updated (with the changed properties) and deleted
    /// objects, in commit order; a slow observer gets them coalesced.
    func changeStream() async throws {
        var fast = try store.changes().makeAsyncIterator()
        var slow = try store.changes().makeAsyncIterator()
        let context = try context()
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        album.setBand(band)
        let dropped = Band(context: context, name: "Dropped")
        try await context.save()
        let inserted = try #require(await fast.next())
        #expect(Set(inserted.ids(.inserted)["Band"] ?? []) == [band.objectID, dropped.objectID])
        #expect(inserted.ids(.inserted)["Album"] == [album.objectID])

        album.year = 2011
        try await context.save()
        let updated = try #require(await fast.next())
        let yearIndex = try #require(Album.entity.attributeIndex(named: "year"))
        #expect(updated.objects[album.objectID]?.kind == .updated)
        #expect(updated.objects[album.objectID]?.properties.attributes.contains(yearIndex) == true)

        let droppedID = dropped.objectID
        context.delete(dropped)
        try await context.save()
        let deleted = try #require(await fast.next())
        #expect(deleted.objects[droppedID]?.kind == .deleted)

        let all = try #require(await slow.next())
        #expect(all.objects[band.objectID]?.kind == .inserted)
        #expect(all.objects[album.objectID]?.kind == .inserted)
        #expect(all.objects[droppedID] == nil)   // inserted, then deleted
    }

    /// A context merges another context's saves: unchanged objects take the new values, pending edits win
    /// per property, deleted objects leave it and its loaded relationships, loaded to-manys gain new
    /// members; its own saves are not merged back.
    func mergingBetweenContexts() async throws {
        let writer = try await seeded()
        let reader = try context()
        var readerChanges = reader.changes.makeAsyncIterator()
        var writerChanges = writer.changes.makeAsyncIterator()
        let grouper = try #require(try await Band.first(in: reader, where: \.name == "Grouper"))
        let low = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        let lowAlbums = try await low.albums
        #expect(lowAlbums.count == 3)
        let bjork = try #require(try await Band.first(in: reader, where: \.name == "Björk"))
        grouper.formed = 2005   // a pending edit in the reader

        let grouperInWriter = try #require(try await Band.first(in: writer, where: \.name == "Grouper"))
        grouperInWriter.formed = 1999
        grouperInWriter.rating = 2.5
        let lowInWriter = try #require(try await Band.first(in: writer, where: \.name == "Low"))
        let newAlbum = Album(context: writer, title: "Hey What")
        newAlbum.setBand(lowInWriter)
        let bjorkInWriter = try #require(try await Band.first(in: writer, where: \.name == "Björk"))
        writer.delete(bjorkInWriter)
        try await writer.save()
        #expect(try await writerChanges.next()?.causes == .saved)

        try await reader.mergeChanges()
        #expect(grouper.rating == 2.5)                       // taken from the store
        #expect(grouper.formed == 2005 && grouper.isUpdated)  // the pending edit wins
        #expect(bjork.isDeleted && reader.registeredObject(for: bjork.objectID) == nil)
        #expect(Set(try await low.albums.map(\.title)) == ["Things We Lost in the Fire", "C'mon", "Double Negative", "Hey What"])
        let merged = try #require(try await readerChanges.next())
        #expect(merged.causes == .merged)
        #expect(merged.committed.objects[bjork.objectID]?.kind == .deleted)
        let ratingIndex = try #require(Band.entity.attributeIndex(named: "rating"))
        #expect(merged.refreshed[grouper.objectID]?.attributes == [ratingIndex])

        try await reader.save()
        let checker = try context()
        let stored = try #require(try await Band.first(in: checker, where: \.name == "Grouper"))
        #expect(stored.formed == 2005 && stored.rating == 2.5)

        // The writer merges the reader's save, not its own.
        try await writer.mergeChanges()
        #expect(grouperInWriter.formed == 2005)
        let writerMerge = try #require(try await writerChanges.next())
        #expect(writerMerge.causes == .merged)
        #expect(Set(writerMerge.committed.objects.keys) == [grouper.objectID])
    }

    /// A pending reordering of an ordered to-many survives a merge of another context's changes to the
    /// same relationship: the members others added follow the edited order, the ones they deleted leave,
    /// and the next save writes the order.
    func mergingKeepsPendingOrder() async throws {
        let writer = try context()
        let album = Album(context: writer, title: "Rue Royale")
        let tracks = ["One", "Two", "Three"].map { Track(context: writer, title: $0) }
        tracks.forEach(album.addToTracks)
        try await writer.save()

        let reader = try context()
        let readerAlbum = try #require(try await Album.first(in: reader, where: \.title == "Rue Royale"))
        let loaded = try await readerAlbum.tracks
        readerAlbum.insertIntoTracks(loaded[2], at: 0)       // pending: Three, One, Two
        #expect(try await readerAlbum.tracks.map(\.title) == ["Three", "One", "Two"])

        album.addToTracks(Track(context: writer, title: "Four"))
        writer.delete(tracks[1])
        try await writer.save()

        try await reader.mergeChanges()
        #expect(try await readerAlbum.tracks.map(\.title) == ["Three", "One", "Four"])
        #expect(readerAlbum.isUpdated)
        try await reader.save()
        let checker = try context()
        #expect(try await Album.first(in: checker, where: \.title == "Rue Royale")?.tracks.map(\.title) == ["Three", "One", "Four"])
    }

    /// Objects another context changed show their new values after any fetch, and a context that no
    /// longer merges keeps its view of objects it does not fetch again.
    func mergingOnFetch() async throws {
        let writer = try await seeded()
        let reader = try context()
        let stable = try context()
        stable.automaticallyMergesChanges = false
        let album = try #require(try await Album.first(in: reader, where: \.title == "Ruins"))
        let stableAlbum = try #require(try await Album.first(in: stable, where: \.title == "Ruins"))
        let inWriter = try #require(try await Album.first(in: writer, where: \.title == "Ruins"))
        inWriter.year = 2015
        try await writer.save()
        #expect(try await Album.count(in: reader, where: \.year == 2015) == 1)
        #expect(album.year == 2015)
        _ = try await Band.fetch(in: stable)
        #expect(stableAlbum.year == 2014)
    }
}
