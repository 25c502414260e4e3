import DataModel

/// The `rest.*` userInfo keys the generator knows, by the model element they belong on, and the checks
/// of what a model writes: a key it does not know, or one on the wrong kind of element, is a located
/// warning (with the closest known key as a suggestion); a key that would change what is sent, put
/// where it cannot apply (`rest.writeKey` on a relationship), is an error.
enum RESTUserInfoKeys {
    /// The kinds of model elements that carry `rest.*` keys.
    enum Element: String {
        case model
        case entity
        case attribute
        case relationship
        case fetchedProperty = "fetched property"
    }

    /// The keys of each element kind.
    static let known: [Element: Set<String>] = [
        .entity: ["rest.path", "rest.objectPath", "rest.identifier", "rest.envelope", "rest.entityKey", "rest.entityValue"],
        .attribute: ["rest.key", "rest.dateFormat", "rest.writeKey", "rest.createKey", "rest.readOnly"],
        .relationship: ["rest.key", "rest.foreignKey", "rest.path", "rest.insertsThroughPath", "rest.readOnly"],
        .model: [],
        .fetchedProperty: [],
    ]

    /// Keys that change what saves send, so putting them where they cannot apply is an error.
    private static let writeKeys: Set<String> = ["rest.writeKey", "rest.createKey"]

    /// Checks the `rest.*` keys of one element named `name` (for messages).
    static func check(_ userInfo: UserInfo, of element: Element, named name: String, log: inout IssueLog) {
        let own = known[element] ?? []
        for entry in userInfo.entries where entry.key.hasPrefix("rest.") && !own.contains(entry.key) {
            if let owner = [Element.entity, .attribute, .relationship].first(where: { known[$0]?.contains(entry.key) == true }) {
                let message = "\(entry.key) applies to \(owner.rawValue == "entity" ? "entities" : owner.rawValue + "s"), "
                    + "not to the \(element.rawValue) '\(name)'"
                if writeKeys.contains(entry.key) {
                    log.error(message + "; it would change what saves send", at: entry.location)
                } else {
                    log.warning(message + "; it is ignored", at: entry.location)
                }
                continue
            }
            let suggestion = closest(to: entry.key, in: own).map { "; did you mean '\($0)'?" } ?? ""
            log.warning("unknown REST mapping key '\(entry.key)' on the \(element.rawValue) '\(name)' is ignored\(suggestion)", at: entry.location)
        }
    }

    /// The value of a boolean key (`YES`/`NO`, `true`/`false`, `1`/`0`), `nil` when absent; a located
    /// error and `nil` for anything else.
    static func flag(_ key: String, of userInfo: UserInfo, log: inout IssueLog) -> Bool? {
        guard let entry = userInfo.entries.last(where: { $0.key == key }) else { return nil }
        switch entry.value.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default:
            log.error("\(key) '\(entry.value)' is not a boolean (YES or NO)", at: entry.location)
            return nil
        }
    }

    /// The known key closest to `key` when it is a likely typo: at most two edits away, ignoring case.
    static func closest(to key: String, in candidates: Set<String>) -> String? {
        let lowered = Array(key.lowercased())
        let scored = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two character arrays.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
