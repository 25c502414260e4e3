/// A place objects live: the async, Sendable protocol behind every ``ObjectContext``.
///
/// A store is opened with a ``ModelDescription`` (it creates whatever schema it needs from it) and then
/// answers fetches with ``Snapshot`` values and applies ``ChangeSet`` values atomically. It must be safe
/// to use from many contexts at once (an actor, or a class protecting its state with a lock).
///
/// Object IDs: a store makes permanent IDs whose ``AnyObjectID/entityName`` is the root entity of the
/// object's hierarchy (``ModelDescription/rootEntityName(of:)``) and whose key is unique within it.
///
/// ```swift
/// let store = InMemoryStore(model: MusicModel.model.description)
/// let context = try ObjectContext(store: store, model: MusicModel.model)
/// let snapshots = try await store.fetch(StoreFetchRequest(entityName: "Band"))
/// ```
///
/// A new store can be checked with the conformance suite (`ObjectGraphConformance`), which runs the
/// same tests against every store.
public protocol PersistentStore: Sendable {
    /// The model the store was opened with.
    var model: ModelDescription { get }

    /// The predicate and sort forms the store evaluates natively. The context never sends others.
    var capabilities: StoreCapabilities { get }

    /// The objects of `request.entityName` (and its subentities when asked) matching the predicate,
    /// sorted, then skipping `offset` and keeping at most `limit`; each object at most once.
    func fetch(_ request: StoreFetchRequest) async throws -> [Snapshot]

    /// The snapshots ``fetch(_:)`` returns for `request`, in the same order, in batches delivered while
    /// the store is still reading, so that a context builds the objects of one batch while the store
    /// reads the next. All batches come from one consistent read. The default implementation delivers
    /// the answer of ``fetch(_:)`` as one batch when the stream is first asked for an element.
    ///
    /// ```swift
    /// for try await batch in store.fetchInBatches(StoreFetchRequest(entityName: "Band")) {
    ///     print(batch.count)
    /// }
    /// ```
    func fetchInBatches(_ request: StoreFetchRequest) -> AsyncThrowingStream<[Snapshot], any Error>

    /// The objects whose snapshots ``fetchInBatches(_:)`` returns for `request`, in the same order and
    /// batches, decoded by the store straight from its rows into `model`'s classes (``StoredRow``,
    /// ``DecodedObjects``) instead of into snapshots: the contexts of `model` fetch through it. `nil`
    /// when the store has no such path, which the default implementation returns; the context then
    /// builds its objects from snapshots.
    ///
    /// ```swift
    /// if let batches = store.fetchObjects(StoreFetchRequest(entityName: "Band"), model: MusicModel.model) {
    ///     for try await batch in batches { print(batch.count) }
    /// }
    /// ```
    func fetchObjects(_ request: StoreFetchRequest, model: ManagedObjectModel) -> AsyncThrowingStream<DecodedObjects, any Error>?

    /// The IDs of the objects ``fetch(_:)`` would return for `request`, in the same order, with the
    /// values of the attribute key paths `paths` (to-one steps, then an attribute; `nil` to-ones give
    /// ``AttributeValue/null``) for each: one query, no snapshots. Batched fetches read the IDs alone;
    /// live results read their sort and section keys with them. The default implementation reads them
    /// from ``fetch(_:)``, and follows to-one steps with ``snapshots(for:)``.
    ///
    /// ```swift
    /// let keyed = try await store.fetchIDs(StoreFetchRequest(entityName: "Event"), withValuesOf: [["timeStamp"]])
    /// print(keyed.ids.count, keyed.values(ofRow: 0))
    /// ```
    func fetchIDs(_ request: StoreFetchRequest, withValuesOf paths: [[String]]) async throws -> FetchedIDs

    /// The number of objects ``fetch(_:)`` would return for `request`, ignoring its sorts.
    func count(_ request: StoreFetchRequest) async throws -> Int

    /// The snapshots of the objects with the given IDs, in the order of `ids`; IDs of objects that do
    /// not exist are skipped.
    func snapshots(for ids: [AnyObjectID]) async throws -> [Snapshot]

