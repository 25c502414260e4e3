import ObjectGraph

/// A random valid data model, fixed by a seed: what the property round trips (``PropertyRoundTrip``)
/// save and read back. It is written both as the runtime's schema values (``schema``) and as the
/// `contents` XML of an Xcode model (``contentsXML``), so the same model runs in process and through
/// `modelgen generate` and the Swift compiler.
///
/// A model has three to six entities, some in inheritance hierarchies under abstract parents, with
/// attributes of every type the generator supports (optional and required, with and without defaults),
/// to-one, to-many, ordered to-many and many-to-many relationships with and without inverses, and names
/// chosen to collide: Swift keywords (`class`, `default`, `self`), standard types (`Type`, `Data`),
/// members of every generated object (`description`, `context`), an attribute named like its entity, and
/// names of generated accessors (`addToItems` beside a relationship `items`).
///
/// ```swift
/// let model = RandomModel(seed: 7)
/// let store = InMemoryStore(model: model.schema)
/// print(model.contentsXML)
/// ```
public struct RandomModel: Sendable {
    /// One attribute as the model declares it.
    public struct Attribute: Sendable {
        /// The attribute's name.
        public var name: String
        /// Its type.
        public var type: AttributeType
        /// Whether `nil` is allowed.
        public var isOptional: Bool
        /// The model's default value, for the types whose defaults the generator reads.
        public var defaultValue: AttributeValue?
        /// For a composite attribute, the composite type's name.
        public var compositeName: String?
    }

    /// One relationship as the model declares it.
    public struct Relationship: Sendable {
        /// The relationship's name.
        public var name: String
        /// The destination entity's name.
        public var destination: String
        /// The inverse's name on the destination, if any.
        public var inverse: String?
        /// Whether it is a to-many.
        public var isToMany: Bool
        /// Whether a to-many keeps its order.
        public var isOrdered: Bool
    }

    /// One entity with its own (not inherited) properties.
    public struct Entity: Sendable {
        /// The entity's name.
        public var name: String
        /// The parent entity's name.
        public var parent: String?
        /// Whether the entity is abstract.
        public var isAbstract: Bool
        /// Declared attributes.
        public var attributes: [Attribute]
        /// Declared relationships.
        public var relationships: [Relationship]
    }

    /// A composite type: a named group of attributes stored as JSON.
    public struct Composite: Sendable {
        /// The composite's name.
        public var name: String
        /// Its members (scalar types only).
        public var attributes: [Attribute]
    }

    /// The seed the model comes from.
    public let seed: UInt64
    /// The model's name, `Prop<seed>`.
    public let name: String
    /// Every entity, parents before their children.
    public private(set) var entities: [Entity] = []
    /// Composite types (at most one).
    public private(set) var composites: [Composite] = []

    /// The model of `seed`; the same seed gives the same model everywhere.
    public init(seed: UInt64) {
        self.seed = seed
        self.name = "Prop\(seed)"
        var random = SeededGenerator(seed: seed)
        if random.chance(0.6) {
            composites = [Composite(name: random.pick(["Address", "Coordinate", "Extent"]), attributes: Self.compositeMembers(&random))]
        }
        entities = makeEntities(&random)
        addRelationships(&random)
        addAccessorCollisions(&random)
    }

    /// Entities whose objects can exist (not abstract).
    public var concreteEntities: [Entity] { entities.filter { !$0.isAbstract } }

    /// The entity called `name`.
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// `entity` and its ancestors, root first.
    func lineage(of entity: Entity) -> [Entity] {
        var chain = [entity]
        while let parent = chain[0].parent, let parentEntity = self.entity(named: parent) { chain.insert(parentEntity, at: 0) }
        return chain
    }

    /// Every property name `entity` declares or inherits, and those its subentities declare.
    private func namesInHierarchy(of entityName: String) -> Set<String> {
        guard let entity = entity(named: entityName) else { return [] }
        var names = Set<String>()
        let root = lineage(of: entity)[0].name
        for candidate in entities where lineage(of: candidate)[0].name == root {
            names.formUnion(candidate.attributes.map(\.name))
            names.formUnion(candidate.relationships.map(\.name))
        }
        return names
    }

