/// Where an object is in its life.
@usableFromInline
enum Lifecycle {
    /// Created but not inserted into a context.
    case detached
    /// Inserted into a context, not saved yet.
    case inserted
    /// Loaded from, or saved to, the store.
    case persisted
    /// Deleted and saved, or rolled back out of existence.
    case gone
}

/// One side of one relationship of an object.
enum RelationshipState {
    /// A to-one whose destination ID is known but whose object is not resolved yet.
    case toOneFault(AnyObjectID?)
    /// A to-one not resolved yet whose destination is the committed one (the object's committed to-one
    /// IDs at the relationship's slot). Objects loaded together share this state through their entity's
    /// ``EntityDescription/loadedRelationshipStates``, so loading allocates nothing for relationships.
    case committedToOneFault
    /// A resolved to-one.
    case toOne(ManagedObject?)
    /// A to-many not loaded yet.
    case toManyFault
    /// A loaded to-many, in order.
    case toMany([ManagedObject])
}

extension RelationshipState {
    /// Whether the relationship is resolved (a to-one) or loaded (a to-many), holding its destinations.
    var isLoaded: Bool {
        switch self {
        case .toOne, .toMany: true
        case .toOneFault, .committedToOneFault, .toManyFault: false
        }
    }

    /// This state as a fault that holds no object: a resolved to-one keeps its destination's ID, a loaded
    /// to-many is not loaded any more.
    var fault: RelationshipState {
        switch self {
        case .toOne(let destination): .toOneFault(destination?.objectID)
        case .toMany: .toManyFault
        case .toOneFault, .committedToOneFault, .toManyFault: self
        }
    }
}

/// The base class of every generated entity class.
///
/// Generated subclasses keep each attribute in a private typed stored property behind a public property
/// whose setter (and `_modify`) calls ``willChange(attributeAt:)`` before it writes, and override
/// ``attributeValue(at:)``, ``setAttributeValue(_:at:)`` and ``loadAttributes(from:)`` with a switch over
/// attribute indices (loading writes the stored properties directly), so the runtime reads and writes
/// values without reflection. An object keeps the committed value (as loaded or last saved) only of an
/// attribute it changed, captured on the attribute's first change; rollback, the change set and conflict
/// reports read it with ``committedValue(at:)``.
/// Relationship state lives here; generated code adds typed wrappers around ``toOne(at:)``,
/// ``set(_:toOneAt:)``, ``toMany(at:)``, ``add(_:toManyAt:)``, ``remove(_:fromToManyAt:)`` and
/// ``insert(_:at:toManyAt:)``, and the context keeps both sides of every inverse in sync.
///
/// Not Sendable: an object belongs to one context and is used in that context's isolation. Hand
/// ``objectID`` (a Sendable value) to other tasks instead.
///
/// ```swift
/// let band = Band(context: context, name: "Low")     // generated initializer, inserts
/// let album = Album(context: context, title: "C'mon")
/// album.setBand(band)                                 // band.albums now contains album
/// try await context.save()
/// ```
open class ManagedObject {
    /// The object's entity (its concrete entity, never an abstract parent).
    public let entity: EntityDescription
    // The ID, the context and the runtime's state below are read and written on every insert, link,
    // change, load and save; the runtime never passes them `inout` nor holds an access across a call,
    // so their accesses never overlap, and they skip the dynamic exclusivity checks (about 80
    // instructions each, several per object of a large save or fetch).

    /// The object's ID: temporary until the first save, then the store's permanent ID.
    @exclusivity(unchecked) public final internal(set) var objectID: AnyObjectID
    /// The context the object belongs to, or `nil` before insertion, after a saved deletion, after
    /// ``ObjectContext/reset()`` and once the context is gone.
    public final internal(set) var context: ObjectContext? {
        get { link?.context }
        set { link = newValue?.link }
    }
    /// The link of the context the object belongs to (see ``ContextLink``), `nil` when ``context`` was.
    @exclusivity(unchecked) final var link: ContextLink?

