import ObjectGraph
import ObjectGraphConformance
import Testing

/// To-many changes travel only where the inverse's foreign key does not already say everything.
@Suite struct ChangeSetShapeTests {
    private let schema = MusicModel.model.schema

    @Test func theModelSaysWhichToManysCarryChanges() throws {
        let albums = try #require(Band.entity.relationshipIndex(named: "albums"))
        let tracks = try #require(Album.entity.relationshipIndex(named: "tracks"))
        let tags = try #require(Track.entity.relationshipIndex(named: "tags"))
        let band = try #require(Album.entity.relationshipIndex(named: "band"))
        #expect(!schema.carriesToManyChanges(of: "Band", relationshipAt: albums))   // inverse to-one: the foreign key
        #expect(schema.carriesToManyChanges(of: "Album", relationshipAt: tracks))   // ordered: positions
        #expect(schema.carriesToManyChanges(of: "Track", relationshipAt: tags))     // many-to-many: links
        #expect(!schema.carriesToManyChanges(of: "Album", relationshipAt: band))    // a to-one
        #expect(!schema.carriesToManyChanges(of: "Nothing", relationshipAt: 0))
    }

    @Test func aSaveSendsOnlyOrderedAndManyToManyChanges() async throws {
        let store = RecordingStore(model: schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        band.addToAlbums(album)
        let track = Track(context: context, title: "Try to Sleep")
        album.insertIntoTracks(track, at: 0)
        track.addToTags(Tag(context: context, name: "slowcore"))
        try await context.save()

        let changes = try #require(store.saved.withLock { $0.last })
        let relationships = Set(changes.toManyChanges.map { "\($0.entityName).\(schema.entity(named: $0.entityName)?.relationships[$0.relationshipIndex].name ?? "?")" })
        #expect(!relationships.contains("Band.albums"))
        #expect(relationships.contains("Album.tracks"))
        #expect(relationships.contains("Track.tags") || relationships.contains("Tag.tracks"))
        let bandIndex = try #require(Album.entity.relationshipIndex(named: "band"))
        let bandSlot = try #require(Album.entity.toOneRelationshipIndices.firstIndex(of: bandIndex))
        let insertedAlbum = try #require(changes.inserted.first { $0.entityName == "Album" })
        #expect(insertedAlbum.toOneIDs[bandSlot] == changes.inserted.first { $0.entityName == "Band" }?.id)

        let fresh = try ObjectContext(store: store, model: MusicModel.model)
        let loaded = try #require(try await fresh.fetch(Band.self).first)
        #expect(try await loaded.albums.map(\.title) == ["C'mon"])
    }

    /// The updates of a large save carry exactly each object's changed attributes, across the arrays
    /// their changes are packed into; objects set back to their committed values send nothing.
    @Test func updatesOfALargeSaveCarryEachObjectsOwnChanges() async throws {
        let store = RecordingStore(model: schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<700 { Band(context: writer, name: "band \(number)").rating = Double(number) }
        try await writer.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = try await context.fetch(Band.self)
        for band in bands {
            let number = Double(band.name.dropFirst("band ".count)) ?? -1
            switch Int(number) % 3 {
            case 0: band.rating = number + 0.5
            case 1: band.rating = number   // the committed value again: no change
            default: (band.name, band.rating) = ("renamed \(Int(number))", -number)
            }
        }
        try await context.save()

        let changes = try #require(store.saved.withLock { $0.last })
        let rating = try #require(Band.entity.attributeIndex(named: "rating"))
        let name = try #require(Band.entity.attributeIndex(named: "name"))
        let expected = bands.compactMap { band -> (AnyObjectID, [AttributeChange])? in
            let number = Int(band.rating.magnitude)
            switch number % 3 {
            case 0: return (band.objectID, [AttributeChange(index: rating, value: .double(band.rating))])
            case 1: return nil
            default: return (band.objectID, [AttributeChange(index: name, value: .string(band.name)), AttributeChange(index: rating, value: .double(band.rating))])
            }
        }
        #expect(changes.updated.count == expected.count)
        #expect(changes.updated.map(\.id) == expected.map(\.0))
        #expect(changes.updated.map { Array($0.attributes) } == expected.map(\.1))
        #expect(changes.updated.allSatisfy { $0.toOnes.isEmpty })
    }

    /// The inserts of a large save carry each object's own ID, values and to-one destinations across the
    /// batches their values are packed in, with objects deleted again left out; objects inserted before
    /// their to-one destinations (a manager, without to-manys) and to-many members (an album's tracks)
    /// commit them by their permanent IDs, so the next save finds no relationship changed.
    @Test func insertsOfALargeSaveCarryEachObjectsOwnValuesAndCommitPermanentIDs() async throws {
        let store = RecordingStore(model: schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var kept: [(album: Album, band: Band, track: Track, manager: Manager)] = []
        for number in 0..<700 {
            let manager = Manager(context: context, name: "manager \(number)")
            let album = Album(context: context, title: "album \(number)")
            let band = Band(context: context, name: "band \(number)")
            let track = Track(context: context, title: "track \(number)")
            manager.setBand(band)
            album.setBand(band)
            album.insertIntoTracks(track, at: 0)
            if number % 5 == 0 {
                for object in [manager, album, band, track] as [ManagedObject] { context.delete(object) }
            } else {
                kept.append((album, band, track, manager))
            }
        }
        let temporaryIDs = kept.map { ($0.album.objectID, $0.band.objectID, $0.track.objectID) }
        try await context.save()

        let changes = try #require(store.saved.withLock { $0.last })
        let albums = changes.inserted.filter { $0.entityName == "Album" }
        let bands = changes.inserted.filter { $0.entityName == "Band" }
        let title = try #require(Album.entity.attributeIndex(named: "title"))
        let name = try #require(Band.entity.attributeIndex(named: "name"))
        let band = try #require(Album.entity.relationshipIndex(named: "band"))
        let bandSlot = try #require(Album.entity.toOneRelationshipIndices.firstIndex(of: band))
        #expect(changes.inserted.count == 4 * kept.count)
        #expect(albums.map(\.id) == temporaryIDs.map(\.0))
        #expect(bands.map(\.id) == temporaryIDs.map(\.1))
        #expect(albums.map { $0.values[title] } == kept.map { .string($0.album.title) })
        #expect(bands.map { $0.values[name] } == kept.map { .string($0.band.name) })
        #expect(albums.map { $0.toOneIDs[bandSlot] } == temporaryIDs.map(\.1))

        for (album, _, _, manager) in kept { (album.year, manager.name) = (2007, "\(manager.name)!") }
        try await context.save()
        let next = try #require(store.saved.withLock { $0.last })
        #expect(next.updated.count == 2 * kept.count)
        #expect(next.updated.allSatisfy { $0.toOnes.isEmpty })
        #expect(next.toManyChanges.isEmpty)
        #expect(kept.allSatisfy { !$0.album.objectID.isTemporary && !$0.manager.objectID.isTemporary })
    }
}
