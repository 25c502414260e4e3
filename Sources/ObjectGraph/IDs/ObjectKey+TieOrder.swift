extension ObjectKey {
    /// Whether an object with this key comes before one with `other` when their sort keys are equal:
    /// integer keys ascending, then string keys (by Unicode scalars), then temporary ones. Live results
    /// keep ties in this order; a store whose integer keys follow insertion (SQLite) returns them in it,
    /// and `CachingStore`, whose keys do not follow its cache's rows, reorders its answers into it.
    ///
    /// ```swift
    /// ObjectKey.integer(12).precedesAmongTies(.string("local-1"))   // true
    /// ```
    public func precedesAmongTies(_ other: ObjectKey) -> Bool {
        switch (self, other) {
        case (.integer(let a), .integer(let b)): a < b
        case (.string(let a), .string(let b)): a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        case (.temporary(let a), .temporary(let b)): a < b
        case (.integer, _): true
        case (.string, .temporary): true
        default: false
        }
    }
}
