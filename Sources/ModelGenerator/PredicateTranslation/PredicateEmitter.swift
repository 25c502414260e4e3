/// Emits typed `FetchPredicate` code for a parsed predicate, typing each `$VARIABLE` from what it is compared with.
struct PredicateEmitter {
    let resolver: KeyPathResolver
    private(set) var variables = PredicateVariables()

    init(resolver: KeyPathResolver) {
        self.resolver = resolver
    }

    /// Swift code of type `FetchPredicate<Class.Fields>` for `node` evaluated on `entityName`.
    mutating func emit(_ node: PredicateNode, on entityName: String) throws(PredicateTranslationError) -> String {
        let rootClass = resolver.entities[entityName]?.className ?? entityName
        switch node {
        case .constant(let value, _):
            return "FetchPredicate<\(rootClass).Fields>.\(value ? "always" : "never")"
        case .not(let operand, _):
            return "!(\(try emit(operand, on: entityName)))"
        case .and(let operands, _):
            return try join(operands, with: " && ", on: entityName)
        case .or(let operands, _):
            return try join(operands, with: " || ", on: entityName)
        case .comparison(let comparison):
            return try emitComparison(Self.normalized(comparison), on: entityName)
        }
    }

    private mutating func join(_ operands: [PredicateNode], with separator: String, on entityName: String) throws(PredicateTranslationError) -> String {
        var parts: [String] = []
        for operand in operands { parts.append(grouped(try emit(operand, on: entityName), operand)) }
        return parts.joined(separator: separator)
    }

    private func grouped(_ code: String, _ node: PredicateNode) -> String {
        switch node {
        case .and, .or: "(\(code))"
        default: code
        }
    }

    /// Puts the key path on the left (`$X < age` becomes `age > $X`).
    private static func normalized(_ comparison: PredicateComparison) -> PredicateComparison {
        guard case .keyPath = comparison.right, !Self.isKeyPath(comparison.left) else { return comparison }
        let flipped: PredicateComparisonOperator? = switch comparison.operator {
        case .equal, .notEqual: comparison.operator
        case .lessThan: .greaterThan
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThan: .lessThan
        case .greaterThanOrEqual: .lessThanOrEqual
        default: nil
        }
        guard let flipped else { return comparison }
        var result = comparison
        result.left = comparison.right
        result.right = comparison.left
        result.operator = flipped
        return result
    }

    private static func isKeyPath(_ expression: PredicateExpression) -> Bool {
        if case .keyPath = expression { return true }
        return false
    }

    private mutating func emitComparison(_ comparison: PredicateComparison, on entityName: String) throws(PredicateTranslationError) -> String {
        guard case .keyPath(let keyPath) = comparison.left else {
            throw .unsupported("only comparisons of a key path with a value are supported", at: comparison.location)
        }
        let path = try resolver.resolve(keyPath.components, from: entityName)
        if let (relationship, rest) = path.toMany {
            guard let modifier = comparison.modifier else {
                throw .invalid("to-many relationship '\(relationship.relationship.name)' needs ANY, ALL or NONE", at: keyPath.location)
            }
            guard !rest.isEmpty else {
                throw .unsupported("comparing a to-many relationship itself is not supported", at: keyPath.location)
            }
            var inner = comparison
            inner.modifier = nil
            inner.left = .keyPath(PredicateKeyPath(rest))
            let innerCode = try emitComparison(inner, on: relationship.relationship.destinationEntityName)
            let call = modifier == .all ? "all" : "any"
            let code = "FetchPredicate<\(path.rootClass).Fields>.\(call)(\(path.code), \(innerCode))"
            return modifier == .none ? "!" + code : code
        }
        if let modifier = comparison.modifier {
            throw .invalid("\(modifier.rawValue) applies only to a key path through a to-many relationship", at: comparison.location)
        }
        switch path.terminal {
        case .toOne(let relationship):
            return try emitRelationshipNilCheck(comparison, path: path, name: relationship.relationship.name)
        case .attribute(let attribute):
            return try emitAttributeComparison(comparison, path: path, attribute: attribute)
        case nil:
            throw .invalid("empty key path", at: keyPath.location)
        }
    }

    private func emitRelationshipNilCheck(_ comparison: PredicateComparison, path: KeyPathResolver.ResolvedPath, name: String) throws(PredicateTranslationError) -> String {
        guard case .literal(.null, _) = comparison.right, comparison.operator == .equal || comparison.operator == .notEqual else {
            throw .unsupported("comparing relationship '\(name)' with an object is not supported; compare one of its attributes", at: comparison.location)
        }
        return "FetchPredicate<\(path.rootClass).Fields>.\(comparison.operator == .equal ? "isNil" : "isNotNil")(\(path.code))"
    }

