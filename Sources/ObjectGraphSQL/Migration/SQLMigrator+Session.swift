import ObjectGraph

/// The ``MigrationSession`` custom steps use: the older version's rows from the `_og_old_…` tables, the
/// newer version's from the rebuilt tables (a stage with custom steps always rebuilds).
extension SQLMigrator {
    /// Every object of `entity` as the older version stored it.
    package nonisolated(nonsending) func sourceObjects(of entity: String) async throws -> [MigrationObject] {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.old, version: stage.stage.source)
        return try await objects(of: layout, schema: mapping.old, model: stage.source, table: MigrationMapping.oldName(layout.table),
                                 version: stage.stage.source)
    }

    /// Every object of `entity` in the newer version, as migrated so far.
    package nonisolated(nonsending) func destinationObjects(of entity: String) async throws -> [MigrationObject] {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.new, version: stage.stage.destination)
        return try await objects(of: layout, schema: mapping.new, model: stage.destination, table: layout.table,
                                 version: stage.stage.destination)
    }

    /// Inserts an object of `entity` with a key above every key its table ever used.
    package nonisolated(nonsending) func insert(_ entity: String, values: [String: AttributeValue]) async throws -> AnyObjectID {
        let mapping = try running()
        let layout = try self.layout(entity, in: mapping.new, version: stage.stage.destination)
        try checkAttributes(values.keys, of: layout)
        let key = try await nextKey(layout.table, mapping: mapping)
        var columns = [SQL.primaryKey, SQL.entityColumn]
        var bound: [AttributeValue] = [.integer(key), .integer(layout.code)]
        for (index, attribute) in layout.entity.attributes.enumerated() {
            guard let column = layout.attributeColumns[index] else { continue }
            columns.append(column)
            bound.append(values[attribute.name] ?? attribute.defaultValue ?? .null)
        }
        try await database.execute("INSERT INTO \(dialect.quote(layout.table)) (\(columns.map(dialect.quote).joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))", bound)
        return AnyObjectID(entityName: layout.table, key: .integer(key))
    }

    /// Sets attributes of an object of the newer version.
    package nonisolated(nonsending) func update(_ id: AnyObjectID, values: [String: AttributeValue]) async throws {
        let layout = try await destinationLayout(of: id)
        try checkAttributes(values.keys, of: layout)
        for (name, value) in values {
            guard let index = layout.entity.attributeIndex(named: name), let column = layout.attributeColumns[index] else { continue }
            try await database.execute("UPDATE \(dialect.quote(layout.table)) SET \(dialect.quote(column)) = ? WHERE \(dialect.quote(SQL.primaryKey)) = ?",
                                        [value, .integer(try key(id))])
        }
    }

    /// Sets a to-one of an object of the newer version; a to-one inverse and an ordered inverse follow.
    package nonisolated(nonsending) func setRelationship(_ name: String, of id: AnyObjectID, to destination: AnyObjectID?) async throws {
        let mapping = try running()
        let layout = try await destinationLayout(of: id)
        guard let index = layout.entity.relationshipIndex(named: name), let slot = layout.entity.toOneSlot(forRelationshipAt: index) else {
            throw MigrationError.unknownProperty(stage: stageName, entity: layout.entity.name, property: name, version: stage.stage.destination)
        }
        let relationship = layout.entity.relationships[index]
        let column = layout.toOneColumns[slot], table = layout.table, owner = try key(id)
        let target = try destination.map { try key($0) }
        if let destination { _ = try await destinationLayout(of: destination) }
        let pk = dialect.quote(SQL.primaryKey)
        if let inverse = stage.destination.inverse(of: relationship), !inverse.isToMany,
           let destinationLayout = try? mapping.new.layout(of: relationship.destinationEntityName),
           let inverseIndex = destinationLayout.entity.relationshipIndex(named: inverse.name),
           let inverseSlot = destinationLayout.entity.toOneSlot(forRelationshipAt: inverseIndex) {
            let inverseColumn = dialect.quote(destinationLayout.toOneColumns[inverseSlot]), destinationTable = dialect.quote(destinationLayout.table)
            try await database.execute("UPDATE \(destinationTable) SET \(inverseColumn) = NULL WHERE \(inverseColumn) = ?", [.integer(owner)])
            if let target {
                try await database.execute("UPDATE \(dialect.quote(table)) SET \(dialect.quote(column)) = NULL WHERE \(pk) = "
                    + "(SELECT \(inverseColumn) FROM \(destinationTable) WHERE \(pk) = ?)", [.integer(target)])
                try await database.execute("UPDATE \(destinationTable) SET \(inverseColumn) = ? WHERE \(pk) = ?", [.integer(owner), .integer(target)])
            }
        }
        try await database.execute("UPDATE \(dialect.quote(table)) SET \(dialect.quote(column)) = ? WHERE \(pk) = ?",
                                   [target.map { .integer($0) } ?? .null, .integer(owner)])
        if let target, let position = mapping.new.positionColumn(ofInverseOf: relationship, foreignKey: column) {
            try await appendPosition(table: table, position: position, foreignKey: column, owner: target, member: owner)
        }
    }

    /// Adds destinations to a to-many of an object of the newer version, at the end of an ordered one.
    package nonisolated(nonsending) func addToRelationship(_ name: String, of id: AnyObjectID, _ destinations: [AnyObjectID]) async throws {
        let layout = try await destinationLayout(of: id)
        guard let index = layout.entity.relationshipIndex(named: name), layout.entity.relationships[index].isToMany else {
            throw MigrationError.unknownProperty(stage: stageName, entity: layout.entity.name, property: name, version: stage.stage.destination)
        }
        let owner = try key(id)
        let pk = dialect.quote(SQL.primaryKey)
        for destination in destinations {
            _ = try await destinationLayout(of: destination)
            let member = try key(destination)
            switch layout.relationships[index] {
            case .inverseForeignKey(let table, let column, let position):
                try await database.execute("UPDATE \(dialect.quote(table)) SET \(dialect.quote(column)) = ? WHERE \(pk) = ?", [.integer(owner), .integer(member)])
                if let position { try await appendPosition(table: table, position: position, foreignKey: column, owner: owner, member: member) }
            case .link(let link, let side):
                let inverse: LinkTable.Side = side == .a ? .b : .a
                let linkTable = dialect.quote(link.name)
                try await database.execute(dialect.insertIgnoringConflicts(
                    into: link.name, columns: [side.ownerColumn, side.memberColumn, side.positionColumn, inverse.positionColumn],
                    values: "(?, ?, (SELECT COUNT(*) FROM \(linkTable) WHERE \(dialect.quote(side.ownerColumn)) = ?), "
                        + "(SELECT COUNT(*) FROM \(linkTable) WHERE \(dialect.quote(side.memberColumn)) = ?))"),
                    [.integer(owner), .integer(member), .integer(owner), .integer(member)])
            case .foreignKey:
                break
            }
        }
    }

    /// Deletes an object of the newer version, clearing the keys and links that name it.
    package nonisolated(nonsending) func delete(_ id: AnyObjectID) async throws {
        let mapping = try running()
        let layout = try await destinationLayout(of: id)
        let key = AttributeValue.integer(try self.key(id))
        try await database.execute("DELETE FROM \(dialect.quote(layout.table)) WHERE \(dialect.quote(SQL.primaryKey)) = ?", [key])
        for other in mapping.new.tables.compactMap({ try? mapping.new.layout(of: $0.name) }) {
            for entity in stage.destination.entityNames(inHierarchyOf: other.entity.name) {
                guard let member = try? mapping.new.layout(of: entity) else { continue }
                for (column, table) in zip(member.toOneColumns, member.toOneDestinationTables) where table == layout.table {
                    try await database.execute("UPDATE \(dialect.quote(member.table)) SET \(dialect.quote(column)) = NULL WHERE \(dialect.quote(column)) = ?", [key])
                }
            }
        }
        for link in mapping.new.links {
            if link.aTable == layout.table { try await database.execute("DELETE FROM \(dialect.quote(link.name)) WHERE \"a\" = ?", [key]) }
            if link.bTable == layout.table { try await database.execute("DELETE FROM \(dialect.quote(link.name)) WHERE \"b\" = ?", [key]) }
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
                                            reason: "the SQL stores' objects have integer keys")
        }
        return key
    }

    /// The layout of the newer version's object `id`, read from its row.
    private nonisolated(nonsending) func destinationLayout(of id: AnyObjectID) async throws -> EntityLayout {
        let mapping = try running()
        let missing = MigrationError.stepFailed(stage: stageName, step: "custom step", object: id, values: [],
                                                reason: "version \(stage.stage.destination) has no object \(id)")
        guard (try? mapping.new.table(named: id.entityName)) != nil else { throw missing }
        let rows = try await database.rows("SELECT \(dialect.quote(SQL.entityColumn)) FROM \(dialect.quote(id.entityName)) "
            + "WHERE \(dialect.quote(SQL.primaryKey)) = ?", [.integer(try key(id))], types: [.integer64])
        guard case .integer(let code)? = rows.first?[0], let layout = mapping.new.layout(code: code) else { throw missing }
        return layout
    }

    private nonisolated(nonsending) func objects(of layout: EntityLayout, schema: StoreSchema, model: ModelDescription, table physical: String,
                                                 version: String) async throws -> [MigrationObject] {
        let table = try schema.table(named: layout.table)
        let codes = try model.entityNames(inHierarchyOf: layout.entity.name).map { try schema.layout(of: $0).code }
        let types = [AttributeType.integer64, .integer64] + table.columns.map { column -> AttributeType in
            if case .attribute(let type) = column.type { return type }
            return .integer64
        }
        let rows = try await database.rows(
            "SELECT \(table.selectList(alias: "t", in: dialect)) FROM \(dialect.quote(physical)) t "
                + "WHERE t.\(dialect.quote(SQL.entityColumn)) IN (\(codes.map(String.init).joined(separator: ", "))) ORDER BY t.\(dialect.quote(SQL.primaryKey))",
            [], types: types)
        var objects: [MigrationObject] = []
        for row in rows {
            guard case .integer(let code) = row[1], let rowLayout = schema.layout(code: code) else { continue }
            var values: [String: AttributeValue] = [:]
            for (attribute, read) in zip(rowLayout.entity.attributes, rowLayout.attributeReads) {
                guard let read else { continue }
                values[attribute.name] = row[Int(read.index)]
            }
            var destinations: [String: AnyObjectID] = [:]
            for (slot, index) in rowLayout.entity.toOneRelationshipIndices.enumerated() {
                guard case .integer(let key) = row[Int(rowLayout.toOneSelectIndices[slot])] else { continue }
                destinations[rowLayout.entity.relationships[index].name] = AnyObjectID(entityName: rowLayout.toOneDestinationTables[slot], key: .integer(key))
            }
            objects.append(MigrationObject(id: rowID(rowLayout.table, row[0]), entity: rowLayout.entity,
                                           version: version, stage: stageName, values: values, destinations: destinations))
        }
        return objects
    }

    /// A key for a new object of `table`, above every key it or its older tables ever used.
    private nonisolated(nonsending) func nextKey(_ table: String, mapping: MigrationMapping) async throws -> Int64 {
        if let next = nextKeys[table] {
            nextKeys[table] = next + 1
            return next
        }
        let last = max(try await database.lastKey(of: sourceTables(of: table, mapping: mapping)), try await largestKey(in: table))
        nextKeys[table] = last + 2
        return last + 1
    }

    private nonisolated(nonsending) func appendPosition(table: String, position: String, foreignKey: String, owner: Int64, member: Int64) async throws {
        try await database.execute("UPDATE \(dialect.quote(table)) SET \(dialect.quote(position)) = (SELECT COALESCE(MAX(\(dialect.quote(position))), -1) + 1 "
            + "FROM \(dialect.quote(table)) WHERE \(dialect.quote(foreignKey)) = ? AND \(dialect.quote(SQL.primaryKey)) <> ?) "
            + "WHERE \(dialect.quote(SQL.primaryKey)) = ?", [.integer(owner), .integer(member), .integer(member)])
    }
}
