/// Turning snapshots into registered objects, and resolving relationship faults.
extension ObjectContext {
    /// The registered objects for `snapshots`, creating the missing ones; with `refreshing`, registered
    /// objects without unsaved changes take the snapshot's newer values. `distinct` says no two
    /// snapshots have the same ID (a fetch's answer), so that into an empty context every object is new
    /// and registers without a lookup.
    func materialize(_ snapshots: [Snapshot], refreshing: Bool = true, distinct: Bool = false) throws -> [ManagedObject] {
        var objects: [ManagedObject] = []
        try materialize(snapshots, into: &objects, refreshing: refreshing, allNew: distinct && registered.isEmpty)
        return objects
    }

    /// Appends the registered objects for `snapshots` to `objects`, as ``materialize(_:refreshing:distinct:)``;
    /// `allNew` says no snapshot has a registered object, so each new object registers without a lookup.
    func materialize(
        _ snapshots: [Snapshot], into objects: inout [ManagedObject], refreshing: Bool = true, allNew: Bool
    ) throws {
        if allNew {
            registered.reserveCapacity(forAppending: snapshots.count)
        } else {
            registered.reserveCapacity(forRegistering: snapshots.count)
        }
        guard let first = snapshots.first else { return }
        var factory = try model.objectFactory(entityName: first.entityName)
        objects.reserveCapacity(forAdding: snapshots.count)
        // Each snapshot is read in place, a field at a time: copying one out of the array costs a retain
        // and a release of each of its four references.
        try snapshots.withUnsafeBufferPointer { snapshots in
            guard let start = snapshots.baseAddress else { return }
            for snapshot in start..<start + snapshots.count {
                if factory.entity.name != snapshot.pointee.entityName {
                    factory = try model.objectFactory(entityName: snapshot.pointee.entityName)
                }
                objects.append(try register(snapshot, factory: factory, refreshing: refreshing, isNew: allNew))
            }
        }
    }

    /// The registered object with `snapshot`'s ID, made by `factory` and loaded when there is none,
    /// with one hash lookup either way (none when the caller knows the object `isNew`); with
    /// `refreshing`, an unchanged registered object is loaded again. A new object's relationships are
    /// faults it shares with every object loaded of its entity, until one changes. `snapshot` points into
    /// the caller's array.
    private func register(
        _ snapshot: UnsafePointer<Snapshot>, factory: ObjectFactory, refreshing: Bool, isNew: Bool
    ) throws -> ManagedObject {
        let (object, created): (ManagedObject, Bool)
        if isNew {
            (object, created) = (factory.make(), true)
            object.objectID = snapshot.pointee.id
            registered.appendNew(object)
        } else if case .integer(let key) = snapshot.pointee.id.key {
            (object, created) = registered.object(forKey: key, entityName: snapshot.pointee.id.entityName, orRegister: factory.make)
        } else {
            (object, created) = registered.object(for: snapshot.pointee.id, orRegister: factory.make)
        }
        guard created else {
            if refreshing && takesStoredState(object) { try reload(snapshot.pointee, into: object) }
            return object
        }
        if !isNew { object.objectID = snapshot.pointee.id }
        // `factory` made the object, so its entity is the object's, read without retaining it.
        do {
            try checkShape(of: snapshot, for: factory.entity)
            try loadAttributes(snapshot.pointee.values, version: snapshot.pointee.version, into: object)
        } catch {
            registered[snapshot.pointee.id] = nil
            throw error
        }
        adoptLoaded(object, entity: factory.entity, toOneIDs: snapshot.pointee.toOneIDs)
        return object
    }

    /// Whether a registered `object` takes a newer stored state when it is read again: it is loaded and
    /// has no unsaved changes.
    func takesStoredState(_ object: ManagedObject) -> Bool {
        object.lifecycle == .persisted && !object.isTouched && !object.isPendingDeletion
    }

    /// Makes `object`, just registered with its stored attributes loaded, this context's persisted
    /// object: its relationships the faults its `entity` shares among loaded objects, its committed
    /// to-one destinations `toOneIDs`, then changes made to it while it was not loaded applied.
    @inline(__always)
    func adoptLoaded(_ object: ManagedObject, entity: EntityDescription, toOneIDs: consuming SharedSlice<AnyObjectID?>) {
        object.adoptLoadedState(link: link, relationshipStates: entity.loadedRelationshipStates, committedToOneIDs: toOneIDs)
        if !pendingToOne.isEmpty { applyPendingToOnes(to: object) }
    }

