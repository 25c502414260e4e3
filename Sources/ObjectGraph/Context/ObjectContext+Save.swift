/// Saving: delete rules, validation, one atomic store call, then the new committed state.
extension ObjectContext {
    /// Applies delete rules, validates every inserted and changed object, and writes all changes to the
    /// store in one atomic change set. Temporary IDs become permanent.
    ///
    /// On any error — a Deny rule, validation failures (all listed in one
    /// ``ObjectGraphError/validationFailed(_:)``), a conflict with other saves
    /// (``ObjectGraphError/mergeConflicts(_:)``, see ``mergePolicy``), or a store error — neither the store
    /// nor the context changes: pending changes stay pending. Values the store changed while saving
    /// (``PersistentStore/saveReturningState(_:)``) become the saved objects' values.
    ///
    /// While the store saves, other code in the context's isolation may change the context. Those changes
    /// are not part of this save and stay pending after it: an object it saved and that changed meanwhile
    /// is committed as saved and keeps the later change (``rollback()`` returns to what was saved), and the
    /// next save writes it. If this save fails, the context keeps both its changes and the later ones.
    ///
    /// ```swift
    /// do {
    ///     try await context.save()
    /// } catch ObjectGraphError.validationFailed(let failures) {
    ///     for failure in failures { print(failure) }
    /// }
    /// ```
    public nonisolated(nonsending) func save() async throws {
        if let misuse { throw misuse }
        guard !isSaving else { throw ObjectGraphError.saveInProgress }
        if hasUnmergedChanges { try await mergeChanges() }
        guard hasChanges else { return }
        isSaving = true
        defer {
            isSaving = false
            // Observers waiting to merge what arrived during the save.
            if hasUnmergedChanges { changeHub.ringAll() }
        }
        var resolutions: ConflictResolutions?
        var attempt = 0
        var savedState: [Snapshot]
        while true {
            let generation = resetGeneration
            do {
                savedState = try await saveOnce()
                break
            } catch ObjectGraphError.storeConflicts(let conflicts) where resetGeneration == generation {
                guard mergePolicy != .error, attempt < Self.conflictRetryLimit, !conflicts.contains(where: { $0.stored == nil }) else {
                    resolutions?.undo(in: self)
                    throw ObjectGraphError.mergeConflicts(conflicts.map(mergeConflict))
                }
                attempt += 1
                let recording = resolutions ?? ConflictResolutions()
                resolutions = recording
                do {
                    try resolve(conflicts, by: mergePolicy, recordingInto: recording)
                } catch {
                    recording.undo(in: self)
                    throw error
                }
            } catch {
                if resetGeneration == generation { resolutions?.undo(in: self) }
                throw error
            }
        }
        try adoptSavedState(savedState)
    }

    /// One attempt of ``save()``: on any error the context is as before it, with the changes made while
    /// the store saved. Returns the state the store reported for the saved objects, which the context
    /// adopts once the save took effect.
    nonisolated(nonsending) private func saveOnce() async throws -> [Snapshot] {
        let journal = SaveJournal(self)
        self.journal = journal
        defer { self.journal = nil }
        let generation = resetGeneration
        let pending: PendingSave
        let changes: ChangeSet
        do {
            try await applyDeleteRules(generation: generation)
            try await loadToManyCountedByValidation(generation: generation)
            var failures: [ValidationFailure] = []
            pending = try PendingSave(inserted: inserted, changed: changed) { object, values in
                guard validationRules.canFail(object) else { return }
                try validationRules.check(object, into: &failures) { values[$0] }
            }
            try validate(pending.updated, after: failures)
            changes = changeSet(pending)
        } catch is ContextWasReset {
            return []
        } catch {
            if resetGeneration == generation { journal.restore(into: self) }
            throw error
        }
        // From here on, what changes in the context is not part of this save (see ``ChangesDuringSave``).
        let duringSave = ChangesDuringSave(takingFrom: self, insertedBySave: pending.inserted)
        journal.changesDuringSave = duringSave
        let result: SaveResult
        do {
            result = changes.isEmpty ? SaveResult()
                : try await SaveOrigin.$current.withValue(ObjectIdentifier(self)) { try await store.saveReturningState(changes) }
            // A reset while the store saved: the changes are in the store, the context forgot the objects.
            guard resetGeneration == generation else {
                duringSave.endInserting()
                return []
            }
            guard result.permanentIDs.count == pending.inserted.count else {
                throw ObjectGraphError.inconsistentData(
                    "the store returned \(result.permanentIDs.count) permanent IDs for \(pending.inserted.count) inserted objects")
            }
        } catch {
            if resetGeneration == generation {
                duringSave.giveBack(to: self, restoring: journal)
            } else {
                duringSave.endInserting()
            }
            throw error
        }
        journal.changesDuringSave = nil
        commit(pending, permanentIDs: result.permanentIDs, updates: changes.updated, duringSave: duringSave)
        if !changes.isEmpty { publishSaved(changes, permanentIDs: result.permanentIDs) }
        return result.savedSnapshots
    }

