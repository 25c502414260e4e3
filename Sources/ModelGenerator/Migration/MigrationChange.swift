import DataModel

/// One change of the stored schema between two consecutive versions, as inferred by ``MigrationPlanner``.
/// Elements are named as the newer version calls them, except that removals name them as the older
/// version did and renames give both names; a change of an inherited property is reported once, on the
/// entity that declares it (unless the entity's parent changed).
public enum MigrationChange: Sendable, Equatable {
    /// A new entity (its objects start empty).
    case addEntity(String)
    /// An entity and all its objects are dropped.
    case removeEntity(String)
    /// An entity renamed through its renaming ID: its objects are kept.
    case renameEntity(from: String, to: String)
    /// The entity's parent changed (`nil`: none), so its objects may move to another hierarchy's table.
    case changeParent(entity: String, from: String?, to: String?)
    /// A new stored attribute; existing objects take `defaultValue` (or no value, when optional).
    case addAttribute(entity: String, attribute: String, type: AttributeType, isOptional: Bool, defaultValue: AttributeValue?)
    /// A stored attribute is dropped.
    case removeAttribute(entity: String, attribute: String)
    /// A stored attribute renamed through its renaming ID: its values are kept.
    case renameAttribute(entity: String, from: String, to: String)
    /// An attribute is now declared on another entity of the hierarchy (`Moody 3` → `Moody 4` moves the
    /// attributes of the removed parent `GeographicRegion` onto `Country`): its values are kept.
    case moveAttribute(entity: String, attribute: String, fromDeclaringEntity: String, toDeclaringEntity: String)
    /// An optional attribute becomes required; objects without a value take `defaultValue` (`nil` only
    /// when the pair declares a custom step that sets them).
    case makeAttributeRequired(entity: String, attribute: String, defaultValue: AttributeValue?)
    /// A required attribute becomes optional.
    case makeAttributeOptional(entity: String, attribute: String)
    /// A lossless type change (`Integer 16` → `Integer 32`, `Float` → `Double`, a scalar → `String`).
    case changeAttributeType(entity: String, attribute: String, from: AttributeType, to: AttributeType)
    /// A new stored relationship (empty for existing objects).
    case addRelationship(entity: String, relationship: String, destination: String, isToMany: Bool)
    /// A stored relationship is dropped.
    case removeRelationship(entity: String, relationship: String)
    /// A relationship renamed through its renaming ID: its links are kept.
    case renameRelationship(entity: String, from: String, to: String)
    /// A to-one becomes a to-many (`true`) or the reverse; the links are kept (to-many → to-one fails the
    /// migration for an object with more than one destination).
    case changeCardinality(entity: String, relationship: String, isToMany: Bool)
    /// A to-many becomes ordered (existing members keep the order they were added in) or unordered.
    case changeOrdering(entity: String, relationship: String, isOrdered: Bool)
    /// A required relationship becomes optional.
    case makeRelationshipOptional(entity: String, relationship: String)
    /// A new uniqueness constraint (the migration fails, naming the values, when existing objects break it).
    case addUniquenessConstraint(entity: String, properties: [String])
    /// A uniqueness constraint is dropped.
    case removeUniquenessConstraint(entity: String, properties: [String])
    /// A new index over the properties, in order; `name` is the fetch index's, compound index's
    /// (``IndexLiteral/compoundName(_:)``) or indexed attribute's name (`nil` for an indexed to-one,
    /// which the runtime schema does not carry: stores index every to-one).
    case addIndex(entity: String, name: String?, properties: [String])
    /// An index is dropped.
    case removeIndex(entity: String, name: String?, properties: [String])
}

/// An inferred change with the place of its element in the newer version's `contents` file (the
/// entity or the model, for what the newer version no longer has).
public struct MigrationStep: Sendable, Equatable {
    /// What changes.
    public var change: MigrationChange
    /// The newer version's `contents` file.
    public var path: String
    /// Where the element is declared in it.
    public var location: SourceLocation?

    /// Creates a step.
    public init(_ change: MigrationChange, path: String, location: SourceLocation?) {
        self.change = change
        self.path = path
        self.location = location
    }
}

/// The plan from one version to the next: its inferred steps and the changes that cannot be inferred.
public struct VersionPairPlan: Sendable, Equatable {
    /// The older version's name.
    public var from: String
    /// The newer version's name.
    public var to: String
    /// The inferred steps, in the order a store applies them.
    public var steps: [MigrationStep]
    /// What cannot be inferred, as errors located in the newer version (or, with ``hasCustomStep``,
    /// notes: the declared custom step handles them).
    public var problems: [Diagnostic]
    /// Whether the user declared a custom step for this pair.
    public var hasCustomStep: Bool

    /// Whether a store can migrate this pair: every change is inferred or a custom step is declared.
    public var isComplete: Bool { !problems.containsErrors }

    /// Creates a pair plan.
    public init(from: String, to: String, steps: [MigrationStep], problems: [Diagnostic], hasCustomStep: Bool) {
        self.from = from
        self.to = to
        self.steps = steps
        self.problems = problems
        self.hasCustomStep = hasCustomStep
    }
}
