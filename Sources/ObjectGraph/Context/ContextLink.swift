/// What the objects of one context hold to reach it: the context itself, weakly, and its save journal.
///
/// Every object of a context refers to its one link strongly. The link is never referred to weakly, so
/// retaining and releasing it takes the runtime's fast path, where loading the weak reference to the
/// context and releasing the loaded reference goes through the context's side table (about 170
/// instructions). Two objects share a context exactly when they share a link, and a change of an
/// inserted object outside a save needs neither the context nor its journal, so the commonest
/// relationship changes never load the context.
final class ContextLink {
    /// The context, `nil` once it is gone.
    @exclusivity(unchecked) weak var context: ObjectContext?
    /// The context's ``SaveJournal`` while it saves (``ObjectContext/journal``).
    @exclusivity(unchecked) var journal: SaveJournal?
}
