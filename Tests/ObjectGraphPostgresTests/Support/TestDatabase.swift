#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres

/// The server the tests use: `MODELGEN_POSTGRES_URL` (`Scripts/postgres-cluster.sh start` makes one; CI
/// always does). Each test works in a PostgreSQL schema of its own, so tests run in parallel.
enum TestDatabase {
    /// The server's URL, or `nil` when the tests are skipped.
    static let url = ProcessInfo.processInfo.environment["MODELGEN_POSTGRES_URL"]

    /// Why the suites are skipped without a server.
    static let skipReason: Comment = "MODELGEN_POSTGRES_URL is not set: start a server with `eval \"$(Scripts/postgres-cluster.sh start)\"`"

    /// A configuration of the test server in a new, empty schema (`name` when given).
    static func configuration(schema name: String? = nil) throws -> PostgresStore.Configuration {
        var configuration = try PostgresStore.Configuration(url: url ?? "")
        configuration.schema = name ?? "og_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        configuration.maximumConnections = 4
        return configuration
    }

    /// A store of `model` in a new, empty schema.
    static func store(_ model: ModelDescription = MusicModel.model.schema, schema name: String? = nil) async throws -> PostgresStore {
        try await PostgresStore(configuration: try configuration(schema: name), model: model)
    }

    /// Ends, with `psql`, the server sessions of `application` that are inside a transaction; returns how many.
    static func terminateSessionsInTransaction(application: String) throws -> Int {
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", url ?? "", "-tA", "-c",
                          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(application)' "
                              + "AND xact_start IS NOT NULL AND pid <> pg_backend_pid()"]
        let output = Pipe()
        psql.standardOutput = output
        try psql.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        psql.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0 == "t" }.count
    }

    /// An in-memory store and a PostgreSQL store holding the translation data set (same IDs: both
    /// count keys per table in insertion order).
    static func storePair() async throws -> (InMemoryStore, PostgresStore) {
        let memory = InMemoryStore(model: MusicModel.model.schema)
        let postgres = try await store()
        for store in [memory, postgres] as [any PersistentStore] {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            TranslationData.insert(into: context)
            try await context.save()
        }
        return (memory, postgres)
    }
}
#endif
