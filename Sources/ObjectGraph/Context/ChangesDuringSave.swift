/// What changes in a context while its ``ObjectContext/save()`` awaits the store, which is not part of
/// that save and stays pending after it.
///
/// When the save hands its change set to the store, it takes the pending changes of unloaded
/// relationships with it (the context starts those afresh), remembers how many objects were deleted,
/// and marks the objects it inserts, so that their changes are recorded as those of persisted objects.
/// From then on every object changed is noted here, with its relationships as the save read them
/// (remembered before the first change). When the save succeeds, the saved state becomes the objects'
/// committed state and what was noted stays a change against it; when it fails, what the save took
/// goes back to the context, merged with what was noted.
final class ChangesDuringSave {
    private struct Entry {
        let object: ManagedObject
        /// The object's relationships before anything changed them during the save.
        let savedRelationships: SharedSlice<RelationshipState>
        /// Whether the object is one the save inserts (and so is not listed as changed yet).
        let isInsertedBySave: Bool
        var isChanged = false
        /// The attributes changed during the save, each with its value as the save read it.
        var attributes = ChangedAttributes()
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The objects the save inserts.
    private let insertedBySave: [ManagedObject]
    /// How many objects the context's inserted list had when the save reached the store.
    private let insertionCount: Int
    /// How many objects of the context's deleted list the save deletes (the first ones).
    let savedDeletionCount: Int

    /// Takes the pending changes of unloaded relationships from `context` (the change set has them), and
    /// marks `insertedBySave`.
    init(takingFrom context: ObjectContext, insertedBySave: [ManagedObject]) {
        self.insertedBySave = insertedBySave
        insertionCount = context.inserted.objects.count
        savedDeletionCount = context.deleted.objects.count
        context.pendingToMany = [:]
        context.pendingToOne = [:]
        for object in insertedBySave { object.isBeingInserted = true }
    }

    /// Remembers `object`'s relationships before its first change during the save.
    func remember(_ object: ManagedObject) {
        let key = ObjectIdentifier(object)
        guard entries[key] == nil else { return }
        entries[key] = Entry(object: object, savedRelationships: object.relationshipStates, isInsertedBySave: object.isBeingInserted)
    }

    /// Notes that `object` (persisted, or inserted by the save) changes: attribute `index`, about to be
    /// written (its value now is the saved one, committed once the save succeeds), or a relationship when
    /// `index` is `nil`.
    func note(_ object: ManagedObject, attributeAt index: Int?) {
        remember(object)
        entries[ObjectIdentifier(object)]?.isChanged = true
        if let index { entries[ObjectIdentifier(object)]?.attributes.insert(index) { object.attributeValue(at: index) } }
    }

    /// Whether no object was remembered (changed, deleted or loaded) during the save.
    var isEmpty: Bool { entries.isEmpty }

    /// The relationships of `object` as the save read them, when they may have changed since.
    func savedRelationships(of object: ManagedObject) -> SharedSlice<RelationshipState>? {
        entries[ObjectIdentifier(object)]?.savedRelationships
    }

    /// Whether `object` changed during the save.
    func contains(_ object: ManagedObject) -> Bool {
        entries[ObjectIdentifier(object)] != nil
    }

    /// After the save committed: every object changed during it that is still in `context` has exactly
    /// its changes since the save started, and is listed as changed.
    func keepChanges(in context: ObjectContext) {
        for entry in entries.values where entry.isChanged {
            let object = entry.object
            guard object.lifecycle == .persisted, object.context === context else { continue }
            object.changedAttributes = entry.attributes
            guard !object.isTouched else { continue }
            object.isTouched = true
            // Persisted objects were listed when they changed; objects the save inserted could not be.
            if entry.isInsertedBySave { context.changed.append(object) }
        }
    }

    /// Ends the marking of the objects the save inserts, when it did not commit them. An inserted object
    /// records no changes, so what was noted of them goes.
    func endInserting() {
        for object in insertedBySave {
            object.isBeingInserted = false
            if !object.changedAttributes.isEmpty { object.changedAttributes = ChangedAttributes() }
        }
    }

    /// After the save failed: puts back the context as `journal` recorded it before the save (the
    /// relationships of objects changed during the save stay as they are now), then adds what changed
    /// during the save.
    func giveBack(to context: ObjectContext, restoring journal: SaveJournal) {
        endInserting()
        let insertedMeanwhile = context.inserted.objects.dropFirst(insertionCount)
        let deletedMeanwhile = context.deleted.objects.dropFirst(savedDeletionCount)
        let changedMeanwhile = context.changed.objects.filter { entries[ObjectIdentifier($0)]?.isChanged == true }
        let pendingToManyMeanwhile = context.pendingToMany
        let pendingToOneMeanwhile = context.pendingToOne
        journal.restore(into: context, keepingRelationshipsOf: contains)
        for object in insertedMeanwhile { context.inserted.append(object) }
        context.insertedListChanged()
        for object in deletedMeanwhile { context.deleted.append(object) }
        if !changedMeanwhile.isEmpty {
            let listed = Set(context.changed.objects.map(ObjectIdentifier.init))
            for object in changedMeanwhile where !listed.contains(ObjectIdentifier(object)) {
                object.isTouched = true
                context.changed.append(object)
            }
        }
        for (key, change) in pendingToManyMeanwhile {
            context.notePending(key) { pending in
                for id in change.removed { pending.remove(id) }
                for object in change.added { pending.add(object) }
            }
        }
        context.pendingToOne.merge(pendingToOneMeanwhile) { _, meanwhile in meanwhile }
    }
}