    private mutating func emitAttributeComparison(
        _ comparison: PredicateComparison, path: KeyPathResolver.ResolvedPath, attribute: ResolvedEntity.ResolvedAttribute
    ) throws(PredicateTranslationError) -> String {
        let storage = attribute.storage
        guard !storage.isJSON, attribute.attribute.type != .transformable else {
            throw .invalid("attribute '\(attribute.attribute.name)' is stored as JSON and cannot be compared in a predicate", at: comparison.location)
        }
        let value = ComparedValue(swiftType: storage.valueType, isOptional: storage.isOptional)
        if case .literal(.null, _) = comparison.right {
            return try nilComparison(comparison, path: path, value: value)
        }
        let fields = "FetchPredicate<\(path.rootClass).Fields>"
        let options = Self.options(comparison.options)
        switch comparison.operator {
        case .equal, .notEqual:
            let rhs = try operand(comparison.right, as: value)
            if !options.isEmpty {
                guard value.isString else { throw .invalid("[c] and [d] apply only to strings", at: comparison.operatorLocation) }
                let call = "\(fields).equals(\(path.code), \(rhs), options: \(options))"
                return comparison.operator == .equal ? call : "!" + call
            }
            return "\(path.code) \(comparison.operator.rawValue) \(rhs)"
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            guard value.isOrdered else {
                throw .invalid("attribute '\(attribute.attribute.name)' of type \(value.swiftType) is not ordered", at: comparison.operatorLocation)
            }
            return "\(path.code) \(comparison.operator.rawValue) \(try operand(comparison.right, as: value))"
        case .between:
            guard value.isOrdered else {
                throw .invalid("attribute '\(attribute.attribute.name)' of type \(value.swiftType) is not ordered", at: comparison.operatorLocation)
            }
            let (lower, upper) = try bounds(comparison.right, as: value)
            return "\(fields).between(\(path.code), \(lower), \(upper))"
        case .in:
            return "\(fields).in(\(path.code), \(try list(comparison.right, as: value)))"
        case .contains, .beginsWith, .endsWith, .like, .matches:
            guard value.isString else {
                throw .invalid("\(comparison.operator.rawValue) applies only to strings, not to '\(attribute.attribute.name)' of type \(value.swiftType)", at: comparison.operatorLocation)
            }
            let call = Self.stringCall(comparison.operator)
            let rhs = try operand(comparison.right, as: ComparedValue(swiftType: "String", isOptional: false))
            return "\(fields).\(call)(\(path.code), \(rhs)\(options.isEmpty ? "" : ", options: \(options)"))"
        }
    }

    private func nilComparison(_ comparison: PredicateComparison, path: KeyPathResolver.ResolvedPath, value: ComparedValue) throws(PredicateTranslationError) -> String {
        guard comparison.operator == .equal || comparison.operator == .notEqual else {
            throw .invalid("nil can only be compared with == or !=", at: comparison.operatorLocation)
        }
        if value.isOptional { return "\(path.code) \(comparison.operator.rawValue) nil" }
        let prefix = path.swiftNames.dropLast()
        guard !prefix.isEmpty else {
            return "FetchPredicate<\(path.rootClass).Fields>.\(comparison.operator == .equal ? "never" : "always")"
        }
        let relationshipPath = "\\\(path.rootClass).Fields." + prefix.joined(separator: ".")
        return "FetchPredicate<\(path.rootClass).Fields>.\(comparison.operator == .equal ? "isNil" : "isNotNil")(\(relationshipPath))"
    }

    private mutating func operand(_ expression: PredicateExpression, as value: ComparedValue) throws(PredicateTranslationError) -> String {
        switch expression {
        case .variable(let name, let location):
            return try variables.use(name, as: value.swiftType, at: location)
        case .literal(let literal, let location):
            return try value.literal(literal, at: location)
        default:
            throw .unsupported("only a $VARIABLE or a literal can be compared with a key path here", at: expression.location)
        }
    }

    private mutating func bounds(_ expression: PredicateExpression, as value: ComparedValue) throws(PredicateTranslationError) -> (String, String) {
        switch expression {
        case .aggregate(let items, let location):
            guard items.count == 2 else { throw .invalid("BETWEEN needs two bounds", at: location) }
            return (try operand(items[0], as: value), try operand(items[1], as: value))
        case .variable(let name, let location):
            let range = try variables.use(name, as: "ClosedRange<\(value.swiftType)>", at: location)
            return ("\(range).lowerBound", "\(range).upperBound")
        default:
            throw .invalid("BETWEEN needs {lower, upper} or a $VARIABLE", at: expression.location)
        }
    }

    private mutating func list(_ expression: PredicateExpression, as value: ComparedValue) throws(PredicateTranslationError) -> String {
        switch expression {
        case .aggregate(let items, _):
            var codes: [String] = []
            for item in items { codes.append(try operand(item, as: value)) }
            return "[\(codes.joined(separator: ", "))]"
        case .variable(let name, let location):
            return try variables.use(name, as: "[\(value.swiftType)]", at: location)
        default:
            throw .invalid("IN needs {a, b, ...} or a $VARIABLE", at: expression.location)
        }
    }

    private static func options(_ options: PredicateComparisonOptions) -> String {
        var names: [String] = []
        if options.contains(.caseInsensitive) { names.append(".caseInsensitive") }
        if options.contains(.diacriticInsensitive) { names.append(".diacriticInsensitive") }
        return names.isEmpty ? "" : "[\(names.joined(separator: ", "))]"
    }

    private static func stringCall(_ op: PredicateComparisonOperator) -> String {
        switch op {
        case .beginsWith: "beginsWith"
        case .endsWith: "endsWith"
        case .like: "like"
        case .matches: "matches"
        default: "contains"
        }
    }
}
