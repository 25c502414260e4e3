/// Publishing what changed in the context (``changes``).
extension ObjectContext {
    /// Observes the context from now on: its saves, merges, rollbacks, refreshes and resets, as
    /// ``ContextChange`` values (see ``ContextChanges``).
    ///
    /// ```swift
    /// let changes = context.changes
    /// try await context.save()
    /// for try await change in changes where change.causes.contains(.saved) {
    ///     print(change.committed.ids(.inserted))
    ///     break
    /// }
    /// ```
    public var changes: ContextChanges {
        ContextChanges(context: self, subscription: changeHub.subscribe())
    }

    /// Publishes what a save committed.
    func publishSaved(_ changes: ChangeSet, permanentIDs: [AnyObjectID]) {
        changeHub.publish { ContextChange(causes: .saved, committed: StoreChange(committing: changes, permanentIDs: permanentIDs)) }
    }

    /// The values of `object`'s stored attributes and the destinations of its to-ones, to tell later which
    /// of them a refresh or rollback changed.
    func propertyValues(of object: ManagedObject) -> PropertyValues {
        let entity = object.entity
        return PropertyValues(
            attributes: entity.attributes.indices.map { entity.attributes[$0].isTransient ? .null : object.attributeValue(at: $0) },
            toOnes: entity.toOneRelationshipIndices.map(object.toOneID(at:)))
    }

    /// The properties of `object` whose values differ from `before`.
    func changedProperties(of object: ManagedObject, since before: PropertyValues) -> ChangedProperties {
        let after = propertyValues(of: object)
        let attributes = after.attributes.indices.filter { after.attributes[$0] != before.attributes[$0] }
        let toOnes = object.entity.toOneRelationshipIndices.indices.filter { after.toOnes[$0] != before.toOnes[$0] }
        return ChangedProperties(attributes: attributes, toOnes: toOnes.map { object.entity.toOneRelationshipIndices[$0] })
    }
}

/// One object's stored attribute values and to-one destinations at one moment.
struct PropertyValues {
    let attributes: [AttributeValue]
    let toOnes: [AnyObjectID?]
}
