import ObjectGraph
import ObjectGraphSQL

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
        let sql = WriteSQL(dialect: .sqlite)
        let append = try connection.statement(sql.appendPosition(table: table, column: column, positionColumn: positionColumn))
        for member in change.added {
            append.bind(owner, at: 1)
            append.bind(try key(of: member), at: 2)
            try append.run()
        }
        guard let ordered = change.orderedIDs else { return }
        let place = try connection.statement(sql.place(table: table, positionColumn: positionColumn))
        let listed = try ordered.map(key(of:))
        let unlisted = try unlistedMembers(
            listed, owner: owner, query: sql.orderedMembers(table: table, column: column, positionColumn: positionColumn))
        for (offset, member) in (listed + unlisted).enumerated() {
            place.bind(Int64(offset), at: 1)
            place.bind(member, at: 2)
            try place.run()
        }
    }

    private func relink(_ change: ToManyChange, owner: Int64, link: LinkTable, side: LinkTable.Side) throws {
        let sql = WriteSQL(dialect: .sqlite)
        let remove = try connection.statement(sql.unlink(link, side: side))
        for member in change.removed {
            remove.bind(owner, at: 1)
            remove.bind(try key(of: member), at: 2)
            try remove.run()
        }
        let add = try connection.statement(sql.link(link, side: side))
        let members = try change.added.map(key(of:)) + (change.orderedIDs ?? []).map(key(of:))
        for member in members {
            add.bind(owner, at: 1)
            add.bind(member, at: 2)
            try add.run()
        }
        guard let ordered = change.orderedIDs else { return }
        let place = try connection.statement(sql.placeLink(link, side: side))
        let listed = try ordered.map(key(of:))
        let unlisted = try unlistedMembers(listed, owner: owner, query: sql.orderedLinkMembers(link, side: side))
        for (offset, member) in (listed + unlisted).enumerated() {
            place.bind(Int64(offset), at: 1)
            place.bind(owner, at: 2)
            place.bind(member, at: 3)
            try place.run()
        }
    }

    /// The keys of `owner`'s stored members that `listed` (a context's order of them) leaves out, in their
    /// stored order: members another context added since this one read the list. Placed after the listed
    /// ones, they keep positions of their own instead of sharing one with a member this save placed.
    private func unlistedMembers(_ listed: [Int64], owner: Int64, query: String) throws -> [Int64] {
        let statement = try connection.statement(query)
        defer { statement.reset() }
        statement.bind(owner, at: 1)
        let listedKeys = Set(listed)
        var unlisted: [Int64] = []
        while try statement.step() {
            let member = statement.int64(0)
            if !listedKeys.contains(member) { unlisted.append(member) }
        }
        return unlisted
    }
}
