/// The static description of one attribute of an entity.
///
/// Generated code writes these as literals inside ``EntityDescription`` values:
///
/// ```swift
/// AttributeDescription(name: "title", type: .string, isOptional: false,
///                      minimum: .integer(1), maximum: .integer(200))
/// ```
public struct AttributeDescription: Sendable, Hashable, Codable {
    /// The attribute's name in the model (and the Swift property name unless renamed).
    public let name: String
    /// The declared type.
    public let type: AttributeType
    /// Whether `nil` is allowed.
    public let isOptional: Bool
    /// Whether the attribute lives only in memory (never stored).
    public let isTransient: Bool
    /// The model's default value, if any.
    public let defaultValue: AttributeValue?
    /// The lowest allowed value; for ``AttributeType/string`` and ``AttributeType/binary`` the shortest
    /// allowed length as an ``AttributeValue/integer(_:)``.
    public let minimum: AttributeValue?
    /// The highest allowed value, or the longest allowed length for strings and binary data.
    public let maximum: AttributeValue?
    /// A regular expression every non-nil string value must match in full.
    public let regularExpression: String?
    /// Whether the model asks for an index on this attribute.
    public let isIndexed: Bool
    /// The attribute's userInfo.
    public let userInfo: UserInfo

    /// Creates an attribute description; every constraint defaults to "none".
    public init(
        name: String,
        type: AttributeType,
        isOptional: Bool = true,
        isTransient: Bool = false,
        defaultValue: AttributeValue? = nil,
        minimum: AttributeValue? = nil,
        maximum: AttributeValue? = nil,
        regularExpression: String? = nil,
        isIndexed: Bool = false,
        userInfo: UserInfo = [:]
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.regularExpression = regularExpression
        self.isIndexed = isIndexed
        self.userInfo = userInfo
    }
}
