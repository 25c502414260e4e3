import ObjectGraph
import ObjectGraphSQL

/// A failed statement of a save as the error the runtime expects: UNIQUE and NOT NULL violations become
/// ``ObjectGraphError`` values naming the object, entity, properties and values; anything else stays a
/// ``SQLiteStoreError``.
struct ConstraintFailure {
    private static let uniqueCode: Int32 = 2067   // SQLITE_CONSTRAINT_UNIQUE
    private static let notNullCode: Int32 = 1299  // SQLITE_CONSTRAINT_NOTNULL

    let failure: StatementFailure
    let schema: StoreSchema

    init(_ failure: StatementFailure, schema: StoreSchema) {
        self.failure = failure
        self.schema = schema
    }

    /// The error for a failed write of `object`, whose attribute values `values` returns.
    func error(object: AnyObjectID, layout: EntityLayout, values: () throws -> [AttributeValue]) throws -> Error {
        let detail = failure.message.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? ""
        switch failure.extendedCode {
        case Self.uniqueCode:
            guard let index = uniqueIndex(named: detail, table: layout.table) else { return failure.storeError }
            let current = try values()
            let constrained = index.properties.map { name in
                index.entity.attributeIndex(named: name).flatMap { current.indices.contains($0) ? current[$0] : nil } ?? .null
            }
            return ObjectGraphError.uniquenessViolation(
                entity: index.entity.name, properties: index.properties, values: constrained, object: object)
        case Self.notNullCode:
            let column = detail.split(separator: ".", maxSplits: 1).last.map(String.init) ?? detail
            guard let attribute = layout.attributeColumns.firstIndex(of: column) else { return failure.storeError }
            return ObjectGraphError.validationFailed([ValidationFailure(
                objectID: object, entityName: layout.entity.name, property: layout.entity.attributes[attribute].name,
                kind: .missingValue)])
        default:
            return failure.storeError
        }
    }

    /// The UNIQUE index SQLite names in `detail`: `index 'name'`, or `Table.column, Table.column`.
    private func uniqueIndex(named detail: String, table: String) -> UniqueIndex? {
        if detail.hasPrefix("index '") {
            let name = detail.dropFirst("index '".count).dropLast()
            return schema.uniqueIndexes.first { $0.name == name }
        }
        let columns = Set(detail.components(separatedBy: ", ").map { $0.hasPrefix(table + ".") ? String($0.dropFirst(table.count + 1)) : $0 })
        return schema.uniqueIndexes.first { $0.table == table && Set($0.columns) == columns }
    }
}
