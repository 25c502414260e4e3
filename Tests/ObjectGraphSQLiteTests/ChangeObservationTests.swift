import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Saves made through another connection to the same file (another `SQLiteStore`, another process)
/// reach a store's observers as entities to refetch, and contexts merge them.
@Suite struct ChangeObservationTests {
    /// The first change `changes` delivers within 10 seconds.
    private func firstChange(of changes: StoreChanges) async -> StoreChange? {
        await withTaskGroup(of: StoreChange?.self) { group in
            group.addTask {
                var iterator = changes.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Merges until `condition` holds, for up to 10 seconds (the store checks every 100 ms).
    private func merge(_ context: ObjectContext, until condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            try await context.mergeChanges()
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func anotherStoreOnTheSameFileIsObserved() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let first = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let second = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let seeder = try ObjectContext(store: first, model: MusicModel.model)
        let seededLow = Band(context: seeder, name: "Low")
        for title in ["Things We Lost in the Fire", "C'mon", "Double Negative"] {
            Album(context: seeder, title: title).setBand(seededLow)
        }
        _ = Band(context: seeder, name: "Grouper")
        try await seeder.save()

        let reader = try ObjectContext(store: first, model: MusicModel.model)
        var readerChanges = reader.changes.makeAsyncIterator()
        let storeChanges = first.changes()
        let low = try #require(try await Band.first(in: reader, where: \.name == "Low"))
        #expect(try await low.albums.count == 3)
        let grouper = try #require(try await Band.first(in: reader, where: \.name == "Grouper"))
        grouper.formed = 2005

        let writer = try ObjectContext(store: second, model: MusicModel.model)
        let lowInWriter = try #require(try await Band.first(in: writer, where: \.name == "Low"))
        lowInWriter.rating = 1.5
        Album(context: writer, title: "Hey What").setBand(lowInWriter)
        let grouperInWriter = try #require(try await Band.first(in: writer, where: \.name == "Grouper"))
        grouperInWriter.rating = 2.5
        try await writer.save()

        let change = try #require(await firstChange(of: storeChanges))
        #expect(change.entitiesToRefetch.isSuperset(of: ["Band", "Album"]))
        #expect(try await merge(reader) { low.rating == 1.5 })
        #expect(try await low.albums.count == 4)
        #expect(grouper.rating == 2.5 && grouper.formed == 2005)
        let merged = try #require(try await readerChanges.next())
        #expect(merged.causes == .merged)
        #expect(merged.refreshed[low.objectID] != nil)
    }

    @Test func theStoresOwnSavesAreNotReportedAsOtherWriters() async throws {
        let directory = try TemporaryDirectory()
        let store = try await SQLiteStore(at: .file(directory.path("own.sqlite")), model: MusicModel.model.schema)
        var changes = store.changes().makeAsyncIterator()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "Low")
        try await context.save()
        let own = try #require(await changes.next())
        #expect(own.entitiesToRefetch.isEmpty && own.objects.count == 1)
        try await Task.sleep(for: .milliseconds(300))   // several checks of data_version
        _ = Band(context: context, name: "Nirvana")
        try await context.save()
        let next = try #require(await changes.next())
        #expect(next.entitiesToRefetch.isEmpty && next.objects.count == 1)
    }

    @Test func anotherProcessIsObserved() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("process.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: MusicModel.model.schema)
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let label = Label(context: reader, name: "Kranky")
        try await reader.save()
        #expect(try await label.bands.isEmpty)
        let storeChanges = store.changes()
        var changes = reader.changes.makeAsyncIterator()

        // The helper opens the same file and saves once: a label and three bands.
        let writer = Process()
        writer.executableURL = try DurabilityTests.helperURL()
        writer.arguments = [path, "1"]
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)

        let detected = try #require(await firstChange(of: storeChanges))
        #expect(detected.entitiesToRefetch.isSuperset(of: ["Band", "Label"]))
        try await reader.mergeChanges()
        let merged = try #require(try await changes.next())
        #expect(merged.causes == .merged && merged.committed.entitiesToRefetch.contains("Band"))
        #expect(try await Band.count(in: reader) == 3)
        #expect(try await Label.count(in: reader) == 2)
    }
}
