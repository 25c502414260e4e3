import ObjectGraph

/// A URL placeholder's key path (`repository.fullName`) resolved against the entity whose objects fill
/// it, once, when the mapping compiles: the to-one slot of each step and the index of the attribute it
/// ends at, so filling a URL reads values by position instead of looking names up. Subentities keep
/// their ancestors' properties at the same positions, so the slots and index hold for their objects too.
struct ResolvedKeyPath: Sendable, Hashable {
    /// The property names, as the template spells them.
    let names: [String]
    /// The to-one slot of each step before the attribute, as far as the steps name to-ones.
    let toOneSlots: [Int]
    /// The index of the attribute the path ends at, in the entity the steps reach; `nil` when a step
    /// names no to-one or the last name no attribute.
    let attributeIndex: Int?
    /// Whether the reached object's key gives the value when the object is not cached: the path ends at
    /// the reached entity's identifier attribute, or is one step naming its identifier key (for entities
    /// that keep the identifier in no attribute).
    let isIdentifier: Bool

    /// Resolves `names` from `entity`; `mapping(name)` is the REST mapping of the entity called `name`.
    init(_ names: [String], from entity: EntityDescription, in model: ModelDescription, mapping: (String) -> RESTEntityMapping?) {
        self.names = names
        var reached: EntityDescription? = entity
        var slots: [Int] = []
        for step in names.dropLast() {
            guard let current = reached, let index = current.relationshipIndex(named: step),
                  let slot = current.toOneSlot(forRelationshipAt: index) else {
                reached = nil
                break
            }
            slots.append(slot)
            reached = model.entity(named: current.relationships[index].destinationEntityName)
        }
        toOneSlots = slots
        guard let reached, let last = names.last else {
            (attributeIndex, isIdentifier) = (nil, false)
            return
        }
        attributeIndex = reached.attributeIndex(named: last)
        let reachedMapping = mapping(reached.name)
        isIdentifier = reachedMapping.map { $0.identifierAttribute == last || (names.count == 1 && last == $0.identifierKey) } ?? false
    }

    /// The value at the key path of the object `id`, from `objects`: the reached object's attribute when
    /// it is cached, else its identifier when the path names it; `nil` when a step is not cached or not set.
    func value(of id: AnyObjectID, in objects: some CachedObjectLookup) -> AttributeValue? {
        guard let reached = object(reachedFrom: id, steps: toOneSlots.count, in: objects) else { return nil }
        if let attributeIndex, let cached = objects[reached], cached.values.indices.contains(attributeIndex) {
            return cached.values[attributeIndex]
        }
        return isIdentifier ? CompiledEntity.identifierValue(for: reached.key) : nil
    }

    /// The object the first `steps` to-ones reach from `id`, or `nil` when one on the way is not cached or
    /// not set.
    func object(reachedFrom id: AnyObjectID, steps: Int, in objects: some CachedObjectLookup) -> AnyObjectID? {
        var current = id
        for slot in toOneSlots.prefix(steps) {
            guard let cached = objects[current], cached.toOneIDs.indices.contains(slot), let next = cached.toOneIDs[slot] else { return nil }
            current = next
        }
        return current
    }
}
