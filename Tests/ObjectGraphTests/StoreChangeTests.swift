import ObjectGraph
import ObjectGraphConformance
import Testing

/// The change stream of ``InMemoryStore`` and the coalescing rules of ``StoreChange``.
@Suite struct StoreChangeTests {
    private func makeStore() -> InMemoryStore { InMemoryStore(model: MusicModel.model.schema) }

    private func context(_ store: InMemoryStore) throws -> ObjectContext {
        try ObjectContext(store: store, model: MusicModel.model)
    }

    @Test func aSaveIsPublishedWithItsObjectsAndChangedProperties() async throws {
        let store = makeStore()
        let changes = store.changes()
        var iterator = changes.makeAsyncIterator()
        let context = try context(store)
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        album.setBand(band)
        try await context.save()

        let inserted = try #require(await iterator.next())
        #expect(inserted.ids(.inserted)["Band"] == [band.objectID])
        #expect(inserted.ids(.inserted)["Album"] == [album.objectID])
        #expect(inserted.objects.count == 2 && inserted.entitiesToRefetch.isEmpty)

        album.year = 2011
        album.setBand(nil)
        try await context.save()
        let updated = try #require(await iterator.next())
        #expect(updated.objects[album.objectID] == StoreChange.Object(
            kind: .updated, entityName: "Album", properties: ChangedProperties(attributes: [1], toOnes: [0])))
        #expect(updated.objects.count == 1)

        let bandID = band.objectID
        context.delete(band)
        try await context.save()
        let deleted = try #require(await iterator.next())
        #expect(deleted.objects == [bandID: StoreChange.Object(kind: .deleted, entityName: "Band")])
    }

    @Test func manyToManyChangesListTheirOwners() async throws {
        let store = makeStore()
        var iterator = store.changes().makeAsyncIterator()
        let context = try context(store)
        let low = Band(context: context, name: "Low")
        let other = Band(context: context, name: "Other")
        try await context.save()
        _ = await iterator.next()
        low.addToInfluences(other)
        try await context.save()
        let change = try #require(await iterator.next())
        let index = try #require(Band.entity.relationshipIndex(named: "influences"))
        #expect(change.toManys.contains(StoreChange.ToMany(ownerID: low.objectID, entityName: "Band", relationshipIndex: index)))
    }

    @Test func aSlowObserverGetsEverySaveCoalescedInOrder() async throws {
        let store = makeStore()
        var slow = store.changes().makeAsyncIterator()
        let context = try context(store)
        let kept = Band(context: context, name: "Kept")
        let dropped = Band(context: context, name: "Dropped")
        try await context.save()
        kept.rating = 2
        try await context.save()
        kept.name = "Renamed"
        let added = Band(context: context, name: "Added")
        context.delete(dropped)
        try await context.save()
        let gone = Band(context: context, name: "Gone")
        try await context.save()
        let goneID = gone.objectID
        context.delete(gone)
        try await context.save()

        // Five saves, one value: what an observer that read nothing needs to know.
        let change = try #require(await slow.next())
        #expect(change.objects[kept.objectID]?.kind == .inserted)
        #expect(change.objects[added.objectID]?.kind == .inserted)
        #expect(change.objects[dropped.objectID] == nil)   // inserted, then deleted
        #expect(change.objects[goneID] == nil)
        #expect(change.objects.count == 2)
    }

    @Test func updatesCoalesceIntoTheUnionOfTheirProperties() {
        let id = AnyObjectID(entityName: "Band", key: .integer(1))
        var first = StoreChange()
        first.record(id, StoreChange.Object(kind: .updated, entityName: "Band", properties: ChangedProperties(attributes: [2], toOnes: [1])))
        var second = StoreChange()
        second.record(id, StoreChange.Object(kind: .updated, entityName: "Band", properties: ChangedProperties(attributes: [0, 2])))
        second.recordEntitiesToRefetch(["Label"])
        first.coalesce(with: second)
        #expect(first.objects[id]?.properties == ChangedProperties(attributes: [0, 2], toOnes: [1]))
        #expect(first.entitiesToRefetch == ["Label"])

        var deleted = StoreChange()
        deleted.record(id, StoreChange.Object(kind: .deleted, entityName: "Band"))
        first.coalesce(with: deleted)
        #expect(first.objects[id]?.kind == .deleted)
    }

    @Test func everyObserverGetsEveryChangeAndNoneStallsASave() async throws {
        let store = makeStore()
        var first = store.changes().makeAsyncIterator()
        var second = store.changes().makeAsyncIterator()
        let neverRead = store.changes()
        let context = try context(store)
        var ids: Set<AnyObjectID> = []
        for number in 0..<200 {
            let band = Band(context: context, name: "Band \(number)")
            try await context.save()
            ids.insert(band.objectID)
            if number == 100 {
                // The first observer reads in the middle, the second only at the end.
                let early = try #require(await first.next())
                #expect(early.objects.count == 101)
            }
        }
        let late = try #require(await first.next())
        #expect(late.objects.count == 99)
        let all = try #require(await second.next())
        #expect(Set(all.objects.keys) == ids)
        withExtendedLifetime(neverRead) {}
    }

    @Test func observationEndsWhenTheStoreGoesAway() async throws {
        var store: InMemoryStore? = makeStore()
        let changes = try #require(store).changes()
        let reader = Task {
            var count = 0
            for await _ in changes { count += 1 }
            return count
        }
        let context = try ObjectContext(store: try #require(store), model: MusicModel.model)
        _ = Band(context: context, name: "Low")
        try await context.save()
        _ = consume context
        store = nil
        #expect(await reader.value <= 1)
    }

    @Test func observationEndsWhenItsTaskIsCancelled() async throws {
        let store = makeStore()
        let changes = store.changes()
        let reader = Task {
            for await _ in changes {}
            return true
        }
        reader.cancel()
        #expect(await reader.value)
    }

    @Test func aStoreThatCannotObserveSaysSo() throws {
        let store = LimitedStore(model: MusicModel.model.schema, capabilities: .all)
        #expect(throws: ObjectGraphError.changesNotObservable(store: "LimitedStore")) {
            _ = try store.changes()
        }
    }
}
