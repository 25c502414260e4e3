import Foundation
import ObjectGraph
import Testing

extension Checks {
    func insertAndFetch() async throws {
        let context = try context()
        let band = Band(context: context, name: "Low")
        band.formed = 1993
        band.rating = 4.5
        band.website = MusicSeed.lowWebsite
        let manager = Manager(context: context, name: "Pat")
        manager.nicknames = ["P", "Patty"]
        band.setManager(manager)
        let podcast = Podcast(context: context, title: "Song Exploder", identifier: MusicSeed.quorumID)
        podcast.feedURL = URL(string: "https://example.com/feed")
        podcast.artwork = Data([1, 2, 3])
        podcast.published = MusicSeed.doubleNegativeRelease
        let album = Album(context: context, title: "C'mon")
        album.price = Decimal(string: "12.50")
        album.rating = 4.25
        album.setBand(band)
        #expect(context.hasChanges)
        #expect(context.insertedObjects.count == 4)
        #expect(band.objectID.isTemporary)
        try await context.save()
        #expect(!context.hasChanges)
        #expect(!band.objectID.isTemporary && !album.objectID.isTemporary)
        #expect(band.objectID.entityName == "Band")

        let reader = try self.context()
        let bands = try await Band.fetch(in: reader)
        let fetched = try #require(bands.first)
        #expect(bands.count == 1)
        #expect(fetched.objectID == band.objectID)
        #expect(fetched.name == "Low" && fetched.formed == 1993 && fetched.rating == 4.5 && fetched.isActive)
        #expect(fetched.website == MusicSeed.lowWebsite)
        #expect(try await fetched.manager?.nicknames == ["P", "Patty"])
        let fetchedAlbum = try #require(try await Album.first(in: reader))
        #expect(fetchedAlbum.price == Decimal(string: "12.50") && fetchedAlbum.rating == 4.25 && fetchedAlbum.year == 2000)
        #expect(fetchedAlbum.releaseDate == nil)
        let fetchedPodcast = try #require(try await Podcast.first(in: reader))
        #expect(fetchedPodcast.identifier == MusicSeed.quorumID && fetchedPodcast.artwork == Data([1, 2, 3]))
        #expect(fetchedPodcast.feedURL == URL(string: "https://example.com/feed"))
        #expect(fetchedPodcast.published == MusicSeed.doubleNegativeRelease)
    }

    func update() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        #expect(!context.hasChanges)
        low.rating = 5
        low.formed = nil
        #expect(context.hasChanges && low.isUpdated)
        #expect(context.updatedObjects.count == 1 && context.updatedObjects.first === low)
        try await context.save()
        #expect(!context.hasChanges && !low.isUpdated)

        let reader = try self.context()
        let fetched = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        #expect(fetched.rating == 5 && fetched.formed == nil)
        #expect(fetched.website == MusicSeed.lowWebsite)
    }

    func delete() async throws {
        let context = try await seeded()
        let bleach = try #require(try await Album.first(in: context, where: \.title == "Bleach"))
        let id = bleach.typedID
        context.delete(bleach)
        #expect(bleach.isDeleted && context.hasChanges)
        #expect(context.deletedObjects.count == 1)
        try await context.save()
        #expect(try await Album.count(in: context) == 8)
        let reader = try self.context()
        #expect(try await Album.count(in: reader, where: \.title == "Bleach") == 0)
        #expect(try await reader.object(with: id) == nil)
        await #expect(throws: ObjectGraphError.objectNotFound(id.untyped)) {
            _ = try await reader.existingObject(with: id)
        }
    }

    func identity() async throws {
        let context = try await seeded()
        let first = try await Album.fetch(in: context, where: \.title == "Nevermind")
        let second = try await Album.fetch(in: context, where: \.year == 1991)
        #expect(first.count == 1 && first.first === second.first)
        let nevermind = try #require(first.first)
        let band = try #require(try await nevermind.band)
        let bands = try await Band.fetch(in: context, where: \.name == "Nirvana")
        #expect(bands.first === band)
        #expect(try await band.albums.contains { $0 === nevermind })
        #expect(try await context.existingObject(with: nevermind.typedID) === nevermind)
    }

    func typedIDs() async throws {
        let context = try await seeded()
        let album = try #require(try await Album.first(in: context, where: \.title == "Ruins"))
        let id = album.typedID
        let encoded = try JSONEncoder().encode(id)
        let decoded = try JSONDecoder().decode(ObjectID<Album>.self, from: encoded)
        #expect(decoded == id && decoded.description == id.description && !decoded.isTemporary)
        let other = try self.context()
        let again = try await other.existingObject(with: decoded)
        #expect(again.title == "Ruins" && again !== album)
        let tag = Tag(context: context, name: "new")
        #expect(tag.typedID.isTemporary)
        let temporary = tag.typedID
        try await context.save()
        #expect(!tag.typedID.isTemporary && tag.typedID != temporary)
        #expect(try await context.object(with: temporary) == nil)
    }
}
