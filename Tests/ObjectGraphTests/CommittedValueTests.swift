import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// An object keeps the committed value (as loaded or last saved) only of an attribute it changed, captured
/// on the attribute's first change; rollback, the change set, merges and conflict reports read it.
@Suite struct CommittedValueTests {
    private let schema = MusicModel.model.schema

    private func savedBand(in store: some PersistentStore, name: String = "Low", rating: Double = 1) async throws -> ObjectID<Band> {
        let setup = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: setup, name: name)
        band.rating = rating
        try await setup.save()
        return band.typedID
    }

    @Test func rollbackOfAnAttributeChangedTwiceRestoresTheLoadedValue() async throws {
        let store = InMemoryStore(model: schema)
        let id = try await savedBand(in: store)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = try await context.existingObject(with: id)
        band.rating = 2
        band.rating = 3
        band.name = "High"
        context.rollback()
        #expect(band.rating == 1 && band.name == "Low")
        #expect(!context.hasChanges)
    }

    @Test func anAttributeSetBackToItsCommittedValueIsNotInTheChangeSet() async throws {
        let store = RecordingStore(model: schema)
        let id = try await savedBand(in: store)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = try await context.existingObject(with: id)
        band.rating = 2
        band.rating = 1
        band.name = "High"
        try await context.save()

        let update = try #require(store.saved.withLock { $0.last }?.updated.first)
        let name = try #require(Band.entity.attributeIndex(named: "name"))
        #expect(update.attributes.map(\.index) == [name])
        #expect(update.attributes.map(\.value) == [.string("High")])
    }

    @Test func aMergeKeepsAPendingEditAndTheStoresValueBecomesCommitted() async throws {
        let store = InMemoryStore(model: schema)
        let id = try await savedBand(in: store)
        let editor = try ObjectContext(store: store, model: MusicModel.model)
        let band = try await editor.existingObject(with: id)
        band.rating = 3

        let other = try ObjectContext(store: store, model: MusicModel.model)
        let inOther = try await other.existingObject(with: id)
        inOther.rating = 2
        inOther.name = "Lower"
        try await other.save()
        try await editor.mergeChanges()
        #expect(band.rating == 3, "the pending edit wins")
        #expect(band.name == "Lower", "an unchanged attribute takes the store's value")

        editor.automaticallyMergesChanges = false
        inOther.rating = 5
        try await other.save()
        let error = await #expect(throws: ObjectGraphError.self) { try await editor.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected a merge conflict, got \(String(describing: error))")
            return
        }
        let rating = try #require(conflicts.first?.properties.first { $0.name == "rating" })
        #expect(rating.readValue == .attribute(.double(2)), "the merged store value is the committed one")
        #expect(rating.storeValue == .attribute(.double(5)) && rating.contextValue == .attribute(.double(3)))
        #expect(conflicts.first?.properties.contains { $0.name == "name" } == false)

        editor.rollback()
        #expect(band.rating == 2 && band.name == "Lower")
    }

    @Test func aSavedInsertedObjectsCommittedValueIsItsSavedValue() async throws {
        let store = RecordingStore(model: schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        band.name = "Mid"
        band.rating = 4
        try await context.save()

        band.name = "High"
        band.rating = 5
        context.rollback()
        #expect(band.name == "Mid" && band.rating == 4)

        band.name = "High"
        band.name = "Mid"
        band.rating = 6
        try await context.save()
        let update = try #require(store.saved.withLock { $0.last }?.updated.first)
        let rating = try #require(Band.entity.attributeIndex(named: "rating"))
        #expect(update.attributes == [AttributeChange(index: rating, value: .double(6))])
    }

    @Test func aSavedChangedObjectsCommittedValueIsItsSavedValue() async throws {
        let store = InMemoryStore(model: schema)
        let id = try await savedBand(in: store)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = try await context.existingObject(with: id)
        band.rating = 2
        try await context.save()
        band.rating = 3
        context.rollback()
        #expect(band.rating == 2)
    }

    @Test func anInPlaceMutationOfATransformableArrayIsTrackedAndRolledBack() async throws {
        let store = InMemoryStore(model: schema)
        let setup = try ObjectContext(store: store, model: MusicModel.model)
        let manager = Manager(context: setup, name: "Ann")
        manager.nicknames = ["A"]
        try await setup.save()

        let context = try ObjectContext(store: store, model: MusicModel.model)
        let loaded = try await context.existingObject(with: manager.typedID)
        loaded.nicknames?.append("Annie")
        #expect(loaded.isUpdated && loaded.nicknames == ["A", "Annie"])
        context.rollback()
        #expect(loaded.nicknames == ["A"] && !context.hasChanges)

        loaded.nicknames?.append("Nan")
        try await context.save()
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        #expect(try await reader.existingObject(with: manager.typedID).nicknames == ["A", "Nan"])
    }
}
