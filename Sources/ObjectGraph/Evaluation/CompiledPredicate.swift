import Foundation

/// A ``StorePredicate`` compiled once against an entity (names resolved to indices, string
/// patterns prepared) and then evaluated against many objects through an ``ObjectResolver``.
///
/// This evaluator defines the semantics every store must match; the context uses it for whatever a store
/// does not evaluate natively.
///
/// ```swift
/// let compiled = try CompiledPredicate(predicate.expression, entity: Album.entity, model: model)
/// let matching = rows.filter { compiled.evaluate($0, resolver: resolver) }
/// ```
public struct CompiledPredicate {
    private indirect enum Node {
        case constant(Bool)
        case compare(ResolvedPath, ComparisonOperator, AttributeValue, StringOptions)
        case isIn(ResolvedPath, [AttributeValue], StringOptions)
        case between(ResolvedPath, AttributeValue, AttributeValue)
        case string(ResolvedPath, StringMatcher)
        case and([Node])
        case or([Node])
        case not(Node)
        case quantified(all: Bool, toOneSteps: [Int], toMany: Int, Node)
        case toOneIsNil(toOneSteps: [Int], isNil: Bool)
    }

    private let root: Node

    /// Compiles `expression` for objects of `entity` (or its subentities).
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` for a name that is not in the
    ///   model, ``ObjectGraphError/unsupportedExpression(_:)`` for an invalid regular expression.
    public init(_ expression: StorePredicate, entity: EntityDescription, model: ModelDescription) throws {
        root = try Self.compile(expression, entity: entity, model: model)
    }

    private static func compile(
        _ expression: StorePredicate, entity: EntityDescription, model: ModelDescription
    ) throws -> Node {
        switch expression {
        case .constant(let value):
            return .constant(value)
        case .compare(let path, let op, let value, let options):
            if let node = try relationshipNilCheck(path, op, value, entity: entity, model: model) { return node }
            return .compare(try ResolvedPath(path, from: entity, in: model), op, Self.fold(value, options), options)
        case .isIn(let path, let values, let options):
            return .isIn(try ResolvedPath(path, from: entity, in: model), values.map { Self.fold($0, options) }, options)
        case .between(let path, let lower, let upper):
            return .between(try ResolvedPath(path, from: entity, in: model), lower, upper)
        case .string(let path, let op, let pattern, let options):
            return .string(try ResolvedPath(path, from: entity, in: model),
                           try StringMatcher(op, pattern: pattern, options: options))
        case .and(let parts):
            return .and(try parts.map { try compile($0, entity: entity, model: model) })
        case .or(let parts):
            return .or(try parts.map { try compile($0, entity: entity, model: model) })
        case .not(let part):
            return .not(try compile(part, entity: entity, model: model))
        case .any(let path, let sub), .all(let path, let sub):
            let isAll = if case .all = expression { true } else { false }
            guard let last = path.last else { throw ObjectGraphError.unknownProperty(entity: entity.name, property: "") }
            let (steps, owner) = try ResolvedPath.resolveToOneSteps(path.dropLast(), from: entity, in: model)
            guard let index = owner.relationshipIndex(named: last), owner.relationships[index].isToMany,
                  let destination = model.entity(named: owner.relationships[index].destinationEntityName) else {
                throw ObjectGraphError.unknownProperty(entity: owner.name, property: last)
            }
            return .quantified(all: isAll, toOneSteps: steps, toMany: index,
                               try compile(sub, entity: destination, model: model))
        }
    }

    /// `path == null` / `path != null` where the path ends at a to-one relationship: an emptiness check.
    private static func relationshipNilCheck(
        _ path: [String], _ op: ComparisonOperator, _ value: AttributeValue, entity: EntityDescription, model: ModelDescription
    ) throws -> Node? {
        guard let last = path.last, let owner = model.entityReached(by: path.dropLast(), from: entity),
              let relationship = owner.relationship(named: last), !relationship.isToMany else { return nil }
        guard value.isNull, op == .equal || op == .notEqual else {
            throw ObjectGraphError.unsupportedExpression("\(op.rawValue) \(value) on the relationship \(owner.name).\(last)")
        }
        let (steps, _) = try ResolvedPath.resolveToOneSteps(path, from: entity, in: model)
        return .toOneIsNil(toOneSteps: steps, isNil: op == .equal)
    }

    private static func fold(_ value: AttributeValue, _ options: StringOptions) -> AttributeValue {
        guard case .string(let string) = value, !options.isEmpty else { return value }
        return .string(string.folded(options))
    }

    /// Whether `object` satisfies the predicate.
    public func evaluate<R: ObjectResolver>(_ object: R.Object, resolver: R) -> Bool {
        Self.evaluate(root, object, resolver)
    }

    private static func evaluate<R: ObjectResolver>(_ node: Node, _ object: R.Object, _ resolver: R) -> Bool {
        switch node {
        case .constant(let value):
            return value
        case .compare(let path, let op, let operand, let options):
            let value = Self.fold(path.value(of: object, resolver: resolver), options)
            return Self.compare(value, op, operand)
        case .isIn(let path, let values, let options):
            let value = Self.fold(path.value(of: object, resolver: resolver), options)
            return values.contains { Self.compare(value, .equal, $0) }
        case .between(let path, let lower, let upper):
            let value = path.value(of: object, resolver: resolver)
            return Self.compare(value, .greaterOrEqual, lower) && Self.compare(value, .lessOrEqual, upper)
        case .string(let path, let matcher):
            return matcher.matches(path.value(of: object, resolver: resolver))
        case .and(let parts):
            return parts.allSatisfy { evaluate($0, object, resolver) }
        case .or(let parts):
            return parts.contains { evaluate($0, object, resolver) }
        case .not(let part):
            return !evaluate(part, object, resolver)
        case .toOneIsNil(let steps, let isNil):
            var current = object
            for step in steps {
                guard let next = resolver.destination(of: current, toOneAt: step) else { return isNil }
                current = next
            }
            return !isNil
        case .quantified(let all, let steps, let toMany, let sub):
            var owner = object
            for step in steps {
                guard let next = resolver.destination(of: owner, toOneAt: step) else { return all }
                owner = next
            }
            let destinations = resolver.destinations(of: owner, toManyAt: toMany)
            return all
                ? destinations.allSatisfy { evaluate(sub, $0, resolver) }
                : destinations.contains { evaluate(sub, $0, resolver) }
        }
    }

    /// `!=` is the negation of `==`, also when either side is null; `<`-style comparisons with null or
    /// between values of different kinds are false.
    static func compare(_ value: AttributeValue, _ op: ComparisonOperator, _ operand: AttributeValue) -> Bool {
        switch op {
        case .equal:
            return isEqual(value, operand)
        case .notEqual:
            return !isEqual(value, operand)
        case .less:
            return value.compared(to: operand) == .orderedAscending
        case .lessOrEqual:
            return value.compared(to: operand).map { $0 != .orderedDescending } ?? false
        case .greater:
            return value.compared(to: operand) == .orderedDescending
        case .greaterOrEqual:
            return value.compared(to: operand).map { $0 != .orderedAscending } ?? false
        }
    }

    private static func isEqual(_ lhs: AttributeValue, _ rhs: AttributeValue) -> Bool {
        if lhs.isNull || rhs.isNull { return lhs.isNull && rhs.isNull }
        return lhs.compared(to: rhs) == .orderedSame
    }
}
