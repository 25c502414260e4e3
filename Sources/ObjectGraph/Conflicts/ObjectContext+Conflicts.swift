/// Describing and resolving the conflicts a store that detects them reports (see ``MergePolicy``).
extension ObjectContext {
    /// How many times ``save()`` resolves conflicts and saves again before it reports the last ones: under
    /// contention every retry may meet a newer save.
    public static let conflictRetryLimit = 8

    /// `conflict` with the properties whose stored value differs from the context's current one, or that
    /// the context changed (others may have changed them to the same value).
    func mergeConflict(_ conflict: StoreConflict) -> MergeConflict {
        var merged = MergeConflict(
            objectID: conflict.id, entityName: conflict.entityName, isDeletion: conflict.isDeletion,
            readVersion: conflict.readVersion, storeVersion: conflict.stored?.version, properties: [])
        guard let stored = conflict.stored, let object = registered[conflict.id], (try? checkShape(of: stored, for: object.entity)) != nil
        else { return merged }
        let entity = object.entity
        merged.entityName = entity.name
        let current = propertyValues(of: object)
        for index in entity.storedAttributeIndices {
            let committed = object.committedValue(at: index)
            guard !stored.values[index].isIdentical(to: current.attributes[index]) || !current.attributes[index].isIdentical(to: committed)
            else { continue }
            merged.properties.append(PropertyConflict(
                name: entity.attributes[index].name, storeValue: .attribute(stored.values[index]),
                contextValue: .attribute(current.attributes[index]), readValue: .attribute(committed)))
        }
        for (slot, index) in entity.toOneRelationshipIndices.enumerated()
        where stored.toOneIDs[slot] != current.toOnes[slot] || current.toOnes[slot] != object.committedToOneID(at: index) {
            merged.properties.append(PropertyConflict(
                name: entity.relationships[index].name, storeValue: .toOne(stored.toOneIDs[slot]),
                contextValue: .toOne(current.toOnes[slot]), readValue: .toOne(object.committedToOneID(at: index))))
        }
        return merged
    }

    /// Applies `policy` to each conflicting object, remembering in `resolutions` its state before the first
    /// resolution, and gives it the store's version so that the next attempt is checked against it.
    func resolve(_ conflicts: [StoreConflict], by policy: MergePolicy, recordingInto resolutions: ConflictResolutions) throws {
        resolutions.recordSets(of: self)
        for conflict in conflicts {
            guard let stored = conflict.stored, let object = registered[conflict.id], object.lifecycle == .persisted else { continue }
            try checkShape(of: stored, for: object.entity)
            resolutions.record(object)
            if conflict.isDeletion && policy != .rollback {
                try refresh(object, from: stored)
                continue
            }
            switch policy {
            case .error: continue
            case .storeTrumps:
                takeStoreChanges(of: stored, into: object)
                try refresh(object, from: stored)
            case .objectTrumps:
                try refresh(object, from: stored)
            case .overwrite:
                overwrite(stored, with: object)
            case .rollback:
                if object.isPendingDeletion {
                    deleted.remove(object)
                    object.isPendingDeletion = false
                }
                try loadAttributes(stored, into: object)
                loadToOnes(stored, into: object)
            }
        }
    }

    /// Sets every attribute and to-one of `object` that another save changed to the stored value.
    private func takeStoreChanges(of stored: Snapshot, into object: ManagedObject) {
        object.isTrackingChanges = false
        defer { object.isTrackingChanges = true }
        for index in object.entity.storedAttributeIndices where !stored.values[index].isIdentical(to: object.committedValue(at: index)) {
            try? object.setAttributeValue(stored.values[index], at: index)
        }
        for (slot, index) in object.entity.toOneRelationshipIndices.enumerated()
        where stored.toOneIDs[slot] != object.committedToOneID(at: index) {
            object.relationshipStates[index] = .toOneFault(stored.toOneIDs[slot])
        }
    }

    /// Makes `stored` the committed state of `object` and every property where `object` differs from it a
    /// change, so that the next attempt writes the object's whole state.
    private func overwrite(_ stored: Snapshot, with object: ManagedObject) {
        let differing = object.entity.storedAttributeIndices.filter { !object.attributeValue(at: $0).isIdentical(to: stored.values[$0]) }
        object.changedAttributes = ChangedAttributes(Set(object.changedAttributes.indices).union(differing), committedValues: stored.values)
        object.committedToOneIDs = stored.toOneIDs
        object.committedVersion = stored.version
        noteChanged(object)
    }
}

/// The state of objects and of the context's change lists before conflict resolution changed them, so that
/// a save that fails in the end leaves the context as it was.
final class ConflictResolutions {
    private struct ObjectState {
        let object: ManagedObject
        let values: [AttributeValue]
        let committedToOneIDs: SharedSlice<AnyObjectID?>
        let committedVersion: Int64
        let relationshipStates: SharedSlice<RelationshipState>
        let changedAttributes: ChangedAttributes
        let isTouched: Bool
        let isPendingDeletion: Bool
    }

    private var objects: [ObjectIdentifier: ObjectState] = [:]
    private var sets: (changed: ObjectSet, deleted: ObjectSet)?

    /// Remembers the context's changed and deleted objects, the first time.
    func recordSets(of context: ObjectContext) {
        if sets == nil { sets = (context.changed, context.deleted) }
    }

    /// Remembers `object`'s state, the first time.
    func record(_ object: ManagedObject) {
        let key = ObjectIdentifier(object)
        guard objects[key] == nil else { return }
        objects[key] = ObjectState(
            object: object, values: object.entity.attributes.indices.map(object.attributeValue(at:)),
            committedToOneIDs: object.committedToOneIDs,
            committedVersion: object.committedVersion, relationshipStates: object.relationshipStates,
            changedAttributes: object.changedAttributes, isTouched: object.isTouched, isPendingDeletion: object.isPendingDeletion)
    }

    /// Puts everything recorded back.
    func undo(in context: ObjectContext) {
        for state in objects.values {
            let object = state.object
            object.isTrackingChanges = false
            for index in object.entity.storedAttributeIndices { try? object.setAttributeValue(state.values[index], at: index) }
            object.isTrackingChanges = true
            object.committedToOneIDs = state.committedToOneIDs
            object.committedVersion = state.committedVersion
            object.relationshipStates = state.relationshipStates
            object.changedAttributes = state.changedAttributes
            object.isTouched = state.isTouched
            object.isPendingDeletion = state.isPendingDeletion
        }
        if let sets {
            // Objects listed since, and not by a resolution, were changed or deleted while a later
            // attempt awaited the store: they stay listed.
            context.changed = sets.changed.adding(context.changed) { objects[ObjectIdentifier($0)] == nil }
            context.deleted = sets.deleted.adding(context.deleted) { objects[ObjectIdentifier($0)] == nil }
        }
        objects = [:]
        sets = nil
    }
}
