import ObjectGraph
import ObjectGraphConformance
import Testing

/// ``ObjectContext/changes``: what a context publishes about its saves, rollbacks, refreshes and resets.
@Suite struct ContextChangeTests {
    private func makeContext() throws -> ObjectContext {
        try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
    }

    @Test func aSaveIsPublishedUnderPermanentIDs() async throws {
        let context = try makeContext()
        var changes = context.changes.makeAsyncIterator()
        let band = Band(context: context, name: "Low")
        try await context.save()
        let inserted = try #require(try await changes.next())
        #expect(inserted.causes == .saved)
        #expect(inserted.committed.ids(.inserted) == ["Band": [band.objectID]])
        #expect(!band.objectID.isTemporary)

        band.rating = 4
        try await context.save()
        let updated = try #require(try await changes.next())
        #expect(updated.committed.objects[band.objectID]?.properties == ChangedProperties(attributes: [2]))
    }

    @Test func aRollbackListsDiscardedInsertsAndRestoredObjects() async throws {
        let context = try makeContext()
        let band = Band(context: context, name: "Low")
        let label = Label(context: context, name: "Sub Pop")
        try await context.save()
        var changes = context.changes.makeAsyncIterator()
        band.name = "Changed"
        band.setLabel(label)
        context.delete(label)
        let unsaved = Band(context: context, name: "Unsaved")
        let unsavedID = unsaved.objectID
        context.rollback()

        let change = try #require(try await changes.next())
        #expect(change.causes == .rolledBack)
        #expect(change.discarded == [unsavedID])
        let labelIndex = try #require(Band.entity.relationshipIndex(named: "label"))
        #expect(change.refreshed[band.objectID] == ChangedProperties(attributes: [0], toOnes: [labelIndex]))
        #expect(change.refreshed[label.objectID] == ChangedProperties())   // undeleted, values as they were
        #expect(change.committed.isEmpty)
        #expect(band.name == "Low")
    }

    @Test func aRefreshListsTheChangedProperties() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        try await context.save()
        let other = try ObjectContext(store: store, model: MusicModel.model)
        try await other.existingObject(with: band.typedID).formed = 1993
        try await other.save()

        var changes = context.changes.makeAsyncIterator()
        try await context.refresh(band)
        let change = try #require(try await changes.next())
        #expect(change.causes.contains(.refreshed))
        #expect(change.refreshed[band.objectID] == ChangedProperties(attributes: [1]))
        #expect(band.formed == 1993)
    }

    @Test func aResetIsPublished() async throws {
        let context = try makeContext()
        var changes = context.changes.makeAsyncIterator()
        _ = Band(context: context, name: "Low")
        context.reset()
        let change = try #require(try await changes.next())
        #expect(change.causes == .reset)
    }

    @Test func aSlowObserverGetsTheChangesCoalesced() async throws {
        let context = try makeContext()
        var changes = context.changes.makeAsyncIterator()
        let band = Band(context: context, name: "Low")
        try await context.save()
        band.rating = 3
        try await context.save()
        _ = Band(context: context, name: "Unsaved")
        context.rollback()
        let change = try #require(try await changes.next())
        #expect(change.causes == [.saved, .rolledBack])
        #expect(change.committed.objects[band.objectID]?.kind == .inserted)
        #expect(change.discarded.count == 1)
    }

    @Test func observationEndsWhenTheContextIsReleased() async throws {
        var context: ObjectContext? = try makeContext()
        var changes = try #require(context).changes.makeAsyncIterator()
        _ = Band(context: try #require(context), name: "Low")
        try await context?.save()
        context = nil
        #expect(try await changes.next()?.causes == .saved)   // what was pending
        #expect(try await changes.next() == nil)
    }

    @MainActor @Test func aWaitingObserverEndsWhenTheContextIsReleased() async throws {
        var context: ObjectContext? = try makeContext()
        let changes = try #require(context).changes
        let reader = Task { @MainActor in
            var count = 0
            for try await _ in changes { count += 1 }
            return count
        }
        await Task.yield()
        context = nil
        #expect(try await reader.value == 0)
    }
}
