import Synchronization

/// The static description of one entity: its attributes and relationships (inherited first, then its
/// own), constraints, indexes, userInfo and optional REST mapping.
///
/// Position is identity: code addresses an attribute or relationship by its index in ``attributes`` or
/// ``relationships``; a subentity repeats its parent's properties at the same indices, so an index
/// resolved against a parent entity is valid for every subentity. Name lookups are precomputed at init.
///
/// ```swift
/// let band = EntityDescription(
///     name: "Band",
///     attributes: [AttributeDescription(name: "name", type: .string, isOptional: false)],
///     relationships: [RelationshipDescription(name: "albums", destination: "Album", inverse: "band",
///                                             isToMany: true, deleteRule: .cascade)])
/// band.attributeIndex(named: "name") // 0
/// ```
public final class EntityDescription: Sendable, Hashable, CustomStringConvertible {
    /// The entity's name in the model.
    public let name: String
    /// The Swift class generated for the entity.
    public let className: String
    /// The parent entity's name, for a subentity.
    public let parentName: String?
    /// Whether the entity is abstract (no instances of exactly this entity).
    public let isAbstract: Bool
    /// Every attribute, inherited ones first.
    public let attributes: [AttributeDescription]
    /// Every relationship, inherited ones first.
    public let relationships: [RelationshipDescription]
    /// Uniqueness constraints: each is a list of property names whose values together must be unique.
    public let uniquenessConstraints: [[String]]
    /// Fetch indexes.
    public let indexes: [IndexDescription]
    /// The entity's userInfo.
    public let userInfo: UserInfo
    /// How the entity travels over HTTP, for REST stores; `nil` when the model declares no REST mapping.
    public let rest: RESTEntityMapping?
    /// Indices (into ``relationships``) of the to-one relationships, in order. Snapshots and change sets
    /// carry to-one destinations aligned with this list.
    public let toOneRelationshipIndices: [Int]
    /// The names of the attributes that the entity's class holds in non-optional properties of a
    /// standard type (`String`, a number, `Bool`, `Date`, `Data`, `UUID`, `URL`), so that reading one never
    /// gives ``AttributeValue/null``. Generated code lists them; validation does not check such an
    /// attribute for null when the object is an instance of that class (a model made from classes) and
    /// the attribute has no other rule. Not part of the schema: equality and version hashes ignore it.
    public let attributesNeverNull: [String]

    /// Indices of the attributes that are not transient, precomputed for loading objects.
    let storedAttributeIndices: [Int]
    /// Whether any relationship is a to-many.
    let hasToMany: Bool
    /// What validation checks on objects of this entity.
    let validationPlan: ValidationPlan
    /// Whether each relationship is a to-many, so new objects set up their relationships without
    /// copying relationship descriptions.
    let relationshipIsToMany: [Bool]
    /// The delete rule of each relationship, so a save's delete rules visit deleted objects without
    /// copying relationship descriptions.
    let relationshipDeleteRules: [DeleteRule]
    /// Whether each attribute is transient, by index.
    let attributeIsTransient: [Bool]
    /// Whether any attribute is transient, so a change set reads ``attributeIsTransient`` only then.
    let hasTransientAttributes: Bool
    /// The relationship states every new object starts with (empty to-ones and loaded, empty to-manys),
    /// shared until an object changes one. Unchecked for sendability: it holds no objects, and a
    /// change copies it first.
    nonisolated(unsafe) let initialRelationshipStates: SharedSlice<RelationshipState>
    /// The relationship states every loaded object starts with (to-ones pointing at their committed
    /// destinations, to-manys not loaded), shared like ``initialRelationshipStates``.
    nonisolated(unsafe) let loadedRelationshipStates: SharedSlice<RelationshipState>
    /// The faults of ``initialRelationshipStates`` (to-ones to nothing, to-manys not loaded), which a new
    /// object that was never linked takes when its context goes or is reset
    /// (``ManagedObject/releaseRelatedObjects()``), shared like ``initialRelationshipStates``.
    nonisolated(unsafe) let initialRelationshipFaults: SharedSlice<RelationshipState>

    private let attributeIndexByName: [String: Int]
    private let relationshipIndexByName: [String: Int]
    /// Every relationship's name, by index: entities with few relationships find a name by comparing
    /// (a short name compares in a few instructions, hashing it costs hundreds, and inverse maintenance
    /// looks one up for every link).
    private let relationshipNames: [String]
    /// For each relationship, its position in ``toOneRelationshipIndices``, or `nil` for a to-many.
    private let toOneSlotByRelationshipIndex: [Int?]
    /// A number no other entity description of the process has, so a resolved inverse can name the
    /// destination it was resolved against without referring to it (``InverseIndices``).
    let serial: Int
    /// Where each relationship's inverse is, resolved when a model containing the entity is built.
    let inverseIndices: InverseIndices
    private static let serials = Atomic<Int>(0)

