#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension SaveWriter {
    /// Inserts every snapshot with its key, entity by entity, up to ``rowsPerBatch`` rows per statement
    /// (``WriteSQL/insertFromArrays(_:)``: one array argument per column).
    func insert(_ inserted: [Snapshot]) async throws {
        let sql = WriteSQL(dialect: .postgreSQL)
        for (entityName, indices) in InsertPlan.indicesByEntity(inserted) {
            let layout = try schema.layout(of: entityName)
            let statement = sql.insertFromArrays(layout)
            let types = WriteSQL.insertColumnTypes(of: layout)
            for start in stride(from: indices.startIndex, to: indices.endIndex, by: Self.rowsPerBatch) {
                let rows = indices[start..<min(start + Self.rowsPerBatch, indices.endIndex)]
                var columns = types.map { ColumnArray($0, capacity: rows.count) }
                for index in rows { try append(inserted[index], key: keys.insertedKeys[index], layout: layout, to: &columns) }
                do {
                    try await connection.run(statement, columns)
                } catch let error as PSQLError {
                    throw ConstraintFailure(error: error, schema: schema).insertError(rows.map { inserted[$0] }, layout: layout)
                }
            }
        }
    }

    /// Appends the row of `snapshot` to the arrays of ``WriteSQL/insertColumns(of:)``: key, entity code,
    /// stored attributes, to-one keys.
    private func append(_ snapshot: Snapshot, key: Int64, layout: EntityLayout, to columns: inout [ColumnArray]) throws {
        guard snapshot.values.count == layout.attributeColumns.count, snapshot.toOneIDs.count == layout.toOneColumns.count else {
            throw ObjectGraphError.inconsistentData("the inserted \(snapshot.entityName) \(snapshot.id) does not match its entity's shape")
        }
        _ = columns[0].append(.integer(key))
        _ = columns[1].append(.integer(layout.code))
        var column = 2
        for index in snapshot.values.indices where layout.attributeColumns[index] != nil {
            guard columns[column].append(snapshot.values[index]) else {
                let attribute = layout.entity.attributes[index]
                throw ObjectGraphError.typeMismatch(
                    entity: snapshot.entityName, attribute: attribute.name, expected: attribute.type, value: snapshot.values[index])
            }
            column += 1
        }
        for destination in snapshot.toOneIDs {
            _ = columns[column].append(try destination.map { AttributeValue.integer(try keys.key(of: $0)) } ?? .null)
            column += 1
        }
    }
}
#endif
