import ObjectGraph

/// How the rows of one stage's older version become rows of its newer version, table by table: for
/// each entity of the newer version, the entity of the older version its rows come from and the
/// source of every column; for each link table, where its rows come from. Rebuilt tables read the
/// older version's tables under their ``oldName(_:)``.
package struct MigrationMapping: Sendable {
    package let stage: PlannedMigrationStage
    package let old: StoreSchema
    package let new: StoreSchema
    /// The dialect of the copies' SQL.
    package let dialect: SQLDialect
    /// Copies per new table, in the new schema's table order.
    package private(set) var copies: [String: [EntityCopy]] = [:]
    /// Copies per new link table.
    package private(set) var links: [LinkCopy] = []

    private var stageName: String { stage.stage.description }

    /// The mapping of `stage`, its SQL in `dialect`.
    package init(stage: PlannedMigrationStage, dialect: SQLDialect) throws {
        self.stage = stage
        self.dialect = dialect
        self.old = StoreSchema(model: stage.source)
        self.new = StoreSchema(model: stage.destination)
        for table in new.tables {
            var tableCopies: [EntityCopy] = []
            for name in stage.destination.entityNames(inHierarchyOf: table.name) {
                guard let sourceName = stage.sourceEntityName(ofDestinationEntity: name) else { continue }
                tableCopies.append(try entityCopy(new: try new.layout(of: name), old: try old.layout(of: sourceName)))
            }
            copies[table.name] = tableCopies
        }
        links = try new.links.map(linkCopy)
    }

    /// The name an older version's table has while a rebuild reads it.
    package static func oldName(_ table: String) -> String { "_og_old_" + table }

    // MARK: Entities

    private func entityCopy(new layout: EntityLayout, old oldLayout: EntityLayout) throws -> EntityCopy {
        var copy = EntityCopy(newLayout: layout, oldLayout: oldLayout)
        let entity = layout.entity
        for (index, attribute) in entity.attributes.enumerated() {
            guard let column = layout.attributeColumns[index], copy.source(of: column) == nil else { continue }
            try addAttributeColumn(column, attribute: attribute, to: &copy)
        }
        for (slot, index) in entity.toOneRelationshipIndices.enumerated() {
            let column = layout.toOneColumns[slot]
            guard copy.source(of: column) == nil else { continue }
            try addToOneColumn(column, relationship: entity.relationships[index], to: &copy)
        }
        return copy
    }

    private func addAttributeColumn(_ column: String, attribute: AttributeDescription, to copy: inout EntityCopy) throws {
        let entity = copy.newLayout.entity, oldEntity = copy.oldLayout.entity
        guard let oldName = stage.sourceAttributeName(ofDestinationAttribute: attribute.name, entity: entity.name),
              let oldIndex = oldEntity.attributeIndex(named: oldName), let oldColumn = copy.oldLayout.attributeColumns[oldIndex] else {
            let value = addedDefault(of: attribute.name, in: entity) ?? attribute.defaultValue ?? .null
            copy.columns.append((column, .constant(value)))
            if value.isNull && !attribute.isOptional { copy.mayBeNull.append((column, attribute.name)) }
            return
        }
        let oldAttribute = oldEntity.attributes[oldIndex]
        var source = ColumnSource.column(oldColumn)
        if oldAttribute.type != attribute.type {
            guard MigrationStep.isLossless(from: oldAttribute.type, to: attribute.type) else {
                throw MigrationError.stepFailed(
                    stage: stageName, step: "change the type of attribute \(entity.name).\(attribute.name)", object: nil, values: [],
                    reason: "\(oldAttribute.type.rawValue) → \(attribute.type.rawValue) can lose values")
            }
            if attribute.type == .string {
                switch oldAttribute.type {
                case .integer16, .integer32, .integer64: source = .text(oldColumn)
                case .decimal, .uri, .string: break
                default:
                    if let expression = TextConversion.expression(dialect.column("o", oldColumn), from: oldAttribute.type, in: dialect) {
                        source = .expression(expression, [])
                    } else {
                        source = .text(oldColumn)
                        copy.textConversions.append((column, oldColumn, oldAttribute.type))
                    }
                }
            }
        }
        if let fill = fillValue(of: attribute.name, in: entity) {
            if case .column(let name) = source {
                source = .filled(name, fill)
            } else {
                let (text, parameters) = source.sql(in: dialect)
                source = .expression("COALESCE(\(text), ?)", parameters + [fill])
            }
        } else if !attribute.isOptional && oldAttribute.isOptional {
            copy.mayBeNull.append((column, attribute.name))
        }
        copy.columns.append((column, source))
    }

    private func addToOneColumn(_ column: String, relationship: RelationshipDescription, to copy: inout EntityCopy) throws {
        let entity = copy.newLayout.entity, oldEntity = copy.oldLayout.entity
        let position = positionColumn(ofInverseOf: relationship, foreignKey: column)
        guard let oldName = stage.sourceRelationshipName(ofDestinationRelationship: relationship.name, entity: entity.name),
              let oldIndex = oldEntity.relationshipIndex(named: oldName) else {
            copy.columns.append((column, .constant(.null)))
            return
        }
        if let slot = oldEntity.toOneSlot(forRelationshipAt: oldIndex) {
            copy.columns.append((column, .column(copy.oldLayout.toOneColumns[slot])))
            if let position {
                let oldPosition = oldPositionColumn(ofInverseOf: oldEntity.relationships[oldIndex], foreignKey: copy.oldLayout.toOneColumns[slot])
                copy.columns.append((position, oldPosition.map(ColumnSource.column) ?? .column(SQL.primaryKey)))
            }
            return
        }
        let step = "make relationship \(entity.name).\(relationship.name) to-one"
        let select = toManyMembers(of: copy.oldLayout, relationshipAt: oldIndex)
        copy.columns.append((column, .expression("(SELECT m.member FROM (\(select)) m WHERE m.owner = o.\(dialect.quote(SQL.primaryKey)) ORDER BY m.position, m.member LIMIT 1)", [])))
        copy.cardinalityChecks.append((step, "SELECT m.owner, COUNT(*) FROM (\(select)) m WHERE m.owner IN "
            + "(SELECT \(dialect.quote(SQL.primaryKey)) FROM \(dialect.quote(Self.oldName(copy.oldLayout.table))) WHERE \(dialect.quote(SQL.entityColumn)) = \(copy.oldLayout.code)) "
            + "GROUP BY m.owner HAVING COUNT(*) > 1 LIMIT 1"))
        if let position { copy.columns.append((position, .constant(.integer(0)))) }
    }

    /// `SELECT owner, member, position, inversePosition` of the older version's to-many (or to-one) at
    /// `index` of `layout`, reading the renamed old tables.
    private func toManyMembers(of layout: EntityLayout, relationshipAt index: Int) -> String {
        let pk = dialect.quote(SQL.primaryKey)
        switch layout.relationships[index] {
        case .inverseForeignKey(let table, let column, let position):
            let positionSQL = position.map { dialect.column("d", $0) } ?? dialect.column("d", SQL.primaryKey)
            return "SELECT \(dialect.column("d", column)) AS owner, d.\(pk) AS member, \(positionSQL) AS position, 0 AS inversePosition "
                + "FROM \(dialect.quote(Self.oldName(table))) d WHERE \(dialect.column("d", column)) IS NOT NULL"
        case .link(let link, let side):
            let inverse: LinkTable.Side = side == .a ? .b : .a
            return "SELECT l.\(dialect.quote(side.ownerColumn)) AS owner, l.\(dialect.quote(side.memberColumn)) AS member, "
                + "COALESCE(l.\(dialect.quote(side.positionColumn)), 0) AS position, COALESCE(l.\(dialect.quote(inverse.positionColumn)), 0) AS inversePosition "
                + "FROM \(dialect.quote(Self.oldName(link.name))) l"
        case .foreignKey(let column, _):
            return "SELECT o2.\(pk) AS owner, \(dialect.column("o2", column)) AS member, 0 AS position, o2.\(pk) AS inversePosition "
                + "FROM \(dialect.quote(Self.oldName(layout.table))) o2 WHERE \(dialect.column("o2", column)) IS NOT NULL"
        }
    }

    private func positionColumn(ofInverseOf relationship: RelationshipDescription, foreignKey: String) -> String? {
        new.positionColumn(ofInverseOf: relationship, foreignKey: foreignKey)
    }

    private func oldPositionColumn(ofInverseOf relationship: RelationshipDescription, foreignKey: String) -> String? {
        old.positionColumn(ofInverseOf: relationship, foreignKey: foreignKey)
    }

    /// The default an `addAttribute` step gives `attribute` of `entity` or of one of its ancestors.
    private func addedDefault(of attribute: String, in entity: EntityDescription) -> AttributeValue? {
        let names = ancestry(of: entity.name)
        for step in stage.stage.steps {
            if case .addAttribute(let owner, attribute, let value) = step, names.contains(owner) { return value }
        }
        return nil
    }

    /// The fill value a `makeAttributeRequired` step gives `attribute` of `entity` or of one of its ancestors.
    private func fillValue(of attribute: String, in entity: EntityDescription) -> AttributeValue? {
        let names = ancestry(of: entity.name)
        for step in stage.stage.steps {
            if case .makeAttributeRequired(let owner, attribute, let value) = step, names.contains(owner) { return value }
        }
        return nil
    }

    private func ancestry(of name: String) -> Set<String> {
        var names: Set<String> = []
        var current: String? = name
        while let entity = current, names.insert(entity).inserted { current = stage.destination.entity(named: entity)?.parentName }
        return names
    }

    // MARK: Links

    private func linkCopy(_ link: LinkTable) throws -> LinkCopy {
        guard let (layout, index, side) = owner(of: link),
              let oldEntityName = stage.sourceEntityName(ofDestinationEntity: layout.entity.name),
              let oldRelationshipName = stage.sourceRelationshipName(
                ofDestinationRelationship: layout.entity.relationships[index].name, entity: layout.entity.name),
              let oldLayout = try? old.layout(of: oldEntityName),
              let oldIndex = oldLayout.entity.relationshipIndex(named: oldRelationshipName)
        else { return LinkCopy(link: link, sql: nil, unchangedOldLink: nil) }
        var unchanged: String?
        if case .link(let oldLink, let oldSide) = oldLayout.relationships[oldIndex], oldSide == side, oldLink.name == link.name {
            unchanged = oldLink.name
        }
        let relationship = layout.entity.relationships[index]
        var columns = [side.ownerColumn, side.memberColumn].map(dialect.quote)
        var values = ["m.owner", "m.member"]
        if relationship.isOrdered {
            columns.append(dialect.quote(side.positionColumn))
            values.append("ROW_NUMBER() OVER (PARTITION BY m.owner ORDER BY m.position, m.member) - 1")
        }
        if stage.destination.inverse(of: relationship)?.isOrdered == true {
            columns.append(dialect.quote(side == .a ? LinkTable.Side.b.positionColumn : LinkTable.Side.a.positionColumn))
            values.append("ROW_NUMBER() OVER (PARTITION BY m.member ORDER BY m.inversePosition, m.owner) - 1")
        }
        let pk = dialect.quote(SQL.primaryKey)
        let ownerTable = dialect.quote(side == .a ? link.aTable : link.bTable)
        let memberTable = dialect.quote(side == .a ? link.bTable : link.aTable)
        let sql = dialect.insertIgnoringConflicts(
            into: link.name, columns: columns,
            select: "SELECT \(values.joined(separator: ", ")) FROM (\(toManyMembers(of: oldLayout, relationshipAt: oldIndex))) m "
                + "WHERE m.owner IN (SELECT \(pk) FROM \(ownerTable)) AND m.member IN (SELECT \(pk) FROM \(memberTable))")
        return LinkCopy(link: link, sql: sql, unchangedOldLink: unchanged)
    }

    /// A relationship of the newer version stored in `link`, with its entity's layout and side.
    private func owner(of link: LinkTable) -> (EntityLayout, Int, LinkTable.Side)? {
        var found: (EntityLayout, Int, LinkTable.Side)?
        for entity in stage.destination.entities {
            guard let layout = try? new.layout(of: entity.name) else { continue }
            for (index, storage) in layout.relationships.enumerated() {
                guard case .link(let candidate, let side) = storage, candidate.name == link.name else { continue }
                if side == .a { return (layout, index, side) }
                if found == nil { found = (layout, index, side) }
            }
        }
        return found
    }
}

extension StoreSchema {
    /// The position column of the ordered to-many whose inverse is the to-one `relationship`, stored in
    /// the foreign key column `foreignKey`, if there is one.
    package func positionColumn(ofInverseOf relationship: RelationshipDescription, foreignKey: String) -> String? {
        guard let inverse = model.inverse(of: relationship), inverse.isOrdered,
              let destination = try? layout(of: relationship.destinationEntityName),
              let index = destination.entity.relationshipIndex(named: inverse.name),
              case .inverseForeignKey(_, let column, let position) = destination.relationships[index], column == foreignKey
        else { return nil }
        return position
    }
}
