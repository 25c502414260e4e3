/// Objects a store decoded straight from its rows into a context's classes
/// (``PersistentStore/fetchObjects(_:model:)``), in the order of the rows: each with its ID, stored
/// attributes, to-one destinations and version, registered nowhere. The context registers them; for an
/// ID it has an object for already, it keeps its own (refreshed when unchanged) and drops the decoded one.
///
/// A store appends one object per row it reads:
///
/// ```swift
/// var batch = DecodedObjects(model: model)
/// while let row = nextRow() {
///     try batch.append(entityName: row.entityName, id: row.id, row: row)
/// }
/// continuation.yield(batch)
/// ```
///
/// Sendable by construction: the store decodes its rows in its own isolation, and only values (strings,
/// numbers, data, IDs) go from a row into an object, so nothing of the store's state is reachable from
/// the objects; they are new, detached (no context), and reachable only through this value, which
/// gives them to nobody but the context that receives it (only ObjectGraph reads them out). Region
/// checking cannot prove this, because each object is loaded from the store's row cursor in one call.
public struct DecodedObjects: @unchecked Sendable {
    private let model: ManagedObjectModel
    private(set) var objects: [ManagedObject] = []
    /// The objects' to-one destinations, in their order (``DecodedToOneIDs``).
    private var toOneIDs = DecodedToOneIDs.Packer()
    /// The factory of the last row's entity: rows of one entity come in runs.
    private var factory: ObjectFactory?

    /// An empty batch of objects of `model`'s classes, with room for `expectedCount` of them.
    public init(model: ManagedObjectModel, expectedCount: Int = 0) {
        self.model = model
        objects.reserveCapacity(expectedCount)
    }

    /// The number of objects decoded.
    public var count: Int { objects.count }

    /// Makes an object of entity `entityName` (the row's concrete entity) with `id`, loads its stored
    /// attributes from `row` (the class's `loadAttributes(from row:)`) and takes its to-one destinations;
    /// `version` is the store's version of the row (``Snapshot/version``).
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, and what loading throws: the row's errors and
    ///   ``ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` for a stored value that does
    ///   not fit its attribute. Nothing is appended then.
    public mutating func append(entityName: String, id: consuming AnyObjectID, version: Int64 = 0, row: any StoredRow) throws {
        if factory?.entity.name != entityName { factory = try model.objectFactory(entityName: entityName) }
        guard let object = factory?.make() else { return }
        object.objectID = consume id
        object.committedVersion = version
        // A detached object records no change, so loading needs no `isTrackingChanges = false`.
        try object.loadAttributes(from: row)
        for slot in 0..<object.entity.toOneRelationshipIndices.count { toOneIDs.append(row.toOneID(at: slot)) }
        toOneIDs.endObject()
        objects.append(object)
    }

    /// The objects with their committed to-one destinations, in the same order; the batch is empty
    /// afterwards.
    mutating func take() -> (objects: [ManagedObject], toOneIDs: DecodedToOneIDs) {
        defer { objects = [] }
        return (objects, toOneIDs.finish())
    }
}

extension PersistentStore {
    /// Returns `nil`: the context then builds its objects from the snapshots of ``fetchInBatches(_:)``.
    public func fetchObjects(_ request: StoreFetchRequest, model: ManagedObjectModel) -> AsyncThrowingStream<DecodedObjects, any Error>? {
        nil
    }
}
