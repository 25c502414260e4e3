// Writes to a PostgreSQL schema from a process of its own, for the multi-process tests of
// ObjectGraphPostgresTests (built only with the PostgreSQL trait). The server is MODELGEN_POSTGRES_URL.
//
//   postgres-conflict-writer increment <schema> <saves>
//       Each save adds 1 to the ratings of two of the bands named "counter 0" … "counter 3" (save i: counters
//       i % 4 and (i + 1) % 4), retrying after a merge conflict with the values read again; prints
//       `done <saves> <conflicts>`.
//   postgres-conflict-writer batches <schema> <bands per save> <application name>
//       Saves forever; save n inserts `bands per save` bands named "batch n-…" and then one album titled
//       "batch n"; prints `committed n` after each commit.
#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres

/// The writer's arguments and server.
struct Writer {
    let arguments: [String]

    func configuration(schema: String, application: String? = nil) throws -> PostgresStore.Configuration {
        guard let url = ProcessInfo.processInfo.environment["MODELGEN_POSTGRES_URL"] else { throw Usage() }
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = schema
        configuration.maximumConnections = 2
        if let application { configuration.applicationName = application }
        return configuration
    }

    func run() async throws {
        guard arguments.count >= 4 else { throw Usage() }
        switch arguments[1] {
        case "increment":
            guard let saves = Int(arguments[3]) else { throw Usage() }
            try await increment(try configuration(schema: arguments[2]), saves: saves)
        case "batches":
            guard arguments.count >= 5, let size = Int(arguments[3]) else { throw Usage() }
            try await batches(try configuration(schema: arguments[2], application: arguments[4]), bandsPerSave: size)
        default:
            throw Usage()
        }
    }

    /// The conflict-retrying increments; the context does not merge automatically, so each increment is
    /// of the values it read and the store's version check decides.
    private func increment(_ configuration: PostgresStore.Configuration, saves: Int) async throws {
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let counters = try await Band.fetch(in: context, where: .beginsWith(\.name, "counter "), sortedBy: [.ascending(\.name)])
        guard counters.count == 4 else { throw Usage() }
        var conflicts = 0
        for save in 0..<saves {
            while true {
                counters[save % 4].rating += 1
                counters[(save + 1) % 4].rating += 1
                do {
                    try await context.save()
                    break
                } catch ObjectGraphError.mergeConflicts {
                    conflicts += 1
                    context.rollback()
                    for counter in counters { try await context.refresh(counter) }
                }
            }
        }
        say("done \(saves) \(conflicts)")
    }

    private func batches(_ configuration: PostgresStore.Configuration, bandsPerSave: Int) async throws {
        let store = try await PostgresStore(configuration: configuration, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var number = 0
        while true {
            for band in 0..<bandsPerSave { _ = Band(context: context, name: "batch \(number)-\(band)") }
            _ = Album(context: context, title: "batch \(number)")
            try await context.save()
            say("committed \(number)")
            number += 1
        }
    }
}

/// Writes `line` to standard output at once (unbuffered), for the test reading it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The arguments are not a known command, or the server is not set.
struct Usage: Error {}

do {
    try await Writer(arguments: CommandLine.arguments).run()
} catch {
    FileHandle.standardError.write(Data("postgres-conflict-writer: \(error)\n".utf8))
    exit(error is Usage ? 2 : 1)
}
#else
import Foundation

FileHandle.standardError.write(Data("postgres-conflict-writer needs the PostgreSQL trait\n".utf8))
exit(2)
#endif
