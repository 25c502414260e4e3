#if PostgreSQL
import Foundation
import Logging
import PostgresNIO

/// The lower bound on PostgreSQL: postgres-nio's `PostgresClient` with prepared statements, rows read by
/// index into plain structs, and the batching of `PostgresStore` (500 rows per `INSERT` and per `UPDATE`,
/// bound as one array per column and read with `unnest`, one transaction per write), on tables of the
/// store's shape with keys chosen by the client.
final class RawPostgresContender: Contender {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private var loaded: [(id: Int64, price: Double)] = []
    private static let logger = Logger(label: "raw-postgres-nio")
    /// Rows per `INSERT` and `UPDATE`, as the store batches them.
    private static let rowsPerBatch = 5_000

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
            for start in stride(from: 0, to: changed.count, by: Self.rowsPerBatch) {
                let batch = changed[start..<min(start + Self.rowsPerBatch, changed.count)]
                _ = try await connection.execute(UpdatePrices(ids: batch.map(\.id), prices: batch.map(\.price)), logger: Self.logger)
            }
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

private struct UpdatePrices: PostgresPreparedStatement {
    typealias Row = ()
    static let sql = #"""
        UPDATE "Item" AS t SET "price" = v."price" FROM unnest($1::bigint[], $2::double precision[]) AS v("_pk", "price")
        WHERE t."_pk" = v."_pk"
        """#
    let ids: [Int64]
    let prices: [Double]
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(ids)
        bindings.append(prices)
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}
#endif
