#if PostgreSQL
import Foundation
import Logging
import PostgresNIO

/// The lower bounds on PostgreSQL: postgres-nio's `PostgresClient` with prepared statements, rows read by
/// index into plain structs, and the batching of `PostgresStore` (5,000 rows per `INSERT` and per
/// `UPDATE`, bound as one array per column and read with `unnest`, one transaction per write), on tables
/// of the store's shape with keys chosen by the client. `Guarantees` says whether rows carry versions
/// that updates check, as the store's optimistic concurrency obliges it to (``Unguarded``: the primary
/// lower bound; ``VersionedAndLocked``: the same guarantees as the store).
final class RawPostgresContender<Guarantees: RawGuarantees>: Contender {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private var loaded: [(id: Int64, price: Double, version: Int64)] = []
    private static var logger: Logger { rawPostgresLogger }
    /// Rows per `INSERT` and `UPDATE`, as the store batches them.
    private static var rowsPerBatch: Int { 5_000 }

    init(configuration: PostgresClient.Configuration) async throws {
        client = PostgresClient(configuration: configuration)
        let client = client
        running = Task { await client.run() }
        try await client.withConnection { connection in
            try await connection.query("""
                CREATE TABLE "Owner" ("_pk" bigint PRIMARY KEY, "name" text NOT NULL);
                """, logger: Self.logger)
            try await connection.query(PostgresQuery(unsafeSQL: """
                CREATE TABLE "Item" ("_pk" bigint PRIMARY KEY, "name" text NOT NULL, "quantity" bigint NOT NULL,
                    "price" double precision NOT NULL, "score" integer NOT NULL, "isActive" boolean NOT NULL,
                    "created" timestamptz NOT NULL, "code" text, "ratio" real,
                    "owner" bigint REFERENCES "Owner" DEFERRABLE INITIALLY DEFERRED\(Guarantees.versionColumnDefinition));
                """), logger: Self.logger)
            try await connection.query(#"CREATE INDEX "Item_owner" ON "Item" ("owner");"#, logger: Self.logger)
        }
    }

    deinit { running.cancel() }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await client.withTransaction(logger: Self.logger) { connection in
            for start in stride(from: 0, to: owners, by: Self.rowsPerBatch) {
                _ = try await connection.execute(InsertOwners(owners: start..<min(start + Self.rowsPerBatch, owners)), logger: Self.logger)
            }
            for start in stride(from: 0, to: items.count, by: Self.rowsPerBatch) {
                let range = start..<min(start + Self.rowsPerBatch, items.count)
                _ = try await connection.execute(InsertItems(items: items, range: range), logger: Self.logger)
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await client.withConnection { connection in
            var rows: [(row: RawContender.Row, version: Int64)] = []
            for try await row in try await connection.execute(SelectActive<Guarantees>(), logger: Self.logger) { rows.append(row) }
            return rows.count
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await client.withConnection { connection in
            var owners: [(id: Int64, name: String)] = []
            for try await row in try await connection.execute(SelectOwners(), logger: Self.logger) { owners.append(row) }
            var items: [(row: RawContender.Row, version: Int64)] = []
            for try await row in try await connection.execute(SelectItemsOfOwners<Guarantees>(owners: owners.map(\.id)), logger: Self.logger) {
                items.append(row)
            }
            return items.count
        }
    }

    func prepareUpdate() async throws {
        loaded = try await client.withConnection { connection in
            var rows: [(id: Int64, price: Double, version: Int64)] = []
            for try await row in try await connection.execute(SelectPrices<Guarantees>(), logger: Self.logger) { rows.append(row) }
            return rows
        }
    }

    func updatePrices() async throws -> Int {
        for index in loaded.indices { loaded[index].price += 1 }
        let changed = loaded
        try await client.withTransaction(logger: Self.logger) { connection in
            for start in stride(from: 0, to: changed.count, by: Self.rowsPerBatch) {
                let batch = changed[start..<min(start + Self.rowsPerBatch, changed.count)]
                let update = UpdatePrices<Guarantees>(ids: batch.map(\.id), versions: batch.map(\.version), prices: batch.map(\.price))
                for try await updated in try await connection.execute(update, logger: Self.logger) where updated != batch.count {
                    throw BenchmarkFailure(description: "raw postgres-nio updated \(updated) of \(batch.count) rows: a version changed")
                }
            }
        }
        for index in loaded.indices { loaded[index].version += Guarantees.versionIncrement }
        return changed.count
    }
}

private let rawPostgresLogger = Logger(label: "raw-postgres-nio")

extension RawContender.Row {
    /// A row of `Item` read by index, as the SQLite raw contender reads its rows.
    init(_ columns: PostgresRandomAccessRow) throws {
        id = try columns[0].decode(Int64.self)
        values = ItemValues(
            name: try columns[1].decode(String.self), quantity: try columns[2].decode(Int64.self),
            price: try columns[3].decode(Double.self), score: try columns[4].decode(Int32.self),
            isActive: try columns[5].decode(Bool.self), created: try columns[6].decode(Date.self),
            code: try columns[7].decode(String?.self), ratio: try columns[8].decode(Float?.self), owner: 0)
        ownerID = try columns[9].decode(Int64?.self)
    }
}

private struct InsertOwners: PostgresPreparedStatement {
    typealias Row = ()
    static let sql = #"INSERT INTO "Owner" ("_pk", "name") SELECT * FROM unnest($1::bigint[], $2::text[])"#
    let owners: Range<Int>

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(owners.map { Int64($0 + 1) })
        bindings.append(owners.map { "owner \($0)" })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

private struct InsertItems: PostgresPreparedStatement {
    typealias Row = ()
    static let sql = #"""
        INSERT INTO "Item" ("_pk", "name", "quantity", "price", "score", "isActive", "created", "code", "ratio", "owner")
        SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::double precision[], $5::integer[], $6::boolean[],
            $7::timestamptz[], $8::text[], $9::real[], $10::bigint[])
        """#
    let items: [ItemValues]
    let range: Range<Int>

    func makeBindings() throws -> PostgresBindings {
        let rows = items[range]
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(range.map { Int64($0 + 1) })
        bindings.append(rows.map(\.name))
        bindings.append(rows.map(\.quantity))
        bindings.append(rows.map(\.price))
        bindings.append(rows.map(\.score))
        bindings.append(rows.map(\.isActive))
        bindings.append(rows.map(\.created))
        bindings.append(NullableArray(rows.map(\.code)))
        bindings.append(NullableArray(rows.map(\.ratio)))
        bindings.append(rows.map { Int64($0.owner + 1) })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// An array with NULL elements, which postgres-nio's `Array` encoding does not bind.
private struct NullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
    static var psqlType: PostgresDataType { Element.psqlArrayType }
    static var psqlFormat: PostgresFormat { .binary }
    let elements: [Element?]

    init(_ elements: [Element?]) { self.elements = elements }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(Int32(1))
        buffer.writeInteger(Int32(elements.contains { $0 == nil } ? 1 : 0))
        buffer.writeInteger(Element.psqlType.rawValue)
        buffer.writeInteger(Int32(elements.count))
        buffer.writeInteger(Int32(1))
        for element in elements {
            guard let element else {
                buffer.writeInteger(Int32(-1))
                continue
            }
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(Int32(0))
            element.encode(into: &buffer, context: context)
            buffer.setInteger(Int32(buffer.writerIndex - lengthIndex - 4), at: lengthIndex)
        }
    }
}

private let itemColumns = #""_pk", "name", "quantity", "price", "score", "isActive", "created", "code", "ratio", "owner""#

private struct SelectActive<Guarantees: RawGuarantees>: PostgresPreparedStatement {
    static var sql: String { #"SELECT \#(itemColumns)\#(Guarantees.versionSelection) FROM "Item" WHERE "isActive" = $1"# }
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(true)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> (row: RawContender.Row, version: Int64) { try Guarantees.decodeItem(row) }
}

private struct SelectOwners: PostgresPreparedStatement {
    static let sql = #"SELECT "_pk", "name" FROM "Owner" ORDER BY "_pk" LIMIT 1000"#
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> (id: Int64, name: String) {
        let (id, name) = try row.decode((Int64, String).self)
        return (id, name)
    }
}

private struct SelectItemsOfOwners<Guarantees: RawGuarantees>: PostgresPreparedStatement {
    static var sql: String { #"SELECT \#(itemColumns)\#(Guarantees.versionSelection) FROM "Item" WHERE "owner" = ANY($1)"# }
    let owners: [Int64]
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(owners)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> (row: RawContender.Row, version: Int64) { try Guarantees.decodeItem(row) }
}

private struct SelectPrices<Guarantees: RawGuarantees>: PostgresPreparedStatement {
    static var sql: String { #"SELECT "_pk", "price"\#(Guarantees.versionSelection) FROM "Item""# }
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> (id: Int64, price: Double, version: Int64) {
        let columns = row.makeRandomAccess()
        return (try columns[0].decode(Int64.self), try columns[1].decode(Double.self), try Guarantees.version(in: columns, at: 2))
    }
}

/// An update of the prices of a batch of items (``RawGuarantees/updatePricesSQL``).
private struct UpdatePrices<Guarantees: RawGuarantees>: PostgresPreparedStatement {
    static var sql: String { Guarantees.updatePricesSQL }
    let ids: [Int64]
    let versions: [Int64]
    let prices: [Double]
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(ids)
        if Guarantees.versionIncrement > 0 { bindings.append(versions) }
        bindings.append(prices)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
}

/// What a raw postgres-nio contender guarantees beyond writing and reading the rows: its columns and
/// statements.
protocol RawGuarantees {
    /// `, "_version" …` in `CREATE TABLE "Item"`, or nothing.
    static var versionColumnDefinition: String { get }
    /// `, "_version"` after the columns a `SELECT` of items reads, or nothing.
    static var versionSelection: String { get }
    /// What an update adds to a row's version (0: rows have none).
    static var versionIncrement: Int64 { get }
    /// The `UPDATE` of `"price"` of the rows whose keys `$1` holds; with versions, its one row is the
    /// count of rows it updated (fewer than the batch: a version changed), without, it returns no row.
    static var updatePricesSQL: String { get }
}

extension RawGuarantees {
    /// The row of an item and its version (0 when rows have none).
    static func decodeItem(_ row: PostgresRow) throws -> (row: RawContender.Row, version: Int64) {
        let columns = row.makeRandomAccess()
        return (try RawContender.Row(columns), try version(in: columns, at: 10))
    }

    /// The version at `index`, or 0 when rows have none.
    static func version(in columns: PostgresRandomAccessRow, at index: Int) throws -> Int64 {
        versionIncrement > 0 ? try columns[index].decode(Int64.self) : 0
    }
}

/// Raw postgres-nio as it stands: no row versions, no locks beyond the `UPDATE`'s (the primary lower bound).
enum Unguarded: RawGuarantees {
    static let versionColumnDefinition = ""
    static let versionSelection = ""
    static let versionIncrement: Int64 = 0
    static let updatePricesSQL = #"""
        UPDATE "Item" AS t SET "price" = v."price" FROM unnest($1::bigint[], $2::double precision[]) AS v("_pk", "price")
        WHERE t."_pk" = v."_pk"
        """#
}

/// Raw postgres-nio with the guarantees of the store's optimistic concurrency: every row carries a
/// version, reads keep it, an update matches a row only at the version it was read at and adds 1, and
/// each batch's rows are locked in key order before the update (in the same statement, as the store does),
/// so concurrent writers never deadlock.
enum VersionedAndLocked: RawGuarantees {
    static let versionColumnDefinition = #", "_version" bigint NOT NULL DEFAULT 1"#
    static let versionSelection = #", "_version""#
    static let versionIncrement: Int64 = 1
    static let updatePricesSQL = #"""
        WITH updated AS (UPDATE "Item" AS t SET "price" = v."price", "_version" = t."_version" + 1
            FROM unnest($1::bigint[], $2::bigint[], $3::double precision[]) AS v("_pk", "_version", "price")
            WHERE t."_pk" = v."_pk" AND t."_version" = v."_version"
            AND (SELECT count(*) FROM (SELECT 1 FROM "Item" WHERE "_pk" = ANY($1) ORDER BY "_pk" FOR NO KEY UPDATE) AS locked) >= 0
            RETURNING 1)
        SELECT count(*) FROM updated
        """#
}
#endif
