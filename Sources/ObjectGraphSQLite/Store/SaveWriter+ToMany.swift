import ObjectGraph

extension SaveWriter {
    /// Membership and order of one to-many: link rows for many-to-many (and to-many without inverse),
    /// position columns for ordered one-to-many (whose membership the inverse foreign key already holds).
    func apply(_ change: ToManyChange) throws {
        let layout = try schema.layout(of: change.entityName)
        guard layout.relationships.indices.contains(change.relationshipIndex) else {
            throw ObjectGraphError.inconsistentData("\(change.entityName) has no relationship at index \(change.relationshipIndex)")
        }
        let owner = try key(of: change.ownerID)
        switch layout.relationships[change.relationshipIndex] {
        case .foreignKey:
            throw ObjectGraphError.inconsistentData("\(change.entityName) relationship \(change.relationshipIndex) is a to-one")
        case .inverseForeignKey(let table, let column, let positionColumn):
            guard let positionColumn else { return }
            try position(change, owner: owner, table: table, column: column, positionColumn: positionColumn)
        case .link(let link, let side):
            try relink(change, owner: owner, link: link, side: side)
        }
    }

    private func position(_ change: ToManyChange, owner: Int64, table: String, column: String, positionColumn: String) throws {
        let (quotedTable, position, primaryKey) = (SQL.quote(table), SQL.quote(positionColumn), SQL.quote(SQL.primaryKey))
        let append = try connection.statement(
            "UPDATE \(quotedTable) SET \(position) = (SELECT ifnull(max(\(position)), -1) + 1 FROM \(quotedTable) "
                + "WHERE \(SQL.quote(column)) = ?1) WHERE \(primaryKey) = ?2")
        for member in change.added {
            append.bind(owner, at: 1)
            append.bind(try key(of: member), at: 2)
            try append.run()
        }
        guard let ordered = change.orderedIDs else { return }
        let place = try connection.statement("UPDATE \(quotedTable) SET \(position) = ?1 WHERE \(primaryKey) = ?2")
        for (offset, member) in ordered.enumerated() {
            place.bind(Int64(offset), at: 1)
            place.bind(try key(of: member), at: 2)
            try place.run()
        }
    }

    private func relink(_ change: ToManyChange, owner: Int64, link: LinkTable, side: LinkTable.Side) throws {
        let table = SQL.quote(link.name)
        let (ownerColumn, memberColumn) = (SQL.quote(side.ownerColumn), SQL.quote(side.memberColumn))
        let (ownerPosition, memberPosition) = (SQL.quote(side.positionColumn), SQL.quote(side == .a ? "b_pos" : "a_pos"))
        let remove = try connection.statement("DELETE FROM \(table) WHERE \(ownerColumn) = ?1 AND \(memberColumn) = ?2")
        for member in change.removed {
            remove.bind(owner, at: 1)
            remove.bind(try key(of: member), at: 2)
            try remove.run()
        }
        let add = try connection.statement(
            "INSERT OR IGNORE INTO \(table) (\(ownerColumn), \(memberColumn), \(ownerPosition), \(memberPosition)) VALUES (?1, ?2, "
                + "(SELECT ifnull(max(\(ownerPosition)), -1) + 1 FROM \(table) WHERE \(ownerColumn) = ?1), "
                + "(SELECT ifnull(max(\(memberPosition)), -1) + 1 FROM \(table) WHERE \(memberColumn) = ?2))")
        let members = try change.added.map(key(of:)) + (change.orderedIDs ?? []).map(key(of:))
        for member in members {
            add.bind(owner, at: 1)
            add.bind(member, at: 2)
            try add.run()
        }
        guard let ordered = change.orderedIDs else { return }
        let place = try connection.statement(
            "UPDATE \(table) SET \(ownerPosition) = ?1 WHERE \(ownerColumn) = ?2 AND \(memberColumn) = ?3")
        for (offset, member) in ordered.enumerated() {
            place.bind(Int64(offset), at: 1)
            place.bind(owner, at: 2)
            place.bind(try key(of: member), at: 3)
            try place.run()
        }
    }
}
