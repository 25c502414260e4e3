extension PersistentStore {
    /// Returns `nil`: the context then builds the objects from ``snapshots(for:)``.
    public func objects(for ids: [AnyObjectID], model: ManagedObjectModel) async throws -> [DecodedObjects]? {
        nil
    }
}