    /// The objects whose snapshots ``snapshots(for:)`` returns, decoded by the store straight from its
    /// rows into `model`'s classes (as ``fetchObjects(_:model:)``), in batches (one per table the IDs
    /// name, in no particular order); IDs of objects that do not exist are skipped. `nil` when the store
    /// has no such path, which the default implementation returns: contexts of `model` look objects up
    /// by ID (``ObjectContext/object(with:)``, to-one faults) through it, otherwise through snapshots.
    ///
    /// ```swift
    /// let batches = try await store.objects(for: [bandID], model: MusicModel.model)
    /// print(batches?.reduce(0) { $0 + $1.count } ?? 0)   // 1 when the band exists
    /// ```
    func objects(for ids: [AnyObjectID], model: ManagedObjectModel) async throws -> [DecodedObjects]?

    /// The destinations of relationship `relationshipName` of entity `entityName` for every object in
    /// `ids`, in one call. `entityName` is the entity that declares the relationship; the objects may be
    /// instances of its subentities. Every ID of an existing object is a key (with an empty list when it
    /// has no destinations); ordered relationships list destinations in order.
    func relatedIDs(
        for relationshipName: String,
        of entityName: String,
        ids: [AnyObjectID]
    ) async throws -> [AnyObjectID: [AnyObjectID]]

    /// Like ``relatedIDs(for:of:ids:)``, plus the snapshots of all the destinations, read together with
    /// the relationship (for SQLite, one query); `nil` when the store has no such path, which the default
    /// implementation returns. Contexts use it to load to-many relationships of many owners at once.
    func relatedSnapshots(
        for relationshipName: String,
        of entityName: String,
        ids: [AnyObjectID]
    ) async throws -> RelatedSnapshots?

    /// Like ``relatedSnapshots(for:of:ids:)``, with the destinations decoded by the store straight from
    /// its rows into `model`'s classes (as ``fetchObjects(_:model:)``); `nil` when the store has no such
    /// path, which the default implementation returns. Contexts of `model` prefetch to-manys through it.
    func relatedObjects(
        for relationshipName: String,
        of entityName: String,
        ids: [AnyObjectID],
        model: ManagedObjectModel
    ) async throws -> RelatedObjects?

    /// Applies `changes` atomically and returns the permanent ID of every inserted object, in the order
    /// of `changes.inserted` (one ID per inserted snapshot). On any error nothing is applied.
    func save(_ changes: ChangeSet) async throws -> [AnyObjectID]

    /// Applies `changes` like ``save(_:)`` and also returns the stored state of objects whose values the
    /// store changed while saving (server-assigned identifiers, timestamps); ``ObjectContext/save()``
    /// calls this. The default implementation calls ``save(_:)`` and reports no changed values.
    func saveReturningState(_ changes: ChangeSet) async throws -> SaveResult

    /// Starts observing what the store's committed saves change: every save committed from now on, in
    /// commit order, as ``StoreChange`` values (see ``StoreChanges`` for buffering and coalescing). A
    /// store reports its own saves and, where its backend can tell, saves made by others (another store
    /// instance on the same database, another process); what it cannot attribute to objects it reports
    /// as ``StoreChange/entitiesToRefetch``. Stores implement it with a ``StoreChangeBroadcaster``.
    ///
    /// ```swift
    /// for await change in try store.changes() {
    ///     print(change.objects.count, "objects changed")
    /// }
    /// ```
    ///
    /// - Throws: ``ObjectGraphError/changesNotObservable(store:)`` when the store cannot report its
    ///   changes; the default implementation throws it.
    func changes() throws -> StoreChanges
}

extension PersistentStore {
    /// Throws ``ObjectGraphError/changesNotObservable(store:)``: a store must say what it changed to be
    /// observed, so one that does not implement ``changes()`` says that it cannot.
    public func changes() throws -> StoreChanges {
        throw ObjectGraphError.changesNotObservable(store: "\(Self.self)")
    }
}
