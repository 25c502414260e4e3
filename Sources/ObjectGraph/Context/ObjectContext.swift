/// A scratch pad of objects over a ``PersistentStore``: one instance per object ID (identity map),
/// change tracking, inverse maintenance, delete rules and validation on ``save()``.
///
/// Not Sendable: create it in the isolation domain that uses it (the main actor, any actor, or a task).
/// Its async methods are `nonisolated(nonsending)`, so they run in the caller's isolation. Share a
/// store between contexts, and pass objects between them as ``ObjectID`` values.
///
/// A context keeps objects with unsaved changes until they are saved or rolled back, and any other object
/// only while someone else holds it (the caller, or a loaded relationship of a held object): reading
/// batch after batch keeps memory bounded by what the caller holds, and every held object stays the one
/// instance for its ID. When it is reset or goes, its objects' relationships become faults, so objects
/// related both ways stop holding each other and go with the last outside reference (see ``reset()``).
/// It merges what other contexts save (``automaticallyMergesChanges``) and publishes what changes in it
/// (``changes``).
///
/// ```swift
/// @MainActor func demo(store: InMemoryStore) async throws {
///     let context = try ObjectContext(store: store, model: MusicModel.model)
///     let band = Band(context: context, name: "Low")
///     let album = Album(context: context, title: "Things We Lost in the Fire")
///     album.year = 2001
///     band.addToAlbums(album)
///     try await context.save()
///
///     let recent = try await context.fetch(Album.self, where: \.year > 2000, sortedBy: [.descending(\.year)], limit: 20)
///     let same = try await Album.fetch(in: context, where: \.band.name == "Low")
///     assert(recent.first === same.first)                 // one instance per object
/// }
/// ```
public final class ObjectContext {
    /// The store objects are loaded from and saved to.
    public let store: any PersistentStore
    /// The model, with the class of every entity.
    public let model: ManagedObjectModel

    // The bookkeeping below is touched for every object a context creates, loads or saves; its accesses
    // never overlap, so they skip the dynamic exclusivity checks.

    /// Registered objects with permanent IDs (``registeredObject(for:)`` also finds inserted ones).
    @exclusivity(unchecked) var registered = IdentityMap()
    /// Inserted objects by temporary ID, built on the first lookup by a temporary ID.
    @exclusivity(unchecked) var temporaryIndex: [AnyObjectID: ManagedObject]?
    @exclusivity(unchecked) var inserted = ObjectSet()
    @exclusivity(unchecked) var deleted = ObjectSet()
    /// Persisted objects with unsaved changes, kept by ``link`` so that recording a change needs no context.
    var changed: ObjectSet {
        get { link.changed }
        _modify { yield &link.changed }
    }
    @exclusivity(unchecked) var pendingToMany: [PendingKey: PendingToMany] = [:]
    @exclusivity(unchecked) var pendingToOne: [PendingKey: AnyObjectID?] = [:]
    /// What the context's objects hold to reach it.
    let link = ContextLink()
    /// What a save in progress may change, recorded so a failed save restores it; `nil` outside saves.
    var journal: SaveJournal? {
        get { link.journal }
        set { link.journal = newValue }
    }
    var isSaving = false
    var misuse: ObjectGraphError?
    /// Counts ``reset()`` calls, so work that awaited something can tell the context was reset meanwhile.
    var resetGeneration = 0
    let validationRules: ValidationRules
    /// The observers of ``changes``.
    let changeHub = ContextChangeHub()
    /// The store's changes this context has not merged yet, while it merges automatically.
    var storeObservation: StoreChangeBroadcaster.Subscription?
    var isMerging = false
    /// What ``save()`` does when the store reports that others changed objects it writes since this
    /// context read them (stores with ``StoreCapabilities/detectsConflicts``): fail with
    /// ``ObjectGraphError/mergeConflicts(_:)`` (the default), or resolve and save again.
    ///
    /// ```swift
    /// context.mergePolicy = .objectTrumps
    /// ```
    public var mergePolicy: MergePolicy = .error

    /// Creates a context over `store`.
    /// - Throws: ``ObjectGraphError/modelMismatch(expected:actual:)`` when the store was opened with a
    ///   model whose version hash differs from `model`'s.
    public init(store: any PersistentStore, model: ManagedObjectModel) throws {
        guard store.model.versionHash == model.schema.versionHash else {
            throw ObjectGraphError.modelMismatch(expected: model.schema.name, actual: store.model.name)
        }
        self.store = store
        self.model = model
        validationRules = ValidationRules(model: model)
        link.context = self
        observeStore()
    }

    /// Lets go of what the context's objects hold of each other, so that graphs of objects related both
    /// ways, which the identity map does not retain, are freed with the context unless someone else holds
    /// them (see ``reset()``).
    deinit {
        // Every object the context knows that holds another, listed first: releasing related objects runs
        // the `deinit`s of objects no one else holds, which release further objects. Closing the link
        // first makes those `deinit`s leave the identity map alone, and the loop reads only this list of
        // its own. Registered objects that hold none (unresolved, as fetched) are not even retained.
        let objects = registered.objects(where: \.holdsRelatedObjects) + inserted.objects + changed.objects + deleted.objects
        link.close()
        Self.releaseRelatedObjects(of: objects)
        changeHub.finish()
    }

