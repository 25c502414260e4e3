import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// ``StoreCapabilities/requiredEqualityPaths``: `==` conjuncts on those key paths always reach the
/// store, even when it evaluates nothing else and when pending changes make the context filter in memory.
@Suite struct RequiredEqualityTests {
    private static let bandName: StorePredicate = .compare(["band", "name"], .equal, .string("Low"))

    private func makeContext() async throws -> (ObjectContext, LimitedStore) {
        var capabilities = StoreCapabilities.none
        capabilities.requiredEqualityPaths = ["Album": [["band", "name"]]]
        let store = LimitedStore(model: MusicModel.model.schema, capabilities: capabilities)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        for (name, titles) in [("Low", ["Loose", "Things We Lost"]), ("Yo La Tengo", ["Fakebook"])] {
            let band = Band(context: writer, name: name)
            for title in titles {
                let album = Album(context: writer, title: title)
                album.setBand(band)
            }
        }
        try await writer.save()
        return (try ObjectContext(store: store, model: MusicModel.model), store)
    }

    @Test func requiredConjunctsReachTheStoreAndTheRestStaysInMemory() async throws {
        let (context, store) = try await makeContext()
        let albums = try await Album.fetch(in: context, where: \.band.name == "Low" && \.title != "Loose")
        #expect(albums.map(\.title) == ["Things We Lost"])
        #expect(store.fetchedPredicates.last == Self.bandName)
    }

    @Test func requiredConjunctsReachTheStoreWithPendingChanges() async throws {
        let (context, store) = try await makeContext()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let draft = Album(context: context, title: "Draft")
        draft.setBand(low)
        let albums = try await Album.fetch(in: context, where: \.band.name == "Low")
        #expect(albums.map(\.title).sorted() == ["Draft", "Loose", "Things We Lost"])
        #expect(store.fetchedPredicates.last == Self.bandName)
    }
}
