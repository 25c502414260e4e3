/// The destinations delete rules act on when the store cannot load a relationship
/// (``StoreCapabilities/unloadableRelationships``): what the context already knows.
extension ObjectContext {
    /// Whether the store can load relationship `index` of `object`.
    func storeCanLoad(relationshipAt index: Int, of object: ManagedObject) -> Bool {
        !(store.capabilities.unloadableRelationships[object.entity.name]?.contains(object.entity.relationships[index].name) ?? false)
    }

    /// Calls `body` with each destination of relationship `index` of `object` that its delete rule acts
    /// on and that is not being deleted itself (see ``deleteRuleDestinations(at:of:)``); a to-one's
    /// without making an array.
    func forEachDeleteRuleDestination(at index: Int, of object: ManagedObject, _ body: (ManagedObject) -> Void) {
        if !object.entity.relationshipIsToMany[index] {
            if let destination = object.loadedToOneDestination(at: index, registeredIn: self), !destination.isPendingDeletion {
                body(destination)
            }
            return
        }
        for destination in deleteRuleDestinations(at: index, of: object) where !destination.isPendingDeletion { body(destination) }
    }

    /// The destinations of relationship `index` of `object` for its delete rule: the loaded ones; for an
    /// unloaded relationship the store cannot load, the registered and inserted objects whose loaded
    /// inverse relationship refers to `object` (none when the relationship has no inverse).
    private func deleteRuleDestinations(at index: Int, of object: ManagedObject) -> [ManagedObject] {
        let relationship = object.entity.relationships[index]
        guard relationship.isToMany, case .toManyFault = object.relationshipStates[index],
              !storeCanLoad(relationshipAt: index, of: object) else {
            return object.loadedDestinations(at: index, registeredIn: self)
        }
        guard relationship.inverseName != nil else { return [] }
        return (registered.objects + inserted.objects).filter { candidate in
            guard candidate !== object, model.schema.isEntity(candidate.entity.name, kindOf: relationship.destinationEntityName),
                  let inverse = object.entity.inverseIndex(ofRelationshipAt: index, in: candidate.entity) else { return false }
            return candidate.loadedDestinations(at: inverse, registeredIn: self).contains { $0 === object }
        }
    }
}
