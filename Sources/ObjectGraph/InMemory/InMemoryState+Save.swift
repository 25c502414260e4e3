/// Applying a ``ChangeSet`` to an ``InMemoryState``: on a copy, throwing on the first inconsistency.
extension InMemoryState {
    /// Returns the permanent IDs of the inserted objects, in change set order.
    mutating func apply(_ changes: ChangeSet, model: ModelDescription) throws -> [AnyObjectID] {
        try checkVersions(of: changes)
        var mapping: [AnyObjectID: AnyObjectID] = [:]
        var permanentIDs: [AnyObjectID] = []
        permanentIDs.reserveCapacity(changes.inserted.count)
        for inserted in changes.inserted {
            let root = model.rootEntityName(of: inserted.entityName)
            let key = (nextKey[root] ?? 0) + 1
            nextKey[root] = key
            let permanent = AnyObjectID(entityName: root, key: .integer(key))
            mapping[inserted.id] = permanent
            permanentIDs.append(permanent)
        }
        func resolve(_ id: AnyObjectID) throws -> AnyObjectID {
            if let permanent = mapping[id] { return permanent }
            guard !id.isTemporary else {
                throw ObjectGraphError.inconsistentData("\(id) is temporary but not inserted by this save")
            }
            return id
        }
        for inserted in changes.inserted {
            guard let entity = model.entity(named: inserted.entityName) else {
                throw ObjectGraphError.unknownEntity(inserted.entityName)
            }
            guard inserted.values.count == entity.attributes.count,
                  inserted.toOneIDs.count == entity.toOneRelationshipIndices.count else {
                throw ObjectGraphError.inconsistentData("the inserted \(entity.name) \(inserted.id) does not match its entity's shape")
            }
            let id = try resolve(inserted.id)
            rows[id] = InMemoryRow(entity: entity, values: storedValues(inserted.values, entity: entity),
                                   toOneIDs: try inserted.toOneIDs.map { try $0.map(resolve) })
            order.append(id)
        }
        for updated in changes.updated {
            try applyUpdate(updated, resolve: resolve)
        }
        for change in changes.toManyChanges {
            try applyToMany(change, model: model, resolve: resolve)
        }
        try applyDeletes(changes.deleted)
        try checkUniqueness(of: changes, mapping: mapping, model: model)
        return permanentIDs
    }

    /// Throws ``ObjectGraphError/storeConflicts(_:)`` listing every update and deletion whose read version
    /// is not the stored one.
    private func checkVersions(of changes: ChangeSet) throws {
        var conflicts: [StoreConflict] = []
        func check(_ id: AnyObjectID, _ entityName: String, _ readVersion: Int64, isDeletion: Bool) {
            guard readVersion > 0 else { return }
            let row = rows[id]
            guard row?.version != readVersion else { return }
            conflicts.append(StoreConflict(
                id: id, entityName: entityName, isDeletion: isDeletion, readVersion: readVersion, stored: row?.snapshot(id: id)))
        }
        for updated in changes.updated { check(updated.id, updated.entityName, updated.readVersion, isDeletion: false) }
        for deleted in changes.deleted { check(deleted.id, deleted.entityName, deleted.readVersion, isDeletion: true) }
        if !conflicts.isEmpty { throw ObjectGraphError.storeConflicts(conflicts) }
    }

    private func storedValues(_ values: SharedSlice<AttributeValue>, entity: EntityDescription) -> [AttributeValue] {
        zip(values, entity.attributes).map { $1.isTransient ? .null : $0 }
    }

    private mutating func applyUpdate(_ updated: UpdatedObject, resolve: (AnyObjectID) throws -> AnyObjectID) throws {
        guard var row = rows[updated.id] else { throw ObjectGraphError.objectNotFound(updated.id) }
        for change in updated.attributes {
            guard row.values.indices.contains(change.index) else {
                throw ObjectGraphError.inconsistentData("\(row.entity.name) has no attribute at index \(change.index)")
            }
            row.values[change.index] = row.entity.attributes[change.index].isTransient ? .null : change.value
        }
        for change in updated.toOnes {
            guard let slot = row.entity.toOneSlot(forRelationshipAt: change.relationshipIndex) else {
                throw ObjectGraphError.inconsistentData("\(row.entity.name) has no to-one at index \(change.relationshipIndex)")
            }
            row.toOneIDs[slot] = try change.destination.map(resolve)
        }
        row.version += 1
        rows[updated.id] = row
    }

