/// What merging one ``StoreChange`` into a context involves: the registered objects to read again (in one
/// store call), the unregistered objects whose to-ones may have joined a loaded to-many, the registered
/// objects the store deleted, and the loaded to-many relationships that become faults.
struct MergePlan {
    /// One to-many relationship of one registered object.
    struct ToManyKey: Hashable {
        let owner: AnyObjectID
        let relationshipIndex: Int
    }

    private let model: ModelDescription
    /// Registered, persisted objects to read again.
    private(set) var refreshIDs: [AnyObjectID] = []
    /// Objects that are not registered, read only for the to-ones they point with.
    private(set) var joiningIDs: [AnyObjectID] = []
    /// Registered objects the store no longer has.
    var deleted: [ManagedObject] = []
    /// Loaded to-manys whose members may have changed.
    private(set) var staleToManys: Set<ToManyKey> = []

    init(change: StoreChange, context: ObjectContext) {
        model = context.model.schema
        let hasRegistered = !context.registered.isEmpty
        for (id, object) in change.objects {
            let registered = context.registered[id]
            switch object.kind {
            case .deleted:
                if let registered { deleted.append(registered) }
            case .inserted, .updated:
                if let registered, registered.lifecycle == .persisted {
                    refreshIDs.append(id)
                } else if hasRegistered && mayJoinToMany(object) {
                    joiningIDs.append(id)
                }
            }
        }
        for toMany in change.toManys {
            staleToManys.insert(ToManyKey(owner: toMany.ownerID, relationshipIndex: toMany.relationshipIndex))
        }
        if !change.entitiesToRefetch.isEmpty && hasRegistered { planRefetch(of: change.entitiesToRefetch, in: context) }
    }

    /// Whether `object`'s change may have put it into another object's to-many (through a to-one whose
    /// inverse is a to-many).
    private func mayJoinToMany(_ object: StoreChange.Object) -> Bool {
        guard let entity = model.entity(named: object.entityName) else { return false }
        let indices = object.kind == .inserted ? entity.toOneRelationshipIndices : object.properties.toOnes
        return indices.contains { inverseToManyIndex(of: $0, in: entity) != nil }
    }

    /// Every registered object of the entities (and their subentities) is read again, and every loaded
    /// to-many that reaches them or belongs to them becomes a fault.
    private mutating func planRefetch(of entityNames: Set<String>, in context: ObjectContext) {
        let names = Set(entityNames.flatMap { model.entityNames(inHierarchyOf: $0) })
        let listed = Set(refreshIDs)
        for object in context.registered.objects where object.lifecycle == .persisted {
            let entity = object.entity
            let isNamed = names.contains(entity.name)
            if isNamed && !listed.contains(object.objectID) { refreshIDs.append(object.objectID) }
            guard entity.hasToMany else { continue }
            for (index, relationship) in entity.relationships.enumerated() where relationship.isToMany {
                guard isNamed || !names.isDisjoint(with: model.entityNames(inHierarchyOf: relationship.destinationEntityName)),
                      case .toMany = object.relationshipStates[index] else { continue }
                staleToManys.insert(ToManyKey(owner: object.objectID, relationshipIndex: index))
            }
        }
    }

    /// Notes the to-manys that a registered object left and joined when its committed to-ones changed
    /// from `old` to `new`.
    mutating func noteToOneChanges(of object: ManagedObject, from old: SharedSlice<AnyObjectID?>, to new: SharedSlice<AnyObjectID?>) {
        for (slot, index) in object.entity.toOneRelationshipIndices.enumerated() {
            let before = slot < old.count ? old[slot] : nil
            let after = slot < new.count ? new[slot] : nil
            guard before != after, let inverse = inverseToManyIndex(of: index, in: object.entity) else { continue }
            for owner in [before, after].compactMap(\.self) {
                staleToManys.insert(ToManyKey(owner: owner, relationshipIndex: inverse))
            }
        }
    }

    /// Notes the to-manys an unregistered object's stored to-ones put it into.
    mutating func noteJoining(_ snapshot: Snapshot, entity: EntityDescription) {
        for (slot, index) in entity.toOneRelationshipIndices.enumerated() where slot < snapshot.toOneIDs.count {
            guard let owner = snapshot.toOneIDs[slot], let inverse = inverseToManyIndex(of: index, in: entity) else { continue }
            staleToManys.insert(ToManyKey(owner: owner, relationshipIndex: inverse))
        }
    }

    /// The index of the to-many inverse of the to-one at `index` of `entity`, in its destination entity.
    private func inverseToManyIndex(of index: Int, in entity: EntityDescription) -> Int? {
        guard let destination = model.entity(named: entity.relationships[index].destinationEntityName),
              let inverse = entity.inverseIndex(ofRelationshipAt: index, in: destination),
              destination.relationshipIsToMany[inverse] else { return nil }
        return inverse
    }
}
