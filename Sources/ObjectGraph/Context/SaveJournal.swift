/// What a save may change in the context, recorded so a failed save restores it exactly; once the save
/// awaits the store, what changes in the context meanwhile (``changesDuringSave``).
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
    /// Set when the save hands its changes to the store: from then on, changes are not the save's.
    var changesDuringSave: ChangesDuringSave?

    init(_ context: ObjectContext) {
        inserted = context.inserted
        deleted = context.deleted
        changed = context.changed
        pendingToMany = context.pendingToMany
        pendingToOne = context.pendingToOne
    }

    /// Remembers `object`'s state before its first change during the save (or, once the store saves,
    /// before its first change since).
    func record(_ object: ManagedObject) {
        if let changesDuringSave {
            changesDuringSave.remember(object)
            return
        }
        let key = ObjectIdentifier(object)
        guard objects[key] == nil else { return }
        objects[key] = ObjectState(
            object: object, relationshipStates: object.relationshipStates, committedToMany: object.committedToMany,
            isTouched: object.isTouched, isPendingDeletion: object.isPendingDeletion)
    }

    /// Puts everything recorded back, except the relationships of objects for which
    /// `keepsRelationships` is true (changed since by others).
    func restore(into context: ObjectContext, keepingRelationshipsOf keepsRelationships: (ManagedObject) -> Bool = { _ in false }) {
        for state in objects.values {
            if !keepsRelationships(state.object) {
                state.object.relationshipStates = state.relationshipStates
                state.object.committedToMany = state.committedToMany
            }
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