    /// Makes every relationship of `objects` a fault (``ManagedObject/releaseRelatedObjects()``), so
    /// objects related both ways stop holding each other. The objects must already be cut loose from
    /// the context (no context, or a closed link), because releasing them may run `deinit`s; `objects`
    /// is the caller's own list, which no `deinit` changes, and keeps every listed object alive until the
    /// caller drops it.
    static func releaseRelatedObjects(of objects: [ManagedObject]) {
        for object in objects {
            object.releaseRelatedObjects()
        }
    }

    /// Whether there are unsaved inserts, updates or deletes: while a ``save()`` awaits the store, those
    /// it writes and those made since it started.
    public var hasChanges: Bool {
        !inserted.isEmpty || !deleted.isEmpty || !changed.isEmpty || !pendingToMany.isEmpty
            || !pendingToOne.isEmpty || journal?.changesDuringSave != nil
    }

    /// Objects inserted since the last save (and not deleted again), in insertion order.
    public var insertedObjects: [ManagedObject] {
        inserted.objects.filter { !$0.isPendingDeletion }
    }

    /// Persisted objects changed since the last save (and not deleted).
    public var updatedObjects: [ManagedObject] {
        changed.objects.filter { !$0.isPendingDeletion }
    }

    /// Persisted objects deleted since the last save.
    public var deletedObjects: [ManagedObject] {
        deleted.objects.filter { $0.lifecycle == .persisted }
    }

    /// Inserts a new object (and any detached objects it is related to); generated initializers call it.
    /// Inserting an object of another context, or of an abstract entity, records an error that the next
    /// ``save()`` throws.
    public func insert(_ object: ManagedObject) {
        guard object.lifecycle == .detached else {
            if object.context !== self { misuse = .objectNotInContext(object.objectID) }
            return
        }
        if object.entity.isAbstract {
            misuse = .inconsistentData("\(object.entity.name) is abstract; insert an object of one of its subentities")
        }
        // `init(entity:)` gave the object a fresh temporary ID named after its own entity, which is the
        // right name for the root of a hierarchy; only subentities look their root up.
        if object.entity.parentName != nil {
            object.objectID = .temporary(entityName: model.schema.rootEntityName(of: object.entity.name))
        }
        object.context = self
        object.lifecycle = .inserted
        inserted.append(object)
        temporaryIndex?[object.objectID] = object
        if object.hasInitialRelationshipStates { return }
        for state in object.relationshipStates {
            switch state {
            case .toOne(let destination?): insert(destination)
            case .toMany(let destinations): destinations.forEach(insert)
            default: break
            }
        }
    }

    /// Creates and inserts a new object of the entity called `entityName`, an instance of the class the
    /// model gives that entity: the by-name counterpart of a generated initializer, for tools that know
    /// the entity only at run time. Its attributes start at the class's initial values.
    ///
    /// ```swift
    /// let band = try context.insertObject(ofEntity: "Band")
    /// try band.setAttributeValue(.string("Low"), at: Band.entity.attributeIndex(named: "name")!)
    /// ```
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)`` when the model has no such entity; inserting an
    ///   abstract entity's object is an error the next ``save()`` throws, as for ``insert(_:)``.
    public func insertObject(ofEntity entityName: String) throws -> ManagedObject {
        let object = try model.objectFactory(entityName: entityName).make()
        insert(object)
        return object
    }

    /// Marks an object for deletion; the next ``save()`` applies delete rules and removes it from the store.
    ///
    /// Once that save succeeds, a deleted object the caller still holds keeps its ID and values but no
    /// context; its relationships become faults, and resolving one throws
    /// ``ObjectGraphError/objectNotInContext(_:)``, so deleted objects loaded both ways (an album and its
    /// cascaded tracks) do not keep each other allocated.
    ///
    /// ```swift
    /// context.delete(album)
    /// try await context.save()   // album.context == nil; its tracks are gone from the store too
    /// ```
    public func delete(_ object: ManagedObject) {
        guard object.link === link, object.lifecycle != .gone else {
            misuse = .objectNotInContext(object.objectID)
            return
        }
        guard !object.isPendingDeletion else { return }
        journal?.record(object)
        object.isPendingDeletion = true
        deleted.append(object)
    }

    /// Records a change of a persisted object, or of one a save in progress inserts: of its attribute
    /// `index`, or of its relationships when `index` is `nil` (called by attribute setters and
    /// relationship changes).
    func noteChanged(_ object: ManagedObject, attributeAt index: Int? = nil) {
        link.noteChanged(object, attributeAt: index)
    }

    /// Records a membership change of an unloaded to-many.
    func notePending(_ key: PendingKey, _ change: (inout PendingToMany) -> Void) {
        change(&pendingToMany[key, default: PendingToMany()])
    }

    /// The key for relationship `index` of an object of `entity` with `id`, normalized to the entity
    /// that declares the relationship so every subentity finds it.
    func pendingKey(_ id: AnyObjectID, entity: EntityDescription, relationshipIndex index: Int) -> PendingKey {
        PendingKey(owner: id, entityName: declaringEntityName(ofRelationshipAt: index, in: entity), relationshipIndex: index)
    }

    /// The topmost ancestor of `entity` (or `entity` itself) that has relationship `index`.
    func declaringEntityName(ofRelationshipAt index: Int, in entity: EntityDescription) -> String {
        var declaring = entity
        let name = entity.relationships[index].name
        while let parentName = declaring.parentName, let parent = model.schema.entity(named: parentName),
              parent.relationshipIndex(named: name) == index {
            declaring = parent
        }
        return declaring.name
    }
}
