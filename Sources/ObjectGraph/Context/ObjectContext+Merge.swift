/// Merging what other contexts (and other store instances or processes) commit.
///
/// The context observes its store's ``PersistentStore/changes()`` from its creation and merges what
/// arrives inside its own async calls (``save()``, fetches, counts, ``object(with:)``), while
/// ``changes`` is iterated, and on ``mergeChanges()``; never between two synchronous statements, so code
/// sees stable values until it awaits the context. A merge:
/// - refreshes registered objects the change lists, in one store call: an object without pending edits
///   takes the stored values; an object with pending edits keeps each edited attribute and to-one and
///   takes the stored value of every other (pending edits win per property, as Core Data's default
///   merge); the stored values become the committed ones, so a later save writes only real differences;
/// - deletes objects the store deleted: they leave the context and every loaded relationship;
/// - turns loaded to-many relationships whose membership changed back into faults, keeping their
///   pending additions and removals; an ordered to-many with pending edits is loaded again at once and
///   keeps the order the edits made (members others added follow it, in stored order);
/// - refreshes every registered object of an entity the store can only say "may have changed" about;
/// - publishes a ``ContextChange`` with cause ``ContextChange/Causes/merged``.
///
/// The context's own saves are not merged back into it.
extension ObjectContext {
    /// Whether the context merges what its store's other users commit (see above). On by default when
    /// the store can report its changes (``PersistentStore/changes()``); turning it off forgets what was
    /// not merged yet, and turning it on again merges only later saves. Turn it off for a context that
    /// must keep a stable view while others save, e.g. one that builds a report.
    ///
    /// ```swift
    /// let report = try ObjectContext(store: store, model: MusicModel.model)
    /// report.automaticallyMergesChanges = false
    /// ```
    public var automaticallyMergesChanges: Bool {
        get { storeObservation != nil }
        set {
            if newValue {
                if storeObservation == nil { observeStore() }
            } else {
                storeObservation = nil
            }
        }
    }

    /// Merges what other contexts committed since the last merge, now. The context also does this by
    /// itself (see ``automaticallyMergesChanges``); call it to bring held objects up to date without
    /// fetching.
    ///
    /// ```swift
    /// try await context.mergeChanges()
    /// print(band.name)   // the name another context saved
    /// ```
    /// - Throws: the store's error when the changed objects cannot be read; the change stays pending and
    ///   the next merge tries again.
    public nonisolated(nonsending) func mergeChanges() async throws {
        guard !isMerging, !isSaving, let mailbox = storeObservation?.mailbox, let change = mailbox.take() else { return }
        isMerging = true
        defer { isMerging = false }
        do {
            try await merge(change)
        } catch {
            mailbox.restore(change)
            throw error
        }
    }

    /// Whether a store change waits to be merged.
    var hasUnmergedChanges: Bool { storeObservation?.mailbox.hasPending ?? false }

    /// Whether a store change waits and ``mergeChanges()`` would merge it now (no save or merge runs).
    var canMergeNow: Bool { !isMerging && !isSaving && hasUnmergedChanges }

    /// Subscribes to the store's changes, leaving out the context's own saves.
    func observeStore() {
        guard let changes = try? store.changes() else { return }
        let subscription = changes.subscription
        subscription.filter.ignoredOrigin.withLock { $0 = ObjectIdentifier(self) }
        let hub = changeHub
        subscription.filter.onPost.withLock { $0 = { [weak hub] in hub?.ringAll() } }
        storeObservation = subscription
    }

    /// Forgets a change that waits to be merged (the context was reset: nothing is left to merge into).
    func dropUnmergedChanges() {
        _ = storeObservation?.mailbox.take()
    }

