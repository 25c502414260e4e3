import Synchronization

/// Where the inverse of each relationship of one entity is: its index among the destination entity's
/// relationships, resolved once when a ``ModelDescription`` containing the entity is built, so linking
/// objects finds an inverse without comparing names.
///
/// A resolution names the destination entity it was made against by its ``EntityDescription/serial``
/// (never reused in a process), and answers only for objects of exactly that entity: an object of a
/// subentity, of an entity another model built with the same source entity, or of an unrelated entity
/// passed to an untyped accessor finds its inverse by name, as before a model resolved it. So a
/// resolution is never wrong, only missing. Each slot is an atomic, because models sharing an entity
/// may be built on several threads.
final class InverseIndices: Sendable {
    private let slots: [Slot]

    /// One slot per relationship: `hasInverse[i]` says whether relationship `i` names an inverse.
    init(hasInverse: [Bool]) {
        slots = hasInverse.map { Slot($0 ? Self.unresolved : Self.noInverse) }
    }

    /// The index of the inverse of relationship `index` among `destination`'s relationships, if it was
    /// resolved against `destination`: `.some(nil)` when it has no inverse there (or none at all),
    /// `nil` when it was not resolved against `destination`.
    @inline(__always)
    func resolvedIndex(ofRelationshipAt index: Int, in destination: EntityDescription) -> Int?? {
        let value = slots[index].value.load(ordering: .relaxed)
        if value == Self.noInverse { return .some(nil) }
        guard value >> Self.indexBits == destination.serial else { return nil }
        let inverse = value & Self.indexMask
        return .some(inverse == Self.indexMask ? nil : inverse)
    }

    /// Records that the inverse of relationship `index` is `inverse` among `destination`'s relationships
    /// (`nil`: `destination` has no relationship of the inverse's name).
    func resolve(relationshipAt index: Int, in destination: EntityDescription, as inverse: Int?) {
        guard slots[index].value.load(ordering: .relaxed) != Self.noInverse,
              destination.relationships.count < Self.indexMask else { return }
        slots[index].value.store(destination.serial << Self.indexBits | (inverse ?? Self.indexMask), ordering: .relaxed)
    }

    /// A resolved slot holds the destination's serial above its low `indexBits` bits and the inverse's
    /// index (or `indexMask` for none) in them.
    private static let indexBits = 16
    private static let indexMask = 1 << indexBits - 1
    /// A slot no model resolved yet (serials start at 1).
    private static let unresolved = 0
    /// A slot of a relationship that names no inverse.
    private static let noInverse = -1

    private final class Slot: Sendable {
        let value: Atomic<Int>
        init(_ value: Int) { self.value = Atomic(value) }
    }
}

extension EntityDescription {
    /// The index of the inverse of relationship `index` among the relationships of `destination` (the
    /// entity of an object at the other end), or `nil` when the relationship has no inverse or
    /// `destination` has none of the inverse's name. Resolved when a model containing this entity was
    /// built (``InverseIndices``), else found by name.
    @inline(__always)
    func inverseIndex(ofRelationshipAt index: Int, in destination: EntityDescription) -> Int? {
        if let resolved = inverseIndices.resolvedIndex(ofRelationshipAt: index, in: destination) { return resolved }
        return inverseIndexByName(ofRelationshipAt: index, in: destination)
    }

    /// ``inverseIndex(ofRelationshipAt:in:)`` found by the inverse's name.
    func inverseIndexByName(ofRelationshipAt index: Int, in destination: EntityDescription) -> Int? {
        guard let inverseName = relationships[index].inverseName else { return nil }
        return destination.relationshipIndex(named: inverseName)
    }
}
