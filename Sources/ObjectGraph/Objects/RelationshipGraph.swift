/// The other end of a relationship: a loaded object, or only the ID of one that is not registered.
enum ObjectReference {
    case object(ManagedObject)
    case id(AnyObjectID)

    func refers(to object: ManagedObject) -> Bool {
        switch self {
        case .object(let other): other === object
        case .id(let id): id == object.objectID
        }
    }
}

/// Changing relationships with both sides kept in sync. "Side" functions change one object only;
/// the others change the relationship and its inverse.
extension ManagedObject {
    /// The current destination of the to-one at `index`, or `nil`.
    func toOneReference(at index: Int) -> ObjectReference? {
        switch relationshipState(at: index) {
        case .toOne(let object): return object.map(ObjectReference.object)
        case .toOneFault(let id):
            guard let id else { return nil }
            return context?.registeredObject(for: id).map(ObjectReference.object) ?? .id(id)
        case .committedToOneFault, .toManyFault, .toMany: return nil
        }
    }

    /// Called before this object's relationship state changes: journals it and lists it as changed.
    private func willChangeRelationships() {
        // An inserted object outside a save is listed already and has nothing to journal.
        guard let link, link.isOpen, lifecycle == .persisted || link.journal != nil else { return }
        link.journal?.record(self)
        link.noteChanged(self)
    }

    private func sideSetToOne(_ value: ManagedObject?, at index: Int) {
        willChangeRelationships()
        relationshipStates[index] = .toOne(value)
    }

    /// `isAbsent` says the caller knows `member` is not a member (it was not the destination of the
    /// inverse to-one), which saves a scan of the members.
    private func sideAdd(_ member: ManagedObject, at index: Int, position: Int?, isAbsent: Bool = false) {
        switch relationshipStates[index] {
        case .toMany(let members):
            let existing = isAbsent ? nil : members.firstIndex(where: { $0 === member })
            if existing != nil && position == nil { return }
            willChangeRelationships()
            relationshipStates.update(at: index) { state in
                guard case .toMany(var members) = state else { return }
                // Leave `members` the only reference to the array, so it changes in place instead of being copied.
                state = .toManyFault
                if let existing { members.remove(at: existing) }
                if members.capacity == 0 { members.reserveCapacity(Self.firstMembersCapacity) }
                if let position {
                    members.insert(member, at: min(max(0, position), members.count))
                } else {
                    members.append(member)
                }
                state = .toMany(members)
            }
        case .toManyFault:
            willChangeRelationships()
            if let context { context.notePending(context.pendingKey(objectID, entity: entity, relationshipIndex: index)) { $0.add(member) } }
        case .toOne, .toOneFault, .committedToOneFault:
            sideSetToOne(member, at: index)
        }
    }

    /// The room a to-many's array makes on its first member: four, as Rust's `Vec` does for small
    /// elements. An empty array's first append makes room for one and grows by doubling, which
    /// allocates again at the second, fourth and eighth members.
    private static let firstMembersCapacity = 4

    private func sideRemove(_ member: ManagedObject, at index: Int) {
        switch relationshipStates[index] {
        case .toMany(let members):
            guard members.contains(where: { $0 === member }) else { return }
            willChangeRelationships()
            relationshipStates[index] = .toMany(members.filter { $0 !== member })
        case .toManyFault:
            willChangeRelationships()
            if let context { context.notePending(context.pendingKey(objectID, entity: entity, relationshipIndex: index)) { $0.remove(member.objectID) } }
        case .toOne, .toOneFault, .committedToOneFault:
            if toOneReference(at: index)?.refers(to: member) == true { sideSetToOne(nil, at: index) }
        }
    }

    /// Removes `member` from the inverse of relationship `index` on `reference` (an object, or an
    /// unregistered ID of the relationship's destination entity).
    private func removeSide(of reference: ObjectReference, inverseOf index: Int, member: ManagedObject) {
        switch reference {
        case .object(let object):
            guard let inverse = entity.inverseIndex(ofRelationshipAt: index, in: object.entity) else { return }
            object.sideRemove(member, at: inverse)
        case .id(let id):
            guard let context, let destination = context.model.schema.entity(named: entity.relationships[index].destinationEntityName),
                  let inverse = entity.inverseIndex(ofRelationshipAt: index, in: destination) else { return }
            let key = context.pendingKey(id, entity: destination, relationshipIndex: inverse)
            if destination.relationshipIsToMany[inverse] {
                context.notePending(key) { $0.remove(member.objectID) }
            } else {
                context.pendingToOne[key] = .some(nil)
            }
        }
    }

    /// Adds `self` to the inverse of relationship `index` on `owner`; a to-one inverse first gives up
    /// its previous destination, whose own inverse loses `owner`. `isAbsent` as for ``sideAdd``.
    private func addSide(to owner: ManagedObject, inverseOf index: Int, isAbsent: Bool = false) {
        guard let inverse = entity.inverseIndex(ofRelationshipAt: index, in: owner.entity) else { return }
        if !owner.entity.relationshipIsToMany[inverse], let previous = owner.toOneReference(at: inverse) {
            if previous.refers(to: self) { return }
            owner.removeSide(of: previous, inverseOf: inverse, member: owner)
        }
        owner.sideAdd(self, at: inverse, position: nil, isAbsent: isAbsent)
    }

    /// Makes `self` and `other` belong to the same context, inserting a detached one into the other's.
    private func joinContext(with other: ManagedObject) {
        // Objects of one context share its link: the common case loads neither context.
        if let link, link === other.link { return }
        switch (context, other.context) {
        case (let mine?, nil) where other.lifecycle == .detached: mine.insert(other)
        case (nil, let theirs?) where lifecycle == .detached: theirs.insert(self)
        case (let mine?, let theirs?) where mine !== theirs: mine.misuse = .objectNotInContext(other.objectID)
        // The other object left its context (a reset, a saved deletion, a rolled-back insert).
        case (let mine?, nil): mine.misuse = .objectNotInContext(other.objectID)
        case (nil, let theirs?): theirs.misuse = .objectNotInContext(objectID)
        default: break
        }
    }

    /// Sets the to-one at `index` and updates the inverses of the old and new destinations.
    func linkToOne(_ value: ManagedObject?, at index: Int) {
        let old = toOneReference(at: index)
        if let value {
            joinContext(with: value)
            if old?.refers(to: value) == true {
                relationshipStates[index] = .toOne(value)
                return
            }
        } else if old == nil {
            return
        }
        sideSetToOne(value, at: index)
        if let old { removeSide(of: old, inverseOf: index, member: self) }
        // `value` was not this to-one's destination, so `self` is not in its inverse.
        if let value { addSide(to: value, inverseOf: index, isAbsent: true) }
    }

    /// Adds `member` to the to-many at `index` (at `position` for ordered ones, moving it if present).
    func linkToMany(_ member: ManagedObject, at index: Int, position: Int? = nil) {
        joinContext(with: member)
        if case .toMany(let members) = relationshipStates[index], position == nil,
           members.contains(where: { $0 === member }) {
            return
        }
        sideAdd(member, at: index, position: position)
        addSide(to: member, inverseOf: index)
    }

    /// Removes `member` from the to-many at `index` and `self` from the member's inverse.
    func unlinkToMany(_ member: ManagedObject, at index: Int) {
        sideRemove(member, at: index)
        removeSide(of: .object(member), inverseOf: index, member: self)
    }

    /// Removes `self` from the inverse of relationship `index` on `destination` (the Nullify rule).
    func nullifyInverse(of index: Int, on destination: ManagedObject) {
        removeSide(of: .object(destination), inverseOf: index, member: self)
    }
}
