/// What validation checks on objects of one entity, precomputed from its descriptions so that checking
/// an object copies no attribute or relationship descriptions. A class, so that reading an entity's
/// plan for every validated object retains one reference, not each of its three lists.
final class ValidationPlan: Sendable {
    /// A stored attribute.
    struct Attribute: Sendable {
        let index: Int
        let isOptional: Bool
        /// Whether a non-null value can break a rule (a minimum, a maximum or a pattern).
        let hasValueRules: Bool
    }

    /// A to-many whose member count is constrained.
    struct CountedToMany: Sendable {
        let index: Int
        /// The smallest allowed count of a non-empty (or of a required) relationship.
        let minimum: Int
        let maximum: Int?
        let isOptional: Bool
    }

    /// The stored (non-transient) attributes that can fail validation: required ones and those with rules.
    let attributes: [Attribute]
    /// ``attributes`` without the required ones that the entity's class never reads as null
    /// (``EntityDescription/attributesNeverNull``) and that have no other rule: what instances of that
    /// class can fail.
    let attributesOfEntityClass: [Attribute]
    /// Indices of the required, stored to-one relationships.
    let requiredToOnes: [Int]
    /// The stored to-many relationships with a count rule.
    let countedToManys: [CountedToMany]
    /// Whether an object of the entity can fail validation at all.
    let checksAnything: Bool
    /// Whether an instance of the entity's class can fail validation at all.
    let checksEntityClass: Bool

    /// A plan for an entity with `attributes` and `relationships`, whose class never reads the attributes
    /// named in `neverNull` as null.
    init(attributes: [AttributeDescription], relationships: [RelationshipDescription], neverNull: Set<String>) {
        let checked = attributes.indices.compactMap { index -> Attribute? in
            let attribute = attributes[index]
            let hasValueRules = attribute.minimum != nil || attribute.maximum != nil || attribute.regularExpression != nil
            // An optional attribute without rules accepts every value.
            guard !attribute.isTransient, !attribute.isOptional || hasValueRules else { return nil }
            return Attribute(index: index, isOptional: attribute.isOptional, hasValueRules: hasValueRules)
        }
        self.attributes = checked
        attributesOfEntityClass = neverNull.isEmpty ? checked : checked.filter { attribute in
            attribute.hasValueRules || !neverNull.contains(attributes[attribute.index].name)
        }
        requiredToOnes = relationships.indices.filter { index in
            let relationship = relationships[index]
            return !relationship.isTransient && !relationship.isToMany && !relationship.isOptional
        }
        countedToManys = relationships.indices.compactMap { index in
            let relationship = relationships[index]
            guard !relationship.isTransient, relationship.isToMany else { return nil }
            let minimum = relationship.isOptional ? relationship.minCount : max(1, relationship.minCount)
            let maximum = relationship.maxCount.flatMap { $0 > 0 ? $0 : nil }
            guard minimum > 0 || maximum != nil else { return nil }
            return CountedToMany(index: index, minimum: minimum, maximum: maximum, isOptional: relationship.isOptional)
        }
        let checksRelationships = !requiredToOnes.isEmpty || !countedToManys.isEmpty
        checksAnything = checksRelationships || !checked.isEmpty
        checksEntityClass = checksRelationships || !attributesOfEntityClass.isEmpty
    }
}
