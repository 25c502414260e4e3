import ObjectGraph
import ObjectGraphSQL

/// The ``MigrationSession`` custom steps use: the older version's rows from the `_og_old_…` tables, the
/// newer version's from the rebuilt tables (a stage with custom steps always rebuilds).
extension SQLiteMigrator {
    nonisolated(nonsending) func sourceObjects(of entity: String) async throws -> [MigrationObject] {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.old, version: stage.stage.source)
        return try objects(of: layout, schema: mapping.old, model: stage.source, table: MigrationMapping.oldName(layout.table),
                           version: stage.stage.source)
    }

    nonisolated(nonsending) func destinationObjects(of entity: String) async throws -> [MigrationObject] {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.new, version: stage.stage.destination)
        return try objects(of: layout, schema: mapping.new, model: stage.destination, table: layout.table, version: stage.stage.destination)
    }

    nonisolated(nonsending) func insert(_ entity: String, values: [String: AttributeValue]) async throws -> AnyObjectID {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.new, version: stage.stage.destination)
        try checkAttributes(values.keys, of: layout)
        let key = try nextKey(layout.table, mapping: mapping)
        var columns = [SQL.primaryKey, SQL.entityColumn]
        var bound: [AttributeValue] = [.integer(key), .integer(layout.code)]
        for (index, attribute) in layout.entity.attributes.enumerated() {
            guard let column = layout.attributeColumns[index] else { continue }
            columns.append(column)
            bound.append(values[attribute.name] ?? attribute.defaultValue ?? .null)
        }
        try run("INSERT INTO \(SQL.quote(layout.table)) (\(columns.map(SQL.quote).joined(separator: ", "))) "
                + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))", bound)
        return AnyObjectID(entityName: layout.table, key: .integer(key))
    }

    nonisolated(nonsending) func update(_ id: AnyObjectID, values: [String: AttributeValue]) async throws {
        let layout = try destinationLayout(of: id)
        try checkAttributes(values.keys, of: layout)
        for (name, value) in values {
            guard let index = layout.entity.attributeIndex(named: name), let column = layout.attributeColumns[index] else { continue }
            try run("UPDATE \(SQL.quote(layout.table)) SET \(SQL.quote(column)) = ? WHERE \(SQL.quote(SQL.primaryKey)) = ?", [value, .integer(try key(id))])
        }
    }

    nonisolated(nonsending) func setRelationship(_ name: String, of id: AnyObjectID, to destination: AnyObjectID?) async throws {
        let mapping = try running()
        let layout = try destinationLayout(of: id)
        guard let index = layout.entity.relationshipIndex(named: name), let slot = layout.entity.toOneSlot(forRelationshipAt: index) else {
            throw MigrationError.unknownProperty(stage: stageName, entity: layout.entity.name, property: name, version: stage.stage.destination)
        }
        let relationship = layout.entity.relationships[index]
        let column = layout.toOneColumns[slot], table = layout.table, owner = try key(id)
        let target = try destination.map { try key($0) }
        if let destination { _ = try destinationLayout(of: destination) }
        let pk = SQL.quote(SQL.primaryKey)
        if let inverse = stage.destination.inverse(of: relationship), !inverse.isToMany,
           let destinationLayout = try? mapping.new.layout(of: relationship.destinationEntityName),
           let inverseIndex = destinationLayout.entity.relationshipIndex(named: inverse.name),
           let inverseSlot = destinationLayout.entity.toOneSlot(forRelationshipAt: inverseIndex) {
            let inverseColumn = SQL.quote(destinationLayout.toOneColumns[inverseSlot]), destinationTable = SQL.quote(destinationLayout.table)
            try run("UPDATE \(destinationTable) SET \(inverseColumn) = NULL WHERE \(inverseColumn) = ?", [.integer(owner)])
            if let target {
                try run("UPDATE \(SQL.quote(table)) SET \(SQL.quote(column)) = NULL WHERE \(pk) = "
                        + "(SELECT \(inverseColumn) FROM \(destinationTable) WHERE \(pk) = ?)", [.integer(target)])
                try run("UPDATE \(destinationTable) SET \(inverseColumn) = ? WHERE \(pk) = ?", [.integer(owner), .integer(target)])
            }
        }
        try run("UPDATE \(SQL.quote(table)) SET \(SQL.quote(column)) = ? WHERE \(pk) = ?", [target.map { .integer($0) } ?? .null, .integer(owner)])
        if let target, let position = mapping.new.positionColumn(ofInverseOf: relationship, foreignKey: column) {
            try appendPosition(table: table, position: position, foreignKey: column, owner: target, member: owner)
        }
    }

    nonisolated(nonsending) func addToRelationship(_ name: String, of id: AnyObjectID, _ destinations: [AnyObjectID]) async throws {
        let layout = try destinationLayout(of: id)
        guard let index = layout.entity.relationshipIndex(named: name), layout.entity.relationships[index].isToMany else {
            throw MigrationError.unknownProperty(stage: stageName, entity: layout.entity.name, property: name, version: stage.stage.destination)
        }
        let owner = try key(id)
        let pk = SQL.quote(SQL.primaryKey)
        for destination in destinations {
            _ = try destinationLayout(of: destination)
            let member = try key(destination)
            switch layout.relationships[index] {
            case .inverseForeignKey(let table, let column, let position):
                try run("UPDATE \(SQL.quote(table)) SET \(SQL.quote(column)) = ? WHERE \(pk) = ?", [.integer(owner), .integer(member)])
                if let position { try appendPosition(table: table, position: position, foreignKey: column, owner: owner, member: member) }
            case .link(let link, let side):
                let inverse: LinkTable.Side = side == .a ? .b : .a
                let linkTable = SQL.quote(link.name)
                try run("INSERT OR IGNORE INTO \(linkTable) (\(SQL.quote(side.ownerColumn)), \(SQL.quote(side.memberColumn)), "
                        + "\(SQL.quote(side.positionColumn)), \(SQL.quote(inverse.positionColumn))) VALUES (?, ?, "
                        + "(SELECT COUNT(*) FROM \(linkTable) WHERE \(SQL.quote(side.ownerColumn)) = ?), "
                        + "(SELECT COUNT(*) FROM \(linkTable) WHERE \(SQL.quote(side.memberColumn)) = ?))",
                        [.integer(owner), .integer(member), .integer(owner), .integer(member)])
            case .foreignKey:
                break
            }
        }
    }

    nonisolated(nonsending) func delete(_ id: AnyObjectID) async throws {
        let mapping = try running()
        let layout = try destinationLayout(of: id)
        let key = AttributeValue.integer(try self.key(id))
        try run("DELETE FROM \(SQL.quote(layout.table)) WHERE \(SQL.quote(SQL.primaryKey)) = ?", [key])
        for other in mapping.new.tables.compactMap({ try? mapping.new.layout(of: $0.name) }) {
            for entity in stage.destination.entityNames(inHierarchyOf: other.entity.name) {
                guard let member = try? mapping.new.layout(of: entity) else { continue }
                for (column, table) in zip(member.toOneColumns, member.toOneDestinationTables) where table == layout.table {
                    try run("UPDATE \(SQL.quote(member.table)) SET \(SQL.quote(column)) = NULL WHERE \(SQL.quote(column)) = ?", [key])
                }
            }
        }
        for link in mapping.new.links {
            if link.aTable == layout.table { try run("DELETE FROM \(SQL.quote(link.name)) WHERE \"a\" = ?", [key]) }
            if link.bTable == layout.table { try run("DELETE FROM \(SQL.quote(link.name)) WHERE \"b\" = ?", [key]) }
        }
    }

    // MARK: Helpers

    private func running() throws -> MigrationMapping {
        guard let mapping else {
            throw MigrationError.stepFailed(stage: stageName, step: "custom step", object: nil, values: [],
                                            reason: "the session is used outside its stage")
        }
        return mapping
    }

    private func layout(_ entity: String, in schema: StoreSchema, version: String) throws -> EntityLayout {
        guard let layout = try? schema.layout(of: entity) else {
            throw MigrationError.unknownEntity(stage: stageName, entity: entity, version: version)
        }
        return layout
    }

    private func checkAttributes(_ names: some Sequence<String>, of layout: EntityLayout) throws {
        for name in names {
            guard let index = layout.entity.attributeIndex(named: name), layout.attributeColumns[index] != nil else {
                throw MigrationError.unknownProperty(stage: stageName, entity: layout.entity.name, property: name, version: stage.stage.destination)
            }
        }
    }

    private func key(_ id: AnyObjectID) throws -> Int64 {
        guard case .integer(let key) = id.key else {
            throw MigrationError.stepFailed(stage: stageName, step: "custom step", object: id, values: [],
                                            reason: "the SQLite store's objects have integer keys")
        }
        return key
    }

    /// The layout of the newer version's object `id`, read from its row.
    private func destinationLayout(of id: AnyObjectID) throws -> EntityLayout {
        let mapping = try running()
        let table = try? mapping.new.table(named: id.entityName)
        let statement = try connection.statement("SELECT \(SQL.quote(SQL.entityColumn)) FROM \(SQL.quote(id.entityName)) "
            + "WHERE \(SQL.quote(SQL.primaryKey)) = ?")
        defer { statement.reset() }
        statement.bind(try key(id), at: 1)
        guard table != nil, try statement.step(), let layout = mapping.new.layout(code: statement.int64(0)) else {
            throw MigrationError.stepFailed(stage: stageName, step: "custom step", object: id, values: [],
                                            reason: "version \(stage.stage.destination) has no object \(id)")
        }
        return layout
    }

    private func objects(of layout: EntityLayout, schema: StoreSchema, model: ModelDescription, table physical: String,
                         version: String) throws -> [MigrationObject] {
        let table = try schema.table(named: layout.table)
        let codes = try model.entityNames(inHierarchyOf: layout.entity.name).map { try schema.layout(of: $0).code }
        let statement = try connection.statement("SELECT \(table.selectList(alias: "t")) FROM \(SQL.quote(physical)) t "
            + "WHERE t.\(SQL.quote(SQL.entityColumn)) IN (\(codes.map(String.init).joined(separator: ", "))) ORDER BY t.\(SQL.quote(SQL.primaryKey))")
        defer { statement.reset() }
        var objects: [MigrationObject] = []
        while try statement.step() {
            guard let row = schema.layout(code: statement.int64(1)) else { continue }
            var values: [String: AttributeValue] = [:]
            for (attribute, read) in zip(row.entity.attributes, row.attributeReads) {
                guard let read else { continue }
                values[attribute.name] = RowReader.value(statement, ColumnRead(index: read.index, type: read.type, isNullable: true)) ?? .null
            }
            var destinations: [String: AnyObjectID] = [:]
            for (slot, index) in row.entity.toOneRelationshipIndices.enumerated() where !statement.isNull(row.toOneSelectIndices[slot]) {
                destinations[row.entity.relationships[index].name] = AnyObjectID(
                    entityName: row.toOneDestinationTables[slot], key: .integer(statement.int64(row.toOneSelectIndices[slot])))
            }
            objects.append(MigrationObject(id: AnyObjectID(entityName: row.table, key: .integer(statement.int64(0))), entity: row.entity,
                                           version: version, stage: stageName, values: values, destinations: destinations))
        }
        return objects
    }

    /// A key for a new object of `table`, above every key it or its older tables ever used.
    private func nextKey(_ table: String, mapping: MigrationMapping) throws -> Int64 {
        if let next = nextKeys[table] {
            nextKeys[table] = next + 1
            return next
        }
        let sources = Set((mapping.copies[table] ?? []).map(\.oldLayout.table)).union([table]).sorted().map(SQL.text).joined(separator: ", ")
        let statement = try connection.statement("SELECT MAX(COALESCE((SELECT MAX(\"last\") FROM \(SQL.quote(StoreSchema.sequenceTable)) "
            + "WHERE \"table\" IN (\(sources))), 0), COALESCE((SELECT MAX(\(SQL.quote(SQL.primaryKey))) FROM \(SQL.quote(table))), 0))")
        defer { statement.reset() }
        let last = try statement.step() ? statement.int64(0) : 0
        nextKeys[table] = last + 2
        return last + 1
    }

    private func appendPosition(table: String, position: String, foreignKey: String, owner: Int64, member: Int64) throws {
        try run("UPDATE \(SQL.quote(table)) SET \(SQL.quote(position)) = (SELECT COALESCE(MAX(\(SQL.quote(position))), -1) + 1 "
                + "FROM \(SQL.quote(table)) WHERE \(SQL.quote(foreignKey)) = ? AND \(SQL.quote(SQL.primaryKey)) <> ?) "
                + "WHERE \(SQL.quote(SQL.primaryKey)) = ?", [.integer(owner), .integer(member), .integer(member)])
    }

    private func run(_ sql: String, _ values: [AttributeValue]) throws {
        let statement = try connection.statement(sql)
        statement.bind(values)
        try statement.run()
    }
}
