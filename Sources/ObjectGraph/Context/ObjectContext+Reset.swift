/// Forgetting everything.
extension ObjectContext {
    /// Forgets every registered object and every pending change, leaving the context as empty as a new
    /// one over the same store (like Core Data's `reset()`).
    ///
    /// Objects the caller still holds become detached from the context: their ``ManagedObject/context``
    /// is `nil`, they keep their ID and attribute values, and changing them is no longer tracked. Their
    /// relationships do not stay loaded: every relationship of every object the context knew becomes a
    /// fault, and resolving one throws ``ObjectGraphError/objectNotInContext(_:)``. Objects whose
    /// relationships were loaded both ways hold each other (an owner's to-many its members, each member's
    /// to-one its owner), and the context does not retain the objects it registered, so loaded
    /// relationships kept after a reset would keep such a graph allocated once the caller let go of it,
    /// with nothing left to break the cycles. As faults they hold nothing: whatever the caller does not
    /// hold is freed, and an object the caller holds keeps no other alive (Core Data's `reset()` likewise
    /// disconnects its objects and releases their data). The context does the same when it goes. Using
    /// detached objects with the context again (inserting, deleting or relating them) records that error,
    /// which the next ``save()`` throws. Objects that were inserted and not saved never reach the store.
    /// Fetch again to get new instances:
    ///
    /// ```swift
    /// let band = try await context.existingObject(with: id)
    /// context.reset()
    /// let fresh = try await context.existingObject(with: id)   // a new instance; `band` is detached
    /// ```
    ///
    /// Prefer calling it while no ``save()`` of the context is running. If one is, it stops without
    /// writing when it had not reached the store yet; if the store call is already under way, its changes
    /// reach the store but the context does not take them in.
    public func reset() {
        resetGeneration &+= 1
        // Every object the context knows, listed before any is released (see `deinit`).
        let registeredObjects = registered.objects
        let known = registeredObjects + inserted.objects + changed.objects + deleted.objects
        for object in registeredObjects {
            detachForReset(object)
        }
        for object in inserted.objects {
            if object.lifecycle == .inserted {
                object.lifecycle = .gone
                object.context = nil
            }
            object.isPendingDeletion = false
        }
        // Deleted or changed objects are registered, but be thorough about anything listed.
        for object in changed.objects + deleted.objects where object.context === self {
            detachForReset(object)
        }
        // With every object cut loose, so the `deinit`s this runs leave the identity map alone.
        Self.releaseRelatedObjects(of: known)
        registered.removeAll()
        temporaryIndex = nil
        inserted.removeAll()
        deleted.removeAll()
        changed.removeAll()
        pendingToMany = [:]
        pendingToOne = [:]
        journal = nil
        misuse = nil
        dropUnmergedChanges()
        changeHub.publish { ContextChange(causes: .reset) }
    }

    /// Cuts a persisted object loose: it keeps its ID, values and lifecycle, but no context tracks it.
    private func detachForReset(_ object: ManagedObject) {
        object.context = nil
        object.isTouched = false
        object.isPendingDeletion = false
    }
}

/// Thrown inside ``ObjectContext/save()`` when ``ObjectContext/reset()`` ran while the save awaited
/// something; the save then ends without writing, because the reset discarded its changes.
struct ContextWasReset: Error {}
