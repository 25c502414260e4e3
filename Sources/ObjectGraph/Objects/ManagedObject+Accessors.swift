/// The generic relationship accessors that generated typed accessors wrap.
///
/// ```swift
/// public var band: Band? { get async throws { try await toOne(at: 0) } }
/// public func setBand(_ band: Band?) { set(band, toOneAt: 0) }
/// public var tracks: [Track] { get async throws { try await toMany(at: 1) } }
/// public func addToTracks(_ track: Track) { add(track, toManyAt: 1) }
/// public func removeFromTracks(_ track: Track) { remove(track, fromToManyAt: 1) }
/// public func insertIntoTracks(_ track: Track, at position: Int) { insert(track, at: position, toManyAt: 1) }
/// ```
extension ManagedObject {
    /// The destination of the to-one relationship at `index`, loaded from the store if needed.
    /// - Throws: store errors, ``ObjectGraphError/objectNotInContext(_:)`` when it must be loaded but the
    ///   object's context no longer exists or was reset (``ObjectContext/reset()``), or
    ///   ``ObjectGraphError/inconsistentData(_:)`` if the destination is not a `T`.
    public nonisolated(nonsending) final func toOne<T: ManagedObject>(at index: Int) async throws -> T? {
        try await requireContextForFault(at: index)?.resolveToOnes(of: [self], at: index)
        try requireLoaded(at: index)
        return try loadedToOneDestination(at: index, registeredIn: context).map { try ObjectContext.cast($0, to: T.self) }
    }

    /// The destinations of the to-many relationship at `index`, in order, loaded from the store if needed.
    /// Objects deleted in the context stay listed until the next save applies the delete rules.
    /// - Throws: as ``toOne(at:)``.
    public nonisolated(nonsending) final func toMany<T: ManagedObject>(at index: Int) async throws -> [T] {
        try await requireContextForFault(at: index)?.loadToMany(of: [self], at: index)
        try requireLoaded(at: index)
        return try ObjectContext.cast(loadedDestinations(at: index), to: T.self)
    }

    /// The context that must load relationship `index`, `nil` when it is loaded already.
    private func requireContextForFault(at index: Int) throws -> ObjectContext? {
        switch relationshipStates[index] {
        case .toOne, .toMany: return nil
        case .toOneFault, .committedToOneFault, .toManyFault:
            guard let context else { throw ObjectGraphError.objectNotInContext(objectID) }
            return context
        }
    }

    /// Throws when relationship `index` is still a fault after loading it: the context was reset
    /// (``ObjectContext/reset()``) while the store answered, and left this object detached.
    private func requireLoaded(at index: Int) throws {
        switch relationshipStates[index] {
        case .toOne, .toMany: return
        case .toOneFault, .committedToOneFault, .toManyFault: throw ObjectGraphError.objectNotInContext(objectID)
        }
    }

    /// Sets the to-one relationship at `index`; the inverse side of the old and new destinations follows.
    public final func set(_ destination: ManagedObject?, toOneAt index: Int) {
        linkToOne(destination, at: index)
    }

    /// Adds `destination` to the end of the to-many relationship at `index` (no change if present).
    public final func add(_ destination: ManagedObject, toManyAt index: Int) {
        linkToMany(destination, at: index)
    }

    /// Inserts `destination` at `position` of the ordered to-many at `index`, moving it if present.
    public final func insert(_ destination: ManagedObject, at position: Int, toManyAt index: Int) {
        linkToMany(destination, at: index, position: position)
    }

    /// Removes `destination` from the to-many relationship at `index`.
    public final func remove(_ destination: ManagedObject, fromToManyAt index: Int) {
        unlinkToMany(destination, at: index)
    }
}