    /// Creates an entity description and precomputes its lookup tables.
    public init(
        name: String,
        className: String? = nil,
        parent parentName: String? = nil,
        isAbstract: Bool = false,
        attributes: [AttributeDescription] = [],
        relationships: [RelationshipDescription] = [],
        uniquenessConstraints: [[String]] = [],
        indexes: [IndexDescription] = [],
        userInfo: UserInfo = [:],
        rest: RESTEntityMapping? = nil,
        attributesNeverNull: [String] = []
    ) {
        self.name = name
        self.className = className ?? name
        self.parentName = parentName
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
        self.uniquenessConstraints = uniquenessConstraints
        self.indexes = indexes
        self.userInfo = userInfo
        self.rest = rest
        self.attributesNeverNull = attributesNeverNull
        self.storedAttributeIndices = attributes.indices.filter { !attributes[$0].isTransient }
        self.attributeIndexByName = Self.firstIndexByName(attributes.map(\.name))
        self.relationshipIndexByName = Self.firstIndexByName(relationships.map(\.name))
        self.relationshipNames = relationships.map(\.name)
        let toOnes = relationships.indices.filter { !relationships[$0].isToMany }
        self.hasToMany = toOnes.count < relationships.count
        self.validationPlan = ValidationPlan(attributes: attributes, relationships: relationships,
                                             neverNull: Set(attributesNeverNull))
        self.relationshipIsToMany = relationships.map(\.isToMany)
        self.relationshipDeleteRules = relationships.map(\.deleteRule)
        self.attributeIsTransient = attributes.map(\.isTransient)
        self.hasTransientAttributes = attributes.contains(where: \.isTransient)
        self.initialRelationshipStates = SharedSlice(relationships.map { $0.isToMany ? .toMany([]) : .toOne(nil) })
        self.toOneRelationshipIndices = toOnes
        var slots = [Int?](repeating: nil, count: relationships.count)
        for (slot, index) in toOnes.enumerated() { slots[index] = slot }
        self.toOneSlotByRelationshipIndex = slots
        self.loadedRelationshipStates = SharedSlice(relationships.map { $0.isToMany ? .toManyFault : .committedToOneFault })
        self.initialRelationshipFaults = SharedSlice(relationships.map { $0.isToMany ? .toManyFault : .toOneFault(nil) })
        self.serial = Self.serials.add(1, ordering: .relaxed).newValue
        self.inverseIndices = InverseIndices(hasInverse: relationships.map { $0.inverseName != nil })
    }

    private static func firstIndexByName(_ names: [String]) -> [String: Int] {
        var table: [String: Int] = [:]
        for (index, name) in names.enumerated() where table[name] == nil {
            table[name] = index
        }
        return table
    }

    /// The index of the attribute called `name`, if any.
    public func attributeIndex(named name: String) -> Int? { attributeIndexByName[name] }

    /// The index of the relationship called `name`, if any.
    public func relationshipIndex(named name: String) -> Int? {
        guard relationshipNames.count <= Self.namesCompared else { return relationshipIndexByName[name] }
        return relationshipNames.firstIndex(of: name)
    }

    /// Up to how many relationships a name lookup compares names instead of hashing.
    private static let namesCompared = 8

    /// The attribute called `name`, if any.
    public func attribute(named name: String) -> AttributeDescription? {
        attributeIndexByName[name].map { attributes[$0] }
    }

    /// The relationship called `name`, if any.
    public func relationship(named name: String) -> RelationshipDescription? {
        relationshipIndexByName[name].map { relationships[$0] }
    }

    /// The position of a to-one relationship in ``toOneRelationshipIndices`` (and so in a snapshot's
    /// `toOneIDs`), or `nil` for a to-many or an index out of range.
    public func toOneSlot(forRelationshipAt index: Int) -> Int? {
        toOneSlotByRelationshipIndex.indices.contains(index) ? toOneSlotByRelationshipIndex[index] : nil
    }

    /// A description naming the entity.
    public var description: String { "entity \(name)" }

    /// Two descriptions are equal when every declared property is equal.
    public static func == (lhs: EntityDescription, rhs: EntityDescription) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.className == rhs.className
            && lhs.parentName == rhs.parentName && lhs.isAbstract == rhs.isAbstract
            && lhs.attributes == rhs.attributes && lhs.relationships == rhs.relationships
            && lhs.uniquenessConstraints == rhs.uniquenessConstraints && lhs.indexes == rhs.indexes
            && lhs.userInfo == rhs.userInfo && lhs.rest == rhs.rest)
    }

    /// Hashes the entity's name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