    nonisolated(nonsending) private func merge(_ change: StoreChange) async throws {
        var plan = MergePlan(change: change, context: self)
        guard !plan.refreshIDs.isEmpty || !plan.joiningIDs.isEmpty || !plan.deleted.isEmpty
            || !plan.staleToManys.isEmpty || changeHub.hasObservers else { return }
        let generation = resetGeneration
        let snapshots = plan.refreshIDs.isEmpty && plan.joiningIDs.isEmpty ? []
            : try await store.snapshots(for: plan.refreshIDs + plan.joiningIDs)
        guard resetGeneration == generation else { return }
        var found: [AnyObjectID: Snapshot] = [:]
        found.reserveCapacity(snapshots.count)
        for snapshot in snapshots { found[snapshot.id] = snapshot }

        var refreshed: [AnyObjectID: ChangedProperties] = [:]
        for id in plan.refreshIDs {
            guard let object = registered[id], object.lifecycle == .persisted else { continue }
            guard let snapshot = found[id] else {
                plan.deleted.append(object)
                continue
            }
            let before = propertyValues(of: object)
            let committedToOnes = object.committedToOneIDs
            try refresh(object, from: snapshot)
            plan.noteToOneChanges(of: object, from: committedToOnes, to: snapshot.toOneIDs)
            let properties = changedProperties(of: object, since: before)
            if !properties.isEmpty { refreshed[id] = properties }
        }
        for id in plan.joiningIDs {
            guard let snapshot = found[id], let entity = model.schema.entity(named: snapshot.entityName) else { continue }
            plan.noteJoining(snapshot, entity: entity)
        }
        removeDeleted(plan.deleted)
        var editedOrders: [EditedOrder] = []
        for key in plan.staleToManys {
            guard let owner = registered[key.owner], owner.lifecycle == .persisted,
                  owner.entity.relationships.indices.contains(key.relationshipIndex) else { continue }
            if let order = editedOrder(of: owner, at: key.relationshipIndex) { editedOrders.append(order) }
            faultToMany(of: owner, at: key.relationshipIndex)
        }
        try await restore(editedOrders, generation: generation)
        guard resetGeneration == generation else { return }
        var committed = change
        for object in plan.deleted where change.objects[object.objectID] == nil {
            committed.record(object.objectID, StoreChange.Object(kind: .deleted, entityName: object.entity.name))
        }
        changeHub.publish { ContextChange(causes: .merged, committed: committed, refreshed: refreshed) }
    }

    /// Gives a registered, persisted object the stored state of `snapshot`, keeping its pending edits.
    func refresh(_ object: ManagedObject, from snapshot: Snapshot) throws {
        guard object.isTouched || object.isPendingDeletion else {
            try loadAttributes(snapshot, into: object)
            loadToOnes(snapshot, into: object)
            return
        }
        let entity = object.entity
        try checkShape(of: snapshot, for: entity)
        object.isTrackingChanges = false
        defer { object.isTrackingChanges = true }
        for index in entity.storedAttributeIndices where !object.changedAttributes.contains(index) {
            try object.setAttributeValue(snapshot.values[index], at: index)
        }
        object.changedAttributes = ChangedAttributes(object.changedAttributes.indices, committedValues: snapshot.values)
        object.committedVersion = snapshot.version
        for (slot, index) in entity.toOneRelationshipIndices.enumerated() {
            let current = object.toOneID(at: index)
            let stored = snapshot.toOneIDs[slot]
            if current == object.committedToOneID(at: index), current != stored {
                object.relationshipStates[index] = .toOneFault(stored)
            }
        }
        object.committedToOneIDs = snapshot.toOneIDs
    }

    /// Removes objects the store deleted from the context and from every loaded relationship.
    private func removeDeleted(_ gone: [ManagedObject]) {
        guard !gone.isEmpty else { return }
        let goneIDs = Set(gone.map(\.objectID))
        for object in gone {
            registered[object.objectID] = nil
            object.lifecycle = .gone
            object.isPendingDeletion = false
            object.isTouched = false
            object.context = nil
        }
        changed.keep { !goneIDs.contains($0.objectID) }
        deleted.keep { !goneIDs.contains($0.objectID) }
        pendingToMany = pendingToMany.filter { !goneIDs.contains($0.key.owner) }
        pendingToOne = pendingToOne.filter { !goneIDs.contains($0.key.owner) }
        forgetReferences(to: gone)
        // Cut loose, they are faulted like a reset's, so those loaded both ways do not keep each other.
        Self.releaseRelatedObjects(of: gone)
    }

    /// An ordered to-many whose members or order have pending edits, with the order the edits made.
    struct EditedOrder {
        let owner: ManagedObject
        let relationshipIndex: Int
        let order: [AnyObjectID]
    }