    // MARK: - Generation

    private static let ordinaryEntityNames = ["Album", "Person", "Invoice", "Node", "Item", "Event", "Account", "Note", "Shelf"]
    private static let collidingEntityNames = ["Type", "Data", "Date", "Protocol", "Self", "Set", "Task", "Fields", "Object", "Entity", "String", "URL"]
    private static let ordinaryPropertyNames = [
        "name", "title", "count", "value", "createdAt", "score", "flag", "payload", "link", "token", "amount", "ratio",
        "note", "size", "kind", "label", "rank", "body",
    ]
    private static let collidingPropertyNames = [
        "class", "default", "self", "Type", "description", "for", "in", "return", "var", "func", "protocol", "where",
        "init", "id", "hash", "context", "objectID", "entity", "insert", "remove", "set", "add", "Fields", "Object",
        "path", "attribute", "isDeleted", "typedID", "keyPathPrefix", "super", "true", "nil", "Any", "fetch", "first",
    ]
    private static let attributeTypes: [AttributeType] = [
        .string, .integer16, .integer32, .integer64, .decimal, .double, .float, .boolean, .date, .binary, .uuid, .uri,
        .transformable, .composite,
    ]

    private mutating func makeEntities(_ random: inout SeededGenerator) -> [Entity] {
        let count = Int.random(in: 3...6, using: &random)
        var pool = Self.ordinaryEntityNames
        var names: [String] = []
        while names.count < count {
            let colliding = random.chance(0.35)
            var candidate = colliding ? random.pick(Self.collidingEntityNames) : random.pick(pool)
            if random.chance(0.05) { candidate = "\(name)Model" }
            if !names.contains(candidate) {
                names.append(candidate)
                pool.removeAll { $0 == candidate }
            }
        }
        var result: [Entity] = names.map { Entity(name: $0, parent: nil, isAbstract: false, attributes: [], relationships: []) }
        // Inheritance: an abstract parent with one or two children, sometimes a grandchild.
        if random.chance(0.6) {
            result[0].isAbstract = random.chance(0.8)
            let childCount = min(result.count - 1, Int.random(in: 1...2, using: &random))
            for index in 1...childCount { result[index].parent = result[0].name }
            if childCount + 1 < result.count, random.chance(0.4) { result[childCount + 1].parent = result[1].name }
        }
        for index in result.indices {
            var taken = Set<String>()
            for ancestor in result where isAncestor(ancestor.name, of: result[index], in: result) {
                taken.formUnion(ancestor.attributes.map(\.name))
            }
            let attributeCount = Int.random(in: (result[index].parent == nil ? 1 : 0)...7, using: &random)
            for _ in 0..<attributeCount {
                var attributeName: String
                if random.chance(0.1) {
                    attributeName = Self.lowercasingFirst(result[index].name)   // named like its entity
                } else if random.chance(0.3) {
                    attributeName = random.pick(Self.collidingPropertyNames)
                } else {
                    attributeName = random.pick(Self.ordinaryPropertyNames)
                }
                if taken.contains(attributeName) || hierarchyDeclares(attributeName, below: result[index].name, in: result) {
                    attributeName += "\(taken.count)"
                }
                guard !taken.contains(attributeName) else { continue }
                taken.insert(attributeName)
                result[index].attributes.append(makeAttribute(attributeName, &random))
            }
        }
        return result
    }

    /// Whether `name` is `entity`'s parent or one of its ancestors.
    private func isAncestor(_ name: String, of entity: Entity, in all: [Entity]) -> Bool {
        var parent = entity.parent
        while let current = parent {
            if current == name { return true }
            parent = all.first { $0.name == current }?.parent
        }
        return false
    }

    /// Whether a subentity of `entityName` (declared before it in `all`) already declares `name`.
    private func hierarchyDeclares(_ name: String, below entityName: String, in all: [Entity]) -> Bool {
        all.contains { isAncestor(entityName, of: $0, in: all) && $0.attributes.contains { $0.name == name } }
    }