    /// Sets a registered `object`'s attributes, to-one faults and committed state from `snapshot`, makes
    /// its to-manys faults again, then applies changes made to it while it was not loaded.
    func reload(_ snapshot: Snapshot, into object: ManagedObject) throws {
        try loadAttributes(snapshot, into: object)
        loadToOnes(snapshot, into: object)
        let entity = object.entity
        if entity.hasToMany {
            for (index, isToMany) in entity.relationshipIsToMany.enumerated() where isToMany {
                object.relationshipStates[index] = .toManyFault
            }
        }
        if !object.committedToMany.isEmpty { object.committedToMany = [:] }
        applyPendingToOnes(to: object)
    }

    /// Makes the state a store reported after saving the committed state of the saved objects; loaded
    /// to-many relationships stay loaded. Runs after the save took effect.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` when a snapshot does not fit its object.
    func adoptSavedState(_ snapshots: [Snapshot]) throws {
        for snapshot in snapshots {
            guard let object = registered[snapshot.id], object.lifecycle == .persisted else { continue }
            do {
                // Changes made while the store saved stay, now against the store's state.
                let changedAttributes = object.changedAttributes.map { ($0.index, object.attributeValue(at: $0.index)) }
                let changedToOnes = object.isTouched ? changedToOnes(of: object) : []
                try loadAttributes(snapshot, into: object)
                loadToOnes(snapshot, into: object)
                guard object.isTouched else { continue }
                object.isTrackingChanges = false
                defer { object.isTrackingChanges = true }
                for (index, value) in changedAttributes { try object.setAttributeValue(value, at: index) }
                for (index, state) in changedToOnes { object.relationshipStates[index] = state }
                object.changedAttributes = ChangedAttributes(changedAttributes.map(\.0), committedValues: snapshot.values)
            } catch {
                throw ObjectGraphError.inconsistentData("the save took effect, but the store's state of \(snapshot.id) does not fit: \(error)")
            }
        }
    }

    /// The relationship indices and states of `object`'s to-ones whose destination is not the committed one.
    private func changedToOnes(of object: ManagedObject) -> [(index: Int, state: RelationshipState)] {
        object.entity.toOneRelationshipIndices.compactMap { index in
            object.isCommittedToOneFault(at: index) || object.toOneID(at: index) == object.committedToOneID(at: index)
                ? nil : (index, object.relationshipStates[index])
        }
    }

    /// Checks that `snapshot` fits `object`'s entity, then sets its attributes and their committed state.
    func loadAttributes(_ snapshot: Snapshot, into object: ManagedObject) throws {
        try checkShape(of: snapshot, for: object.entity)
        try loadAttributes(snapshot.values, version: snapshot.version, into: object)
    }

    /// Sets `object`'s attributes from `values`, which have its entity's shape, as its committed values
    /// (it has no changes), read at the store's `version`.
    private func loadAttributes(_ values: consuming SharedSlice<AttributeValue>, version: Int64, into object: ManagedObject) throws {
        object.isTrackingChanges = false
        defer { object.isTrackingChanges = true }
        try object.loadAttributes(from: values)
        object.committedVersion = version
        if !object.changedAttributes.isEmpty { object.changedAttributes = ChangedAttributes() }
    }

    /// Throws when `snapshot` does not have `entity`'s numbers of attributes and to-ones.
    func checkShape(of snapshot: Snapshot, for entity: EntityDescription) throws {
        try withUnsafePointer(to: snapshot) { try checkShape(of: $0, for: entity) }
    }

    /// ``checkShape(of:for:)`` of a snapshot read in place.
    private func checkShape(of snapshot: UnsafePointer<Snapshot>, for entity: EntityDescription) throws {
        guard snapshot.pointee.values.count == entity.attributes.count,
              snapshot.pointee.toOneIDs.count == entity.toOneRelationshipIndices.count else {
            throw ObjectGraphError.inconsistentData(
                "the store's \(snapshot.pointee.entityName) \(snapshot.pointee.id) does not match its entity's shape")
        }
    }

    /// Sets `object`'s to-ones (as faults, unless already resolved to the same object) and their committed
    /// state from `snapshot`, whose shape ``loadAttributes(_:into:)`` checked.
    func loadToOnes(_ snapshot: Snapshot, into object: ManagedObject) {
        for (slot, index) in object.entity.toOneRelationshipIndices.enumerated() {
            let id = snapshot.toOneIDs[slot]
            if case .toOne(let current) = object.relationshipStates[index], current?.objectID == id { continue }
            object.relationshipStates[index] = .toOneFault(id)
        }
        object.committedToOneIDs = snapshot.toOneIDs
    }

