/// A model element's userInfo dictionary, as ordered key–value string pairs (Core Data keeps only strings).
///
/// Order is kept as written in the model so generated code and version hashes are deterministic.
///
/// ```swift
/// let info: UserInfo = ["rest.path": "/bands", "swift.name": "Band"]
/// info["rest.path"] // "/bands"
/// ```
public struct UserInfo: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
    /// One key–value pair.
    public struct Entry: Sendable, Hashable, Codable {
        /// The key.
        public let key: String
        /// The value.
        public let value: String

        /// Creates an entry.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs in model order.
    public let entries: [Entry]

    /// Creates user info from pairs in order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Creates user info from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    /// The value of the first entry with `key`, if any.
    public subscript(key: String) -> String? {
        entries.first { $0.key == key }?.value
    }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }
}
