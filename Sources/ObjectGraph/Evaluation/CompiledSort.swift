import Foundation

/// Sort keys compiled once against an entity, applied stably to objects through an ``ObjectResolver``,
/// in the order ``AttributeValue/order(_:_:)`` defines.
///
/// ```swift
/// let sort = try CompiledSort([SortExpression(["year"], ascending: false)], entity: Album.entity, model: model)
/// let sorted = sort.sorted(rows, resolver: resolver)
/// ```
public struct CompiledSort {
    private let keys: [(path: ResolvedPath, ascending: Bool)]

    /// Compiles `sorts` for objects of `entity` (or its subentities).
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` for a name not in the model.
    public init(_ sorts: [SortExpression], entity: EntityDescription, model: ModelDescription) throws {
        keys = try sorts.map { (try ResolvedPath($0.path, from: entity, in: model), $0.ascending) }
    }

    /// Whether there are no sort keys.
    public var isEmpty: Bool { keys.isEmpty }

    /// `objects` sorted by the keys; objects with equal keys keep their relative order.
    public func sorted<R: ObjectResolver>(_ objects: [R.Object], resolver: R) -> [R.Object] {
        guard !keys.isEmpty else { return objects }
        let decorated = objects.enumerated().map { offset, object in
            (offset: offset, object: object, values: keys.map { $0.path.value(of: object, resolver: resolver) })
        }
        return decorated.sorted { lhs, rhs in
            for (index, key) in keys.enumerated() {
                let result = AttributeValue.order(lhs.values[index], rhs.values[index])
                if result != .orderedSame {
                    return (result == .orderedAscending) == key.ascending
                }
            }
            return lhs.offset < rhs.offset
        }.map(\.object)
    }
}
