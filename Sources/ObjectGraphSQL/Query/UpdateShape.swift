import ObjectGraph

/// What decides whether updates share one `UPDATE` statement: the entity, the changed attributes that have
/// columns (transient ones do not count) and the changed to-ones, each in the order the update lists them,
/// which is the order their values are bound in. Both database stores prepare one statement per shape:
/// SQLite for each run of consecutive updates that fit it, PostgreSQL for all of a save's updates that
/// fit it (it reorders them by key anyway, for its lock order).
///
/// ```swift
/// let shape = try UpdateShape(updates[0], layout: try schema.layout(of: updates[0].entityName))
/// let end = shape.endOfRun(in: updates, from: 0)    // updates[0..<end]: one statement, `shape.columns` set
/// ```
package struct UpdateShape: Hashable, Sendable {
    /// The layout of the updated entity.
    package let layout: EntityLayout
    /// The indices of the changed attributes that have columns, in change order.
    package let attributes: [Int]
    /// The relationship indices of the changed to-ones, in change order.
    package let toOneRelationships: [Int]
    /// The to-one slot (index into ``EntityLayout/toOneColumns``) of each of ``toOneRelationships``.
    package let toOneSlots: [Int]
    /// The changed columns, in binding order: the attributes', then the to-ones'.
    package let columns: [String]

    /// The shape of `updated`, an update of `layout`'s entity.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` for a change of an attribute or to-one the entity
    ///   does not have.
    package init(_ updated: UpdatedObject, layout: EntityLayout) throws {
        var attributes: [Int] = []
        for change in updated.attributes {
            guard layout.attributeColumns.indices.contains(change.index) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no attribute at index \(change.index)")
            }
            if layout.attributeColumns[change.index] != nil { attributes.append(change.index) }
        }
        toOneSlots = try updated.toOnes.map { change in
            guard let slot = layout.entity.toOneSlot(forRelationshipAt: change.relationshipIndex) else {
                throw ObjectGraphError.inconsistentData("\(updated.entityName) has no to-one at index \(change.relationshipIndex)")
            }
            return slot
        }
        self.layout = layout
        self.attributes = attributes
        toOneRelationships = updated.toOnes.map(\.relationshipIndex)
        columns = attributes.compactMap { layout.attributeColumns[$0] } + toOneSlots.map { layout.toOneColumns[$0] }
    }

    /// The end of the run of consecutive updates from `start` on that have this shape, at most
    /// `maximumLength` of them: `updates[start..<end]` share a statement. Each is matched without making
    /// its shape (saves list updates of one shape together, so runs are long).
    package func endOfRun(in updates: [UpdatedObject], from start: Int, maximumLength: Int = .max) -> Int {
        var end = start
        while end < updates.endIndex, end - start < maximumLength, fits(updates[end]) { end += 1 }
        return end
    }

    /// Whether `updated` has this shape.
    @inline(__always) package func fits(_ updated: UpdatedObject) -> Bool {
        guard updated.entityName == layout.entity.name, updated.toOnes.count == toOneRelationships.count else { return false }
        let columns = layout.attributeColumns
        var next = 0
        for change in updated.attributes {
            guard columns.indices.contains(change.index) else { return false }
            guard columns[change.index] != nil else { continue }
            guard next < attributes.count, attributes[next] == change.index else { return false }
            next += 1
        }
        guard next == attributes.count else { return false }
        return zip(updated.toOnes, toOneRelationships).allSatisfy { $0.relationshipIndex == $1 }
    }

    package static func == (lhs: UpdateShape, rhs: UpdateShape) -> Bool {
        lhs.layout === rhs.layout && lhs.attributes == rhs.attributes && lhs.toOneRelationships == rhs.toOneRelationships
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(layout))
        hasher.combine(attributes)
        hasher.combine(toOneRelationships)
    }
}
