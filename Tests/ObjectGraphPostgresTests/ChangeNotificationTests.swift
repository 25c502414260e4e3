#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Saves reach every other store on the same database and schema through `LISTEN`/`NOTIFY`, with what
/// they changed, only when they commit; contexts over those stores merge them.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresChangeNotificationTests {
    @Test func anotherStoresSavesArriveWithTheirObjectsAndProperties() async throws {
        let writer = try await TestDatabase.store()
        let reader = try await PostgresStore(configuration: writer.configuration, model: MusicModel.model.schema)
        let changes = reader.changes()
        let context = try ObjectContext(store: writer, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let album = Album(context: context, title: "C'mon")
        album.setBand(band)
        try await context.save()
        let inserted = try #require(await TestDatabase.next(changes))
        #expect(Set(inserted.ids(.inserted)["Band"] ?? []) == [band.objectID])
        #expect(inserted.ids(.inserted)["Album"] == [album.objectID])

        album.year = 2011
        try await context.save()
        let updated = try #require(await TestDatabase.next(changes))
        let yearIndex = try #require(Album.entity.attributeIndex(named: "year"))
        #expect(updated.objects[album.objectID]?.kind == .updated)
        #expect(updated.objects[album.objectID]?.properties.attributes == [yearIndex])

        let albumID = album.objectID
        context.delete(album)
        try await context.save()
        let deleted = try #require(await TestDatabase.next(changes))
        #expect(deleted.objects[albumID]?.kind == .deleted)
    }

    @Test func aStoreDoesNotReceiveItsOwnSavesTwice() async throws {
        let store = try await TestDatabase.store()
        let changes = store.changes()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "Low")
        try await context.save()
        #expect(await TestDatabase.next(changes) != nil)
        #expect(await TestDatabase.next(changes, within: .milliseconds(500)) == nil)
    }

    @Test func aFailedSaveSendsNothing() async throws {
        let writer = try await TestDatabase.store()
        let reader = try await PostgresStore(configuration: writer.configuration, model: MusicModel.model.schema)
        let changes = reader.changes()
        let seed = try ObjectContext(store: writer, model: MusicModel.model)
        _ = Band(context: seed, name: "Taken")
        try await seed.save()
        #expect(await TestDatabase.next(changes) != nil)
        let failing = try ObjectContext(store: writer, model: MusicModel.model)
        _ = Band(context: failing, name: "Taken")
        await #expect(throws: ObjectGraphError.self) { try await failing.save() }
        let later = try ObjectContext(store: writer, model: MusicModel.model)
        let committed = Band(context: later, name: "Later")
        try await later.save()
        let change = try #require(await TestDatabase.next(changes))
        #expect(change.ids(.inserted)["Band"] == [committed.objectID])
    }

    @Test func aSaveTooLargeForOneNotificationNamesItsEntities() async throws {
        let writer = try await TestDatabase.store()
        let reader = try await PostgresStore(configuration: writer.configuration, model: MusicModel.model.schema)
        let changes = reader.changes()
        let context = try ObjectContext(store: writer, model: MusicModel.model)
        for number in 0..<1_000 { _ = Band(context: context, name: "Band \(number)") }
        try await context.save()
        let change = try #require(await TestDatabase.next(changes))
        #expect(change.objects.isEmpty)
        #expect(change.entitiesToRefetch == ["Band"])
    }

    @Test func storesOnOtherSchemasHearNothing() async throws {
        let writer = try await TestDatabase.store()
        let elsewhere = try await TestDatabase.store()
        let changes = elsewhere.changes()
        let context = try ObjectContext(store: writer, model: MusicModel.model)
        _ = Band(context: context, name: "Low")
        try await context.save()
        #expect(await TestDatabase.next(changes, within: .milliseconds(500)) == nil)
    }

    /// A context over another store (as in another process) merges the save: the untouched object takes
    /// the stored values, a pending edit wins, a deleted object leaves it.
    @Test func contextsOverAnotherStoreMerge() async throws {
        let writerStore = try await TestDatabase.store()
        let readerStore = try await PostgresStore(configuration: writerStore.configuration, model: MusicModel.model.schema)
        let writer = try ObjectContext(store: writerStore, model: MusicModel.model)
        let low = Band(context: writer, name: "Low")
        let grouper = Band(context: writer, name: "Grouper")
        let bjork = Band(context: writer, name: "Björk")
        try await writer.save()

        let reader = try ObjectContext(store: readerStore, model: MusicModel.model)
        var merges = reader.changes.makeAsyncIterator()
        let lowInReader = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        let grouperInReader = try #require(try await Band.first(in: reader, where: \.name == "Grouper"))
        let bjorkInReader = try #require(try await Band.first(in: reader, where: \.name == "Björk"))
        grouperInReader.formed = 2005

        low.rating = 4.5
        grouper.formed = 1999
        grouper.rating = 4.1
        writer.delete(bjork)
        try await writer.save()

        // The writer's first save may arrive first; merge until the second one is in.
        while !bjorkInReader.isDeleted {
            let merged = try #require(await merges.next())
            #expect(merged.causes == .merged)
        }
        #expect(lowInReader.rating == 4.5 && !lowInReader.isUpdated)
        #expect(grouperInReader.rating == 4.1 && grouperInReader.formed == 2005)
        #expect(bjorkInReader.isDeleted)
    }

    /// The listening connection is ended by the server: the store reconnects, says that everything may have
    /// changed, and receives later saves again.
    @Test func theListenerReconnectsAndAsksForARefetch() async throws {
        var configuration = try TestDatabase.configuration()
        let application = "og_listen_" + UUID().uuidString.prefix(8)
        configuration.applicationName = application
        let reader = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let writer = try await PostgresStore(configuration: try TestDatabase.configuration(schema: configuration.schema),
                                             model: MusicModel.model.schema)
        let changes = reader.changes()
        #expect(try await TestDatabase.terminateSessions(application: application) >= 1)
        let refetch = try #require(await TestDatabase.next(changes))
        #expect(refetch.entitiesToRefetch == Set(MusicModel.model.schema.entities.map(\.name)))
        let context = try ObjectContext(store: writer, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        try await context.save()
        let change = try #require(await TestDatabase.next(changes))
        #expect(change.ids(.inserted)["Band"] == [band.objectID])
    }
}
#endif
