/// Building the ``ChangeSet`` of a save from the context's pending changes.
extension ObjectContext {
    /// Everything pending, without references to objects that were inserted and deleted again.
    func changeSet(_ pending: PendingSave) -> ChangeSet {
        let live = pending.live
        var changes = ChangeSet()
        changes.inserted = pending.insertedSnapshots
        changes.updated.reserveCapacity(pending.updated.count + pendingToOne.count)
        appendUpdates(of: pending, to: &changes.updated)
        changes.deleted = deleted.objects.filter { $0.lifecycle == .persisted }
            .map { DeletedObject(id: $0.objectID, entityName: $0.entity.name, readVersion: $0.committedVersion) }
        for object in pending.insertedWithToMany {
            appendToManyChanges(of: object, live: live, to: &changes.toManyChanges)
        }
        for object in pending.updated where object.entity.hasToMany {
            appendToManyChanges(of: object, live: live, to: &changes.toManyChanges)
        }
        for (key, pending) in pendingToMany
        where model.schema.carriesToManyChanges(of: key.entityName, relationshipAt: key.relationshipIndex)
            && registeredObject(for: key.owner)?.isPendingDeletion != true {
            let added = pending.added.compactMap { $0.isPendingDeletion ? nil : live.id(of: $0) }
            guard !added.isEmpty || !pending.removed.isEmpty else { continue }
            changes.toManyChanges.append(ToManyChange(
                ownerID: key.owner, entityName: key.entityName, relationshipIndex: key.relationshipIndex,
                added: added, removed: pending.removed))
        }
        for (key, destination) in pendingToOne where registeredObject(for: key.owner)?.isPendingDeletion != true {
            changes.updated.append(UpdatedObject(
                id: key.owner, entityName: key.entityName, attributes: [],
                toOnes: [ToOneChange(relationshipIndex: key.relationshipIndex, destination: live.id(destination))]))
        }
        return changes
    }

    /// Appends an update for every object of `pending.updated` that differs from its committed state.
    /// The attribute changes of ``objectsPerChangeArray`` objects at a time share one array, each object's
    /// changes a slice of it; each object's to-one changes are read when its update is built, which needs
    /// the array complete first. (A ``SlicePacker`` kept a range and a slice per object in lists of its
    /// own, about 120 instructions per object more.)
    private func appendUpdates(of pending: PendingSave, to updates: inout [UpdatedObject]) {
        let (objects, live) = (pending.updated, pending.live)
        var ends: [Int] = []
        ends.reserveCapacity(min(objects.count, Self.objectsPerChangeArray))
        var lastArraySize = 0
        var start = 0
        while start < objects.count {
            let chunk = start..<min(start + Self.objectsPerChangeArray, objects.count)
            var changes: [AttributeChange] = []
            changes.reserveCapacity(lastArraySize)
            ends.removeAll(keepingCapacity: true)
            for index in chunk {
                appendAttributeChanges(of: objects[index], to: &changes)
                ends.append(changes.count)
            }
            lastArraySize = changes.count
            var runStart = 0
            for (index, runEnd) in zip(chunk, ends) {
                let run = runStart..<runEnd
                runStart = runEnd
                let object = objects[index]
                let toOnes = toOneChanges(of: object, live: live)
                guard !run.isEmpty || !toOnes.isEmpty else { continue }
                updates.append(UpdatedObject(
                    id: object.objectID, entityName: object.entity.name, attributes: SharedSlice(changes, range: run),
                    toOnes: toOnes, readVersion: object.committedVersion))
            }
            start = chunk.upperBound
        }
    }

    /// Objects whose attribute changes share one array: enough to make allocations rare, few enough that
    /// one update kept alone keeps little memory alive.
    private static var objectsPerChangeArray: Int { 256 }

    /// Appends the changed stored attributes of `object` with their current values to `changes`:
    /// compared with the committed values bit for bit, so `-0.0` after `0.0` and a decomposed string
    /// after its precomposed form are changes. Only the changed attributes' values are read.
    @inline(__always)
    private func appendAttributeChanges(of object: ManagedObject, to changes: inout [AttributeChange]) {
        let entity = object.entity
        if let index = object.changedAttributes.onlyIndex {
            guard !entity.hasTransientAttributes || !entity.attributeIsTransient[index] else { return }
            let value = object.attributeValue(at: index)
            if !object.changedAttributes.lowestIsIdentical(to: value) { changes.append(AttributeChange(index: index, value: value)) }
            return
        }
        object.changedAttributes.forEach { index, committed in
            guard !entity.hasTransientAttributes || !entity.attributeIsTransient[index] else { return }
            let value = object.attributeValue(at: index)
            guard !value.isIdentical(to: committed) else { return }
            changes.append(AttributeChange(index: index, value: value))
        }
    }

    /// The to-ones of `object` whose destinations differ from the committed ones.
    @inline(__always)
    private func toOneChanges(of object: ManagedObject, live: LiveIDs) -> [ToOneChange] {
        if object.hasLoadedRelationshipStates { return [] }
        var toOnes: [ToOneChange] = []
        for index in object.entity.toOneRelationshipIndices where !object.isCommittedToOneFault(at: index) {
            let current = object.toOneID(at: index)
            if current != object.committedToOneID(at: index) {
                toOnes.append(ToOneChange(relationshipIndex: index, destination: live.id(current)))
            }
        }
        return toOnes
    }

    /// Appends a change for every loaded to-many of `object` whose members or order differ from the
    /// committed ones.
    private func appendToManyChanges(of object: ManagedObject, live: LiveIDs, to changes: inout [ToManyChange]) {
        for index in object.entity.relationships.indices
        where model.schema.carriesToManyChanges(of: object.entity.name, relationshipAt: index) {
            let relationship = object.entity.relationships[index]
            guard !relationship.isTransient, case .toMany(let members) = object.relationshipStates[index] else { continue }
            let current = members.compactMap { $0.isPendingDeletion ? nil : live.id(of: $0) }
            let committed = object.committedToMany[index] ?? []
            let added: [AnyObjectID]
            let removed: [AnyObjectID]
            if committed.isEmpty {
                (added, removed) = (current, [])
            } else if current == committed {
                continue
            } else {
                let currentSet = Set(current)
                let committedSet = Set(committed)
                added = current.filter { !committedSet.contains($0) }
                removed = committed.filter { !currentSet.contains($0) }
            }
            guard !added.isEmpty || !removed.isEmpty || (relationship.isOrdered && current != committed) else { continue }
            changes.append(ToManyChange(
                ownerID: object.objectID, entityName: object.entity.name, relationshipIndex: index,
                added: added, removed: removed, orderedIDs: relationship.isOrdered ? current : nil))
        }
    }
}
