import ObjectGraph

/// One table in a query (the fetched one, or a subquery's) and the LEFT JOINs its to-one key paths need.
package final class QueryScope {
    package let alias: String
    package let layout: EntityLayout
    private let schema: StoreSchema
    private let aliases: AliasCounter
    private let dialect: SQLDialect
    private var joinAliases: [[String]: (alias: String, layout: EntityLayout)] = [:]
    private(set) var joins = ""

    package init(layout: EntityLayout, schema: StoreSchema, aliases: AliasCounter, dialect: SQLDialect) {
        self.alias = aliases.make()
        self.dialect = dialect
        self.layout = layout
        self.schema = schema
        self.aliases = aliases
    }

    /// The alias and layout reached by following the to-one relationships `steps`, joining as needed.
    package func follow(_ steps: ArraySlice<String>) throws -> (alias: String, layout: EntityLayout) {
        var current = (alias: alias, layout: layout)
        var prefix: [String] = []
        for step in steps {
            prefix.append(step)
            if let joined = joinAliases[prefix] {
                current = joined
                continue
            }
            let entity = current.layout.entity
            guard let index = entity.relationshipIndex(named: step), let slot = entity.toOneSlot(forRelationshipAt: index) else {
                throw ObjectGraphError.unknownProperty(entity: entity.name, property: step)
            }
            let destination = try schema.layout(of: entity.relationships[index].destinationEntityName)
            let joined = (alias: aliases.make(), layout: destination)
            joins += " LEFT JOIN \(dialect.quote(destination.table)) \(joined.alias) ON "
                + "\(dialect.column(joined.alias, SQL.primaryKey)) = \(dialect.column(current.alias, current.layout.toOneColumns[slot]))"
            joinAliases[prefix] = joined
            current = joined
        }
        return current
    }

    /// The column expression of the attribute at the end of `path` (`NULL` for a transient attribute).
    package func attribute(at path: [String]) throws -> (expression: String, attribute: AttributeDescription) {
        guard let name = path.last else { throw ObjectGraphError.unknownProperty(entity: layout.entity.name, property: "") }
        let owner = try follow(path.dropLast())
        guard let index = owner.layout.entity.attributeIndex(named: name) else {
            throw ObjectGraphError.unknownProperty(entity: owner.layout.entity.name, property: name)
        }
        let attribute = owner.layout.entity.attributes[index]
        guard let column = owner.layout.attributeColumns[index] else { return ("NULL", attribute) }
        return (dialect.column(owner.alias, column), attribute)
    }
}
