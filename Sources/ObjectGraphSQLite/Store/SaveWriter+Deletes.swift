import ObjectGraph
import ObjectGraphSQL

extension SaveWriter {
    /// Keys per batch `DELETE … WHERE "_pk" IN (…)`. SQLite deletes a key of an `IN` list for about a fifth
    /// less than with a one-row statement once a batch has 128 to 256 of them; with 16 it costs more, with
    /// 1,000 a little more again (callgrind, 10,000 rows of the benchmark's `Item` table, C API alone).
    static let keysPerDeleteBatch = 128

    /// `DELETE`s of the rows of `deleted`, whose keys `byTable` lists table by table (the objects of a
    /// table's subentities share its statements): each full batch of ``keysPerDeleteBatch`` keys through one
    /// statement, the rest one key a statement. When a table's statements delete fewer rows than they name
    /// (a missing object), everything they deleted is put back (a savepoint) and the deletes are replayed
    /// one row at a time, so the error names the first missing object.
    func delete(_ deleted: [DeletedObject], byTable: [(table: String, keys: [Int64])]) throws {
        guard byTable.contains(where: { $0.keys.count >= Self.keysPerDeleteBatch }) else {
            return try deleteOneByOne(deleted)
        }
        try connection.statement("SAVEPOINT \"deletes\"").run()
        for (table, keys) in byTable {
            guard try deleteRows(from: table, where: SQL.primaryKey, keys: keys) == keys.count else {
                try connection.statement("ROLLBACK TO \"deletes\"").run()
                try connection.statement("RELEASE \"deletes\"").run()
                return try deleteOneByOne(deleted)
            }
        }
        try connection.statement("RELEASE \"deletes\"").run()
    }

    /// `DELETE`s of every link row that names a deleted object, whose keys `byTable` lists table by table,
    /// in batches as ``delete(_:byTable:)``.
    func unlink(_ byTable: [(table: String, keys: [Int64])]) throws {
        for (table, keys) in byTable {
            for link in schema.links {
                for (column, linkedTable) in [("a", link.aTable), ("b", link.bTable)] where linkedTable == table {
                    _ = try deleteRows(from: link.name, where: column, keys: keys)
                }
            }
        }
    }

    /// The keys of `deleted` grouped by table, tables in the order of their first object. A run of objects
    /// of one entity looks its table up once.
    func keysByTable(of deleted: [DeletedObject]) throws -> [(table: String, keys: [Int64])] {
        var tables: [(table: String, keys: [Int64])] = []
        var last: (entityName: String, position: Int)?
        for object in deleted {
            let position: Int
            if let last, last.entityName == object.entityName {
                position = last.position
            } else {
                let table = try schema.layout(of: object.entityName).table
                if let found = tables.firstIndex(where: { $0.table == table }) {
                    position = found
                } else {
                    position = tables.count
                    tables.append((table, []))
                }
                last = (object.entityName, position)
            }
            tables[position].keys.append(try key(of: object.id))
        }
        return tables
    }

    /// Deletes the rows of `table` whose `column` is one of `keys`, ``keysPerDeleteBatch`` keys a statement
    /// and the rest one a statement; returns how many rows went.
    private func deleteRows(from table: String, where column: String, keys: [Int64]) throws -> Int {
        let batchSize = Self.keysPerDeleteBatch
        var deletedRows = 0
        var start = keys.startIndex
        if keys.count >= batchSize {
            let batch = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: table, where: column, keys: batchSize))
            while keys.endIndex - start >= batchSize {
                for offset in 0..<batchSize { batch.bind(keys[start + offset], at: Int32(offset + 1)) }
                try batch.run()
                deletedRows += connection.changes
                start += batchSize
            }
        }
        let single = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: table, where: column))
        for key in keys[start...] {
            single.bind(key, at: 1)
            try single.run()
            deletedRows += connection.changes
        }
        return deletedRows
    }

    /// One `DELETE` per row, in the order of `deleted`.
    /// - Throws: ``ObjectGraph/ObjectGraphError/objectNotFound(_:)`` for the first object without a row.
    private func deleteOneByOne(_ deleted: [DeletedObject]) throws {
        for object in deleted {
            let statement = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: try schema.layout(of: object.entityName).table))
            statement.bind(try key(of: object.id), at: 1)
            try statement.run()
            guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(object.id) }
        }
    }
}
