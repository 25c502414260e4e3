import ObjectGraph
import ObjectGraphSQL

extension SQLiteStore {
    /// The matching snapshots in SQL: filtered, sorted (ties in insertion order), offset and limited.
    public func fetch(_ request: StoreFetchRequest) throws -> [Snapshot] {
        var snapshots: [Snapshot] = []
        try read(request, reader: { schema, table, rows in RowReader(schema: schema, table: table, expectedRows: rows) }) { batch in
            snapshots = batch
            return true
        }
        return snapshots
    }

    /// The snapshots of ``fetch(_:)``, delivered in batches of 256 rows, then of twice as many each time
    /// up to ``largestBatch``, while the store's thread goes on reading: a context builds the objects of
    /// one batch on its own thread meanwhile. The rows come from one statement that runs to its end
    /// without letting another job use the connection, so all batches see the same state.
    public nonisolated func fetchInBatches(_ request: StoreFetchRequest) -> AsyncThrowingStream<[Snapshot], any Error> {
        batches(of: request) { schema, table, rows in RowReader(schema: schema, table: table, expectedRows: rows) }
    }

    /// The objects of ``fetchInBatches(_:)``, decoded on the store's thread straight from the rows into
    /// `model`'s classes, in the same batches.
    public nonisolated func fetchObjects(
        _ request: StoreFetchRequest, model: ManagedObjectModel
    ) -> AsyncThrowingStream<DecodedObjects, any Error>? {
        batches(of: request) { schema, table, rows in try ObjectRowReader(schema: schema, table: table, model: model, expectedRows: rows) }
    }

