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

    /// `updated` grouped by shape, groups in order of first appearance; a shape is made once per run of
    /// consecutive updates that have it.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a change of an attribute or to-one the entity
    ///   does not have.
    static func grouping(_ updated: [UpdatedObject], schema: StoreSchema) throws -> [UpdateGroup] {
        var groups: [UpdateGroup] = []
        var positions: [UpdateShape: Int] = [:]
        var start = updated.startIndex
        while start < updated.endIndex {
            let shape = try UpdateShape(updated[start], layout: try schema.layout(of: updated[start].entityName))
            let end = shape.endOfRun(in: updated, from: start)
            if let position = positions[shape] {
                groups[position].members += updated[start..<end]
            } else {
                positions[shape] = groups.count
                let layout = shape.layout
                let types = shape.attributes.map { ColumnType.attribute(layout.entity.attributes[$0].type) }
                    + shape.toOneSlots.map { ColumnType.key(referencing: layout.toOneDestinationTables[$0]) }
                groups.append(UpdateGroup(shape: shape, types: types, members: Array(updated[start..<end])))
            }
            start = end
        }
        return groups
    }
}
#endif
