/// One `<entry key="…" value="…"/>` of a `<userInfo>` dictionary.
public struct UserInfoEntry: Sendable, Equatable, Codable {
    /// The key, as written (keys may contain dots, spaces and quotes).
    public var key: String
    /// The value, always a string in the model file; the consumer decides how to parse it.
    public var value: String
    /// Where the `<entry>` element starts.
    public var location: SourceLocation

    /// Creates an entry.
    public init(key: String, value: String, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}

/// The user info dictionary of a model element, kept as an ordered list of entries so that
/// duplicate keys and the written order survive.
public struct UserInfo: Sendable, Equatable, Codable {
    /// The entries in document order. Empty when the element had no `<userInfo>` or an empty one.
    public var entries: [UserInfoEntry]

    /// Creates user info from entries in document order.
    public init(entries: [UserInfoEntry] = []) {
        self.entries = entries
    }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The value of the last entry with `key`, as Core Data's dictionary would keep it.
    ///
    /// ```swift
    /// if let restPath = entity.userInfo["rest.path"] { … }
    /// ```
    public subscript(key: String) -> String? {
        entries.last(where: { $0.key == key })?.value
    }
}
