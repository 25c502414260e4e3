#if PostgreSQL
import ObjectGraph
import ObjectGraphSQL

/// The updates of one entity that change the same columns (one ``UpdateShape``): one statement per batch of them.
struct UpdateGroup {
    let shape: UpdateShape
    /// The types of the shape's columns.
    let types: [ColumnType]
    private(set) var members: [UpdatedObject]

    var layout: EntityLayout { shape.layout }

    /// `updated` grouped by shape, groups in order of first appearance.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a change of an attribute or to-one the entity
    ///   does not have.
    static func grouping(_ updated: [UpdatedObject], schema: StoreSchema) throws -> [UpdateGroup] {
        var groups: [UpdateGroup] = []
        var positions: [UpdateShape: Int] = [:]
        for member in updated {
            if let last = groups.indices.last, groups[last].shape.fits(member) {
                groups[last].members.append(member)
                continue
            }
            let shape = try UpdateShape(member, layout: try schema.layout(of: member.entityName))
            if let position = positions[shape] {
                groups[position].members.append(member)
                continue
            }
            positions[shape] = groups.count
            let layout = shape.layout
            let types = shape.attributes.map { ColumnType.attribute(layout.entity.attributes[$0].type) }
                + shape.toOneSlots.map { ColumnType.key(referencing: layout.toOneDestinationTables[$0]) }
            groups.append(UpdateGroup(shape: shape, types: types, members: [member]))
        }
        return groups
    }
}
#endif
