#if PostgreSQL
import Foundation
import Logging
import PostgresNIO

/// The lower bound on PostgreSQL: postgres-nio's `PostgresClient` with prepared statements, rows read by
/// index into plain structs, and the batching of `PostgresStore` (500 rows per `INSERT`, one `UPDATE` per
/// changed row, one transaction per write), on tables of the store's shape with keys chosen by the client.
final class RawPostgresContender: Contender {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private var loaded: [(id: Int64, price: Double)] = []
    private static let logger = Logger(label: "raw-postgres-nio")

    init(configuration: PostgresClient.Configuration) async throws {
        client = PostgresClient(configuration: configuration)
        let client = client
        running = Task { await client.run() }
        try await client.withConnection { connection in
            try await connection.query("""
                CREATE TABLE "Owner" ("_pk" bigint PRIMARY KEY, "name" text NOT NULL);
                """, logger: Self.logger)
            try await connection.query("""
                CREATE TABLE "Item" ("_pk" bigint PRIMARY KEY, "name" text NOT NULL, "quantity" bigint NOT NULL,
                    "price" double precision NOT NULL, "score" integer NOT NULL, "isActive" boolean NOT NULL,
                    "created" timestamptz NOT NULL, "code" text, "ratio" real,
                    "owner" bigint REFERENCES "Owner" DEFERRABLE INITIALLY DEFERRED);
                """, logger: Self.logger)
            try await connection.query(#"CREATE INDEX "Item_owner" ON "Item" ("owner");"#, logger: Self.logger)
        }
    }

    deinit { running.cancel() }

    func insert(_ items: [ItemValues], owners: Int) async throws {
        try await client.withTransaction(logger: Self.logger) { connection in
            for start in stride(from: 0, to: owners, by: InsertOwners.rows) {
                let range = start..<min(start + InsertOwners.rows, owners)
                let statement = InsertOwners(owners: range)
                if range.count == InsertOwners.rows {
                    _ = try await connection.execute(statement, logger: Self.logger)
                } else {
                    try await connection.query(PostgresQuery(unsafeSQL: InsertOwners.text(rows: range.count), binds: try statement.makeBindings()),
                                               logger: Self.logger)
                }
            }
            for start in stride(from: 0, to: items.count, by: InsertItems.rows) {
                let statement = InsertItems(items: items, range: start..<min(start + InsertItems.rows, items.count))
                if statement.range.count == InsertItems.rows {
                    _ = try await connection.execute(statement, logger: Self.logger)
                } else {
                    try await connection.query(PostgresQuery(unsafeSQL: InsertItems.text(rows: statement.range.count),
                                                             binds: try statement.makeBindings()), logger: Self.logger)
                }
            }
        }
    }

    func fetchActive() async throws -> Int {
        try await client.withConnection { connection in
            var rows: [RawContender.Row] = []
            for try await row in try await connection.execute(SelectActive(), logger: Self.logger) { rows.append(row) }
            return rows.count
        }
    }

    func fetchOwnersWithItems() async throws -> Int {
        try await client.withConnection { connection in
            var owners: [(id: Int64, name: String)] = []
            for try await row in try await connection.execute(SelectOwners(), logger: Self.logger) { owners.append(row) }
            var items: [RawContender.Row] = []
            for try await row in try await connection.execute(SelectItemsOfOwners(owners: owners.map(\.id)), logger: Self.logger) {
                items.append(row)
            }
            return items.count
        }
    }

    func prepareUpdate() async throws {
        loaded = try await client.withConnection { connection in
            var rows: [(id: Int64, price: Double)] = []
            for try await row in try await connection.execute(SelectPrices(), logger: Self.logger) { rows.append(row) }
            return rows
        }
    }

    func updatePrices() async throws -> Int {
        for index in loaded.indices { loaded[index].price += 1 }
        let changed = loaded
        try await client.withTransaction(logger: Self.logger) { connection in
            for (id, price) in changed { _ = try await connection.execute(UpdatePrice(id: id, price: price), logger: Self.logger) }
        }
        return changed.count
    }
}

extension RawContender.Row {
    /// A row of `Item` read by index, as the SQLite raw contender reads its rows.
    init(_ row: PostgresRow) throws {
        let columns = row.makeRandomAccess()
        id = try columns[0].decode(Int64.self)
        values = ItemValues(
            name: try columns[1].decode(String.self), quantity: try columns[2].decode(Int64.self),
            price: try columns[3].decode(Double.self), score: try columns[4].decode(Int32.self),
            isActive: try columns[5].decode(Bool.self), created: try columns[6].decode(Date.self),
            code: try columns[7].decode(String?.self), ratio: try columns[8].decode(Float?.self), owner: 0)
        ownerID = try columns[9].decode(Int64?.self)
    }
}

/// `VALUES ($1, $2, …), (…)` for `rows` rows of `columns` columns.
private func valuesList(rows: Int, columns: Int) -> String {
    (0..<rows).map { row in "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")" }
        .joined(separator: ", ")
}

private struct InsertOwners: PostgresPreparedStatement {
    typealias Row = ()
    static let rows = 500
    static let sql = text(rows: rows)
    static func text(rows: Int) -> String { #"INSERT INTO "Owner" ("_pk", "name") VALUES "# + valuesList(rows: rows, columns: 2) }
    let owners: Range<Int>

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: owners.count * 2)
        for owner in owners {
            bindings.append(Int64(owner + 1))
            bindings.append("owner \(owner)")
        }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

private struct InsertItems: PostgresPreparedStatement {
    typealias Row = ()
    static let rows = 500
    static let sql = text(rows: rows)
    static func text(rows: Int) -> String {
        #"INSERT INTO "Item" ("_pk", "name", "quantity", "price", "score", "isActive", "created", "code", "ratio", "owner") VALUES "#
            + valuesList(rows: rows, columns: 10)
    }
    let items: [ItemValues]
    let range: Range<Int>

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: range.count * 10)
        for index in range {
            let item = items[index]
            bindings.append(Int64(index + 1))
            bindings.append(item.name)
            bindings.append(item.quantity)
            bindings.append(item.price)
            bindings.append(item.score)
            bindings.append(item.isActive)
            bindings.append(item.created)
            bindings.append(item.code)
            bindings.append(item.ratio)
            bindings.append(Int64(item.owner + 1))
        }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

private let itemColumns = #""_pk", "name", "quantity", "price", "score", "isActive", "created", "code", "ratio", "owner""#

private struct SelectActive: PostgresPreparedStatement {
    static let sql = #"SELECT \#(itemColumns) FROM "Item" WHERE "isActive" = $1"#
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(true)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> RawContender.Row { try RawContender.Row(row) }
}

private struct SelectOwners: PostgresPreparedStatement {
    static let sql = #"SELECT "_pk", "name" FROM "Owner" ORDER BY "_pk" LIMIT 1000"#
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> (id: Int64, name: String) {
        let (id, name) = try row.decode((Int64, String).self)
        return (id, name)
    }
}

private struct SelectItemsOfOwners: PostgresPreparedStatement {
    static let sql = #"SELECT \#(itemColumns) FROM "Item" WHERE "owner" = ANY($1)"#
    let owners: [Int64]
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(owners)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> RawContender.Row { try RawContender.Row(row) }
}

private struct SelectPrices: PostgresPreparedStatement {
    static let sql = #"SELECT "_pk", "price" FROM "Item""#
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws -> (id: Int64, price: Double) {
        let (id, price) = try row.decode((Int64, Double).self)
        return (id, price)
    }
}

private struct UpdatePrice: PostgresPreparedStatement {
    typealias Row = ()
    static let sql = #"UPDATE "Item" SET "price" = $1 WHERE "_pk" = $2"#
    let id: Int64
    let price: Double
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(price)
        bindings.append(id)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}
#endif
