/// One change a store applies to its data to move it from one model version to the next.
///
/// The generator infers the steps of each pair of consecutive versions and writes them into the
/// generated ``ModelVersionHistory``; stores execute them and never infer anything themselves.
/// Names follow one rule: a step names elements as the newer version calls them, except that
/// removals name them as the older version did and renames give both names. Attribute and
/// relationship steps name the entity that declares the property in the newer version (the older
/// one for removals).
///
/// ```swift
/// let steps: [MigrationStep] = [
///     .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
///     .addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0)),
/// ]
/// print(steps.map(\.description)) // ["rename attribute Mood.remoteIdentifier to remoteID", …]
/// ```
public enum MigrationStep: Sendable, Hashable, CustomStringConvertible {
    /// A new entity, empty after the migration (custom steps may fill it).
    ///
    /// ```swift
    /// MigrationStep.addEntity("Continent")
    /// ```
    case addEntity(String)
    /// An entity and all its objects go away.
    ///
    /// ```swift
    /// MigrationStep.removeEntity("GeographicRegion")
    /// ```
    case removeEntity(String)
    /// An entity keeps its objects under a new name (the newer version's renaming ID names the old one).
    ///
    /// ```swift
    /// MigrationStep.renameEntity(from: "Place", to: "Location")
    /// ```
    case renameEntity(from: String, to: String)
    /// A new attribute; existing objects get `defaultValue` (`nil`: no value).
    ///
    /// ```swift
    /// MigrationStep.addAttribute(entity: "Mood", attribute: "rating", defaultValue: .integer(0))
    /// ```
    case addAttribute(entity: String, attribute: String, defaultValue: AttributeValue?)
    /// An attribute and its values go away.
    ///
    /// ```swift
    /// MigrationStep.removeAttribute(entity: "Country", attribute: "isoContinent")
    /// ```
    case removeAttribute(entity: String, attribute: String)
    /// An attribute keeps its values under a new name.
    ///
    /// ```swift
    /// MigrationStep.renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID")
    /// ```
    case renameAttribute(entity: String, from: String, to: String)
    /// An optional attribute becomes required; objects without a value get `fillValue`.
    ///
    /// ```swift
    /// MigrationStep.makeAttributeRequired(entity: "Preferences", attribute: "was_sustainer", fillValue: .bool(false))
    /// ```
    case makeAttributeRequired(entity: String, attribute: String, fillValue: AttributeValue)
    /// A required attribute becomes optional; values stay.
    ///
    /// ```swift
    /// MigrationStep.makeAttributeOptional(entity: "Mood", attribute: "date")
    /// ```
    case makeAttributeOptional(entity: String, attribute: String)
    /// A lossless type change: Integer 16 → 32 → 64, Float → Double, or any scalar → String.
    /// ``isLossless(from:to:)`` says which changes qualify; a store refuses any other.
    ///
    /// ```swift
    /// MigrationStep.changeAttributeType(entity: "Country", attribute: "numericISO3166Code",
    ///                                   from: .integer16, to: .integer32)
    /// ```
    case changeAttributeType(entity: String, attribute: String, from: AttributeType, to: AttributeType)
    /// An attribute moves between an entity and its parent (either way, or to the subentities when the
    /// parent goes away); objects that had it keep their values, others get the attribute's default.
    ///
    /// ```swift
    /// MigrationStep.moveAttribute("updatedAt", from: "GeographicRegion", to: "Country")
    /// ```
    case moveAttribute(String, from: String, to: String)
    /// An entity moves under another parent (`to`; `nil`: it stands alone), or out from under its parent
    /// (`from`, the older version's name). Its objects keep their keys and values; a store that keeps a
    /// hierarchy in one table moves their rows (objects of two tables that would share a key are refused).
    ///
    /// ```swift
    /// MigrationStep.changeParent(entity: "Country", from: "GeographicRegion", to: nil)
    /// ```
    case changeParent(entity: String, from: String?, to: String?)
    /// A new relationship, empty for existing objects (custom steps may fill it).
    ///
    /// ```swift
    /// MigrationStep.addRelationship(entity: "Mood", relationship: "continent")
    /// ```
    case addRelationship(entity: String, relationship: String)
    /// A relationship and its links go away.
    ///
    /// ```swift
    /// MigrationStep.removeRelationship(entity: "Country", relationship: "continent")
    /// ```
    case removeRelationship(entity: String, relationship: String)
    /// A relationship keeps its links under a new name.
    ///
    /// ```swift
    /// MigrationStep.renameRelationship(entity: "Band", from: "records", to: "albums")
    /// ```
    case renameRelationship(entity: String, from: String, to: String)
    /// A to-one becomes a to-many (`isToMany` true: its destination becomes the only member) or a
    /// to-many becomes a to-one (false: fails when an object has more than one destination).
    ///
    /// ```swift
    /// MigrationStep.changeRelationshipCardinality(entity: "Track", relationship: "albums", isToMany: true)
    /// ```
    case changeRelationshipCardinality(entity: String, relationship: String, isToMany: Bool)
    /// A to-many becomes ordered (`isOrdered` true: members keep the order they were added in, which
    /// is their key order when the inverse is a to-one) or unordered (the order is dropped).
    ///
    /// ```swift
    /// MigrationStep.changeRelationshipOrdering(entity: "Album", relationship: "tracks", isOrdered: true)
    /// ```
    case changeRelationshipOrdering(entity: String, relationship: String, isOrdered: Bool)
    /// A required relationship becomes optional; its links stay.
    ///
    /// ```swift
    /// MigrationStep.makeRelationshipOptional(entity: "Continent", relationship: "countries")
    /// ```
    case makeRelationshipOptional(entity: String, relationship: String)
    /// A uniqueness constraint over `properties`; fails, naming the values, when existing objects share them.
    ///
    /// ```swift
    /// MigrationStep.addUniquenessConstraint(entity: "Country", properties: ["numericISO3166Code"])
    /// ```
    case addUniquenessConstraint(entity: String, properties: [String])
    /// A uniqueness constraint goes away.
    ///
    /// ```swift
    /// MigrationStep.removeUniquenessConstraint(entity: "Continent", properties: ["numericISO3166Code", "uniquenessDummy"])
    /// ```
    case removeUniquenessConstraint(entity: String, properties: [String])
    /// A fetch index (by its name in the model), a compound index (`compound_` and its properties joined
    /// by `_`) or an indexed attribute (by the attribute's name).
    ///
    /// ```swift
    /// MigrationStep.addIndex(entity: "Mood", name: "markedForDeletionDate")
    /// ```
    case addIndex(entity: String, name: String)
    /// A fetch index or an attribute's index goes away.
    ///
    /// ```swift
    /// MigrationStep.removeIndex(entity: "Continent", name: "compoundIndex")
    /// ```
    case removeIndex(entity: String, name: String)