    /// Cascades deletions through the graph, then checks Deny rules and nullifies inverses.
    ///
    /// Breadth first, a wave at a time: the relationships with delete rules of a wave's objects load in one
    /// store call per entity and relationship (loading them object by object took a store call per object,
    /// or per destination not loaded yet for a to-one: deleting 10,000 items made 2,000 round trips to the
    /// store's thread for their owners, and took twenty times what SQLite takes to delete the rows), then
    /// its cascades make the next wave.
    ///
    /// A relationship the store cannot load (``StoreCapabilities/unloadableRelationships``, e.g. a REST
    /// to-many without a URL) is unknown, not an error: its rule applies to the destinations the context
    /// knows (loaded, or registered objects whose loaded inverse points at the deleted object). Cascade
    /// deletes those, Nullify unlinks them, and Deny refuses the delete when one of them remains; when
    /// the context knows none, the delete goes to the store, and the server applies its own rules (a
    /// server that refuses fails the save, and the context keeps its changes).
    nonisolated(nonsending) private func applyDeleteRules(generation: Int) async throws {
        var wave = deleted.objects
        var denials: [(ManagedObject, Int)] = []
        var nullifications: [(ManagedObject, Int)] = []
        while !wave.isEmpty {
            for (entity, objects) in Self.groupedByEntity(wave) {
                for (index, relationship) in entity.relationships.enumerated()
                where deleteRuleLoadsDestinations(relationship) && storeCanLoad(relationshipAt: index, of: objects[0]) {
                    try await load(relationshipAt: index, of: objects)
                    guard resetGeneration == generation else { throw ContextWasReset() }
                }
            }
            var next: [ManagedObject] = []
            for object in wave {
                for (index, rule) in object.entity.relationshipDeleteRules.enumerated() {
                    switch rule {
                    case .cascade:
                        forEachDeleteRuleDestination(at: index, of: object) { destination in
                            delete(destination)
                            next.append(destination)
                        }
                    case .deny: denials.append((object, index))
                    case .nullify: nullifications.append((object, index))
                    case .noAction: break
                    }
                }
            }
            wave = next
        }
        for (object, index) in denials {
            var remaining = 0
            forEachDeleteRuleDestination(at: index, of: object) { _ in remaining += 1 }
            if remaining > 0 {
                throw ObjectGraphError.deleteDenied(
                    object: object.objectID, entity: object.entity.name,
                    relationship: object.entity.relationships[index].name, destinationCount: remaining)
            }
        }
        for (object, index) in nullifications {
            forEachDeleteRuleDestination(at: index, of: object) { object.nullifyInverse(of: index, on: $0) }
        }
    }

    /// Whether the delete rule of `relationship` needs its destinations loaded. A to-one that nullifies a
    /// to-many inverse (or has none) needs only the destinations the context holds, which
    /// ``forEachDeleteRuleDestination(at:of:_:)`` finds without loading: a destination it does not hold has no
    /// state to change, and the store takes the deleted object out of that to-many by deleting its row.
    private func deleteRuleLoadsDestinations(_ relationship: RelationshipDescription) -> Bool {
        switch relationship.deleteRule {
        case .noAction: false
        case .nullify where !relationship.isToMany: model.schema.inverse(of: relationship).map { !$0.isToMany } ?? false
        case .nullify, .cascade, .deny: true
        }
    }

    /// Loads relationship `index` of those of `objects`, all of one entity, that hold it as a fault, in one
    /// batched load.
    nonisolated(nonsending) func load(relationshipAt index: Int, of objects: [ManagedObject]) async throws {
        guard let first = objects.first else { return }
        if first.entity.relationships[index].isToMany {
            try await loadToMany(of: objects, at: index)
        } else {
            try await resolveToOnes(of: objects, at: index)
        }
    }

    /// `objects` grouped by entity, each entity in the order of its first object. A run of objects of one
    /// entity finds its group once.
    private static func groupedByEntity(_ objects: [ManagedObject]) -> [(entity: EntityDescription, objects: [ManagedObject])] {
        var groups: [(entity: EntityDescription, objects: [ManagedObject])] = []
        var last: (entity: EntityDescription, position: Int)?
        for object in objects {
            let position: Int
            if let last, last.entity === object.entity {
                position = last.position
            } else {
                position = groups.firstIndex { $0.entity === object.entity } ?? groups.count
                if position == groups.count { groups.append((object.entity, [])) }
                last = (object.entity, position)
            }
            groups[position].objects.append(object)
        }
        return groups
    }

