import DataModel

/// The `userInfo:` argument of schema literals: the model's userInfo entries, sorted by key.
enum UserInfoLiteral {
    /// `userInfo: ["key": "value"]`, or empty when there are no entries.
    static func argument(_ userInfo: UserInfo) -> String {
        guard !userInfo.isEmpty else { return "" }
        var latest: [String: String] = [:]
        for entry in userInfo.entries { latest[entry.key] = entry.value }
        let pairs = latest.keys.sorted().map { "\(SwiftSource.string($0)): \(SwiftSource.string(latest[$0] ?? ""))" }
        return "userInfo: [\(pairs.joined(separator: ", "))]"
    }
}
