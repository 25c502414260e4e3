/// A typed predicate over the objects described by `Fields` (an entity's generated `Fields`), built from
/// key paths and operators; it wraps the untyped ``StorePredicate`` stores translate.
///
/// ```swift
/// let recent: FetchPredicate<Album.Fields> = \.band.name == "Low" && \.year > 1990 && \.subtitle != nil
/// let named: FetchPredicate<Album.Fields> = .contains(\.title, "royal", options: .caseInsensitive)
/// let withShortTrack: FetchPredicate<Album.Fields> = .any(\.tracks, \.duration < 60)
/// let albums = try await Album.fetch(in: context, where: recent || named)
/// ```
public struct FetchPredicate<Fields: FieldSet>: Sendable, Hashable {
    /// The untyped expression.
    public let expression: StorePredicate

    /// Wraps an untyped expression (e.g. one parsed at generate time from a model's fetch request).
    public init(_ expression: StorePredicate) {
        self.expression = expression
    }

    /// Matches every object.
    public static var always: FetchPredicate { FetchPredicate(.constant(true)) }

    /// Matches no object.
    public static var never: FetchPredicate { FetchPredicate(.constant(false)) }

    /// Both predicates hold.
    public static func && (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        FetchPredicate(.and(lhs.conjuncts + rhs.conjuncts))
    }

    /// At least one predicate holds.
    public static func || (lhs: FetchPredicate, rhs: FetchPredicate) -> FetchPredicate {
        FetchPredicate(.or(lhs.disjuncts + rhs.disjuncts))
    }

    /// The predicate does not hold.
    public static prefix func ! (operand: FetchPredicate) -> FetchPredicate {
        FetchPredicate(.not(operand.expression))
    }

    private var conjuncts: [StorePredicate] {
        if case .and(let parts) = expression { return parts }
        return [expression]
    }

    private var disjuncts: [StorePredicate] {
        if case .or(let parts) = expression { return parts }
        return [expression]
    }

    /// The attribute equals `value`, optionally ignoring case and diacritics.
    public static func equals<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ value: V, options: StringOptions
    ) -> FetchPredicate {
        FetchPredicate(.compare(Fields.path(of: field), .equal, value.attributeValue, options: options))
    }

    /// The attribute's value is one of `values`.
    public static func `in`<V>(_ field: KeyPath<Fields, AttributeField<V>>, _ values: [V]) -> FetchPredicate {
        FetchPredicate(.isIn(Fields.path(of: field), values.map(\.attributeValue)))
    }

    /// The attribute lies between `lower` and `upper`, both included.
    public static func between<V: OrderedAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ lower: V, _ upper: V
    ) -> FetchPredicate {
        FetchPredicate(.between(Fields.path(of: field), lower.attributeValue, upper.attributeValue))
    }

    /// The string attribute contains `pattern`.
    public static func contains<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ pattern: String, options: StringOptions = []
    ) -> FetchPredicate {
        string(field, .contains, pattern, options)
    }

    /// The string attribute starts with `pattern`.
    public static func beginsWith<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ pattern: String, options: StringOptions = []
    ) -> FetchPredicate {
        string(field, .beginsWith, pattern, options)
    }

    /// The string attribute ends with `pattern`.
    public static func endsWith<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ pattern: String, options: StringOptions = []
    ) -> FetchPredicate {
        string(field, .endsWith, pattern, options)
    }

    /// The string attribute matches a wildcard pattern (`*` any run, `?` one character).
    public static func like<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ pattern: String, options: StringOptions = []
    ) -> FetchPredicate {
        string(field, .like, pattern, options)
    }

    /// The whole string attribute matches a regular expression.
    public static func matches<V: StringAttributeValue>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ pattern: String, options: StringOptions = []
    ) -> FetchPredicate {
        string(field, .matches, pattern, options)
    }

    private static func string<V>(
        _ field: KeyPath<Fields, AttributeField<V>>, _ op: StringOperator, _ pattern: String, _ options: StringOptions
    ) -> FetchPredicate {
        FetchPredicate(.string(Fields.path(of: field), op, pattern, options: options))
    }

    /// The to-one relationship is empty (`band == nil`).
    public static func isNil<D: FieldSet>(_ relationship: KeyPath<Fields, D>) -> FetchPredicate {
        FetchPredicate(.compare(Fields.path(of: relationship), .equal, .null))
    }

    /// The to-one relationship has a destination (`band != nil`).
    public static func isNotNil<D: FieldSet>(_ relationship: KeyPath<Fields, D>) -> FetchPredicate {
        FetchPredicate(.compare(Fields.path(of: relationship), .notEqual, .null))
    }

    /// At least one object of the to-many satisfies `predicate`.
    public static func any<D>(_ relationship: KeyPath<Fields, ToManyField<D>>, _ predicate: FetchPredicate<D>) -> FetchPredicate {
        FetchPredicate(.any(Fields.path(of: relationship), predicate.expression))
    }

    /// Every object of the to-many satisfies `predicate` (true when it is empty).
    public static func all<D>(_ relationship: KeyPath<Fields, ToManyField<D>>, _ predicate: FetchPredicate<D>) -> FetchPredicate {
        FetchPredicate(.all(Fields.path(of: relationship), predicate.expression))
    }
}
