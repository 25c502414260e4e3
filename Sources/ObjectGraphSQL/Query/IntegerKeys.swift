import ObjectGraph

extension AnyObjectID {
    /// The integer key, the only kind the SQL stores make.
    package var integerKey: Int64? {
        if case .integer(let key) = key { return key }
        return nil
    }

    /// Whether the key is an integer.
    package var isInteger: Bool { integerKey != nil }
}
