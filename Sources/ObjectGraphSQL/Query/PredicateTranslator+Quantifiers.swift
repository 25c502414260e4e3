import ObjectGraph

extension PredicateTranslator {
    /// `ANY` as `EXISTS (…)`, `ALL` as `NOT EXISTS (… AND NOT sub)` over the to-many's rows.
    package func quantified(_ path: [String], _ sub: StorePredicate, all: Bool, in scope: QueryScope) throws -> SQLText {
        guard let name = path.last else { throw ObjectGraphError.unknownProperty(entity: scope.layout.entity.name, property: "") }
        let owner = try scope.follow(path.dropLast())
        let entity = owner.layout.entity
        guard let index = entity.relationshipIndex(named: name), entity.relationships[index].isToMany else {
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: name)
        }
        let destination = try schema.layout(of: entity.relationships[index].destinationEntityName)
        let members = QueryScope(layout: destination, schema: schema, aliases: aliases, dialect: dialect)
        let condition = try translate(sub, in: members)
        let ownerKey = dialect.column(owner.alias, SQL.primaryKey)
        var from: String
        var membership: String
        switch owner.layout.relationships[index] {
        case .inverseForeignKey(let table, let column, _):
            from = "\(dialect.quote(table)) \(members.alias)"
            membership = "\(dialect.column(members.alias, column)) = \(ownerKey)"
            if let codes = try schema.memberCodeList(of: destination.entity.name) {
                membership += " AND \(dialect.column(members.alias, SQL.entityColumn)) IN (\(codes))"
            }
        case .link(let link, let side):
            let linkAlias = aliases.make()
            from = "\(dialect.quote(link.name)) \(linkAlias) JOIN \(dialect.quote(link.memberTable(side))) \(members.alias) ON "
                + "\(dialect.column(members.alias, SQL.primaryKey)) = \(dialect.column(linkAlias, side.memberColumn))"
            membership = "\(dialect.column(linkAlias, side.ownerColumn)) = \(ownerKey)"
        case .foreignKey:
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: name)
        }
        var sql = SQLText((all ? "NOT EXISTS" : "EXISTS") + " (SELECT 1 FROM \(from)\(members.joins) WHERE \(membership) AND ")
        if all {
            sql.append(dialect.notTrue(condition))
        } else {
            sql.append("(")
            sql.append(condition)
            sql.append(")")
        }
        sql.append(")")
        return sql
    }
}