    private func applyPendingToOnes(to object: ManagedObject) {
        guard !pendingToOne.isEmpty else { return }
        for index in object.entity.toOneRelationshipIndices {
            let key = pendingKey(object.objectID, entity: object.entity, relationshipIndex: index)
            guard let value = pendingToOne[key] else { continue }
            journal?.record(object)
            pendingToOne[key] = nil
            object.relationshipStates[index] = .toOneFault(value)
            noteChanged(object)
        }
    }

    /// The objects with `ids`: registered ones, and the others loaded in one store call, decoded by the
    /// store from its rows where it can (``PersistentStore/objects(for:model:)``), otherwise from
    /// snapshots. An object registered while the store read is kept, with its unsaved changes. Missing
    /// objects are absent from the result.
    nonisolated(nonsending) func objects(for ids: [AnyObjectID]) async throws -> [AnyObjectID: ManagedObject] {
        var result: [AnyObjectID: ManagedObject] = [:]
        result.reserveCapacity(ids.count)
        var missing: [AnyObjectID] = []
        for id in ids {
            if let object = registeredObject(for: id) { result[id] = object } else if !id.isTemporary { missing.append(id) }
        }
        guard !missing.isEmpty else { return result }
        var loaded: [ManagedObject] = []
        if let batches = try await store.objects(for: missing, model: model) {
            for batch in batches { try register(batch, into: &loaded, allNew: false) }
        } else {
            loaded = try materialize(try await store.snapshots(for: missing))
        }
        for object in loaded { result[object.objectID] = object }
        return result
    }

    /// The destination of the to-one at `index` of `object`, loading it when it is a fault.
    nonisolated(nonsending) func resolveToOne(of object: ManagedObject, at index: Int) async throws -> ManagedObject? {
        try await resolveToOnes(of: [object], at: index)
        if case .toOne(let destination) = object.relationshipStates[index] { return destination }
        return nil
    }

    /// Resolves the to-one at `index` of every object in one store call.
    nonisolated(nonsending) func resolveToOnes(of owners: [ManagedObject], at index: Int) async throws {
        let ids = owners.compactMap { owner -> AnyObjectID? in
            if case .toOneFault(let id) = owner.relationshipState(at: index) { return id }
            return nil
        }
        let generation = resetGeneration
        let found = try await objects(for: ids)
        // A reset meanwhile detached every owner: leave their faults as they are.
        guard resetGeneration == generation else { return }
        for owner in owners {
            guard case .toOneFault(let id) = owner.relationshipState(at: index) else { continue }
            owner.relationshipStates[index] = .toOne(id.flatMap { found[$0] })
        }
    }

    /// Loads the to-many at `index` of every owner that has not loaded it, then applies pending changes:
    /// one store call per declaring entity when the store returns destinations with their objects or
    /// snapshots (``PersistentStore/relatedObjects(for:of:ids:model:)``,
    /// ``PersistentStore/relatedSnapshots(for:of:ids:)``), otherwise one for the relationship and one for
    /// the missing destinations. Destinations already registered keep their state either way.
    nonisolated(nonsending) func loadToMany(of owners: [ManagedObject], at index: Int) async throws {
        let faulted = owners.filter { owner in
            if case .toManyFault = owner.relationshipStates[index] { return true }
            return false
        }
        guard let first = faulted.first else { return }
        let name = first.entity.relationships[index].name
        var related: [AnyObjectID: [AnyObjectID]] = [:]
        // Keeps the loaded destinations alive until their owners hold them; they are found by ID in the
        // identity map, where loading them registered them.
        var loaded: [ManagedObject] = []
        var found: [AnyObjectID: ManagedObject]?
        let generation = resetGeneration
        let byDeclaringEntity = Dictionary(grouping: faulted) { declaringEntityName(ofRelationshipAt: index, in: $0.entity) }
        for (entityName, group) in byDeclaringEntity {
            let ids = group.map(\.objectID)
            if let answer = try await store.relatedObjects(for: name, of: entityName, ids: ids, model: model) {
                Self.merge(answer.destinationIDs, into: &related)
                try register(answer.objects, into: &loaded, refreshing: false, allNew: false)
            } else if let answer = try await store.relatedSnapshots(for: name, of: entityName, ids: ids) {
                Self.merge(answer.destinationIDs, into: &related)
                try materialize(answer.snapshots, into: &loaded, refreshing: false, allNew: false)
            } else {
                Self.merge(try await store.relatedIDs(for: name, of: entityName, ids: ids), into: &related)
                found = [:]
            }
        }
        if found != nil { found = try await objects(for: Array(Set(related.values.joined()))) }
        // A reset meanwhile detached every owner: leave their faults as they are.
        guard resetGeneration == generation else { return }
        let carriesChanges = model.schema.carriesToManyChanges(of: first.entity.name, relationshipAt: index)
        registered.indexPending()
        for owner in faulted {
            guard case .toManyFault = owner.relationshipStates[index] else { continue }
            let memberIDs = related[owner.objectID] ?? []
            var members: [ManagedObject] = []
            members.reserveCapacity(memberIDs.count)
            for id in memberIDs {
                let member = if let found { found[id] } else { registered.indexedObject(for: id) }
                if let member { members.append(member) }
            }
            journal?.record(owner)
            let pending = pendingToMany.isEmpty ? nil
                : pendingToMany.removeValue(forKey: pendingKey(owner.objectID, entity: owner.entity, relationshipIndex: index))
            owner.relationshipStates[index] = .toMany(pending?.applied(to: members) ?? members)
            if carriesChanges { owner.committedToMany[index] = members.map(\.objectID) }
            if pending != nil { noteChanged(owner) }
        }
        withExtendedLifetime(loaded) {}
    }

