/// What a save may change in the context, recorded so a failed save restores it exactly.
final class SaveJournal {
    private struct ObjectState {
        let object: ManagedObject
        let relationshipStates: SharedSlice<RelationshipState>
        let committedToMany: [Int: [AnyObjectID]]
        let isTouched: Bool
        let isPendingDeletion: Bool
    }

    private var objects: [ObjectIdentifier: ObjectState] = [:]
    private let inserted: ObjectSet
    private let deleted: ObjectSet
    private let changed: ObjectSet
    private let pendingToMany: [PendingKey: PendingToMany]
    private let pendingToOne: [PendingKey: AnyObjectID?]

    init(_ context: ObjectContext) {
        inserted = context.inserted
        deleted = context.deleted
        changed = context.changed
        pendingToMany = context.pendingToMany
        pendingToOne = context.pendingToOne
    }

    /// Remembers `object`'s state before its first change during the save.
    func record(_ object: ManagedObject) {
        let key = ObjectIdentifier(object)
        guard objects[key] == nil else { return }
        objects[key] = ObjectState(
            object: object, relationshipStates: object.relationshipStates, committedToMany: object.committedToMany,
            isTouched: object.isTouched, isPendingDeletion: object.isPendingDeletion)
    }

    /// Puts everything recorded back.
    func restore(into context: ObjectContext) {
        for state in objects.values {
            state.object.relationshipStates = state.relationshipStates
            state.object.committedToMany = state.committedToMany
            state.object.isTouched = state.isTouched
            state.object.isPendingDeletion = state.isPendingDeletion
        }
        context.inserted = inserted
        context.insertedListChanged()
        context.deleted = deleted
        context.changed = changed
        context.pendingToMany = pendingToMany
        context.pendingToOne = pendingToOne
    }
}
