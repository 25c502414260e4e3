extension ModelDescription {
    /// The attribute a key path ends at: every step but the last a to-one relationship (`["band", "name"]`).
    /// `nil` when a step does not exist or has the wrong kind.
    public func attribute(atPath path: [String], from entity: EntityDescription) -> AttributeDescription? {
        guard let last = path.last, let owner = entityReached(by: path.dropLast(), from: entity) else { return nil }
        return owner.attribute(named: last)
    }

    /// The destination entity of a key path that ends at a to-many relationship (earlier steps to-one).
    public func destination(ofPath path: [String], from entity: EntityDescription) -> EntityDescription? {
        guard let last = path.last, let owner = entityReached(by: path.dropLast(), from: entity),
              let relationship = owner.relationship(named: last), relationship.isToMany else { return nil }
        return self.entity(named: relationship.destinationEntityName)
    }

    /// The entity reached by following to-one relationships named by `steps`.
    public func entityReached(by steps: some Sequence<String>, from entity: EntityDescription) -> EntityDescription? {
        var current = entity
        for step in steps {
            guard let relationship = current.relationship(named: step), !relationship.isToMany,
                  let next = self.entity(named: relationship.destinationEntityName) else { return nil }
            current = next
        }
        return current
    }
}
