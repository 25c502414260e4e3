import Foundation
import ObjectGraph
import Testing

extension Checks {
    func toOneAndToMany() async throws {
        let context = try context()
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        album.setBand(band)
        #expect(try await band.albums.map(\.title) == ["C'mon"])
        let second = Album(context: context, title: "Ones and Sixes")
        band.addToAlbums(second)
        #expect(try await second.band === band)
        try await context.save()

        let reader = try self.context()
        let fetched = try #require(try await Band.first(in: reader))
        #expect(Set(try await fetched.albums.map(\.title)) == ["C'mon", "Ones and Sixes"])
        let fetchedAlbum = try #require(try await Album.first(in: reader, where: \.title == "C'mon"))
        #expect(try await fetchedAlbum.band === fetched)
        fetched.removeFromAlbums(fetchedAlbum)
        #expect(try await fetchedAlbum.band == nil)
        try await reader.save()
        let check = try self.context()
        #expect(try await Album.first(in: check, where: \.title == "C'mon")?.band == nil)
        #expect(try await Band.first(in: check)?.albums.map(\.title) == ["Ones and Sixes"])
    }

    /// Moving an object whose old owner is not loaded: both owners see the move, before and after saving.
    func movingBetweenOwners() async throws {
        let context = try await seeded()
        let ruins = try #require(try await Album.first(in: context, where: \.title == "Ruins"))
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        ruins.setBand(low)
        let grouper = try #require(try await Band.first(in: context, where: \.name == "Grouper"))
        #expect(try await grouper.albums.isEmpty)
        #expect(try await low.albums.contains { $0 === ruins })
        try await context.save()
        let reader = try self.context()
        #expect(try await Band.first(in: reader, where: \.name == "Grouper")?.albums.isEmpty == true)
        #expect(try await Album.first(in: reader, where: \.title == "Ruins")?.band?.name == "Low")
        #expect(try await Album.count(in: reader, where: \.band.name == "Low") == 4)
    }

    func orderedToMany() async throws {
        let context = try context()
        let album = Album(context: context, title: "Rue Royale")
        let tracks = ["One", "Two", "Three", "Four"].map { Track(context: context, title: $0) }
        tracks.forEach(album.addToTracks)
        album.insertIntoTracks(tracks[3], at: 0)
        #expect(try await album.tracks.map(\.title) == ["Four", "One", "Two", "Three"])
        try await context.save()

        let reader = try self.context()
        let fetched = try #require(try await Album.first(in: reader))
        var loaded = try await fetched.tracks
        #expect(loaded.map(\.title) == ["Four", "One", "Two", "Three"])
        fetched.insertIntoTracks(loaded[2], at: 0)
        fetched.removeFromTracks(loaded[0])
        reader.delete(loaded[0])
        let five = Track(context: reader, title: "Five")
        fetched.insertIntoTracks(five, at: 1)
        loaded = try await fetched.tracks
        #expect(loaded.map(\.title) == ["Two", "Five", "One", "Three"])
        try await reader.save()
        let check = try self.context()
        #expect(try await Album.first(in: check)?.tracks.map(\.title) == ["Two", "Five", "One", "Three"])
        #expect(try await Track.first(in: check, where: \.title == "Five")?.album?.title == "Rue Royale")
    }

    func oneToOne() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let first = Manager(context: context, name: "First")
        low.setManager(first)
        #expect(try await first.band === low)
        try await context.save()

        let reader = try self.context()
        let band = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        let second = Manager(context: reader, name: "Second")
        second.setBand(band)
        #expect(try await band.manager === second)
        try await reader.save()

        let check = try self.context()
        #expect(try await Manager.first(in: check, where: \.name == "First")?.band == nil)
        #expect(try await Manager.first(in: check, where: \.name == "Second")?.band?.name == "Low")
        #expect(try await Band.first(in: check, where: \.name == "Low")?.manager?.name == "Second")
    }

    func manyToMany() async throws {
        let context = try await seeded()
        let sunflower = try #require(try await Track.first(in: context, where: \.title == "Sunflower"))
        let ambient = try #require(try await Tag.first(in: context, where: \.name == "ambient"))
        sunflower.addToTags(ambient)
        #expect(try await ambient.tracks.contains { $0 === sunflower })
        let slowcore = try #require(try await Tag.first(in: context, where: \.name == "slowcore"))
        slowcore.removeFromTracks(sunflower)
        #expect(try await sunflower.tags.map(\.name) == ["ambient"])
        try await context.save()

        let reader = try self.context()
        let tag = try #require(try await Tag.first(in: reader, where: \.name == "ambient"))
        #expect(Set(try await tag.tracks.map(\.title)) == ["Quorum", "Call Across Rooms", "Sunflower"])
        let track = try #require(try await Track.first(in: reader, where: \.title == "Sunflower"))
        #expect(try await track.tags.map(\.name) == ["ambient"])
        #expect(Set(try await Tag.first(in: reader, where: \.name == "slowcore")?.tracks.map(\.title) ?? [])
            == ["Embrace", "Quorum", "Dancing and Blood"])
    }

    func selfReferential() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let nirvana = try #require(try await Band.first(in: context, where: \.name == "Nirvana"))
        let grouper = try #require(try await Band.first(in: context, where: \.name == "Grouper"))
        low.addToInfluences(nirvana)
        grouper.addToInfluencedBy(low)
        #expect(try await nirvana.influencedBy.map(\.name) == ["Low"])
        #expect(Set(try await low.influences.map(\.name)) == ["Nirvana", "Grouper"])
        try await context.save()

        let reader = try self.context()
        let band = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        #expect(Set(try await band.influences.map(\.name)) == ["Nirvana", "Grouper"])
        #expect(try await band.influencedBy.isEmpty)
        let readerNirvana = try #require(try await Band.first(in: reader, where: \.name == "Nirvana"))
        readerNirvana.removeFromInfluencedBy(band)
        try await reader.save()
        #expect(try await Band.first(in: try self.context(), where: \.name == "Low")?.influences.map(\.name) == ["Grouper"])
    }
}
