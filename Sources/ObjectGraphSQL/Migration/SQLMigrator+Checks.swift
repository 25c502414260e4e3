import ObjectGraph

/// The checks of a rebuild and the errors that name the objects and values breaking them.
extension SQLMigrator {
    /// Two older tables feeding one newer table must not share keys (objects keep their keys).
    nonisolated(nonsending) func checkKeysDoNotCollide(_ copies: [EntityCopy], table: String) async throws {
        let sources = Set(copies.map(\.oldLayout.table))
        guard sources.count > 1 else { return }
        let union = copies.map { copy in
            "SELECT \(dialect.quote(SQL.primaryKey)) AS k FROM \(dialect.quote(MigrationMapping.oldName(copy.oldLayout.table))) "
                + "WHERE \(dialect.quote(SQL.entityColumn)) = \(copy.oldLayout.code)"
        }.joined(separator: " UNION ALL ")
        let rows = try await database.rows("SELECT k FROM (\(union)) u GROUP BY k HAVING COUNT(*) > 1 LIMIT 1", [], types: [.integer64])
        if let key = rows.first?[0] {
            throw MigrationError.stepFailed(
                stage: stageName, step: "merge \(sources.sorted().joined(separator: ", ")) into \(table)",
                object: rowID(table, key), values: [],
                reason: "objects of several tables would share this key in table \(table); such a hierarchy change is not supported")
        }
    }

    /// A to-many that becomes a to-one must have at most one destination per object.
    nonisolated(nonsending) func checkCardinality(_ check: (step: String, sql: String), copy: EntityCopy) async throws {
        guard let row = try await database.rows(check.sql, [], types: [.integer64, .integer64]).first else { return }
        throw MigrationError.stepFailed(
            stage: stageName, step: check.step, object: rowID(copy.oldLayout.table, row[0]),
            values: [row[1]], reason: "the object has \(row[1]) destinations; a to-one holds one")
    }

    /// Fails naming the first object of `copy` that would have no value for a required attribute,
    /// reading the older rows from `table` (the older table, renamed or not).
    nonisolated(nonsending) func checkRequiredValues(of copy: EntityCopy, in table: String) async throws {
        for (column, _) in copy.mayBeNull {
            guard let object = try await firstObject(of: copy, leavingEmpty: column, in: table) else { continue }
            throw missingValueError(copy: copy, column: column, object: object)
        }
    }

    /// The error for a copy that left the required `column` NULL, naming the first such object.
    nonisolated(nonsending) func missingValueError(copy: EntityCopy, column: String) async throws -> MigrationError {
        missingValueError(copy: copy, column: column,
                          object: try await firstObject(of: copy, leavingEmpty: column, in: MigrationMapping.oldName(copy.oldLayout.table)))
    }

    private func missingValueError(copy: EntityCopy, column: String, object: AnyObjectID?) -> MigrationError {
        let attribute = copy.mayBeNull.first { $0.column == column }?.attribute ?? column
        return MigrationError.stepFailed(
            stage: stageName, step: step(about: attribute, of: copy.newLayout.entity.name)?.description
                ?? "migrate attribute \(copy.newLayout.entity.name).\(attribute)",
            object: object, values: [],
            reason: "required attribute \(copy.newLayout.entity.name).\(attribute) would have no value; "
                + "give it a default or a fill value, or set it in a custom step")
    }

    /// The first older object of `copy`, read from `table`, whose new row's `column` would be NULL.
    private nonisolated(nonsending) func firstObject(of copy: EntityCopy, leavingEmpty column: String, in table: String) async throws -> AnyObjectID? {
        let condition = copy.source(of: column).map { source -> (String, [AttributeValue]) in
            let (text, parameters) = source.sql(in: dialect)
            return ("(\(text)) IS NULL", parameters)
        } ?? (dialect.literal(true), [])
        let rows = try await database.rows(
            "SELECT o.\(dialect.quote(SQL.primaryKey)) FROM \(dialect.quote(table)) o "
                + "WHERE o.\(dialect.quote(SQL.entityColumn)) = \(copy.oldLayout.code) AND \(condition.0) LIMIT 1",
            condition.1, types: [.integer64])
        return rows.first.map { self.rowID(copy.oldLayout.table, $0[0]) }
    }

    /// The error for a uniqueness constraint that existing rows break, naming an object and the shared values.
    nonisolated(nonsending) func duplicateError(_ index: UniqueIndex) async throws -> MigrationError {
        let columns = index.columns.map(dialect.quote).joined(separator: ", ")
        let condition = index.partialCodes.map { " WHERE \(dialect.quote(SQL.entityColumn)) IN (\($0.map(String.init).joined(separator: ", ")))" } ?? ""
        let types = [AttributeType.integer64] + index.properties.map { index.entity.attribute(named: $0)?.type ?? .string }
        let rows = try await database.rows(
            "SELECT MIN(\(dialect.quote(SQL.primaryKey))), \(columns) FROM \(dialect.quote(index.table))\(condition) "
                + "GROUP BY \(columns) HAVING COUNT(*) > 1 LIMIT 1",
            [], types: types)
        let object = rows.first.map { self.rowID(index.table, $0[0]) }
        let values = rows.first.map { Array($0.dropFirst()) } ?? []
        let step = stage.stage.steps.first {
            if case .addUniquenessConstraint(index.entity.name, let properties) = $0 { return Set(properties) == Set(index.properties) }
            return false
        }
        return MigrationError.stepFailed(
            stage: stageName, step: step?.description ?? "keep uniqueness constraint (\(index.properties.joined(separator: ", "))) of \(index.entity.name)",
            object: object, values: values,
            reason: "several \(index.entity.name) objects share \(index.properties.joined(separator: ", ")) = "
                + values.map(\.description).joined(separator: ", "))
    }

    /// The stage's step about `attribute` of `entity`, if any.
    func step(about attribute: String, of entity: String) -> MigrationStep? {
        stage.stage.steps.first { step in
            switch step {
            case .addAttribute(entity, attribute, _), .makeAttributeRequired(entity, attribute, _),
                 .changeAttributeType(entity, attribute, _, _), .renameAttribute(entity, _, attribute):
                true
            case .addUniquenessConstraint(entity, let properties): properties.contains(attribute)
            default: false
            }
        }
    }
}

extension SQLMigrator {
    /// The ID of the row of `table` whose key was read as `key`.
    func rowID(_ table: String, _ key: AttributeValue) -> AnyObjectID {
        guard case .integer(let integer) = key else { return AnyObjectID(entityName: table, key: .string(key.description)) }
        return AnyObjectID(entityName: table, key: .integer(integer))
    }
}