    /// The pending order of relationship `index` of `owner`, when it is a loaded ordered to-many whose
    /// members differ from the committed ones in membership or order.
    private func editedOrder(of owner: ManagedObject, at index: Int) -> EditedOrder? {
        guard owner.entity.relationships[index].isOrdered, case .toMany(let members) = owner.relationshipStates[index],
              let committed = owner.committedToMany[index] else { return nil }
        let order = members.map(\.objectID)
        return order == committed ? nil : EditedOrder(owner: owner, relationshipIndex: index, order: order)
    }

    /// Loads the stored members of each edited ordered to-many (the fault keeps the pending additions and
    /// removals) and puts them in the order the edits made; members other contexts added, which that
    /// order does not know, follow in their stored order. The pending reordering survives the merge and
    /// the next save writes it.
    nonisolated(nonsending) private func restore(_ orders: [EditedOrder], generation: Int) async throws {
        for edited in orders {
            try await loadToMany(of: [edited.owner], at: edited.relationshipIndex)
            guard resetGeneration == generation, edited.owner.context === self,
                  case .toMany(let members) = edited.owner.relationshipStates[edited.relationshipIndex] else { continue }
            var rank: [AnyObjectID: Int] = [:]
            for (position, id) in edited.order.enumerated() where rank[id] == nil { rank[id] = position }
            let reordered = members.enumerated().sorted { lhs, rhs in
                switch (rank[lhs.element.objectID], rank[rhs.element.objectID]) {
                case let (left?, right?): left < right
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.offset < rhs.offset
                }
            }.map(\.element)
            edited.owner.relationshipStates[edited.relationshipIndex] = .toMany(reordered)
            noteChanged(edited.owner)
        }
    }

    /// Makes a loaded to-many a fault again, recording its pending additions and removals so that they
    /// apply when it loads (as for a to-many changed while it was a fault).
    private func faultToMany(of owner: ManagedObject, at index: Int) {
        guard case .toMany(let members) = owner.relationshipStates[index] else { return }
        let key = pendingKey(owner.objectID, entity: owner.entity, relationshipIndex: index)
        var pending = pendingToMany[key] ?? PendingToMany()
        if model.schema.carriesToManyChanges(of: owner.entity.name, relationshipAt: index) {
            let committed = owner.committedToMany[index] ?? []
            let committedSet = Set(committed)
            let currentIDs = Set(members.map(\.objectID))
            for member in members where !committedSet.contains(member.objectID) { pending.add(member) }
            for id in committed where !currentIDs.contains(id) { pending.remove(id) }
        } else if owner.entity.relationships[index].inverseName != nil {
            // Membership is each member's to-one: members that joined or left by a pending edit.
            for member in members where member.lifecycle == .inserted || joinedByEdit(member, owner, index) {
                pending.add(member)
            }
            for object in changed.objects where leftByEdit(object, owner, index) {
                pending.remove(object.objectID)
            }
        }
        owner.relationshipStates[index] = .toManyFault
        owner.committedToMany[index] = nil
        pendingToMany[key] = pending.added.isEmpty && pending.removed.isEmpty ? nil : pending
    }

    /// Whether `member` joined the to-many at `index` of `owner` by changing its inverse to-one.
    private func joinedByEdit(_ member: ManagedObject, _ owner: ManagedObject, _ index: Int) -> Bool {
        guard member.isTouched, let inverse = owner.entity.inverseIndex(ofRelationshipAt: index, in: member.entity) else { return false }
        return member.toOneID(at: inverse) == owner.objectID && member.committedToOneID(at: inverse) != owner.objectID
    }

    /// Whether `object` left the to-many at `index` of `owner` by changing its inverse to-one.
    private func leftByEdit(_ object: ManagedObject, _ owner: ManagedObject, _ index: Int) -> Bool {
        guard let inverse = owner.entity.inverseIndex(ofRelationshipAt: index, in: object.entity),
              !object.entity.relationshipIsToMany[inverse] else { return false }
        return object.committedToOneID(at: inverse) == owner.objectID && object.toOneID(at: inverse) != owner.objectID
    }
}
