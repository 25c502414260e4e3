import DataModel

/// The runtime `IndexDescription`s of an entity: its fetch indexes under their names, and its compound
/// indexes (Xcode's older, unnamed form) under ``compoundName(_:)``, leaving out a compound index over
/// the same properties as a fetch index.
enum IndexLiteral {
    /// The name a compound index has at run time and in migration steps: `compound_` and its properties
    /// joined by `_` (`compound_markedForDeletionDate_updatedAt`).
    static func compoundName(_ index: PropertyGroup) -> String {
        "compound_" + index.propertyNames.joined(separator: "_")
    }

    /// The indexes of `entity` as (name, elements with their ascending flag), in the entity's order.
    static func indexes(of entity: Entity) -> [(name: String, elements: [(property: String, isAscending: Bool)])] {
        let fetchIndexes = entity.fetchIndexes.filter { !$0.elements.isEmpty }
        let covered = Set(fetchIndexes.map { $0.elements.map(\.propertyName) })
        return fetchIndexes.map { ($0.name, $0.elements.map { ($0.propertyName, $0.isAscending) }) }
            + entity.compoundIndexes.filter { !$0.propertyNames.isEmpty && !covered.contains($0.propertyNames) }
                .map { (compoundName($0), $0.propertyNames.map { ($0, true) }) }
    }

    /// `IndexDescription(name: "byDate", elements: [IndexDescription.Element(property: "date", ascending: false)])`.
    static func literal(name: String, elements: [(property: String, isAscending: Bool)]) -> String {
        let elements = elements.map {
            "IndexDescription.Element(property: \(SwiftSource.string($0.property))\($0.isAscending ? "" : ", ascending: false"))"
        }
        return "IndexDescription(name: \(SwiftSource.string(name)), elements: [\(elements.joined(separator: ", "))])"
    }
}
