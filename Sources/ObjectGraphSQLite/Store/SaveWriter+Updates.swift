import Foundation
import ObjectGraph
import ObjectGraphSQL

extension SaveWriter {
    /// `UPDATE` of the changed columns only; consecutive updates of the same shape reuse one statement.
    mutating func update(_ updated: UpdatedObject) throws {
        let shape = try updateShape(of: updated)
        let layout = shape.layout
        let key = try key(of: updated.id)
        let statement = shape.statement
        var parameter: Int32 = 1
        for change in updated.attributes where layout.attributeColumns[change.index] != nil {
            statement.bind(change.value, at: parameter)
            parameter += 1
        }
        for change in updated.toOnes {
            statement.bind(try change.destination.map { .integer(try self.key(of: $0)) } ?? .null, at: parameter)
            parameter += 1
        }
        statement.bind(key, at: parameter)
        do {
            try statement.run()
        } catch let failure as StatementFailure {
            throw try ConstraintFailure(failure, schema: schema).error(object: updated.id, layout: layout) {
                var values = try storedValues(of: key, layout: layout)
                for change in updated.attributes where values.indices.contains(change.index) { values[change.index] = change.value }
                return values
            }
        }
        guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(updated.id) }
    }

    /// The shape of `updated`'s statement: the last one when `updated` has it (its indices were checked
    /// when it was made), otherwise a new one from the entity's layout, its indices checked.
    private mutating func updateShape(of updated: UpdatedObject) throws -> UpdateShape {
        if let last = lastUpdate, last.fits(updated) { return last }
        let layout = try schema.layout(of: updated.entityName)
        var attributes: [Int] = []
        for change in updated.attributes {
            guard layout.attributeColumns.indices.contains(change.index) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no attribute at index \(change.index)")
            }
            if layout.attributeColumns[change.index] != nil { attributes.append(change.index) }
        }
        let slots = try updated.toOnes.map { change in
            guard let slot = layout.entity.toOneSlot(forRelationshipAt: change.relationshipIndex) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no to-one at index \(change.relationshipIndex)")
            }
            return slot
        }
        let columns = attributes.compactMap { layout.attributeColumns[$0] } + slots.map { layout.toOneColumns[$0] }
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).update(table: layout.table, columns: columns))
        let shape = UpdateShape(layout: layout, attributes: attributes, toOneRelationships: updated.toOnes.map(\.relationshipIndex), statement: statement)
        lastUpdate = shape
        return shape
    }
    /// Uniqueness is checked when the save is complete (as the runtime does), but SQLite checks UNIQUE
    /// indexes row by row; so when several updates change constrained columns (values swapped between
    /// objects), those columns first get placeholders that collide with nothing: the key as a BLOB.
    func parkUniqueValues(of updates: [UpdatedObject]) throws {
        guard updates.count > 1, !schema.uniqueIndexes.isEmpty else { return }
        var parked: [(table: String, key: Int64, columns: [String])] = []
        var constrainedByTable: [String: Set<String>] = [:]
        for updated in updates {
            let layout = try schema.layout(of: updated.entityName)
            let constrained = constrainedByTable[layout.table] ?? {
                let columns = Set(schema.uniqueIndexes.filter { $0.table == layout.table }.flatMap(\.columns))
                constrainedByTable[layout.table] = columns
                return columns
            }()
            guard !constrained.isEmpty else { continue }
            let columns = updated.attributes.compactMap { change in
                layout.attributeColumns.indices.contains(change.index) ? layout.attributeColumns[change.index] : nil
            }.filter(constrained.contains)
            if !columns.isEmpty { parked.append((layout.table, try key(of: updated.id), columns)) }
        }
        guard parked.count > 1 else { return }
        for (table, key, columns) in parked {
            let statement = try connection.statement("UPDATE \(SQL.quote(table)) SET "
                + columns.map { "\(SQL.quote($0)) = ?1" }.joined(separator: ", ") + " WHERE \(SQL.quote(SQL.primaryKey)) = ?2")
            statement.bind(.data(withUnsafeBytes(of: key) { Data($0) }), at: 1)
            statement.bind(key, at: 2)
            try statement.run()
        }
    }

    private func storedValues(of key: Int64, layout: EntityLayout) throws -> [AttributeValue] {
        let table = try schema.table(named: layout.table)
        let statement = try connection.statement(
            "SELECT \(table.selectList(alias: "t")) FROM \(SQL.quote(table.name)) t WHERE \(SQL.column("t", SQL.primaryKey)) = ?")
        defer { statement.reset() }
        statement.bind(key, at: 1)
        guard try statement.step() else { return [] }
        return Array(try RowReader.snapshot(statement, schema: schema, table: table).values)
    }

    /// `DELETE` of the row.
    func delete(_ deleted: DeletedObject) throws {
        let layout = try schema.layout(of: deleted.entityName)
        let statement = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: layout.table))
        statement.bind(try key(of: deleted.id), at: 1)
        try statement.run()
        guard connection.changes > 0 else { throw ObjectGraphError.objectNotFound(deleted.id) }
    }

    /// `DELETE` of every link row that names a deleted object.
    func unlink(_ deleted: DeletedObject) throws {
        let table = try schema.layout(of: deleted.entityName).table
        let key = try key(of: deleted.id)
        for link in schema.links {
            for (column, linkedTable) in [("a", link.aTable), ("b", link.bTable)] where linkedTable == table {
                let unlink = try connection.statement(WriteSQL(dialect: .sqlite).delete(from: link.name, where: column))
                unlink.bind(key, at: 1)
                try unlink.run()
            }
        }
    }
}

/// The changed columns of an `UPDATE` and its prepared statement, kept while consecutive updates change
/// the same columns of the same entity, so that they are matched without a dictionary lookup or an array.
final class UpdateShape {
    let layout: EntityLayout
    /// The indices of the changed attributes that have columns, in change order.
    let attributes: [Int]
    /// The relationship indices of the changed to-ones, in change order.
    let toOneRelationships: [Int]
    let statement: Statement

    init(layout: EntityLayout, attributes: [Int], toOneRelationships: [Int], statement: Statement) {
        self.layout = layout
        self.attributes = attributes
        self.toOneRelationships = toOneRelationships
        self.statement = statement
    }

    /// Whether `updated` changes exactly these columns of this entity, in this order.
    func fits(_ updated: UpdatedObject) -> Bool {
        guard updated.entityName == layout.entity.name, updated.toOnes.count == toOneRelationships.count else { return false }
        let columns = layout.attributeColumns
        var next = 0
        for change in updated.attributes {
            guard columns.indices.contains(change.index) else { return false }
            guard columns[change.index] != nil else { continue }
            guard next < attributes.count, attributes[next] == change.index else { return false }
            next += 1
        }
        guard next == attributes.count else { return false }
        return zip(updated.toOnes, toOneRelationships).allSatisfy { $0.relationshipIndex == $1 }
    }
}
