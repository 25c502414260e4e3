import ObjectGraph

/// The SELECT for a ``StoreFetchRequest``: the table's full select list, joins for to-one key paths,
/// the translated predicate, sorts with the primary key as the final tie-break, limit and offset.
package struct SelectBuilder {
    package let schema: StoreSchema
    package let dialect: SQLDialect

    /// A builder of `dialect` statements over `schema`.
    package init(schema: StoreSchema, dialect: SQLDialect) {
        self.schema = schema
        self.dialect = dialect
    }

    /// The statement listing the matching rows (the table's select list), and the table read.
    package func fetch(_ request: StoreFetchRequest) throws -> (sql: SQLText, table: TableLayout) {
        let (scope, condition, table) = try filtered(request)
        let order = try orderBy(request, in: scope)   // adds the joins its key paths need
        var sql = SQLText("SELECT \(dialect.rowSelectList(of: table, alias: scope.alias)) FROM \(dialect.quote(table.name)) \(scope.alias)\(scope.joins)")
        sql.append(condition)
        sql.append(order)
        appendPage(of: request, to: &sql)
        return (sql, table)
    }

    /// The statement listing the keys of the matching rows in ``fetch(_:)``'s order, each followed by the
    /// values of `paths`; the table read, and the attribute each path ends at.
    package func ids(_ request: StoreFetchRequest, withValuesOf paths: [[String]]) throws
        -> (sql: SQLText, table: TableLayout, attributes: [AttributeDescription]) {
        let (scope, condition, table) = try filtered(request)
        let selected = try paths.map { try scope.attribute(at: $0) }
        let order = try orderBy(request, in: scope)
        let list = ([dialect.column(scope.alias, SQL.primaryKey)] + selected.map(\.expression)).joined(separator: ", ")
        var sql = SQLText("SELECT \(list) FROM \(dialect.quote(table.name)) \(scope.alias)\(scope.joins)")
        sql.append(condition)
        sql.append(order)
        appendPage(of: request, to: &sql)
        return (sql, table, selected.map(\.attribute))
    }

    /// ` ORDER BY` the request's sorts, then the primary key, so ties keep insertion order.
    private func orderBy(_ request: StoreFetchRequest, in scope: QueryScope) throws -> String {
        var order: [String] = []
        for sort in request.sortDescriptors {
            let column = try scope.attribute(at: sort.path).expression
            order.append(column + dialect.sortDirection(ascending: sort.ascending))
        }
        order.append(dialect.column(scope.alias, SQL.primaryKey))
        return " ORDER BY " + order.joined(separator: ", ")
    }

    /// The rows of `table` whose keys are in the integer list bound as the one argument
    /// (``SQLDialect/integerListRows(placeholder:alias:)``), each followed by its key's position in that list (at ``SQLDialect/rowSelectWidth(of:)``), in no particular order.
    package func rows(of table: TableLayout) -> String {
        "SELECT \(dialect.rowSelectList(of: table, alias: "t")), j.key FROM \(dialect.integerListRows(placeholder: dialect.placeholder(1), alias: "j")) "
            + "JOIN \(dialect.quote(table.name)) t ON \(dialect.column("t", SQL.primaryKey)) = j.value"
    }

    /// `SELECT count(*)` over the matching rows, after offset and limit.
    package func count(_ request: StoreFetchRequest) throws -> SQLText {
        let (scope, condition, table) = try filtered(request)
        let from = "FROM \(dialect.quote(table.name)) \(scope.alias)\(scope.joins)"
        guard request.limit != nil || request.offset > 0 else {
            var sql = SQLText("SELECT count(*) \(from)")
            sql.append(condition)
            return sql
        }
        var sql = SQLText("SELECT count(*) FROM (SELECT 1 \(from)")
        sql.append(condition)
        appendPage(of: request, to: &sql)
        sql.append(") page")
        return sql
    }

    /// The scope and ` WHERE …` clause (empty for every row) of a request.
    private func filtered(_ request: StoreFetchRequest) throws -> (QueryScope, SQLText, TableLayout) {
        let layout = try schema.layout(of: request.entityName)
        let table = try schema.table(named: layout.table)
        let aliases = AliasCounter()
        let scope = QueryScope(layout: layout, schema: schema, aliases: aliases, dialect: dialect)
        var conditions: [SQLText] = []
        if let codes = try schema.entityCodes(for: layout.entity, includingSubentities: request.includesSubentities) {
            let list = codes.map(String.init).joined(separator: ", ")
            conditions.append(SQLText("\(dialect.column(scope.alias, SQL.entityColumn)) IN (\(list))"))
        }
        if let predicate = request.predicate {
            conditions.append(try PredicateTranslator(schema: schema, aliases: aliases, dialect: dialect).translate(predicate, in: scope))
        }
        var clause = SQLText()
        for (offset, condition) in conditions.enumerated() {
            clause.append(offset == 0 ? " WHERE " : " AND ")
            clause.append(condition)
        }
        return (scope, clause, table)
    }

    private func appendPage(of request: StoreFetchRequest, to sql: inout SQLText) {
        guard request.limit != nil || request.offset > 0 else { return }
        sql.append(" LIMIT ")
        sql.bind(request.limit.map { .integer(Int64(max(0, $0))) } ?? dialect.noLimit)
        sql.append(" OFFSET ")
        sql.bind(.integer(Int64(max(0, request.offset))))
    }
}
