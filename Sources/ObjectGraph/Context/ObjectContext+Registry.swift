/// The identity map. Objects with permanent IDs are kept in ``ObjectContext/registered``; inserted
/// objects (temporary IDs) are found through the inserted list, hashed only once something looks one up
/// by ID, so inserting many objects and saving them hashes each one once, under its permanent ID.
extension ObjectContext {
    /// The registered object with `id`, without asking the store.
    public func registeredObject(for id: AnyObjectID) -> ManagedObject? {
        guard id.isTemporary else { return registered[id] }
        let index = temporaryIndex ?? Dictionary(
            inserted.objects.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
        temporaryIndex = index
        guard let object = index[id], object.objectID == id, object.lifecycle == .inserted else { return nil }
        return object
    }

    /// Every registered object: loaded or saved ones, then inserted ones.
    var registeredObjects: [ManagedObject] {
        registered.objects + inserted.objects.filter { $0.lifecycle == .inserted }
    }

    /// Notes that the inserted list changed other than by appending.
    func insertedListChanged() {
        temporaryIndex = nil
    }
}
