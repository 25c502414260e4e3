import ObjectGraph

/// Translates a ``StorePredicate`` into a SQL condition with bound arguments, following the
/// runtime's semantics: every condition is two-valued (a NULL result counts as false, also under NOT),
/// `!=` is the negation of `==`, kinds that never compare equal give constant results.
package struct PredicateTranslator {
    package let schema: StoreSchema
    package let aliases: AliasCounter
    package let dialect: SQLDialect

    /// A translator for the queries of `schema` in `dialect`, naming tables with `aliases`.
    package init(schema: StoreSchema, aliases: AliasCounter, dialect: SQLDialect) {
        self.schema = schema
        self.aliases = aliases
        self.dialect = dialect
    }

    package func translate(_ expression: StorePredicate, in scope: QueryScope) throws -> SQLText {
        switch expression {
        case .constant(let value):
            return SQLText(dialect.literal(value))
        case .compare(let path, let op, let value, let options):
            return try compare(path, op, value, options, in: scope)
        case .isIn(let path, let values, let options):
            return try isIn(path, values, options, in: scope)
        case .between(let path, let lower, let upper):
            let (column, attribute) = try scope.attribute(at: path)
            guard let lowOperand = attribute.type.operand(lower), let highOperand = attribute.type.operand(upper),
                  !lowOperand.isNull, !highOperand.isNull else { return SQLText(dialect.literal(false)) }
            let (expression, low) = dialect.comparable(column, type: attribute.type, operand: lowOperand)
            let high = dialect.comparable(column, type: attribute.type, operand: highOperand).1
            var sql = SQLText("\(expression) BETWEEN ")
            sql.bind(low)
            sql.append(" AND ")
            sql.bind(high)
            return sql
        case .string(let path, let op, let pattern, let options):
            return try string(path, op, pattern, options, in: scope)
        case .and(let parts):
            return try join(parts, with: " AND ", empty: true, in: scope)
        case .or(let parts):
            return try join(parts, with: " OR ", empty: false, in: scope)
        case .not(let part):
            return dialect.notTrue(try translate(part, in: scope))
        case .any(let path, let sub):
            return try quantified(path, sub, all: false, in: scope)
        case .all(let path, let sub):
            return try quantified(path, sub, all: true, in: scope)
        }
    }

    private func join(_ parts: [StorePredicate], with separator: String, empty: Bool, in scope: QueryScope) throws -> SQLText {
        guard !parts.isEmpty else { return SQLText(dialect.literal(empty)) }
        var sql = SQLText("(")
        for (offset, part) in parts.enumerated() {
            if offset > 0 { sql.append(separator) }
            sql.append(try translate(part, in: scope))
        }
        sql.append(")")
        return sql
    }

    /// The column, folded as the dialect folds when `options` ask for it on a string attribute.
    private func operandColumn(_ path: [String], _ options: StringOptions, in scope: QueryScope)
        throws -> (expression: String, attribute: AttributeDescription, fold: Int) {
        let (column, attribute) = try scope.attribute(at: path)
        let fold = attribute.type == .string ? options.foldBits : 0
        guard fold != 0 else { return (column, attribute, 0) }
        switch dialect.folding {
        case .foldFunction:
            return ("og_fold(\(column), \(fold))", attribute, fold)
        case .lowerCase:
            guard fold == 1 else {
                throw ObjectGraphError.unsupportedExpression("a diacritic-insensitive comparison (not native in PostgreSQL)")
            }
            return (dialect.lowerCased(column), attribute, fold)
        }
    }

    /// Binds `value`, folded as its column is (see ``operandColumn(_:_:in:)``).
    private func bind(_ value: AttributeValue, folded fold: Int, to sql: inout SQLText) {
        guard fold != 0, case .string(let string) = value else { return sql.bind(value) }
        switch dialect.folding {
        case .foldFunction:
            sql.bind(.string(foldForComparison(string, options: fold)))
        case .lowerCase:
            var placeholder = SQLText()
            placeholder.bind(value)
            sql.append(dialect.lowerCased(placeholder))
        }
    }

    private func compare(
        _ path: [String], _ op: ComparisonOperator, _ value: AttributeValue, _ options: StringOptions, in scope: QueryScope
    ) throws -> SQLText {
        if !path.isEmpty, schema.model.entityReached(by: path, from: scope.layout.entity) != nil {
            return try relationshipNilCheck(path, op, value, in: scope)
        }
        let (expression, attribute, fold) = try operandColumn(path, options, in: scope)
        var compared = expression
        var converted = attribute.type.operand(value)
        if attribute.type == .decimal, case .double = value {
            // A double meets a decimal as doubles: the column's value is rounded, not the operand.
            compared = dialect.decimalAsDouble(expression)
            converted = value
        }
        guard let stored = converted else { return SQLText(dialect.literal(op == .notEqual)) }
        let (column, operand) = dialect.comparable(compared, type: attribute.type, operand: stored)
        if operand.isNull {
            switch op {
            case .equal: return SQLText("\(column) IS NULL")
            case .notEqual: return SQLText("\(column) IS NOT NULL")
            default: return SQLText(dialect.literal(false))
            }
        }
        let symbol = switch op {
        case .equal: "="
        case .notEqual: dialect.distinctOperator
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
        var sql = SQLText("\(column) \(symbol) ")
        bind(operand, folded: fold, to: &sql)
        return sql
    }

    /// `to-one == nil` / `!= nil`: whether the path reaches no existing object (a dangling key counts as nil).
    private func relationshipNilCheck(_ path: [String], _ op: ComparisonOperator, _ value: AttributeValue, in scope: QueryScope) throws -> SQLText {
        guard value.isNull, op == .equal || op == .notEqual else {
            throw ObjectGraphError.unsupportedExpression("\(op.rawValue) \(value) on the relationship \(path.joined(separator: "."))")
        }
        let destination = try scope.follow(path[...])
        return SQLText("\(dialect.column(destination.alias, SQL.primaryKey)) \(op == .equal ? "IS NULL" : "IS NOT NULL")")
    }

    private func isIn(_ path: [String], _ values: [AttributeValue], _ options: StringOptions, in scope: QueryScope) throws -> SQLText {
        let (column, attribute, fold) = try operandColumn(path, options, in: scope)
        if attribute.type == .decimal, values.contains(where: { if case .double = $0 { true } else { false } }) {
            // Doubles compare with the column's value rounded to a double (see `compare`).
            let doubles = values.filter { if case .double = $0 { true } else { false } }
            let others = values.filter { if case .double = $0 { false } else { true } }
            var sql = SQLText("(")
            sql.append(try isIn(path, others, options, in: scope))
            sql.append(" OR \(dialect.decimalAsDouble(column)) IN (")
            for (offset, value) in doubles.enumerated() {
                if offset > 0 { sql.append(", ") }
                sql.bind(value)
            }
            sql.append("))")
            return sql
        }
        let operands = values.compactMap { attribute.type.operand($0) }
        if dialect == .postgreSQL, attribute.type == .boolean, operands.contains(where: { if case .bool = $0 { false } else { true } }) {
            // Booleans and numbers compare one by one (a PostgreSQL list has one type).
            return try translate(.or(values.map { .compare(path, .equal, $0, options: options) }), in: scope)
        }
        let present = operands.filter { !$0.isNull }.map { dialect.comparable(column, type: attribute.type, operand: $0).1 }
        var alternatives: [SQLText] = []
        if dialect == .sqlite, present.count > JSONList.parameterLimit,
           let json = JSONList.values(present.map { folded($0, fold) }) {
            var sql = SQLText("\(column) IN (SELECT value FROM json_each(")
            sql.bind(.string(json))
            sql.append("))")
            alternatives.append(sql)
        } else if !present.isEmpty {
            var sql = SQLText("\(column) IN (")
            for (offset, operand) in present.enumerated() {
                if offset > 0 { sql.append(", ") }
                bind(operand, folded: fold, to: &sql)
            }
            sql.append(")")
            alternatives.append(sql)
        }
        if present.count < operands.count { alternatives.append(SQLText("\(column) IS NULL")) }
        guard let first = alternatives.first else { return SQLText(dialect.literal(false)) }
        guard alternatives.count > 1 else { return first }
        var sql = SQLText("(")
        sql.append(first)
        sql.append(" OR ")
        sql.append(alternatives[1])
        sql.append(")")
        return sql
    }

    /// `value` folded in Swift as `og_fold` folds its column.
    private func folded(_ value: AttributeValue, _ fold: Int) -> AttributeValue {
        guard fold != 0, case .string(let string) = value else { return value }
        return .string(foldForComparison(string, options: fold))
    }

    private func string(
        _ path: [String], _ op: StringOperator, _ pattern: String, _ options: StringOptions, in scope: QueryScope
    ) throws -> SQLText {
        guard op != .matches else { throw ObjectGraphError.unsupportedExpression("MATCHES in SQL (not native in SQL stores)") }
        let (column, attribute, fold) = try operandColumn(path, options, in: scope)
        guard attribute.type == .string else { return SQLText(dialect.literal(false)) }
        var sql = SQLText("\(column) LIKE ")
        bind(.string(LikePattern.pattern(for: op, pattern)), folded: fold, to: &sql)
        sql.append(" ESCAPE '\\'")
        return sql
    }
}
