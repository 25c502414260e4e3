/// One object a store that detects conflicts refused to update or delete, because its stored version is
/// not the one the saving context read (``UpdatedObject/readVersion``).
///
/// ```swift
/// catch ObjectGraphError.storeConflicts(let conflicts) {
///     for conflict in conflicts { print(conflict.id, conflict.stored?.version ?? "deleted") }
/// }
/// ```
public struct StoreConflict: Sendable, Hashable, CustomStringConvertible {
    /// The object's ID.
    public var id: AnyObjectID
    /// The entity the change set named.
    public var entityName: String
    /// Whether the refused change was a deletion (otherwise an update).
    public var isDeletion: Bool
    /// The version the context read.
    public var readVersion: Int64
    /// The object as the store holds it now, with its current ``Snapshot/version``; `nil` when the store
    /// no longer has it.
    public var stored: Snapshot?

    /// Creates a conflict.
    public init(id: AnyObjectID, entityName: String, isDeletion: Bool, readVersion: Int64, stored: Snapshot?) {
        self.id = id
        self.entityName = entityName
        self.isDeletion = isDeletion
        self.readVersion = readVersion
        self.stored = stored
    }

    /// `"Band/3 read at version 2, stored at version 3"`.
    public var description: String {
        let now = stored.map { "stored at version \($0.version)" } ?? "deleted from the store"
        return "\(id) read at version \(readVersion), \(now)"
    }
}
