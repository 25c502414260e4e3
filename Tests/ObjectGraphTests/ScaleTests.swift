import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

@Suite struct ScaleTests {
    /// Thousands of objects save, fetch, sort and delete without quadratic blow-ups.
    @Test func thousandsOfObjects() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let start = ContinuousClock.now
        for bandIndex in 0..<100 {
            let band = Band(context: context, name: "Band \(bandIndex)")
            for albumIndex in 0..<20 {
                let album = Album(context: context, title: "Album \(bandIndex)-\(albumIndex)")
                album.year = Int16(1950 + albumIndex)
                band.addToAlbums(album)
            }
        }
        try await context.save()
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await Album.fetch(in: reader, where: \.year > 1960 && .beginsWith(\.band.name, "Band 1"),
                                           sortedBy: [.descending(\.band.name), .ascending(\.year)], prefetching: [\.band])
        #expect(albums.count == 11 * 9)
        #expect(albums.first?.title == "Album 19-11")
        for album in albums.prefix(50) { reader.delete(album) }
        try await reader.save()
        #expect(try await Album.count(in: reader) == 2000 - 50)
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