    private mutating func applyToMany(
        _ change: ToManyChange, model: ModelDescription, resolve: (AnyObjectID) throws -> AnyObjectID
    ) throws {
        let owner = try resolve(change.ownerID)
        guard let entity = rows[owner]?.entity ?? model.entity(named: change.entityName),
              entity.relationships.indices.contains(change.relationshipIndex) else {
            throw ObjectGraphError.inconsistentData("\(change.entityName) has no relationship at index \(change.relationshipIndex)")
        }
        let relationship = entity.relationships[change.relationshipIndex]
        let added = try change.added.map(resolve)
        let removed = Set(try change.removed.map(resolve))
        let inverse = model.inverse(of: relationship)
        let isLink = inverse.map(\.isToMany) ?? true
        guard isLink || relationship.isOrdered else { return }
        let key = LinkKey(owner: owner, relationship: relationship.name)
        var list = (lists[key] ?? []).filter { !removed.contains($0) }
        for id in added where !list.contains(id) { list.append(id) }
        if let orderedIDs = change.orderedIDs { list = try orderedIDs.map(resolve) }
        lists[key] = list
        guard isLink, let inverse else { return }
        for destination in removed {
            lists[LinkKey(owner: destination, relationship: inverse.name)]?.removeAll { $0 == owner }
        }
        for destination in added {
            let inverseKey = LinkKey(owner: destination, relationship: inverse.name)
            if !(lists[inverseKey] ?? []).contains(owner) { lists[inverseKey, default: []].append(owner) }
        }
    }

    private mutating func applyDeletes(_ deleted: [DeletedObject]) throws {
        guard !deleted.isEmpty else { return }
        var gone: Set<AnyObjectID> = []
        for object in deleted {
            guard rows.removeValue(forKey: object.id) != nil else { throw ObjectGraphError.objectNotFound(object.id) }
            gone.insert(object.id)
        }
        order.removeAll { gone.contains($0) }
        lists = lists.filter { !gone.contains($0.key.owner) }.mapValues { $0.filter { !gone.contains($0) } }
    }

    private func checkUniqueness(
        of changes: ChangeSet, mapping: [AnyObjectID: AnyObjectID], model: ModelDescription
    ) throws {
        let touched = Set(changes.inserted.map(\.entityName) + changes.updated.map(\.entityName))
        var savedIDs: [AnyObjectID: AnyObjectID] = Dictionary(changes.updated.map { ($0.id, $0.id) }) { first, _ in first }
        for (temporary, permanent) in mapping { savedIDs[permanent] = temporary }
        var checked: Set<String> = []
        for name in touched {
            var current: String? = name
            while let entityName = current, let entity = model.entity(named: entityName) {
                if checked.insert(entityName).inserted && !entity.uniquenessConstraints.isEmpty {
                    try checkConstraints(of: entity, model: model, savedIDs: savedIDs)
                }
                current = entity.parentName
            }
        }
    }

    /// Throws for the first pair of objects sharing the values of a constraint, naming the one this save
    /// wrote (by the ID its context knows, the temporary one for an insert) through `savedIDs`.
    private func checkConstraints(
        of entity: EntityDescription, model: ModelDescription, savedIDs: [AnyObjectID: AnyObjectID]
    ) throws {
        let ids = self.ids(ofEntities: Set(model.entityNames(inHierarchyOf: entity.name)))
        for constraint in entity.uniquenessConstraints {
            let indices = constraint.compactMap { entity.attributeIndex(named: $0) }
            guard !indices.isEmpty else { continue }
            var seen: [[AttributeValue]: AnyObjectID] = [:]
            for id in ids {
                guard let row = rows[id] else { continue }
                let values = indices.map { row.values[$0] }
                if values.contains(where: \.isNull) { continue }
                if let other = seen.updateValue(id, forKey: values) {
                    let object = savedIDs[id] ?? savedIDs[other]
                    throw ObjectGraphError.uniquenessViolation(
                        entity: entity.name, properties: constraint, values: values, object: object)
                }
            }
        }
    }
}