    /// Whether changing an attribute from `old` to `new` keeps every value: Integer 16 → 32 → 64
    /// (and 16 → 64), Float → Double, and every scalar (integers, Float, Double, Decimal, Boolean,
    /// Date, UUID, URI) → String. The generator infers exactly these changes.
    ///
    /// A scalar becomes this text, in every store: integers and Decimals in decimal digits (`-3`,
    /// `12.5`); Float and Double as Swift prints them, the shortest text that reads back as the same
    /// value (`0.1`, `1e-07`); Booleans `true` / `false`; dates in ISO 8601 in UTC with nine digits of
    /// fraction (`2001-01-01T00:00:01.500000000Z`), which keep every date to the nanosecond and sort
    /// as text in time order; UUIDs in upper-case standard form; URIs as written.
    ///
    /// ```swift
    /// MigrationStep.isLossless(from: .integer16, to: .integer64) // true
    /// MigrationStep.isLossless(from: .double, to: .float)        // false
    /// ```
    public static func isLossless(from old: AttributeType, to new: AttributeType) -> Bool {
        switch (old, new) {
        case (.integer16, .integer32), (.integer16, .integer64), (.integer32, .integer64), (.float, .double):
            true
        case (.integer16, .string), (.integer32, .string), (.integer64, .string), (.float, .string),
             (.double, .string), (.decimal, .string), (.boolean, .string), (.date, .string),
             (.uuid, .string), (.uri, .string):
            true
        default:
            old == new
        }
    }

    /// The step in plain words, naming every element: `add attribute Mood.rating (default 0)`.
    public var description: String {
        switch self {
        case .addEntity(let name): "add entity \(name)"
        case .removeEntity(let name): "remove entity \(name)"
        case .renameEntity(let old, let new): "rename entity \(old) to \(new)"
        case .addAttribute(let entity, let attribute, let value):
            "add attribute \(entity).\(attribute)" + (value.map { " (default \($0))" } ?? "")
        case .removeAttribute(let entity, let attribute): "remove attribute \(entity).\(attribute)"
        case .renameAttribute(let entity, let old, let new): "rename attribute \(entity).\(old) to \(new)"
        case .makeAttributeRequired(let entity, let attribute, let fill):
            "make attribute \(entity).\(attribute) required (objects without a value get \(fill))"
        case .makeAttributeOptional(let entity, let attribute): "make attribute \(entity).\(attribute) optional"
        case .changeAttributeType(let entity, let attribute, let old, let new):
            "change the type of attribute \(entity).\(attribute) from \(old.rawValue) to \(new.rawValue)"
        case .moveAttribute(let attribute, let old, let new): "move attribute \(attribute) from \(old) to \(new)"
        case .changeParent(let entity, let old, let new):
            "move entity \(entity) " + (old.map { "from under \($0) " } ?? "") + (new.map { "under \($0)" } ?? "to stand alone")
        case .addRelationship(let entity, let name): "add relationship \(entity).\(name)"
        case .removeRelationship(let entity, let name): "remove relationship \(entity).\(name)"
        case .renameRelationship(let entity, let old, let new): "rename relationship \(entity).\(old) to \(new)"
        case .changeRelationshipCardinality(let entity, let name, let isToMany):
            "make relationship \(entity).\(name) " + (isToMany ? "to-many" : "to-one")
        case .changeRelationshipOrdering(let entity, let name, let isOrdered):
            "make relationship \(entity).\(name) " + (isOrdered ? "ordered" : "unordered")
        case .makeRelationshipOptional(let entity, let name): "make relationship \(entity).\(name) optional"
        case .addUniquenessConstraint(let entity, let properties):
            "add uniqueness constraint (\(properties.joined(separator: ", "))) to \(entity)"
        case .removeUniquenessConstraint(let entity, let properties):
            "remove uniqueness constraint (\(properties.joined(separator: ", "))) from \(entity)"
        case .addIndex(let entity, let name): "add index \(name) to \(entity)"
        case .removeIndex(let entity, let name): "remove index \(name) from \(entity)"
        }
    }
}
