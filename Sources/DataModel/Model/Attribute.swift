/// An `<attribute>` of an entity or of a composite type.
///
/// Booleans that the file leaves out are `false`, as in Core Data. Optional values are `nil`
/// when the file does not set them.
public struct Attribute: Sendable, Equatable, Codable {
    /// The property name.
    public var name: String
    /// The attribute type; ``AttributeType/undefined`` when the file has no `attributeType`.
    public var type: AttributeType
    /// Core Data's `optional` flag: a save-time validation rule, not a Swift optional.
    public var isOptional: Bool
    /// Not persisted (`transient="YES"`).
    public var isTransient: Bool
    /// A derived attribute (`derived="YES"`), recomputed by the store on save.
    public var isDerived: Bool
    /// The derivation expression of a derived attribute, e.g. `photos.@count`.
    public var derivationExpression: String?
    /// Xcode's "Use Scalar Type" checkbox (`usesScalarValueType`).
    public var usesScalarValueType: Bool
    /// The legacy single-property index flag (`indexed="YES"`).
    public var isIndexed: Bool
    /// Binary data may be stored beside the store file (`allowsExternalBinaryDataStorage`).
    public var allowsExternalBinaryDataStorage: Bool
    /// Kept in persistent-history tombstones (`preserveAfterDeletion`).
    public var preservesValueInHistoryOnDeletion: Bool
    /// "Index in Spotlight" (`spotlightIndexingEnabled`).
    public var isIndexedBySpotlight: Bool
    /// Legacy "Store in External Record File" (`storedInTruthFile`).
    public var isStoredInExternalRecord: Bool
    /// CloudKit encrypted field (`allowsCloudEncryption`).
    public var allowsCloudEncryption: Bool
    /// The default value as written in `defaultValueString` (dates: the display text).
    public var defaultValueString: String?
    /// The default value read as the attribute's type; dates come from `defaultDateTimeInterval`.
    public var defaultValue: AttributeValue?
    /// The lower bound: the value for numbers, the length for strings and binary data, the
    /// date (from `minDateTimeInterval`) for dates.
    public var minimum: AttributeValue?
    /// The upper bound, read like ``minimum``.
    public var maximum: AttributeValue?
    /// The validation regular expression of a string attribute.
    public var regularExpression: String?
    /// The renaming ID used by lightweight migration (XML `elementID`).
    public var renamingIdentifier: String?
    /// The version hash modifier.
    public var versionHashModifier: String?
    /// The value transformer of a transformable attribute; `nil` when missing or empty, which
    /// means Core Data's default transformer.
    public var valueTransformerName: String?
    /// The Swift type expression Xcode emits for a transformable attribute (`[String]`, `UIColor`).
    public var customClassName: String?
    /// The composite type name of a ``AttributeType/composite`` attribute.
    public var compositeName: String?
    /// The attribute's user info.
    public var userInfo: UserInfo
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<attribute>` element starts.
    public var location: SourceLocation

    /// Creates an attribute with every flag off; set the rest as needed.
    public init(name: String, type: AttributeType, location: SourceLocation) {
        self.name = name
        self.type = type
        self.isOptional = false
        self.isTransient = false
        self.isDerived = false
        self.usesScalarValueType = false
        self.isIndexed = false
        self.allowsExternalBinaryDataStorage = false
        self.preservesValueInHistoryOnDeletion = false
        self.isIndexedBySpotlight = false
        self.isStoredInExternalRecord = false
        self.allowsCloudEncryption = false
        self.userInfo = UserInfo()
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}
