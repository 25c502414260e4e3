import DataModel

/// Which attribute type changes keep every value: widening integers, `Float` → `Double`, and a scalar
/// to its text (`String`). Every other change can lose or cannot convert values.
enum AttributeTypeChange {
    private static let widenings: [AttributeType: Set<AttributeType>] = [
        .integer16: [.integer32, .integer64],
        .integer32: [.integer64],
        .float: [.double],
    ]

    /// The scalar types whose values have one exact text form.
    private static let textual: Set<AttributeType> = [.integer16, .integer32, .integer64, .decimal, .double, .float, .boolean, .uuid, .uri]

    /// Whether every value of type `from` converts to `to` without loss.
    static func isLossless(from: AttributeType, to: AttributeType) -> Bool {
        from == to || widenings[from]?.contains(to) == true || (to == .string && textual.contains(from))
    }
}