    /// Adds `destinations` to `related`, keeping the destinations `related` already lists for an owner.
    private static func merge(_ destinations: [AnyObjectID: [AnyObjectID]], into related: inout [AnyObjectID: [AnyObjectID]]) {
        if related.isEmpty {
            related = destinations
        } else {
            related.merge(destinations) { first, _ in first }
        }
    }

    /// Loads the relationships named by each path (to-one steps, then any relationship) for all
    /// `objects`, step by step, each step in as few store calls as possible.
    nonisolated(nonsending) func prefetch(_ paths: [[String]], for objects: [ManagedObject]) async throws {
        for path in paths {
            var current = objects
            for (step, name) in path.enumerated() where !current.isEmpty {
                var next: [ManagedObject] = []
                var seen: Set<ObjectIdentifier> = []
                let groups = Dictionary(grouping: current) { $0.entity.relationshipIndex(named: name) ?? -1 }
                for (index, owners) in groups where index >= 0 {
                    let isToMany = owners[0].entity.relationships[index].isToMany
                    if isToMany {
                        try await loadToMany(of: owners, at: index)
                    } else {
                        try await resolveToOnes(of: owners, at: index)
                    }
                    // The destinations are only the next step's owners.
                    guard step + 1 < path.count else { continue }
                    for owner in owners {
                        for destination in owner.loadedDestinations(at: index)
                        where seen.insert(ObjectIdentifier(destination)).inserted {
                            next.append(destination)
                        }
                    }
                }
                current = next
            }
        }
    }
}

extension ManagedObject {
    /// The loaded destinations of relationship `index` (empty while it is a fault): a to-one fault's
    /// destination when `context` (the object's own, read only for a to-one fault) holds it.
    func loadedDestinations(at index: Int, registeredIn context: @autoclosure () -> ObjectContext?) -> [ManagedObject] {
        switch relationshipStates[index] {
        case .toMany(let objects): objects
        case .toManyFault: []
        case .toOne, .toOneFault, .committedToOneFault: loadedToOneDestination(at: index, registeredIn: context()).map { [$0] } ?? []
        }
    }

    /// The first of ``loadedDestinations(at:registeredIn:)`` without making an array: a to-one's loaded
    /// destination (the one to-one reads and delete rules ask for).
    func loadedToOneDestination(at index: Int, registeredIn context: @autoclosure () -> ObjectContext?) -> ManagedObject? {
        switch relationshipStates[index] {
        case .toOne(let object): object
        case .toOneFault(let id): id.flatMap { context()?.registeredObject(for: $0) }
        case .committedToOneFault: committedToOneID(at: index).flatMap { context()?.registeredObject(for: $0) }
        case .toMany(let objects): objects.first
        case .toManyFault: nil
        }
    }

    /// The loaded destinations of relationship `index` (empty while it is a fault), a to-one fault's
    /// destination when the object's context holds it.
    func loadedDestinations(at index: Int) -> [ManagedObject] {
        loadedDestinations(at: index, registeredIn: context)
    }
}

/// Reads loaded objects of a context for the shared evaluator.
struct ContextResolver: ObjectResolver {
    func value(of object: ManagedObject, attributeAt index: Int) -> AttributeValue {
        object.attributeValue(at: index)
    }

    func destination(of object: ManagedObject, toOneAt index: Int) -> ManagedObject? {
        object.loadedToOneDestination(at: index, registeredIn: object.context)
    }

    func destinations(of object: ManagedObject, toManyAt index: Int) -> [ManagedObject] {
        object.loadedDestinations(at: index)
    }
}
