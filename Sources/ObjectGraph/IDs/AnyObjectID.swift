/// The key part of an object ID: temporary for objects not yet saved, or the store's own key.
public enum ObjectKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A key made by a context for an inserted object, unique within the process; replaced by a
    /// permanent key on save.
    case temporary(UInt64)
    /// An integer key, e.g. a SQLite rowid or a numeric REST id.
    case integer(Int64)
    /// A string key, e.g. a REST resource identifier.
    case string(String)

    /// The key as text: `12`, `"octocat"`, `temporary:7`.
    public var description: String {
        switch self {
        case .temporary(let number): "temporary:\(number)"
        case .integer(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }
}

/// The untyped identity of an object: the name of the root entity of its inheritance hierarchy and a key
/// unique within that hierarchy.
///
/// A Sendable value: the way to hand an object to another context or task, and what stores use.
/// Using the root entity's name lets a store build the ID of a to-one destination from a foreign key
/// alone, even when the destination is an instance of a subentity.
///
/// ```swift
/// let id = AnyObjectID(entityName: "Band", key: .integer(12))
/// print(id) // Band/12
/// ```
public struct AnyObjectID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name of the root entity of the object's hierarchy.
    public let entityName: String
    /// The key within that hierarchy.
    public let key: ObjectKey

    /// Creates an ID.
    public init(entityName: String, key: ObjectKey) {
        self.entityName = entityName
        self.key = key
    }

    /// A new temporary ID for an object of the hierarchy rooted at `entityName`.
    public static func temporary(entityName: String) -> AnyObjectID {
        AnyObjectID(entityName: entityName, key: .temporary(TemporaryKeys.next()))
    }

    /// Whether the ID is temporary (the object has not been saved yet).
    public var isTemporary: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// Hashes the key only: IDs that differ only by entity name are rare, and hashing the name's
    /// characters made every identity-map and change-set lookup pay for a string.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }

    /// `Entity/key`, e.g. `Band/12`.
    public var description: String { "\(entityName)/\(key)" }
}