    @usableFromInline @exclusivity(unchecked) final var lifecycle: Lifecycle = .detached
    @exclusivity(unchecked) var isPendingDeletion = false
    /// Whether the context lists this persisted object as changed.
    @exclusivity(unchecked) var isTouched = false
    /// Whether this inserted object is in a save that awaits the store, so that its changes are recorded
    /// as those of a persisted object (see ``ChangesDuringSave``).
    @usableFromInline @exclusivity(unchecked) final var isBeingInserted = false
    /// False while the runtime itself writes attributes (loading, rollback), so no change is recorded.
    @usableFromInline @exclusivity(unchecked) final var isTrackingChanges = true
    /// Whether the committed to-one destinations are the current ones, so none are kept: true from a
    /// save's commit of the inserted object until its relationships next change (``relationshipStates``
    /// captures them first), as committed attribute values are captured on first change.
    @exclusivity(unchecked) private(set) final var toOnesAreCommitted = false
    /// Whether the object has its entity's initial relationship states
    /// (``EntityDescription/initialRelationshipStates``): it is new and none of its relationships
    /// changed yet, so it has no destination to insert with it. Every write to ``relationshipStates``
    /// clears it.
    @exclusivity(unchecked) private(set) final var hasInitialRelationshipStates = true
    /// Shared with other objects loaded in the same batch until one of them changes (``SharedSlice``).
    /// Every change first captures the committed to-one destinations while they are the current ones
    /// (``toOnesAreCommitted``).
    final var relationshipStates: SharedSlice<RelationshipState> {
        get { storedRelationshipStates }
        set {
            captureCommittedToOneIDs()
            hasInitialRelationshipStates = false
            storedRelationshipStates = newValue
        }
        _modify {
            captureCommittedToOneIDs()
            hasInitialRelationshipStates = false
            yield &storedRelationshipStates
        }
    }
    @exclusivity(unchecked) private final var storedRelationshipStates: SharedSlice<RelationshipState>
    /// Whether the relationship states are still the entity's ``EntityDescription/loadedRelationshipStates``
    /// that loading (or a rollback) gave the object, unchanged: then every to-one is a
    /// ``RelationshipState/committedToOneFault``, its committed destination, and a save need not compare
    /// them. Any write to ``relationshipStates`` (a change, a resolved fault) copies the shared storage.
    final var hasLoadedRelationshipStates: Bool {
        storedRelationshipStates.sharesElements(with: entity.loadedRelationshipStates)
    }
    /// The attributes changed since loading or the last save, with their committed values.
    @exclusivity(unchecked) var changedAttributes = ChangedAttributes()
    /// The committed destination IDs of the to-ones, aligned with the entity's to-one relationships (the
    /// current ones while ``toOnesAreCommitted``).
    final var committedToOneIDs: SharedSlice<AnyObjectID?> {
        get { toOnesAreCommitted ? SharedSlice(currentToOneIDs) : storedCommittedToOneIDs }
        set {
            toOnesAreCommitted = false
            storedCommittedToOneIDs = newValue
        }
    }
    @exclusivity(unchecked) private final var storedCommittedToOneIDs: SharedSlice<AnyObjectID?> = []
    @exclusivity(unchecked) var committedToMany = [Int: [AnyObjectID]]()
    /// The store's version of the committed state (``Snapshot/version``); 0 when the store keeps none.
    @exclusivity(unchecked) var committedVersion: Int64 = 0

    /// Creates a detached object of `entity` with every to-one empty and every to-many loaded and empty.
    /// Generated initializers call this and then insert the object into a context.
    public required init(entity: EntityDescription) {
        self.entity = entity
        self.objectID = .temporary(entityName: entity.name)
        self.storedRelationshipStates = entity.initialRelationshipStates
    }

    /// A registered object leaves its context's identity map, which does not retain it. An integer key is
    /// read in place: passing the whole ID copied it. The link of a context that is gone says so without
    /// loading the weak reference.
    deinit {
        guard lifecycle == .persisted, link?.isOpen == true, let context else { return }
        let identity = Unmanaged.passUnretained(self).toOpaque()
        if case .integer(let key) = objectID.key {
            context.registered.forget(integerKey: key, identity: identity)
        } else {
            context.registered.forget(objectID, identity: identity)
        }
    }

    /// The value of the attribute at `index` of ``entity``'s attributes. Generated classes override this
    /// with a switch; the base implementation returns ``AttributeValue/null``.
    open func attributeValue(at index: Int) -> AttributeValue {
        .null
    }

