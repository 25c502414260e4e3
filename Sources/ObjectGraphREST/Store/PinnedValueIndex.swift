import ObjectGraph

/// The cached objects by the values of the attributes that list URLs reach through a to-one (`fullName`
/// of `/repos/:repository.fullName/issues`), so linking the objects of a pinned fetch to the object the
/// predicate names reads the objects holding that value, not the whole cache. ``ObjectCache`` keeps it in
/// step with every object it stores or drops.
struct PinnedValueIndex: Sendable {
    /// One indexed value: the hierarchy (its root entity), the attribute's name and the value.
    struct Key: Hashable, Sendable {
        let root: String
        let attribute: String
        let value: AttributeValue
    }

    /// An attribute the index reads, by name and by its position in the values of its entity's objects.
    struct Attribute: Hashable, Sendable {
        let name: String
        let index: Int
    }

    /// By entity name, the root of its hierarchy and the attributes of its objects the index reads.
    private let layout: [String: (root: String, attributes: [Attribute])]
    private var objects: [Key: Set<AnyObjectID>] = [:]

    /// An index of the attributes `pinned` names: one step from a list URL's to-one, by the destination's
    /// root entity (every entity of that hierarchy declaring an attribute of that name is read).
    init(pinned: [(root: String, attribute: String)], in model: ModelDescription) {
        var layout: [String: (root: String, attributes: [Attribute])] = [:]
        for entity in model.entities {
            let root = model.rootEntityName(of: entity.name)
            let attributes = Set(pinned.filter { $0.root == root }.compactMap { pin in
                entity.attributeIndex(named: pin.attribute).map { Attribute(name: pin.attribute, index: $0) }
            })
            if !attributes.isEmpty { layout[entity.name] = (root, attributes.sorted { $0.index < $1.index }) }
        }
        self.layout = layout
    }

    /// An index that reads no attribute.
    init() {
        layout = [:]
    }

    /// Whether the index reads `attribute` of the objects of the hierarchy `root`.
    func reads(_ attribute: String, ofRoot root: String) -> Bool {
        layout.values.contains { $0.root == root && $0.attributes.contains { $0.name == attribute } }
    }

    /// The cached objects of the hierarchy `root` whose `attribute` holds `value`.
    func objects(ofRoot root: String, attribute: String, equalTo value: AttributeValue) -> Set<AnyObjectID> {
        objects[Key(root: root, attribute: attribute, value: value)] ?? []
    }

    /// Moves `id` from the entries of its `old` state to those of its `new` one (`nil`: not cached).
    mutating func replace(_ old: CachedObject?, with new: CachedObject?, id: AnyObjectID) {
        let before = old.map(keys) ?? []
        let after = new.map(keys) ?? []
        guard before != after else { return }
        for key in before where !after.contains(key) {
            objects[key]?.remove(id)
            if objects[key]?.isEmpty == true { objects[key] = nil }
        }
        for key in after where !before.contains(key) { objects[key, default: []].insert(id) }
    }

    private func keys(of object: CachedObject) -> [Key] {
        guard let entry = layout[object.entityName] else { return [] }
        return entry.attributes.compactMap { attribute in
            object.values.indices.contains(attribute.index)
                ? Key(root: entry.root, attribute: attribute.name, value: object.values[attribute.index]) : nil
        }
    }
}
