/// What the objects of one context hold to reach it: the context itself, weakly, and the state that
/// recording a change touches (the context's changed objects and its save journal).
///
/// Every object of a context refers to its one link strongly. The link is never referred to weakly, so
/// retaining and releasing it takes the runtime's fast path, where loading the weak reference to the
/// context and releasing the loaded reference goes through the context's side table (about 170
/// instructions). Two objects share a context exactly when they share a link, and recording a change
/// needs only the link, so linking objects and changing them never load the context.
final class ContextLink {
    /// The context, `nil` once it is gone.
    @exclusivity(unchecked) weak var context: ObjectContext?
    /// Whether the context still exists: its objects record changes only while it does. Cleared by the
    /// context's `deinit`, which also lets go of ``changed`` (its objects refer to this link).
    @exclusivity(unchecked) var isOpen = true
    /// The context's ``SaveJournal`` while it saves (``ObjectContext/journal``).
    @exclusivity(unchecked) var journal: SaveJournal?
    /// The context's persisted objects with unsaved changes (``ObjectContext/changed``).
    @exclusivity(unchecked) var changed = ObjectSet()

    /// Records a change of a persisted object, or of one a save in progress inserts: of its attribute
    /// `index`, or of its relationships when `index` is `nil` (called by attribute setters and
    /// relationship changes).
    @inline(__always)
    func noteChanged(_ object: ManagedObject, attributeAt index: Int? = nil) {
        guard object.lifecycle == .persisted || object.isBeingInserted else { return }
        if let journal { noteChanged(object, attributeAt: index, during: journal) }
        guard object.lifecycle == .persisted, !object.isTouched else { return }
        object.isTouched = true
        changed.append(object)
    }

    /// What ``noteChanged(_:attributeAt:)`` records while the context saves: the change, for the save to
    /// keep, and the object's state before its first change, for a failed save to put back.
    private func noteChanged(_ object: ManagedObject, attributeAt index: Int?, during journal: SaveJournal) {
        if let changesDuringSave = journal.changesDuringSave { changesDuringSave.note(object, attributeAt: index) }
        if object.lifecycle == .persisted && !object.isTouched { journal.record(object) }
    }

    /// Ends the link when its context goes: objects record no more changes, and the changed ones are
    /// released.
    func close() {
        isOpen = false
        changed.removeAll()
    }
}
