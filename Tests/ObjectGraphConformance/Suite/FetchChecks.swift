import Foundation
import ObjectGraph
import Testing

extension Checks {
    func sorting() async throws {
        let context = try await seeded()
        let byYear = try await Album.fetch(in: context, sortedBy: [.ascending(\.year)])
        #expect(titles(byYear) == ["Bleach", "Nevermind", "MTV Unplugged in New York", "Homogenic", "Various Artists",
                                   "Things We Lost in the Fire", "C'mon", "Ruins", "Double Negative"])
        let byTitle = try await Album.fetch(in: context, sortedBy: [.descending(\.title)])
        #expect(titles(byTitle) == MusicSeed.albumTitles.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.reversed())
        let byBand = try await Album.fetch(in: context, sortedBy: [.ascending(\.band.name), .descending(\.year)])
        #expect(titles(byBand) == ["Various Artists", "Homogenic", "Ruins", "Double Negative", "C'mon",
                                   "Things We Lost in the Fire", "MTV Unplugged in New York", "Nevermind", "Bleach"])
        let stable = try await Album.fetch(in: context, sortedBy: [.ascending(\.isLive)])
        #expect(titles(stable) == MusicSeed.albumTitles.filter { $0 != "MTV Unplugged in New York" } + ["MTV Unplugged in New York"])
        let byPrice = try await Album.fetch(in: context, sortedBy: [.ascending(\.price)])
        #expect(titles(byPrice) == ["Double Negative", "Ruins", "Homogenic", "Various Artists", "Bleach",
                                    "Things We Lost in the Fire", "Nevermind", "MTV Unplugged in New York", "C'mon"])
        let byPriceDescending = try await Album.fetch(in: context, where: \.year < 2000, sortedBy: [.descending(\.price)])
        #expect(titles(byPriceDescending) == ["MTV Unplugged in New York", "Nevermind", "Bleach", "Homogenic"])
        let tracks = try await Track.fetch(in: context, where: \.album.band.name == "Low",
                                           sortedBy: [.ascending(\.album.year), .ascending(\.number)])
        #expect(tracks.map(\.title) == ["Sunflower", "Embrace", "Quorum", "Dancing and Blood"])
    }

    func pagingAndCounting() async throws {
        let context = try await seeded()
        let page = try await Album.fetch(in: context, sortedBy: [.ascending(\.year)], limit: 3, offset: 2)
        #expect(titles(page) == ["MTV Unplugged in New York", "Homogenic", "Various Artists"])
        let tail = try await Album.fetch(in: context, sortedBy: [.ascending(\.year)], offset: 7)
        #expect(titles(tail) == ["Ruins", "Double Negative"])
        #expect(try await Album.fetch(in: context, offset: 20).isEmpty)
        #expect(try await Album.fetch(in: context, limit: 0).isEmpty)
        #expect(try await Album.fetch(in: context, where: \.year > 1990, limit: 2).count == 2)
        #expect(try await Album.count(in: context) == 9)
        #expect(try await Album.count(in: context, where: \.year > 2000) == 4)
        #expect(try await context.count(FetchRequest<Album.Fields>(where: \.year > 2000, limit: 3)) == 3)
        #expect(try await context.count(FetchRequest<Album.Fields>(offset: 8)) == 1)
        #expect(try await Album.first(in: context, sortedBy: [.descending(\.year)])?.title == "Double Negative")
        #expect(try await Album.first(in: context, where: \.year > 3000) == nil)
        let concise = try await context.fetch(Album.self, where: \.band.name == "Low", sortedBy: [.descending(\.year)], limit: 2)
        #expect(titles(concise) == ["Double Negative", "C'mon"])
    }

    /// Unsaved inserts, changes and deletions show in fetches and counts, as Core Data does by default.
    func pendingChangesInFetches() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let newAlbum = Album(context: context, title: "Hey What")
        newAlbum.year = 2021
        newAlbum.setBand(low)
        let bleach = try #require(try await Album.first(in: context, where: \.title == "Bleach"))
        bleach.year = 2022
        let ruins = try #require(try await Album.first(in: context, where: \.title == "Ruins"))
        context.delete(ruins)
        let recent = try await Album.fetch(in: context, where: \.year > 2010, sortedBy: [.descending(\.year)])
        #expect(titles(recent) == ["Bleach", "Hey What", "Double Negative", "C'mon"])
        #expect(try await Album.count(in: context, where: \.year > 2010) == 4)
        #expect(try await Album.count(in: context) == 9)
        #expect(titleSet(try await Album.fetch(in: context, where: \.band.name == "Low"))
            == ["Things We Lost in the Fire", "C'mon", "Double Negative", "Hey What"])
        let grouper = try #require(try await Band.first(in: context, where: \.name == "Grouper"))
        let cmon = try #require(try await Album.first(in: context, where: \.title == "C'mon"))
        cmon.setBand(grouper)
        #expect(titleSet(try await Album.fetch(in: context, where: \.band.name == "Grouper")) == ["C'mon"])
        let page = try await Album.fetch(in: context, where: \.year > 2010, sortedBy: [.ascending(\.year)], limit: 2, offset: 1)
        #expect(titles(page) == ["Double Negative", "Hey What"])
    }

    func prefetching() async throws {
        let context = try await seeded()
        let albums = try await Album.fetch(in: context, where: \.band.name == "Nirvana", sortedBy: [.ascending(\.year)],
                                           prefetching: [\.tracks, \.band])
        #expect(titles(albums) == ["Bleach", "Nevermind", "MTV Unplugged in New York"])
        #expect(try await albums[1].tracks.map(\.title) == ["Smells Like Teen Spirit", "In Bloom", "Come as You Are"])
        #expect(try await albums[0].band?.name == "Nirvana")
        let bands = try await context.fetch(FetchRequest<Band.Fields>(sortedBy: [.ascending(\.name)], prefetching: [\.albums, \.label]))
        var albumCounts: [Int] = []
        var labels: [String] = []
        for band in bands {
            albumCounts.append(try await band.albums.count)
            labels.append(try await band.label?.name ?? "-")
        }
        #expect(albumCounts == [1, 1, 3, 3])
        #expect(labels == ["-", "Kranky", "Sub Pop", "Sub Pop"])
        try await relatedSnapshotsAgreeWithRelatedIDs(owners: bands.map(\.objectID))
    }

    /// A store that answers `relatedSnapshots` (the one-call path for loading to-manys) answers what
    /// `relatedIDs` followed by `snapshots(for:)` answers; stores that return `nil` have nothing to check.
    private func relatedSnapshotsAgreeWithRelatedIDs(owners: [AnyObjectID]) async throws {
        guard let related = try await store.relatedSnapshots(for: "albums", of: "Band", ids: owners) else { return }
        let expectedIDs = try await store.relatedIDs(for: "albums", of: "Band", ids: owners)
        #expect(related.destinationIDs == expectedIDs)
        let destinations = owners.flatMap { expectedIDs[$0] ?? [] }
        #expect(Set(related.snapshots) == Set(try await store.snapshots(for: destinations)))
        #expect(related.snapshots.count == Set(destinations).count)
    }

    func inheritance() async throws {
        let context = try context()
        let podcast = Podcast(context: context, title: "Song Exploder", identifier: UUID())
        podcast.episodeCount = 200
        let book = Audiobook(context: context, title: "Just Kids")
        book.narrator = "Patti Smith"
        _ = Podcast(context: context, title: "Switched on Pop", identifier: UUID())
        try await context.save()
        #expect(podcast.objectID.entityName == "Media" && book.objectID.entityName == "Media")

        let reader = try self.context()
        let media = try await Media.fetch(in: reader, sortedBy: [.ascending(\.title)])
        #expect(media.map(\.title) == ["Just Kids", "Song Exploder", "Switched on Pop"])
        #expect(media[0] is Audiobook && media[1] is Podcast)
        #expect((media[0] as? Audiobook)?.narrator == "Patti Smith")
        let busy = try await Podcast.fetch(in: reader, where: \.episodeCount > 100)
        #expect(busy.map(\.title) == ["Song Exploder"] && busy.first === media[1])
        #expect(try await Podcast.count(in: reader) == 2)
        #expect(try await Audiobook.fetch(in: reader, where: \.narrator != nil).map(\.title) == ["Just Kids"])
        #expect(try await Media.count(in: reader, where: .beginsWith(\.title, "S")) == 2)
        #expect(try await reader.fetch(Podcast.self, where: \.title == "Switched on Pop").count == 1)
        let onlyMedia = FetchRequest<Media.Fields>(includesSubentities: false)
        #expect(try await reader.count(onlyMedia) == 0)
    }
}
