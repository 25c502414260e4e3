import DataModel

/// Which attribute type changes keep every value: widening integers, `Float` → `Double`, and a scalar
/// to its text (`String`). Every other change can lose or cannot convert values. The runtime's
/// `MigrationStep.isLossless(from:to:)` answers the same (a test compares them), and stores write the
/// text in the one format it documents.
enum AttributeTypeChange {
    private static let widenings: [AttributeType: Set<AttributeType>] = [
        .integer16: [.integer32, .integer64],
        .integer32: [.integer64],
        .float: [.double],
    ]

    /// The scalar types whose values have one exact text form (a date's is ISO 8601 in UTC to the nanosecond).
    private static let textual: Set<AttributeType> = [.integer16, .integer32, .integer64, .decimal, .double, .float, .boolean, .date, .uuid, .uri]

    /// Whether every value of type `from` converts to `to` without loss.
    static func isLossless(from: AttributeType, to: AttributeType) -> Bool {
        from == to || widenings[from]?.contains(to) == true || (to == .string && textual.contains(from))
    }
}
