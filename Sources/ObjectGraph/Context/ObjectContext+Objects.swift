/// Looking objects up by ID.
extension ObjectContext {
    /// The object with `id`: the registered instance, or one loaded from the store; `nil` when no such
    /// object exists.
    public nonisolated(nonsending) func object(with id: AnyObjectID) async throws -> ManagedObject? {
        if hasUnmergedChanges { try await mergeChanges() }
        return try await objects(for: [id])[id]
    }

    /// The object with the typed `id`, or `nil` when no such object exists.
    /// - Throws: ``ObjectGraphError/inconsistentData(_:)`` when the object is not an `E`.
    public nonisolated(nonsending) func object<E: ManagedEntity>(with id: ObjectID<E>) async throws -> E? {
        guard let object = try await object(with: id.untyped) else { return nil }
        return try Self.cast(object, to: E.self)
    }

    /// The object with the typed `id`.
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` when it does not exist (any more).
    public nonisolated(nonsending) func existingObject<E: ManagedEntity>(with id: ObjectID<E>) async throws -> E {
        guard let object = try await object(with: id), !object.isDeleted else {
            throw ObjectGraphError.objectNotFound(id.untyped)
        }
        return object
    }

    /// `object` as a `T`, or a typed error naming both.
    static func cast<T: ManagedObject>(_ object: ManagedObject, to type: T.Type) throws -> T {
        // The common case, an instance of exactly `T`, without a dynamic cast.
        if Swift.type(of: object) == T.self { return unsafeDowncast(object, to: T.self) }
        guard let typed = object as? T else {
            throw ObjectGraphError.inconsistentData("\(object) is not a \(T.self)")
        }
        return typed
    }

    /// `objects` as `T`s, or a typed error naming the first that is not one. When every object is
    /// exactly a `T` (a fetch without subentities) the array itself is reused, as the standard library
    /// does for class arrays on Apple platforms: both arrays hold the same references.
    static func cast<T: ManagedObject>(_ objects: [ManagedObject], to type: T.Type) throws -> [T] {
        if objects.allSatisfy({ Swift.type(of: $0) == T.self }) { return unsafeBitCast(objects, to: [T].self) }
        return try objects.map { try cast($0, to: T.self) }
    }
}
