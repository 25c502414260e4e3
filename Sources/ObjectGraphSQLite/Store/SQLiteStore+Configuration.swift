import ObjectGraph

extension SQLiteStore {
    /// How the store's connection is set up.
    ///
    /// ```swift
    /// var configuration = SQLiteStore.Configuration()
    /// configuration.pageCacheSize = 64 << 20   // keep up to 64 MB of the database in memory
    /// configuration.memoryMapSize = 256 << 20  // read the first 256 MB through a memory map
    /// let store = try await SQLiteStore(at: .file("Music.sqlite"), model: MusicModel.model.schema,
    ///                                   configuration: configuration)
    /// ```
    public struct Configuration: Sendable, Hashable {
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeout: Duration = .seconds(5)
        /// The most bytes of database pages the connection keeps in memory; `nil` for SQLite's default
        /// (2 MB). Databases larger than the cache are read again from the operating system's file cache
        /// on every query that scans them.
        public var pageCacheSize: Int?
        /// The bytes of the database file read through a memory map instead of `read` calls; `nil` or 0
        /// for none (SQLite's default). SQLite caps it at its compile-time maximum. File databases only.
        public var memoryMapSize: Int?

        /// Whether opening data written by an older model version migrates it (the default) or throws
        /// ``ObjectGraph/MigrationError/refused(dataVersion:currentVersion:)``.
        public var migration: MigrationPolicy = .automatic

        /// What the store does with data written by an older version of the model's history.
        public typealias MigrationPolicy = ObjectGraph.MigrationPolicy

        /// SQLite's defaults, with a 5 second busy timeout.
        public init() {}

        /// Throws ``SQLiteStoreError/invalidConfiguration(_:)`` naming the first value out of range.
        func validate() throws {
            if busyTimeout < .zero {
                throw SQLiteStoreError.invalidConfiguration("busyTimeout is \(busyTimeout); it cannot be negative")
            }
            if let pageCacheSize, pageCacheSize < 0 {
                throw SQLiteStoreError.invalidConfiguration("pageCacheSize is \(pageCacheSize) bytes; it cannot be negative")
            }
            if let memoryMapSize, memoryMapSize < 0 {
                throw SQLiteStoreError.invalidConfiguration("memoryMapSize is \(memoryMapSize) bytes; it cannot be negative")
            }
        }
    }
}

extension SQLiteStore {
    /// The connection's value of `PRAGMA name`, for tests of the set-up.
    func pragma(_ name: String) throws -> String? {
        try withConnection { try $0.text("PRAGMA \(name)") }
    }
}
