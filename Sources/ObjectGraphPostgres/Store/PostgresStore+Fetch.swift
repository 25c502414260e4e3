#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO
import Synchronization

extension PostgresStore {
    /// The matching snapshots, filtered, sorted (ties in key order), offset and limited in SQL.
    public func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot] {
        try await rows(of: request) { schema, table in SnapshotReader(schema: schema, table: table) }
    }

    /// The objects of ``fetch(_:)``'s rows decoded straight into `model`'s classes, in one batch, as
    /// ``fetchInBatches(_:)`` delivers the snapshots: read when the stream is first asked for an element.
    public func fetchObjects(_ request: StoreFetchRequest, model: ManagedObjectModel) -> AsyncThrowingStream<DecodedObjects, any Error>? {
        let isRead = Mutex(false)
        return AsyncThrowingStream {
            guard !isRead.withLock({ isRead in defer { isRead = true }; return isRead }) else { return nil }
            return try await self.rows(of: request) { schema, table in try ObjectReader(schema: schema, table: table, model: model) }
        }
    }

    /// What the reader `makeReader` makes (for the store's schema and the request's table) of the rows
    /// of `request`.
    private func rows<Reader: RowBatchReader>(
        of request: StoreFetchRequest, reader makeReader: (StoreSchema, TableLayout) throws -> Reader
    ) async throws -> Reader.Batch {
        let (sql, table) = try SelectBuilder(schema: schema, dialect: .postgreSQL).fetch(request)
        let schema = schema
        return try await withConnection { connection in
            var reader = try makeReader(schema, table)
            try await connection.run(sql) { row in try reader.read(row) }
            return reader.finish()
        }
    }

    /// The number of matching objects, after offset and limit, counted in SQL.
    public func count(_ request: StoreFetchRequest) async throws -> Int {
        let sql = try SelectBuilder(schema: schema, dialect: .postgreSQL).count(request)
        return try await withConnection { connection in
            var count = 0
            try await connection.run(sql) { row in count = Int(try row[0].decode(Int64.self)) }
            return count
        }
    }

    /// The snapshots of the existing objects among `ids`, in order: one query per table over the keys
    /// bound as one `bigint[]`.
    public func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot] {
        let schema = schema
        return try await withConnection { connection in try await Self.snapshots(for: ids, schema: schema, on: connection) }
    }

    /// ``snapshots(for:)`` read on `connection` (inside its transaction, if one is open).
    static func snapshots(for ids: [AnyObjectID], schema: StoreSchema, on connection: PostgresConnection) async throws -> [Snapshot] {
        var found = [Snapshot?](repeating: nil, count: ids.count)
        for (positions, snapshots) in try await rows(for: ids, schema: schema, on: connection, reader: SnapshotReader.init(schema:table:)) {
            for (position, snapshot) in zip(positions, snapshots) { found[position] = snapshot }
        }
        return found.compactMap { $0 }
    }

    /// The objects of ``snapshots(for:)``, decoded straight from the same rows into `model`'s classes,
    /// one batch per table.
    public func objects(for ids: [AnyObjectID], model: ManagedObjectModel) async throws -> [DecodedObjects]? {
        let schema = schema
        return try await withConnection { connection in
            try await Self.rows(for: ids, schema: schema, on: connection) { schema, table in
                try ObjectReader(schema: schema, table: table, model: model)
            }.map(\.rows)
        }
    }

    /// What the reader `makeReader` makes of the rows of the existing objects among `ids`, per table, read
    /// on `connection` (one query per table over the keys bound as one `bigint[]`): with the positions in
    /// `ids` of the rows read, in the order they were read.
    private static func rows<Reader: RowBatchReader>(
        for ids: [AnyObjectID], schema: StoreSchema, on connection: PostgresConnection,
        reader makeReader: (StoreSchema, TableLayout) throws -> Reader
    ) async throws -> [(positions: [Int], rows: Reader.Batch)] {
        var positions: [String: [Int]] = [:]
        for (position, id) in ids.enumerated() where id.integerKey != nil { positions[id.entityName, default: []].append(position) }
        var found: [(positions: [Int], rows: Reader.Batch)] = []
        for (tableName, tablePositions) in positions {
            guard let table = try? schema.table(named: tableName) else { continue }
            let keys = tablePositions.compactMap { ids[$0].integerKey }
            let sql = SelectBuilder(schema: schema, dialect: .postgreSQL).rows(of: table)
            let positionColumn = SQLDialect.postgreSQL.rowSelectWidth(of: table)
            var reader = try makeReader(schema, table)
            var readPositions: [Int] = []
            try await connection.run(sql, keys: keys) { row in
                guard let index = try row.integer(at: positionColumn).map(Int.init),
                      tablePositions.indices.contains(index) else { return }
                try reader.read(row)
                readPositions.append(tablePositions[index])
            }
            found.append((readPositions, reader.finish()))
        }
        return found
    }

    /// The destinations of a relationship for many owners in one query; ordered relationships in order,
    /// others in the order links were made (sorted by ``MembersByOwner``).
    public func relatedIDs(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> [AnyObjectID: [AnyObjectID]] {
        guard let (query, layout, keys) = try RelatedQuery.forOwners(
            ids, relationship: relationshipName, of: entityName, schema: schema, dialect: .postgreSQL) else { return [:] }
        return try await withConnection { connection in
            var members = MembersByOwner(query, ownerTable: layout.table)
            try await connection.run(query.unorderedIdsSQL, keys: keys) { row in
                guard let ownerKey = try row.integer(at: 0) else { return }
                try members.add(try row.integer(at: 1), of: ownerKey, orderedBy: row, at: 2, count: query.memberOrderCount)
            }
            return members.finished()
        }
    }

    /// The destinations of a relationship for many owners with their snapshots, in one query.
    public func relatedSnapshots(for relationshipName: String, of entityName: String, ids: [AnyObjectID]) async throws -> RelatedSnapshots? {
        let (destinationIDs, snapshots) = try await related(relationshipName, of: entityName, ids: ids) { schema, table in
            SnapshotReader(schema: schema, table: table)
        }
        return RelatedSnapshots(destinationIDs: destinationIDs, snapshots: snapshots ?? [])
    }

    /// The destinations of ``relatedSnapshots(for:of:ids:)``, decoded straight from the same rows into
    /// `model`'s classes.
    public func relatedObjects(
        for relationshipName: String, of entityName: String, ids: [AnyObjectID], model: ManagedObjectModel
    ) async throws -> RelatedObjects? {
        let (destinationIDs, objects) = try await related(relationshipName, of: entityName, ids: ids) { schema, table in
            try ObjectReader(schema: schema, table: table, model: model)
        }
        return RelatedObjects(destinationIDs: destinationIDs, objects: objects ?? DecodedObjects(model: model))
    }

    /// The destinations of a relationship for many owners, and what the reader `makeReader` makes of
    /// their rows, each destination's once (`nil` when no owner can have any).
    private func related<Reader: RowBatchReader>(
        _ relationshipName: String, of entityName: String, ids: [AnyObjectID],
        reader makeReader: (StoreSchema, TableLayout) throws -> Reader
    ) async throws -> (destinationIDs: [AnyObjectID: [AnyObjectID]], rows: Reader.Batch?) {
        guard let (query, layout, keys) = try RelatedQuery.forOwners(
            ids, relationship: relationshipName, of: entityName, schema: schema, dialect: .postgreSQL) else {
            return ([:], nil)
        }
        let table = try schema.table(named: query.destinationTable)
        let schema = schema
        return try await withConnection { connection in
            var reader = try makeReader(schema, table)
            var members = MembersByOwner(query, ownerTable: layout.table)
            var seen: Set<Int64>? = query.membersAreDistinct ? nil : []
            let ownerColumn = SQLDialect.postgreSQL.rowSelectWidth(of: table)
            try await connection.run(query.unorderedRowsSQL(table), keys: keys) { row in
                guard let ownerKey = try row.integer(at: ownerColumn) else { return }
                let member = try row.integer(at: 0)
                try members.add(member, of: ownerKey, orderedBy: row, at: ownerColumn + 1, count: query.memberOrderCount)
                if let member, seen?.insert(member).inserted ?? true {
                    try reader.read(row)
                }
            }
            return (members.finished(), reader.finish())
        }
    }
}
#endif
