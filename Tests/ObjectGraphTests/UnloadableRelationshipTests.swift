import ObjectGraph
import ObjectGraphConformance
import Testing

/// Delete rules over relationships the store cannot load: the rule applies to the destinations the
/// context knows, the store is never asked, and the delete reaches the store.
@Suite struct UnloadableRelationshipTests {
    private static let unloadable: [String: Set<String>] = ["Tag": ["tracks"], "Label": ["bands"], "Band": ["albums"]]

    /// A store holding band "Low" (label "Sub Pop") with album "Things We Lost" of tracks "Dinosaur
    /// Act" and "Embrace", both tagged "slowcore"; and a new context on it.
    private func seeded() async throws -> (ObjectContext, UnloadableRelationshipStore) {
        let store = UnloadableRelationshipStore(model: MusicModel.model.schema, unloadable: Self.unloadable)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let label = Label(context: writer, name: "Sub Pop")
        let band = Band(context: writer, name: "Low")
        band.setLabel(label)
        let album = Album(context: writer, title: "Things We Lost")
        album.setBand(band)
        let tag = Tag(context: writer, name: "slowcore")
        for title in ["Dinosaur Act", "Embrace"] {
            let track = Track(context: writer, title: title)
            track.setAlbum(album)
            track.addToTags(tag)
        }
        try await writer.save()
        return (try ObjectContext(store: store, model: MusicModel.model), store)
    }

    @Test func nullifyUnlinksTheLoadedDestinationsAndDeletes() async throws {
        let (context, store) = try await seeded()
        let track = try #require(try await Track.first(in: context, where: \.title == "Dinosaur Act"))
        let tag = try #require(try await track.tags.first)
        context.delete(tag)
        try await context.save()
        #expect(try await track.tags.isEmpty)
        #expect(store.refusedLoads.isEmpty)
        #expect(try await Tag.count(in: context) == 0)
        #expect(!context.hasChanges)
    }

    @Test func denyRefusesWhenALoadedDestinationRemains() async throws {
        let (context, store) = try await seeded()
        let band = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let label = try #require(try await band.label)
        context.delete(label)
        await #expect(throws: ObjectGraphError.deleteDenied(object: label.objectID, entity: "Label", relationship: "bands", destinationCount: 1)) {
            try await context.save()
        }
        #expect(context.hasChanges && store.refusedLoads.isEmpty)
    }

    @Test func denyWithNoKnownDestinationLeavesTheDecisionToTheStore() async throws {
        let (context, store) = try await seeded()
        let label = try #require(try await Label.first(in: context, where: \.name == "Sub Pop"))
        context.delete(label)
        try await context.save()
        #expect(store.refusedLoads.isEmpty)
        #expect(try await Label.count(in: context) == 0)
    }

    @Test func cascadeDeletesTheKnownDestinations() async throws {
        let (context, store) = try await seeded()
        let album = try #require(try await Album.first(in: context, where: \.title == "Things We Lost"))
        let band = try #require(try await album.band)
        context.delete(band)
        try await context.save()
        #expect(try await Album.count(in: context) == 0)
        #expect(store.refusedLoads.isEmpty)
    }
}