    /// Sets the attribute at `index` from an untyped value. Generated classes override this with a switch
    /// that converts with ``decode(_:at:)``; the base implementation throws.
    /// - Throws: ``ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` when `value` does not
    ///   fit, ``ObjectGraphError/unknownProperty(entity:property:)`` for an index the class does not have.
    open func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        throw ObjectGraphError.unknownProperty(entity: entity.name, property: "#\(index)")
    }

    /// Sets every stored (not transient) attribute from `values`, a store's values in schema order.
    /// Generated classes override this with one typed assignment per attribute to its stored property
    /// (past the setter), calling `super` for inherited ones; the base implementation calls
    /// ``setAttributeValue(_:at:)`` for each attribute. The context calls it while loading, when no change
    /// is recorded; the loaded values are the committed ones, and nothing keeps `values`.
    /// - Throws: as ``setAttributeValue(_:at:)``, for the first value that does not fit.
    open func loadAttributes(from values: SharedSlice<AttributeValue>) throws {
        for index in entity.storedAttributeIndices {
            try setAttributeValue(values[index], at: index)
        }
    }

    /// Sets every stored (not transient) attribute from a store's row, read by attribute index
    /// (``StoredRow``). Generated classes override this with one typed read per attribute
    /// (the row overload of ``decode(_:at:)``), calling `super` for inherited ones; the base implementation reads
    /// every value with ``StoredRow/value(at:)`` and calls `loadAttributes(from values:)`,
    /// so a class that overrides only that one loads from rows too. The context calls it while loading,
    /// when no change is recorded.
    /// - Throws: as `loadAttributes(from values:)`, and what the row throws.
    open func loadAttributes(from row: any StoredRow) throws {
        var values: [AttributeValue] = []
        values.reserveCapacity(entity.attributes.count)
        for (index, isTransient) in entity.attributeIsTransient.enumerated() {
            values.append(isTransient ? .null : try row.value(at: index))
        }
        try loadAttributes(from: SharedSlice(values))
    }

    /// Records that the attribute at `index` is about to change. Generated setters call this before they
    /// write the attribute's stored property; on the attribute's first change since the object was loaded
    /// or saved, the runtime reads the value still there (``attributeValue(at:)``) as its committed value.
    /// Inlined into the setters, it is a few flag checks when nothing needs recording (an inserted or
    /// detached object, or while the runtime itself writes attributes).
    ///
    /// ```swift
    /// public var title: String {
    ///     get { _title }
    ///     set { willChange(attributeAt: 7); _title = newValue }
    ///     _modify { willChange(attributeAt: 7); yield &_title }
    /// }
    /// ```
    @inlinable
    public final func willChange(attributeAt index: Int) {
        if isTrackingChanges && (lifecycle == .persisted || isBeingInserted) { recordChange(ofAttributeAt: index) }
    }

    /// Records the coming change of a loaded object's attribute with its context, capturing the committed
    /// value on the attribute's first change.
    @usableFromInline
    final func recordChange(ofAttributeAt index: Int) {
        guard let link, link.isOpen else { return }
        changedAttributes.insert(index) { attributeValue(at: index) }
        link.noteChanged(self, attributeAt: index)
    }

    /// The committed value of the attribute at `index`: as last loaded from or saved to the store. It is
    /// the current value unless the attribute changed since.
    final func committedValue(at index: Int) -> AttributeValue {
        changedAttributes.committedValue(at: index) ?? attributeValue(at: index)
    }

    /// Converts `value` for the attribute at `index`, throwing a typed error naming the attribute when it
    /// does not fit.
    @inlinable
    public final func decode<Value: AttributeValueConvertible>(_ value: AttributeValue, at index: Int) throws -> Value {
        if let converted = Value(attributeValue: value) { return converted }
        throw typeMismatch(value, at: index)
    }

    /// Converts the value at `index` of a store's `values` (in schema order) for the attribute at `index`,
    /// throwing the same typed error as the overload that takes one value. Generated ``loadAttributes(from:)`` overrides
    /// call this: reading the value inside, and again only to report a mismatch, spares a copy of
    /// every value that passing `values[index]` makes.
    @inlinable @inline(__always)
    public final func decode<Value: AttributeValueConvertible>(_ values: SharedSlice<AttributeValue>, at index: Int) throws -> Value {
        if let converted = Value(attributeValue: values[index]) { return converted }
        throw typeMismatch(values[index], at: index)
    }

    /// Reads the attribute at `index` of a store's `row` for the attribute at `index`: with the row's typed
    /// read of `Value` where it has one (``AttributeValueConvertible/read(from:at:)``), otherwise by
    /// converting ``StoredRow/value(at:)``, which throws the same typed error as the overload that takes
    /// one value. Generated `loadAttributes(from row:)` overrides call this.
    @inlinable @inline(__always)
    public final func decode<Value: AttributeValueConvertible>(_ row: any StoredRow, at index: Int) throws -> Value {
        if let value = Value.read(from: row, at: index) { return value }
        return try decode(try row.value(at: index), at: index)
    }

    /// The error for a value that does not fit the attribute at `index`.
    @usableFromInline
    final func typeMismatch(_ value: AttributeValue, at index: Int) -> ObjectGraphError {
        let attribute = entity.attributes.indices.contains(index) ? entity.attributes[index] : nil
        return ObjectGraphError.typeMismatch(
            entity: entity.name, attribute: attribute?.name ?? "#\(index)", expected: attribute?.type ?? .undefined, value: value)
    }

    /// Whether the object was inserted and not saved yet.
    public final var isInserted: Bool { lifecycle == .inserted && !isPendingDeletion }

    /// Whether the object is deleted (pending the next save, or saved).
    public final var isDeleted: Bool { isPendingDeletion || lifecycle == .gone }

    /// Whether the object was loaded from the store and has unsaved changes.
    public final var isUpdated: Bool { lifecycle == .persisted && isTouched && !isPendingDeletion }

    /// Every attribute value, in attribute order, transient ones as ``AttributeValue/null``.
    final var storableValues: SharedSlice<AttributeValue> {
        var packer = SlicePacker<AttributeValue>(runsPerArray: 1)
        packStorableValues(into: &packer)
        return packer.finish()[0]
    }

    /// Appends every attribute value, in attribute order (transient ones as ``AttributeValue/null``), as
    /// one run of `packer`.
    final func packStorableValues(into packer: inout SlicePacker<AttributeValue>) {
        for (index, isTransient) in entity.attributeIsTransient.enumerated() {
            packer.append(isTransient ? .null : attributeValue(at: index))
        }
        packer.endRun()
    }

    /// The current destination IDs of every to-one, aligned with the entity's to-one relationships.
    final var currentToOneIDs: [AnyObjectID?] {
        entity.toOneRelationshipIndices.map(toOneID(at:))
    }

    /// Makes this new, detached object, just loaded from the store, a persisted object of the context
    /// `link` belongs to, with `relationshipStates` (its entity's shared unresolved ones) and the committed
    /// to-one destinations `committedToOneIDs`. It writes the stored state directly: a new object has no
    /// committed to-ones to capture, and going through ``context`` and the relationship setters retained
    /// and released the context and the replaced values once more per object.
    @inline(__always)
    final func adoptLoadedState(
        link: ContextLink, relationshipStates: SharedSlice<RelationshipState>, committedToOneIDs: consuming SharedSlice<AnyObjectID?>
    ) {
        assert(lifecycle == .detached && !toOnesAreCommitted, "\(self) is not a new object")
        self.link = link
        lifecycle = .persisted
        storedRelationshipStates = relationshipStates
        hasInitialRelationshipStates = false
        storedCommittedToOneIDs = consume committedToOneIDs
    }

    /// Whether a relationship is resolved or loaded, so that it may hold related objects (which
    /// ``releaseRelatedObjects()`` lets go of). Not ``hasLoadedRelationshipStates``, which says the
    /// states are still the entity's shared, unresolved ones.
    final var holdsRelatedObjects: Bool {
        storedRelationshipStates.contains(where: \.isLoaded)
    }

    /// Lets go of every related object: each loaded relationship becomes a fault (a to-one keeps its
    /// destination's ID, a to-many forgets its members), so objects related both ways no longer hold each
    /// other. The context calls it on its objects when it is reset or goes, after cutting them loose
    /// (``ObjectContext/releaseRelatedObjects(of:)``); without a context, resolving a fault throws
    /// ``ObjectGraphError/objectNotInContext(_:)``. The stored states are written directly: the to-one
    /// IDs stay what they were, so the committed ones need no capture, and no change is recorded.
    ///
    /// Releasing related objects may run the `deinit`s of objects no one else holds; none of them reads
    /// this object, which its caller holds. The states change in place when the object has its own
    /// (it does once it changed a relationship or resolved one), so this allocates nothing.
    final func releaseRelatedObjects() {
        guard holdsRelatedObjects else { return }
        if hasInitialRelationshipStates {
            storedRelationshipStates = entity.initialRelationshipFaults
            hasInitialRelationshipStates = false
            return
        }
        for index in storedRelationshipStates.indices {
            storedRelationshipStates.update(at: index) { state in
                if state.isLoaded { state = state.fault }
            }
        }
    }

    /// Makes the current to-one destinations the committed ones (no new array when they are already).
    /// The first check is inlined into the commit's loop.
    @inline(__always)
    final func commitToOneIDs() {
        // Loaded states hold only committed to-one faults: the committed destinations are the current ones.
        if toOnesAreCommitted || hasLoadedRelationshipStates { return }
        commitChangedToOneIDs()
    }

    /// ``commitToOneIDs()`` for relationships that changed since they were loaded.
    private final func commitChangedToOneIDs() {
        let indices = entity.toOneRelationshipIndices
        if committedToOneIDs.count == indices.count
            && indices.indices.allSatisfy({ isCommittedToOneFault(at: indices[$0]) || committedToOneIDs[$0] == toOneID(at: indices[$0]) }) {
            return
        }
        committedToOneIDs = SharedSlice(currentToOneIDs)
    }

    /// Makes the current to-one destinations the committed ones without keeping them: they stay the
    /// committed ones until the relationships next change, which captures them (``relationshipStates``).
    final func commitCurrentToOneIDs() {
        // An unresolved committed destination is known only by its kept ID.
        if entity.toOneRelationshipIndices.contains(where: isCommittedToOneFault(at:)) { return commitToOneIDs() }
        storedCommittedToOneIDs = []
        toOnesAreCommitted = true
    }

    /// Keeps the committed to-one destinations before a relationship changes, while they are the current ones.
    @inline(__always)
    private final func captureCommittedToOneIDs() {
        guard toOnesAreCommitted else { return }
        storedCommittedToOneIDs = SharedSlice(currentToOneIDs)
        toOnesAreCommitted = false
    }

    /// Makes the to-one destinations of `states` (this object's relationships at some earlier moment,
    /// such as when a save read them) the committed ones.
    final func commitToOneIDs(as states: SharedSlice<RelationshipState>) {
        committedToOneIDs = SharedSlice(entity.toOneRelationshipIndices.map { index in
            switch states[index] {
            case .committedToOneFault: committedToOneID(at: index)
            case .toOneFault(let id): id
            case .toOne(let object): object?.objectID
            case .toManyFault, .toMany: nil
            }
        })
    }

    /// Whether the to-one at relationship `index` is the unresolved committed destination, so its current
    /// destination is the committed one without comparing IDs.
    final func isCommittedToOneFault(at index: Int) -> Bool {
        if case .committedToOneFault = relationshipStates[index] { return true }
        return false
    }

    /// The current destination ID of the to-one at relationship `index` (`nil` for none or a to-many).
    final func toOneID(at index: Int) -> AnyObjectID? {
        // Read in place: going through ``relationshipState(at:)`` copied the state out and back.
        switch relationshipStates[index] {
        case .toOneFault(let id): id
        case .toOne(let object): object?.objectID
        case .committedToOneFault: storedCommittedToOneID(at: index)
        case .toManyFault, .toMany: nil
        }
    }

    /// The state of relationship `index`, with a ``RelationshipState/committedToOneFault`` spelled out
    /// as the ``RelationshipState/toOneFault(_:)`` of the committed destination.
    final func relationshipState(at index: Int) -> RelationshipState {
        let state = relationshipStates[index]
        guard case .committedToOneFault = state else { return state }
        return .toOneFault(committedToOneID(at: index))
    }

    /// The committed destination ID of the to-one at relationship `index`.
    final func committedToOneID(at index: Int) -> AnyObjectID? {
        toOnesAreCommitted ? toOneID(at: index) : storedCommittedToOneID(at: index)
    }

    /// The kept committed destination ID of the to-one at relationship `index`: what an unresolved
    /// ``RelationshipState/committedToOneFault`` points at.
    private final func storedCommittedToOneID(at index: Int) -> AnyObjectID? {
        guard let slot = entity.toOneSlot(forRelationshipAt: index), slot < storedCommittedToOneIDs.count else { return nil }
        return storedCommittedToOneIDs[slot]
    }
}

extension ManagedObject: CustomStringConvertible {
    /// E.g. `Band/12`.
    public var description: String { "\(entity.name) \(objectID)" }
}
