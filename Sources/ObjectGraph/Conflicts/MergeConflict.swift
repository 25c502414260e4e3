/// An object a save could not write because another save changed or deleted it since the context read it,
/// with every property whose stored value and context value differ: the runtime's counterpart of Core
/// Data's `NSMergeConflict`.
///
/// ```swift
/// do {
///     try await context.save()
/// } catch ObjectGraphError.mergeConflicts(let conflicts) {
///     for conflict in conflicts {
///         for property in conflict.properties {
///             print(conflict.objectID, property.name, "store:", property.storeValue, "context:", property.contextValue)
///         }
///     }
/// }
/// ```
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    /// The object's ID.
    public var objectID: AnyObjectID
    /// The object's entity.
    public var entityName: String
    /// Whether the save was deleting the object (otherwise updating it).
    public var isDeletion: Bool
    /// The version the context read.
    public var readVersion: Int64
    /// The version the store holds, or `nil` when another save deleted the object.
    public var storeVersion: Int64?
    /// The attributes and to-ones whose stored value differs from the context's, in the entity's order.
    /// Empty when the store no longer has the object.
    public var properties: [PropertyConflict]

    /// Creates a conflict.
    public init(
        objectID: AnyObjectID, entityName: String, isDeletion: Bool, readVersion: Int64, storeVersion: Int64?,
        properties: [PropertyConflict]
    ) {
        self.objectID = objectID
        self.entityName = entityName
        self.isDeletion = isDeletion
        self.readVersion = readVersion
        self.storeVersion = storeVersion
        self.properties = properties
    }

    /// Whether another save deleted the object.
    public var isDeletedInStore: Bool { storeVersion == nil }

    /// `"Counter Counter/1 (read at version 4, stored at version 5): value store 12, context 11"`.
    public var description: String {
        let versions = "read at version \(readVersion), " + (storeVersion.map { "stored at version \($0)" } ?? "deleted from the store")
        let change = isDeletion ? "deleting " : ""
        let differences = properties.map { "\($0.name) store \($0.storeValue), context \($0.contextValue)" }
        return "\(change)\(entityName) \(objectID) (\(versions))" + (differences.isEmpty ? "" : ": " + differences.joined(separator: ", "))
    }
}

/// One property of a ``MergeConflict``: its value in the store, in the context, and when the context read it.
public struct PropertyConflict: Sendable, Hashable {
    /// The attribute's or to-one relationship's name.
    public var name: String
    /// The value the store holds now.
    public var storeValue: PropertyValue
    /// The value in the context (its pending change, or what it read).
    public var contextValue: PropertyValue
    /// The value when the context read the object.
    public var readValue: PropertyValue

    /// Creates a property conflict.
    public init(name: String, storeValue: PropertyValue, contextValue: PropertyValue, readValue: PropertyValue) {
        self.name = name
        self.storeValue = storeValue
        self.contextValue = contextValue
        self.readValue = readValue
    }

    /// Whether another save changed the property since the context read it.
    public var changedInStore: Bool { storeValue != readValue }
    /// Whether the context changed the property since it read it.
    public var changedInContext: Bool { contextValue != readValue }
}

/// The value of an attribute or of a to-one relationship.
public enum PropertyValue: Sendable, Hashable, CustomStringConvertible {
    /// An attribute's value.
    case attribute(AttributeValue)
    /// A to-one's destination, `nil` for none.
    case toOne(AnyObjectID?)

    /// The value, or the destination's ID (`nil` for none).
    public var description: String {
        switch self {
        case .attribute(let value): "\(value)"
        case .toOne(let id): id.map { "\($0)" } ?? "nil"
        }
    }
}
