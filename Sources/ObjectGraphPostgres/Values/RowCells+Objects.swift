#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// The parts of an object in a row whose first columns are a table's row select list
/// (``ObjectGraphSQL/SQLDialect/rowSelectList(of:alias:)``), read the same way for snapshots
/// (``SnapshotReader``) and for objects (``CellsRow``).
extension RowCells {
    /// The key of the row of `table` and the layout of its concrete entity.
    /// - Throws: ``ObjectGraph/ObjectGraphError/inconsistentData(_:)`` naming the row when it has no key or
    ///   entity code, or an unknown entity code.
    func object(of table: TableLayout, in schema: StoreSchema) throws -> (key: Int64, layout: EntityLayout) {
        guard let key = try integer(at: 0), let code = try integer(at: 1) else {
            throw ObjectGraphError.inconsistentData("a row of \(table.name) has no key or entity code")
        }
        guard let layout = schema.layout(code: code) else {
            throw ObjectGraphError.inconsistentData("row \(table.name)/\(key) has an unknown entity code \(code)")
        }
        return (key, layout)
    }

    /// The value of the attribute at `index` of `layout`'s entity (``ObjectGraph/AttributeValue/null`` for
    /// a transient one) in the row with `key` of `table`.
    /// - Throws: ``ObjectGraph/ObjectGraphError/inconsistentData(_:)`` naming the row and attribute when the
    ///   value does not decode.
    func attributeValue(at index: Int, of layout: EntityLayout, key: Int64, table: TableLayout) throws -> AttributeValue {
        guard let read = layout.attributeReads[index] else { return .null }
        guard let value = value(at: Int(read.index), type: read.type) else {
            let attribute = layout.entity.attributes[index]
            throw ObjectGraphError.inconsistentData("\(table.name)/\(key): the stored \(attribute.name) is not a valid \(attribute.type.rawValue)")
        }
        return value
    }

    /// Hands the destination of each to-one of `layout`'s entity (`nil` for none) to `body`, in order.
    func forEachToOneID(of layout: EntityLayout, _ body: (AnyObjectID?) -> Void) throws {
        for (column, destination) in zip(layout.toOneSelectIndices, layout.toOneDestinationTables) {
            body(try integer(at: Int(column)).map { AnyObjectID(entityName: destination, key: .integer($0)) })
        }
    }

    /// The row's version, in the last column of `table`'s row select list (0 for none).
    func version(in table: TableLayout) throws -> Int64 {
        try integer(at: SQLDialect.postgreSQL.rowSelectWidth(of: table) - 1) ?? 0
    }
}
#endif
