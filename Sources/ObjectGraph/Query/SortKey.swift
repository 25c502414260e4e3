/// A typed sort key over the objects described by `Fields`: an attribute, directly or through to-one
/// relationships, ascending or descending.
///
/// ```swift
/// let albums = try await Album.fetch(in: context, sortedBy: [.ascending(\.band.name), .descending(\.year)])
/// ```
public struct SortKey<Fields: FieldSet>: Sendable, Hashable {
    /// The untyped sort key.
    public let expression: SortExpression

    /// Wraps an untyped sort key.
    public init(_ expression: SortExpression) {
        self.expression = expression
    }

    /// Smaller values first (`nil` first).
    public static func ascending<V>(_ field: KeyPath<Fields, AttributeField<V>>) -> SortKey {
        SortKey(SortExpression(Fields.path(of: field), ascending: true))
    }

    /// Larger values first (`nil` last).
    public static func descending<V>(_ field: KeyPath<Fields, AttributeField<V>>) -> SortKey {
        SortKey(SortExpression(Fields.path(of: field), ascending: false))
    }
}
