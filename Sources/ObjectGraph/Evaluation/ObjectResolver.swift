/// How the in-memory evaluator reads objects: attribute values and relationship destinations by index.
///
/// The context implements it over loaded ``ManagedObject`` instances, ``InMemoryStore`` over its rows;
/// another store can implement it over whatever it keeps to reuse ``CompiledPredicate`` and
/// ``CompiledSort``.
///
/// ```swift
/// struct RowResolver: ObjectResolver {
///     let rows: [Int: Row]
///     func value(of row: Row, attributeAt index: Int) -> AttributeValue { row.values[index] }
///     func destination(of row: Row, toOneAt index: Int) -> Row? { row.toOne[index].flatMap { rows[$0] } }
///     func destinations(of row: Row, toManyAt index: Int) -> [Row] { [] }
/// }
/// ```
public protocol ObjectResolver {
    /// What the resolver reads.
    associatedtype Object

    /// The value of the attribute at `index` of the object's entity.
    func value(of object: Object, attributeAt index: Int) -> AttributeValue
    /// The destination of the to-one relationship at `index` (into the entity's relationships).
    func destination(of object: Object, toOneAt index: Int) -> Object?
    /// The destinations of the to-many relationship at `index`.
    func destinations(of object: Object, toManyAt index: Int) -> [Object]
}

/// A key path resolved against an entity: to-one relationship indices, then an attribute index.
struct ResolvedPath: Sendable {
    let toOneSteps: [Int]
    let attributeIndex: Int
    let attribute: AttributeDescription

    init(_ path: [String], from entity: EntityDescription, in model: ModelDescription) throws {
        guard let last = path.last else { throw ObjectGraphError.unknownProperty(entity: entity.name, property: "") }
        let (steps, owner) = try Self.resolveToOneSteps(path.dropLast(), from: entity, in: model)
        guard let index = owner.attributeIndex(named: last) else {
            throw ObjectGraphError.unknownProperty(entity: owner.name, property: last)
        }
        self.toOneSteps = steps
        self.attributeIndex = index
        self.attribute = owner.attributes[index]
    }

    /// Follows to-one relationship names, returning their indices and the entity reached.
    static func resolveToOneSteps(
        _ names: some Sequence<String>, from entity: EntityDescription, in model: ModelDescription
    ) throws -> ([Int], EntityDescription) {
        var steps: [Int] = []
        var current = entity
        for name in names {
            guard let index = current.relationshipIndex(named: name), !current.relationships[index].isToMany,
                  let next = model.entity(named: current.relationships[index].destinationEntityName) else {
                throw ObjectGraphError.unknownProperty(entity: current.name, property: name)
            }
            steps.append(index)
            current = next
        }
        return (steps, current)
    }

    func owner<R: ObjectResolver>(of object: R.Object, resolver: R) -> R.Object? {
        var current = object
        for step in toOneSteps {
            guard let next = resolver.destination(of: current, toOneAt: step) else { return nil }
            current = next
        }
        return current
    }

    func value<R: ObjectResolver>(of object: R.Object, resolver: R) -> AttributeValue {
        guard let owner = owner(of: object, resolver: resolver) else { return .null }
        return resolver.value(of: owner, attributeAt: attributeIndex)
    }
}
