/// What changed in an ``ObjectContext``: its own saves, other contexts' saves merged into it,
/// rollbacks, refreshes and resets. One value per event, or, for an observer that reads more slowly than
/// the context changes, everything since its last read coalesced into one value.
///
/// IDs, not objects: look objects up with ``ObjectContext/registeredObject(for:)``. Unsaved edits are
/// not reported; they become ``committed`` when the context saves them.
///
/// ```swift
/// for try await change in context.changes {
///     if change.causes.contains(.reset) { reloadEverything(); continue }
///     for id in change.committed.ids(.deleted).values.joined() { removeRow(for: id) }
///     for (id, properties) in change.refreshed { redrawRow(for: id, properties) }
/// }
/// ```
public struct ContextChange: Sendable, Hashable {
    /// What produced a change.
    public struct Causes: OptionSet, Sendable, Hashable {
        public let rawValue: Int

        /// Creates a set of causes from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The context saved.
        public static let saved = Causes(rawValue: 1 << 0)
        /// The context merged saves of other contexts or processes.
        public static let merged = Causes(rawValue: 1 << 1)
        /// The context rolled back its unsaved changes (``ObjectContext/rollback()``).
        public static let rolledBack = Causes(rawValue: 1 << 2)
        /// An object was refreshed from the store (``ObjectContext/refresh(_:)``).
        public static let refreshed = Causes(rawValue: 1 << 3)
        /// The context forgot every object (``ObjectContext/reset()``): whatever an observer shows of it
        /// must be fetched again.
        public static let reset = Causes(rawValue: 1 << 4)
    }

    /// What produced the change (several for a coalesced one).
    public var causes: Causes
    /// What reached the store: the context's own saves (inserted objects under their new permanent IDs,
    /// updated ones with the properties the save wrote, deleted ones) and the saves of others it merged
    /// (including objects the context never loaded, so that observers can tell whether they now match).
    public var committed: StoreChange
    /// Registered objects whose values the context replaced (merging, refreshing or rolling back), with
    /// the properties whose values differ from before.
    public var refreshed: [AnyObjectID: ChangedProperties]
    /// Inserted objects that left the context without being saved (rolled back), by temporary ID.
    public var discarded: Set<AnyObjectID>

    /// Creates a change.
    public init(
        causes: Causes, committed: StoreChange = StoreChange(), refreshed: [AnyObjectID: ChangedProperties] = [:],
        discarded: Set<AnyObjectID> = []
    ) {
        self.causes = causes
        self.committed = committed
        self.refreshed = refreshed
        self.discarded = discarded
    }

    /// Whether the change says nothing beyond its causes.
    public var isEmpty: Bool { committed.isEmpty && refreshed.isEmpty && discarded.isEmpty }
}

extension ContextChange: Coalescing {
    /// Folds `later` into `self`.
    mutating func coalesce(with later: ContextChange) {
        causes.formUnion(later.causes)
        committed.coalesce(with: later.committed)
        for (id, properties) in later.refreshed { refreshed[id, default: ChangedProperties()].formUnion(properties) }
        discarded.formUnion(later.discarded)
    }
}
