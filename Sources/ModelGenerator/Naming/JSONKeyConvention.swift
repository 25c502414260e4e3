/// A word that is spelled differently in Swift names and in JSON keys, such as `Identifier` and `id`.
public struct JSONWordPair: Sendable, Hashable {
    /// The word in a Swift name, as written in the middle of a camel-case name: `Identifier`, `URL`.
    public let swiftWord: String
    /// The word in a snake_case JSON key, lower-case: `id`, `url`.
    public let jsonWord: String

    /// Creates a pair; `jsonWord` is lower-cased.
    public init(swiftWord: String, jsonWord: String) {
        self.swiftWord = swiftWord
        self.jsonWord = jsonWord.lowercased()
    }
}

/// The REST mapping's naming convention: JSON keys are snake_case of Swift property names, with word pairs
/// translated both ways.
///
/// With the standard pairs `Identifier` <-> `id` and `URL` <-> `url`:
///
/// ```swift
/// let convention = JSONKeyConvention()
/// convention.jsonKey(forProperty: "gravatarIdentifier")  // "gravatar_id"
/// convention.jsonKey(forProperty: "avatarURL")           // "avatar_url"
/// convention.propertyName(forJSONKey: "html_url")        // "htmlURL"
/// convention.propertyName(forJSONKey: "id")              // "identifier"
/// ```
///
/// Words are compared case-insensitively, so `userID` and `userId` both map to `user_id`, whose reverse is
/// `userIdentifier`: only names built from pair words round-trip exactly.
public struct JSONKeyConvention: Sendable, Hashable {
    /// `Identifier` <-> `id` and `URL` <-> `url`.
    public static let standardWordPairs = [
        JSONWordPair(swiftWord: "Identifier", jsonWord: "id"),
        JSONWordPair(swiftWord: "URL", jsonWord: "url"),
    ]

    /// The pairs in effect; an earlier pair wins when two share a word.
    public let wordPairs: [JSONWordPair]
    private let jsonWordBySwiftWord: [String: String]
    private let swiftWordByJSONWord: [String: String]

    /// A convention with the standard pairs followed by `additionalWordPairs` (for example from the model's userInfo).
    public init(additionalWordPairs: [JSONWordPair] = []) {
        wordPairs = Self.standardWordPairs + additionalWordPairs
        jsonWordBySwiftWord = Dictionary(wordPairs.map { ($0.swiftWord.lowercased(), $0.jsonWord) }) { first, _ in first }
        swiftWordByJSONWord = Dictionary(wordPairs.map { ($0.jsonWord, $0.swiftWord) }) { first, _ in first }
    }

    /// The JSON key for a Swift property name: its words lower-cased, pair words translated, joined with `_`.
    public func jsonKey(forProperty name: String) -> String {
        Self.translatedWords(of: name, using: jsonWordBySwiftWord).joined(separator: "_")
    }

    /// The Swift property name for a JSON key: its words in lowerCamelCase, pair words translated.
    public func propertyName(forJSONKey key: String) -> String {
        SwiftIdentifier.lowerCamelCase(Self.translatedWords(of: key, using: swiftWordByJSONWord).joined(separator: "_"))
    }

    /// The words of `name`, each replaced by its pair word or else lower-cased.
    private static func translatedWords(of name: String, using pairs: [String: String]) -> [String] {
        IdentifierWords.split(name).map { word in
            let lowercased = word.lowercased()
            return pairs[lowercased] ?? lowercased
        }
    }
}
