#if PostgreSQL
import Foundation
import Logging
import ObjectGraphPostgres
import PostgresNIO

/// `--postgres URL`: the workload of the SQLite table, (a) to (d), on the PostgreSQL server at URL, for
/// ours (contexts over `PostgresStore`), raw postgres-nio (the lower bound) and Fluent 4 (the peer). Each
/// contender of each run gets a database of its own, created for it and dropped afterwards.
enum PostgresBenchmark {
    static let ours = "ours", raw = "postgres-nio", guarded = "postgres-nio-guarded", fluent = "fluent"
    /// The contenders in table order: ours, the lower bound, the lower bound with the store's guarantees
    /// (row versions checked, rows locked in key order), the peer.
    static let contenders = [(ours, "ours", "ours"), (raw, "raw nio", "nio"), (guarded, "nio+guard", "guard"), (fluent, "Fluent", "Fluent")]

    /// Runs `runs` rounds of N = `rows` and returns the report (ratios of ours to raw postgres-nio and Fluent).
    /// `only`: the contenders to run, comma-separated (`ours,postgres-nio`), or all of them.
    static func run(url: String, rows: Int, runs: Int, only: String?) async throws -> Report {
        let chosen = only.map { Set($0.split(separator: ",").map(String.init)) }
        let server = try PostgresStore.Configuration(url: url)
        let admin = PostgresClient(configuration: clientConfiguration(server, database: server.database))
        let adminTask = Task { await admin.run() }
        defer { adminTask.cancel() }
        var samples: [String: [Operation: [Double]]] = [:]
        for run in 0..<runs {
            let names = contenders.map(\.0).filter { chosen?.contains($0) ?? true }
            var contenders: [NamedContender] = []
            var databases: [String] = []
            do {
                for name in names {
                    let database = "modelgen_bench_\(ProcessInfo.processInfo.processIdentifier)_\(run)_\(name.replacingOccurrences(of: "-", with: "_"))"
                    try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(database)"), logger: logger)
                    databases.append(database)
                    contenders.append((name, try await contender(name, server: server, database: database), database))
                }
                let rotation = run % max(1, contenders.count)
                for contender in contenders[rotation...] + contenders[..<rotation] {
                    let times = try await measure([contender], rows: rows) { name, database, owners, items, priceSum in
                        try await verify(name, server: server, database: database, owners: owners, items: items, priceSum: priceSum)
                    }
                    for (name, operations) in times {
                        for (operation, seconds) in operations { samples[name, default: [:]][operation, default: []].append(seconds) }
                    }
                }
            } catch {
                contenders.removeAll()
                try await drop(databases, admin: admin)
                throw error
            }
            contenders.removeAll()
            try await drop(databases, admin: admin)
        }
        var report = Report(rows: rows, runs: runs, interleaved: false, samples: samples)
        report.contenders = Self.contenders
        report.operations = [.insert, .fetch, .prefetch, .update]
        return report
    }

    private static func contender(_ name: String, server: PostgresStore.Configuration, database: String) async throws -> Contender {
        switch name {
        case ours:
            var configuration = server
            configuration.database = database
            return await OursContender(store: try await PostgresStore(configuration: configuration, model: BenchmarkModel.model.schema))
        case raw:
            return try await RawPostgresContender<Unguarded>(configuration: clientConfiguration(server, database: database))
        case guarded:
            return try await RawPostgresContender<VersionedAndLocked>(configuration: clientConfiguration(server, database: database))
        default:
            var url = URLComponents()
            url.scheme = "postgres"
            url.user = server.username
            url.password = server.password
            url.host = server.host
            url.port = server.port
            url.path = "/" + database
            url.queryItems = [URLQueryItem(name: "sslmode", value: "disable")]
            return try await FluentContender(url: url.string ?? "")
        }
    }

    /// What the contender's database holds, through a connection of its own: the row counts and the sum
    /// of the prices must be what the stage wrote.
    private static func verify(_ name: String, server: PostgresStore.Configuration, database: String,
                               owners: Int, items: Int, priceSum: Double) async throws {
        let client = PostgresClient(configuration: clientConfiguration(server, database: database))
        let task = Task { await client.run() }
        defer { task.cancel() }
        let rows = try await client.query(#"SELECT (SELECT count(*) FROM "Owner"), count(*), sum("price") FROM "Item""#, logger: logger)
        for try await (ownerCount, itemCount, sum) in rows.decode((Int64, Int64, Double).self) {
            try check(ownerCount == owners && itemCount == items && abs(sum - priceSum) < 0.5,
                      "\(name) holds \(ownerCount) owners, \(itemCount) items, price sum \(sum); expected \(owners), \(items), \(priceSum)")
            return
        }
        throw BenchmarkFailure(description: "\(name): the check query returned no row")
    }

    private static func drop(_ databases: [String], admin: PostgresClient) async throws {
        for database in databases {
            try await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"), logger: logger)
        }
    }

    static func clientConfiguration(_ server: PostgresStore.Configuration, database: String?) -> PostgresClient.Configuration {
        PostgresClient.Configuration(host: server.host, port: server.port, username: server.username, password: server.password,
                                     database: database, tls: .disable)
    }

    private static let logger: Logger = {
        var logger = Logger(label: "modelgen-benchmarks.postgres")
        logger.logLevel = .critical
        return logger
    }()
}
#endif