    /// The batches of the rows of `request`, read by the reader `makeReader` makes (for the store's
    /// schema, the request's table and the rows of the first batch) on the store's thread.
    private nonisolated func batches<Reader: RowBatchReader>(
        of request: StoreFetchRequest, reader makeReader: @escaping @Sendable (StoreSchema, TableLayout, Int) throws -> Reader
    ) -> AsyncThrowingStream<Reader.Batch, any Error> {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: Reader.Batch.self)
        let reading = Task {
            do {
                try await read(request, batchSize: 256, reader: makeReader) { batch in
                    if case .terminated = continuation.yield(batch) { return false }
                    return true
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reading.cancel() }
        return batches
    }

    /// The most rows in one batch of ``fetchInBatches(_:)``: enough to make handing batches over rare,
    /// few enough that the context's last batch, built after the store has finished, is short.
    static let largestBatch = 4096

    /// Runs the query of `request` and hands what the reader `makeReader` makes of its rows to `deliver`
    /// in batches of `batchSize` rows, doubling up to ``largestBatch``, or all at once when `batchSize`
    /// is `nil`. Stops early when `deliver` returns `false` or the task is cancelled.
    private func read<Reader: RowBatchReader>(
        _ request: StoreFetchRequest, batchSize: Int? = nil, reader makeReader: (StoreSchema, TableLayout, Int) throws -> Reader,
        deliver: (Reader.Batch) -> Bool
    ) throws {
        try withConnection { connection in
            let (sql, table) = try SelectBuilder(schema: schema, dialect: .sqlite).fetch(request)
            let statement = try connection.statement(sql.text(for: .sqlite))
            defer { statement.reset() }
            statement.bind(sql.arguments)
            var reader = try makeReader(schema, table, batchSize ?? 0)
            var nextBatch = batchSize ?? .max
            while try statement.step() {
                try reader.read(statement)
                if reader.pendingCount >= nextBatch {
                    guard deliver(reader.finish()), !Task.isCancelled else { return }
                    nextBatch = min(nextBatch * 2, Self.largestBatch)
                    reader.reserveCapacity(nextBatch)
                }
            }
            _ = deliver(reader.finish())
        }
    }

    /// The keys of ``fetch(_:)``'s rows with the values of `paths`, in one query that reads no other column.
    public func fetchIDs(_ request: StoreFetchRequest, withValuesOf paths: [[String]]) throws -> FetchedIDs {
        try withConnection { connection in
            let (sql, table, attributes) = try SelectBuilder(schema: schema, dialect: .sqlite).ids(request, withValuesOf: paths)
            let statement = try connection.statement(sql.text(for: .sqlite))
            defer { statement.reset() }
            statement.bind(sql.arguments)
            let reads = attributes.enumerated().map { ColumnRead(index: Int32($0.offset + 1), type: $0.element.type, isNullable: true) }
            var keys: [Int64] = []
            var values: [AttributeValue] = []
            while try statement.step() {
                let key = statement.int64(0)
                keys.append(key)
                for (read, attribute) in zip(reads, attributes) {
                    values.append(try RowReader.value(statement, read, attribute: attribute, row: "\(table.name)/\(key)"))
                }
            }
            return FetchedIDs(ids: ObjectIDList(entityName: table.name, integerKeys: keys), pathCount: paths.count, values: values)
        }
    }

    /// The number of matching objects, after offset and limit, counted in SQL.
    public func count(_ request: StoreFetchRequest) throws -> Int {
        try withConnection { connection in
            let sql = try SelectBuilder(schema: schema, dialect: .sqlite).count(request)
            let statement = try connection.statement(sql.text(for: .sqlite))
            defer { statement.reset() }
            statement.bind(sql.arguments)
            return try statement.step() ? Int(statement.int64(0)) : 0
        }
    }

    /// The snapshots of the existing objects among `ids`, in order: one query per table over the keys
    /// bound as a JSON array (`json_each`); each row carries its position in that array, so rows are
    /// placed without a lookup table and without asking SQLite to sort them.
    public func snapshots(for ids: [AnyObjectID]) throws -> [Snapshot] {
        var found = [Snapshot?](repeating: nil, count: ids.count)
        for (positions, snapshots) in try rows(for: ids, reader: { schema, table in RowReader(schema: schema, table: table) }) {
            for (position, snapshot) in zip(positions, snapshots) { found[position] = snapshot }
        }
        return found.compactMap { $0 }
    }

    /// The objects of ``snapshots(for:)``, decoded straight from the same rows into `model`'s classes,
    /// one batch per table. (`async` like the requirement, so it, and not the protocol's default, is the
    /// witness.)
    public func objects(for ids: [AnyObjectID], model: ManagedObjectModel) async throws -> [DecodedObjects]? {
        try rows(for: ids) { schema, table in try ObjectRowReader(schema: schema, table: table, model: model) }.map(\.rows)
    }

    /// What the reader `makeReader` makes of the rows of the existing objects among `ids`, per table:
    /// with the positions in `ids` of the rows read, in the order they were read.
    private func rows<Reader: RowBatchReader>(
        for ids: [AnyObjectID], reader makeReader: (StoreSchema, TableLayout) throws -> Reader
    ) throws -> [(positions: [Int], rows: Reader.Batch)] {
        try withConnection { connection in
            var positions: [String: [Int]] = [:]
            for (position, id) in ids.enumerated() where id.isInteger { positions[id.entityName, default: []].append(position) }
            var found: [(positions: [Int], rows: Reader.Batch)] = []
            for (tableName, tablePositions) in positions {
                guard let table = try? schema.table(named: tableName) else { continue }
                let statement = try connection.statement(SelectBuilder(schema: schema, dialect: .sqlite).rows(of: table))
                defer { statement.reset() }
                statement.bind(JSONList.integers(tablePositions.compactMap { ids[$0].integerKey }), at: 1)
                var reader = try makeReader(schema, table)
                var readPositions: [Int] = []
                let keyColumn = Int32(table.columns.count + 2)
                while try statement.step() {
                    let index = Int(statement.int64(keyColumn))
                    guard tablePositions.indices.contains(index) else { continue }
                    try reader.read(statement)
                    readPositions.append(tablePositions[index])
                }
                found.append((readPositions, reader.finish()))
            }
            return found
        }
    }
}
