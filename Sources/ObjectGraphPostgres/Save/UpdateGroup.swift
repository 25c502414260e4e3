#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// The updates of one entity that change the same columns: one statement per batch of them.
struct UpdateGroup {
    let layout: EntityLayout
    /// The changed columns, attributes in index order, then to-ones in the order the updates list them.
    let columns: [String]
    /// The types of ``columns``.
    let types: [ColumnType]
    private(set) var members: [UpdatedObject]
    private let shape: Shape

    /// `updated` grouped by entity and changed columns, groups in order of first appearance.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a change of an attribute or to-one the entity
    ///   does not have.
    static func grouping(_ updated: [UpdatedObject], schema: StoreSchema) throws -> [UpdateGroup] {
        var groups: [UpdateGroup] = []
        var positions: [Shape: Int] = [:]
        for member in updated {
            if let last = groups.indices.last, groups[last].shape.matches(member) {
                groups[last].members.append(member)
                continue
            }
            let layout = try schema.layout(of: member.entityName)
            let shape = try Shape(member, layout: layout)
            if let position = positions[shape] {
                groups[position].members.append(member)
                continue
            }
            positions[shape] = groups.count
            var columns: [String] = []
            var types: [ColumnType] = []
            for index in shape.attributes {
                guard let column = layout.attributeColumns[index] else { continue }
                columns.append(column)
                types.append(.attribute(layout.entity.attributes[index].type))
            }
            for slot in shape.toOneSlots {
                columns.append(layout.toOneColumns[slot])
                types.append(.key(referencing: layout.toOneDestinationTables[slot]))
            }
            groups.append(UpdateGroup(layout: layout, columns: columns, types: types, members: [member], shape: shape))
        }
        return groups
    }

    /// What makes updates share a statement: the entity and the changed attributes and to-ones.
    private struct Shape: Hashable {
        let entityName: String
        let attributes: [Int]
        let toOneRelationships: [Int]
        let toOneSlots: [Int]

        /// Whether `updated` has this shape, found without making its shape (saves list updates of one
        /// shape together, so most updates match the previous one's group).
        func matches(_ updated: UpdatedObject) -> Bool {
            updated.entityName == entityName && updated.attributes.count == attributes.count
                && updated.toOnes.count == toOneRelationships.count
                && zip(updated.attributes, attributes).allSatisfy { $0.index == $1 }
                && zip(updated.toOnes, toOneRelationships).allSatisfy { $0.relationshipIndex == $1 }
        }

        init(_ updated: UpdatedObject, layout: EntityLayout) throws {
            entityName = updated.entityName
            attributes = try updated.attributes.map { change in
                guard layout.attributeColumns.indices.contains(change.index) else {
                    throw ObjectGraphError.inconsistentData("\(updated.entityName) has no attribute at index \(change.index)")
                }
                return change.index
            }
            toOneRelationships = updated.toOnes.map(\.relationshipIndex)
            toOneSlots = try updated.toOnes.map { change in
                guard let slot = layout.entity.toOneSlot(forRelationshipAt: change.relationshipIndex) else {
                    throw ObjectGraphError.inconsistentData("\(updated.entityName) has no to-one at index \(change.relationshipIndex)")
                }
                return slot
            }
        }
    }
}
#endif