    /// Loads the to-many relationships whose member counts validation checks, of every inserted and
    /// changed object that is not being deleted, in one batched load per entity and relationship. A model
    /// without such rules visits no object (a pass over many objects costs a cache miss per object).
    nonisolated(nonsending) private func loadToManyCountedByValidation(generation: Int) async throws {
        guard model.schema.entities.contains(where: { !$0.validationPlan.countedToManys.isEmpty }) else { return }
        for set in [inserted, changed] {
            let counted = set.objects.filter { !$0.entity.validationPlan.countedToManys.isEmpty && !$0.isPendingDeletion }
            for (entity, objects) in Self.groupedByEntity(counted) {
                for rule in entity.validationPlan.countedToManys {
                    try await load(relationshipAt: rule.index, of: objects)
                    guard resetGeneration == generation else { throw ContextWasReset() }
                }
            }
        }
    }

    /// Validates the `updated` objects of a save that can fail, reading the attributes validation checks
    /// from the objects, after its inserted objects broke the rules of `failures` (``PendingSave``
    /// validates those with the values it read for the save).
    private func validate(_ updated: [ManagedObject], after failures: [ValidationFailure]) throws {
        var failures = failures
        for object in updated where validationRules.canFail(object) {
            try validationRules.check(object, into: &failures, value: object.attributeValue(at:))
        }
        if !failures.isEmpty { throw ObjectGraphError.validationFailed(failures) }
    }

    /// Makes the saved state the committed state: inserted objects take their permanent IDs, and the
    /// values and relationships `pending` read for the save become the committed ones. What changed
    /// while the store saved (`duringSave`) stays pending, as changes against that state. Objects take
    /// the versions a store that keeps them gave (see ``ChangeSet``): 1 when inserted, one more when
    /// `updates` (the change set's, in the order of `pending.updated`) wrote them; stores that keep none
    /// ignore them.
    private func commit(_ pending: PendingSave, permanentIDs: [AnyObjectID], updates: [UpdatedObject], duringSave: ChangesDuringSave) {
        let gone = Array(deleted.objects.prefix(duringSave.savedDeletionCount))
        for object in gone {
            registered[object.objectID] = nil
            object.lifecycle = .gone
            object.isPendingDeletion = false
            object.context = nil
        }
        let temporaryIDs = temporaryIDsToReplace(pending)
        commitInserted(pending, permanentIDs: permanentIDs, duringSave: duringSave)
        var nextUpdate = updates.startIndex
        let anyChanged = !duringSave.isEmpty
        for object in pending.updated {
            let saved = anyChanged ? duringSave.savedRelationships(of: object) : nil
            markCommitted(object, relationships: saved)
            if let saved { object.commitToOneIDs(as: saved) } else { object.commitToOneIDs() }
            if nextUpdate < updates.endIndex && updates[nextUpdate].id == object.objectID {
                if object.committedVersion > 0 { object.committedVersion += 1 }
                nextUpdate += 1
            }
        }
        if !gone.isEmpty { forgetReferences(to: gone) }
        duringSave.keepChanges(in: self)
        // Objects inserted, changed or deleted while the store was saving stay pending. When nothing
        // changed meanwhile and the save wrote every listed object, none stays: no object is asked.
        let savedAllListed = duringSave.isEmpty
        if savedAllListed && inserted.objects.count == pending.inserted.count {
            inserted.removeAll()
        } else {
            inserted.keep { $0.lifecycle == .inserted }
        }
        insertedListChanged()
        if savedAllListed && changed.objects.count == pending.updated.count {
            changed.removeAll()
        } else {
            changed.keep { $0.isTouched && $0.lifecycle == .persisted }
        }
        deleted.keep { $0.lifecycle != .gone }
        keepPendingRelationshipChanges(replacing: temporaryIDs, gone: gone)
        // Deleted objects loaded both ways (an album and its cascaded tracks) would keep each other alive;
        // cut loose, they are faulted like a reset's (see ``reset()``).
        Self.releaseRelatedObjects(of: gone)
    }

