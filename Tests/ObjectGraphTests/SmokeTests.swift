import Foundation
import Testing
@testable import ObjectGraph
import ObjectGraphConformance

@Suite struct SmokeTests {
    @Test func saveAndFetch() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        album.year = 2011
        album.setBand(band)
        #expect(try await band.albums.count == 1)
        try await context.save()
        #expect(!band.objectID.isTemporary)
        let other = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await Album.fetch(in: other, where: \.band.name == "Low" && \.year > 2000)
        #expect(albums.map(\.title) == ["C'mon"])
        let fetchedBand = try await albums.first?.band
        #expect(fetchedBand?.name == "Low")
        #expect(try await fetchedBand?.albums.first === albums.first)
    }
}
