/// A whole data model: its entities, name lookups precomputed once, hierarchy helpers and a stable
/// version hash.
///
/// Generated code creates one as a static constant; stores receive it when they open, so they can
/// create their schema from it.
///
/// ```swift
/// let model = ModelDescription(name: "Music", entities: [Band.entity, Album.entity, Track.entity])
/// model.entity(named: "Album")?.attributes.count
/// model.versionHash // "3f2a…", changes only when storage-relevant parts of the model change
/// ```
public final class ModelDescription: Sendable, CustomStringConvertible {
    /// The model's name.
    public let name: String
    /// Every entity, in model order.
    public let entities: [EntityDescription]
    /// A SHA-256 hex digest over the storage-relevant parts of the model (entity names, hierarchy,
    /// attribute names/types/optionality/transience, relationship shapes, uniqueness constraints);
    /// defaults, validation rules and userInfo do not change it. Entity, property and constraint order do not matter.
    public let versionHash: String
    /// Every version of the model, oldest first, with the migration stages between them (generated
    /// code passes it); `nil` for a model without recorded versions. Stores use it to migrate data
    /// written by an older version (see ``MigrationPlan``).
    public let history: ModelVersionHistory?

    private let entityIndexByName: [String: Int]
    private let childrenByName: [String: [String]]
    private let rootNameByName: [String: String]
    private let carriesToManyChangesByName: [String: [Bool]]

    /// Creates a model and precomputes its lookup tables. `history` lists its versions, the last being
    /// this model (see ``ModelVersionHistory``).
    public init(name: String, entities: [EntityDescription], history: ModelVersionHistory? = nil) {
        self.name = name
        self.entities = entities
        var indexByName: [String: Int] = [:]
        var children: [String: [String]] = [:]
        for (index, entity) in entities.enumerated() {
            if indexByName[entity.name] == nil { indexByName[entity.name] = index }
            if let parent = entity.parentName { children[parent, default: []].append(entity.name) }
        }
        self.entityIndexByName = indexByName
        self.childrenByName = children
        self.rootNameByName = Dictionary(uniqueKeysWithValues: indexByName.keys.map { name in
            (name, Self.walkToRoot(from: name, parentOf: { indexByName[$0].flatMap { entities[$0].parentName } }))
        })
        self.versionHash = SHA256.hexDigest(of: Array(Self.canonicalEncoding(of: entities).utf8))
        self.history = history?.resolvingCurrentHash(versionHash)
        var carries: [String: [Bool]] = [:]
        for entity in entities where carries[entity.name] == nil {
            carries[entity.name] = entity.relationships.map { relationship in
                guard relationship.isToMany else { return false }
                guard !relationship.isOrdered, let inverseName = relationship.inverseName,
                      let inverse = indexByName[relationship.destinationEntityName].flatMap({ entities[$0].relationship(named: inverseName) })
                else { return true }
                return inverse.isToMany
            }
        }
        self.carriesToManyChangesByName = carries
        for entity in entities {
            for (index, relationship) in entity.relationships.enumerated() where relationship.inverseName != nil {
                guard let destination = indexByName[relationship.destinationEntityName].map({ entities[$0] }) else { continue }
                entity.inverseIndices.resolve(relationshipAt: index, in: destination,
                                              as: entity.inverseIndexByName(ofRelationshipAt: index, in: destination))
            }
        }
    }

    /// Whether a ``ChangeSet`` carries changes of the relationship at `index` of `entityName` as
    /// ``ToManyChange`` values: true for to-manys that are ordered, have no inverse, or whose inverse is a
    /// to-many. The membership of any other to-many is the foreign key of its inverse to-one, which the
    /// change set carries already.
    public func carriesToManyChanges(of entityName: String, relationshipAt index: Int) -> Bool {
        guard let flags = carriesToManyChangesByName[entityName], flags.indices.contains(index) else { return false }
        return flags[index]
    }

    /// The entity called `name`, if any.
    public func entity(named name: String) -> EntityDescription? {
        entityIndexByName[name].map { entities[$0] }
    }

    /// The direct subentities of the entity called `name`.
    public func subentityNames(of name: String) -> [String] {
        childrenByName[name] ?? []
    }

    /// The entity called `name` followed by all its subentities, depth first.
    public func entityNames(inHierarchyOf name: String) -> [String] {
        var result = [name]
        var index = 0
        while index < result.count {
            result.append(contentsOf: subentityNames(of: result[index]))
            index += 1
        }
        return result
    }

    /// The name of the root of the inheritance hierarchy that contains the entity called `name`.
    /// Object IDs carry this name: keys are unique within a whole hierarchy.
    /// Precomputed for the model's entities (inserting an object asks for every object).
    public func rootEntityName(of name: String) -> String {
        rootNameByName[name] ?? Self.walkToRoot(from: name) { self.entity(named: $0)?.parentName }
    }

    /// Follows parent names from `name` to the topmost ancestor, stopping at a cycle.
    private static func walkToRoot(from name: String, parentOf: (String) -> String?) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let parent = parentOf(current), seen.insert(parent).inserted {
            current = parent
        }
        return current
    }

    /// Whether the entity called `name` is `ancestor` or one of its subentities.
    public func isEntity(_ name: String, kindOf ancestor: String) -> Bool {
        var current: String? = name
        var steps = 0
        while let entityName = current, steps <= entities.count {
            if entityName == ancestor { return true }
            current = entity(named: entityName)?.parentName
            steps += 1
        }
        return false
    }

    /// The inverse of `relationship` (declared on its destination entity), if the model declares one.
    public func inverse(of relationship: RelationshipDescription) -> RelationshipDescription? {
        guard let inverseName = relationship.inverseName else { return nil }
        return entity(named: relationship.destinationEntityName)?.relationship(named: inverseName)
    }

    /// A description naming the model.
    public var description: String { "model \(name) (\(entities.count) entities)" }

    private static func canonicalEncoding(of entities: [EntityDescription]) -> String {
        var lines: [String] = []
        for entity in entities.sorted(by: { $0.name < $1.name }) {
            lines.append("E|\(entity.name)|\(entity.parentName ?? "")|\(entity.isAbstract)")
            for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) {
                lines.append("A|\(attribute.name)|\(attribute.type.rawValue)|\(attribute.isOptional)|\(attribute.isTransient)")
            }
            for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
                lines.append("R|\(relationship.name)|\(relationship.destinationEntityName)|"
                    + "\(relationship.inverseName ?? "")|\(relationship.isToMany)|\(relationship.isOrdered)|"
                    + "\(relationship.isTransient)")
            }
            for constraint in entity.uniquenessConstraints.map({ $0.sorted().joined(separator: ",") }).sorted() {
                lines.append("U|" + constraint)
            }
        }
        return lines.map { "\($0.utf8.count):\($0)" }.joined(separator: "\n")
    }
}