    private func makeAttribute(_ name: String, _ random: inout SeededGenerator) -> Attribute {
        var type = random.pick(Self.attributeTypes)
        if type == .composite && composites.isEmpty { type = .binary }
        let isOptional = random.chance(0.5)
        var attribute = Attribute(name: name, type: type, isOptional: isOptional, defaultValue: nil,
                                  compositeName: type == .composite ? composites[0].name : nil)
        if random.chance(0.4) { attribute.defaultValue = RandomValues.defaultValue(for: type, using: &random) }
        return attribute
    }

    private static func compositeMembers(_ random: inout SeededGenerator) -> [Attribute] {
        let names = ["city", "street", "latitude", "longitude", "floor", "isPrimary", "label"]
        var members: [Attribute] = []
        for name in names where random.chance(0.5) || members.isEmpty && name == names.last {
            let type = random.pick([AttributeType.string, .integer64, .double, .boolean])
            members.append(Attribute(name: name, type: type, isOptional: random.chance(0.4), defaultValue: nil, compositeName: nil))
        }
        return members
    }

    private mutating func addRelationships(_ random: inout SeededGenerator) {
        let count = Int.random(in: entities.count...(entities.count * 2), using: &random)
        for number in 0..<count {
            let source = random.pick(entities.indices)
            let destination = random.pick(entities.indices)
            let shape = random.pick(["oneToOne", "oneToMany", "manyToOne", "manyToMany", "toOneOnly", "toManyOnly"])
            let forwardToMany = ["manyToOne", "manyToMany", "toManyOnly"].contains(shape)
            let hasInverse = !shape.hasSuffix("Only")
            let inverseToMany = ["oneToMany", "manyToMany"].contains(shape)
            let forwardName = relationshipName(for: entities[destination].name, toMany: forwardToMany, number: number,
                                               in: entities[source].name, &random)
            var inverseName: String?
            if hasInverse {
                let candidate = relationshipName(for: entities[source].name, toMany: inverseToMany, number: number,
                                                 in: entities[destination].name, &random, avoiding: forwardName)
                inverseName = candidate
            }
            entities[source].relationships.append(Relationship(
                name: forwardName, destination: entities[destination].name, inverse: inverseName,
                isToMany: forwardToMany, isOrdered: forwardToMany && random.chance(0.4)))
            if let inverseName {
                entities[destination].relationships.append(Relationship(
                    name: inverseName, destination: entities[source].name, inverse: forwardName,
                    isToMany: inverseToMany, isOrdered: inverseToMany && random.chance(0.4)))
            }
        }
    }

    /// A relationship name not yet used in `entityName`'s hierarchy: the destination's name, pluralized
    /// for a to-many, sometimes a colliding name, numbered when taken.
    private func relationshipName(
        for destination: String, toMany: Bool, number: Int, in entityName: String,
        _ random: inout SeededGenerator, avoiding other: String? = nil
    ) -> String {
        let base = Self.lowercasingFirst(destination) + (toMany ? "s" : "")
        var candidate = random.chance(0.2) ? random.pick(Self.collidingPropertyNames) : base
        let taken = namesInHierarchy(of: entityName).union(other.map { [$0] } ?? [])
        if taken.contains(candidate) { candidate = "\(base)\(number)" }
        while taken.contains(candidate) { candidate += "x" }
        return candidate
    }

    /// Attributes named like the accessors generated for a relationship (`addToItems`, `setOwner`).
    private mutating func addAccessorCollisions(_ random: inout SeededGenerator) {
        for index in entities.indices {
            guard let relationship = entities[index].relationships.first, random.chance(0.4) else { continue }
            let capitalized = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
            let name = (relationship.isToMany ? "addTo" : "set") + capitalized
            guard !namesInHierarchy(of: entities[index].name).contains(name) else { continue }
            entities[index].attributes.append(Attribute(name: name, type: .string, isOptional: true, defaultValue: nil, compositeName: nil))
        }
    }

    static func lowercasingFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
