import Foundation
import ObjectGraph
import ObjectGraphConformance
@testable import ObjectGraphSQLite
import Testing

/// The connection set-up that ``SQLiteStore/Configuration`` controls.
@Suite struct ConfigurationTests {
    @Test func defaultsAreSQLitesWithWALForFiles() async throws {
        let directory = try TemporaryDirectory()
        let store = try await SQLiteStore(at: .file(directory.path("defaults.sqlite")), model: MusicModel.model.schema)
        #expect(try await store.pragma("journal_mode") == "wal")
        #expect(try await store.pragma("cache_size") == "-2000")
        #expect(try await store.pragma("mmap_size") == "0")
        #expect(try await store.pragma("busy_timeout") == "5000")
    }

    @Test func cacheMemoryMapAndTimeoutAreApplied() async throws {
        let directory = try TemporaryDirectory()
        var configuration = SQLiteStore.Configuration()
        configuration.pageCacheSize = 64 << 20
        configuration.memoryMapSize = 16 << 20
        configuration.busyTimeout = .milliseconds(1500)
        let store = try await SQLiteStore(
            at: .file(directory.path("tuned.sqlite")), model: MusicModel.model.schema, configuration: configuration)
        #expect(try await store.pragma("cache_size") == "-65536")
        #expect(try await store.pragma("mmap_size") == "\(16 << 20)")
        #expect(try await store.pragma("busy_timeout") == "1500")

        let context = try ObjectContext(store: store, model: MusicModel.model)
        TranslationData.insert(into: context)
        try await context.save()
        #expect(try await ObjectContext(store: store, model: MusicModel.model).fetch(Band.self).count > 0)
    }

    @Test func inMemoryDatabasesTakeTheCacheSize() async throws {
        var configuration = SQLiteStore.Configuration()
        configuration.pageCacheSize = 8 << 20
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema, configuration: configuration)
        #expect(try await store.pragma("cache_size") == "-8192")
    }

    @Test func negativeSizesAreRejectedByName() async throws {
        var configuration = SQLiteStore.Configuration()
        configuration.pageCacheSize = -1
        await #expect(throws: SQLiteStoreError.invalidConfiguration("pageCacheSize is -1 bytes; it cannot be negative")) {
            try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema, configuration: configuration)
        }
        configuration.pageCacheSize = nil
        configuration.memoryMapSize = -1
        await #expect(throws: SQLiteStoreError.invalidConfiguration("memoryMapSize is -1 bytes; it cannot be negative")) {
            try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema, configuration: configuration)
        }
    }

    @Test func negativeBusyTimeoutIsRejected() async throws {
        var configuration = SQLiteStore.Configuration()
        configuration.busyTimeout = .seconds(-1)
        await #expect(throws: SQLiteStoreError.invalidConfiguration("busyTimeout is -1.0 seconds; it cannot be negative")) {
            try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema, configuration: configuration)
        }
    }
}