    /// The permanent IDs the objects of `pending.inserted` are about to take, by their temporary IDs,
    /// when changes of unloaded to-manys made during the save name some of them (otherwise empty).
    private func temporaryIDsToReplace(_ pending: PendingSave) -> [AnyObjectID: ManagedObject] {
        guard pendingToMany.values.contains(where: { $0.removed.contains(where: \.isTemporary) }) else { return [:] }
        return Dictionary(pending.inserted.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Keeps the changes of unloaded relationships made during a save, except those of objects it
    /// deleted (`gone`), naming the objects it inserted (`temporaryIDs`) by their permanent IDs.
    private func keepPendingRelationshipChanges(replacing temporaryIDs: [AnyObjectID: ManagedObject], gone: [ManagedObject]) {
        guard !pendingToMany.isEmpty || !pendingToOne.isEmpty else { return }
        let goneIDs = Set(gone.map(\.objectID))
        pendingToMany = pendingToMany.filter { !goneIDs.contains($0.key.owner) }
        pendingToOne = pendingToOne.filter { !goneIDs.contains($0.key.owner) }
        guard !temporaryIDs.isEmpty else { return }
        for key in pendingToMany.keys {
            pendingToMany[key]?.removed = pendingToMany[key]?.removed.map { temporaryIDs[$0]?.objectID ?? $0 } ?? []
        }
    }

    /// Gives `pending`'s inserted objects their permanent IDs, registers them, and makes their values and
    /// current to-ones their committed state. The current to-ones stay the committed ones without being
    /// kept until the object's relationships next change (``ManagedObject/commitCurrentToOneIDs()``).
    /// Objects changed during the save commit the to-ones the save read instead.
    ///
    /// An object whose commit reads no other object's ID (no to-many, no change during the save; an
    /// inserted object has no unresolved committed to-ones, which only loading gives) commits as it takes
    /// its ID; the others commit once every ID is permanent. So a large save visits most objects once,
    /// where a second pass over all of them cost a cache miss per object.
    private func commitInserted(_ pending: PendingSave, permanentIDs: [AnyObjectID], duringSave: ChangesDuringSave) {
        let anyChanged = !duringSave.isEmpty
        var readingOtherIDs: [ManagedObject] = []
        registered.reserveCapacity(forAppending: pending.inserted.count)
        for (object, permanent) in zip(pending.inserted, permanentIDs) {
            object.objectID = permanent
            registered.appendNew(object)
            if anyChanged || object.entity.hasToMany {
                readingOtherIDs.append(object)
            } else {
                commitInserted(object, saved: nil)
            }
        }
        for object in readingOtherIDs {
            commitInserted(object, saved: anyChanged ? duringSave.savedRelationships(of: object) : nil)
        }
    }

    /// Makes `object`'s values and to-ones (those of `saved` when it changed during the save) its
    /// committed state, as the store's first version.
    private func commitInserted(_ object: ManagedObject, saved: SharedSlice<RelationshipState>?) {
        object.isBeingInserted = false
        markCommitted(object, relationships: saved)
        if let saved { object.commitToOneIDs(as: saved) } else { object.commitCurrentToOneIDs() }
        object.committedVersion = 1
    }

    /// Makes `object`'s current attribute values (dropping the committed values it captured) and
    /// the to-manys of `relationships` (the object's current ones when `nil`) `object`'s committed state;
    /// the caller commits to-ones. Members are kept only for to-manys whose changes a change set carries
    /// (the only ones diffed).
    /// Inlined into the commit's loops, so that each object is not retained and released around a call.
    @inline(__always)
    private func markCommitted(_ object: ManagedObject, relationships: SharedSlice<RelationshipState>?) {
        object.lifecycle = .persisted
        object.isTouched = false
        if !object.changedAttributes.isEmpty { object.changedAttributes = ChangedAttributes() }
        guard object.entity.hasToMany else { return }
        markToManysCommitted(object, relationships: relationships)
    }

    /// The to-many part of ``markCommitted(_:relationships:)``.
    private func markToManysCommitted(_ object: ManagedObject, relationships: SharedSlice<RelationshipState>?) {
        let states = relationships ?? object.relationshipStates
        for index in object.entity.relationships.indices
        where model.schema.carriesToManyChanges(of: object.entity.name, relationshipAt: index) {
            if case .toMany(let members) = states[index] {
                object.committedToMany[index] = members.map(\.objectID)
            }
        }
    }

    /// Removes deleted objects from the loaded relationships of the remaining objects. The sets it looks
    /// the deleted objects up in are made only when some object remains, and their IDs only when a loaded
    /// to-many held one of them.
    func forgetReferences(to gone: [ManagedObject]) {
        let remaining = registeredObjects
        guard !remaining.isEmpty else { return }
        let goneObjects = Set(gone.map(ObjectIdentifier.init))
        lazy var goneIDs = Set(gone.map(\.objectID))
        for object in remaining {
            for index in object.relationshipStates.indices {
                switch object.relationshipStates[index] {
                case .toOne(let destination?) where goneObjects.contains(ObjectIdentifier(destination)):
                    object.relationshipStates[index] = .toOne(nil)
                case .toMany(let members) where members.contains(where: { goneObjects.contains(ObjectIdentifier($0)) }):
                    object.relationshipStates[index] = .toMany(members.filter { !goneObjects.contains(ObjectIdentifier($0)) })
                    object.committedToMany[index] = object.committedToMany[index]?.filter { !goneIDs.contains($0) }
                default:
                    break
                }
            }
        }
    }
}
