import Foundation
import ObjectGraph

/// The fixed data set of the differential queries: objects of every `Music` entity with values drawn
/// from ``DifferentialValues`` and relationships of every kind (to-one, one-to-one, ordered to-many,
/// many-to-many, self-referential), kept as plain rows the reference evaluator reads, and written to a
/// store through an ``ObjectContext``.
struct DifferentialDataSet {
    /// One object: its entity, attribute values in schema order, and destinations by relationship index
    /// (row indices; both sides of every inverse).
    struct Row {
        let entity: EntityDescription
        var values: [AttributeValue]
        var related: [Int: [Int]] = [:]
    }

    /// Every object, in insertion order.
    private(set) var rows: [Row] = []
    let model: ModelDescription

    /// The data set of `seed`; the differential runs always use ``standardSeed``.
    init(seed: UInt64, model: ModelDescription) {
        self.model = model
        var random = SeededGenerator(seed: seed)
        let labels = (0..<8).map { _ in add("Label", &random) }
        let managers = (0..<10).map { _ in add("Manager", &random) }
        var bandNames: Set<String> = []
        let bands = (0..<30).map { index in
            let band = add("Band", &random)
            var name = Self.string(rows[band].values[0]).isEmpty ? "x" : Self.string(rows[band].values[0])
            if !bandNames.insert(name).inserted { name += " \(index)" }
            bandNames.insert(name)
            rows[band].values[0] = .string(name)
            return band
        }
        for band in bands {
            if random.chance(0.7) { link(band, "label", random.pick(labels)) }
            if random.chance(0.5) { link(band, "influences", random.pick(bands)) }
            if random.chance(0.3) { link(band, "influences", random.pick(bands)) }
        }
        for (band, manager) in zip(bands.shuffled(using: &random), managers) where random.chance(0.8) {
            link(band, "manager", manager)
        }
        let tags = DifferentialValues.tagWords.map { word in
            let tag = add("Tag", &random)
            rows[tag].values[0] = .string(word)
            return tag
        }
        let albums = (0..<80).map { _ in add("Album", &random) }
        for album in albums where random.chance(0.85) { link(album, "band", random.pick(bands)) }
        let tracksIndex = model.entity(named: "Album")?.relationshipIndex(named: "tracks") ?? 0
        for _ in 0..<200 {
            let album = random.pick(albums)
            guard rows[album].related[tracksIndex, default: []].count < 30 else { continue }
            let track = add("Track", &random)
            link(track, "album", album)
            for _ in 0..<Int.random(in: 0...2, using: &random) { link(track, "tags", random.pick(tags)) }
        }
        for _ in 0..<24 { _ = add(random.chance(0.5) ? "Podcast" : "Audiobook", &random) }
    }

    /// The data set every differential run uses.
    static let standardSeed: UInt64 = 20_261_123

    private static func string(_ value: AttributeValue) -> String {
        if case .string(let text) = value { return text }
        return ""
    }

    /// Appends an object of `entityName` with random values that satisfy the model's rules.
    private mutating func add(_ entityName: String, _ random: inout SeededGenerator) -> Int {
        guard let entity = model.entity(named: entityName) else { preconditionFailure("no entity \(entityName)") }
        var values = entity.attributes.map { DifferentialValues.value(of: $0, using: &random) }
        for (index, attribute) in entity.attributes.enumerated() {
            if attribute.type == .string, !attribute.isOptional, Self.string(values[index]).isEmpty || Self.string(values[index]) == " " {
                values[index] = .string("x")
            }
            if attribute.name == "email", !values[index].isNull {
                values[index] = .string(random.pick(["x@y", "Low@Example", "b@ö", "a.b@c.d"]))
            }
            if attribute.type == .binary, case .data(let data) = values[index], data.count > 1024 { values[index] = .null }
        }
        rows.append(Row(entity: entity, values: values))
        return rows.count - 1
    }

    /// Relates `row` to `destination` through the relationship `name`, and the inverse back.
    private mutating func link(_ row: Int, _ name: String, _ destination: Int) {
        let entity = rows[row].entity
        guard let index = entity.relationshipIndex(named: name) else { preconditionFailure("no relationship \(name)") }
        let relationship = entity.relationships[index]
        guard !rows[row].related[index, default: []].contains(destination) else { return }
        if relationship.isToMany {
            rows[row].related[index, default: []].append(destination)
        } else {
            rows[row].related[index] = [destination]
        }
        if let inverse = model.inverse(of: relationship),
           let inverseIndex = rows[destination].entity.relationshipIndex(named: inverse.name) {
            rows[destination].related[inverseIndex, default: []].append(row)
        }
    }

    /// Writes every row through a context and returns the row index of each saved object's ID.
    func insert(into context: ObjectContext, classes: [String: any ManagedEntity.Type]) async throws -> [AnyObjectID: Int] {
        var objects: [ManagedObject] = []
        for row in rows {
            guard let type = classes[row.entity.name] else { preconditionFailure("no class for \(row.entity.name)") }
            let object = type.init(entity: type.entity)
            context.insert(object)
            for (index, value) in row.values.enumerated() where !row.entity.attributes[index].isTransient {
                try object.setAttributeValue(value, at: index)
            }
            objects.append(object)
        }
        for (offset, row) in rows.enumerated() {
            for (index, destinations) in row.related.sorted(by: { $0.key < $1.key }) where writes(row.entity, index) {
                let relationship = row.entity.relationships[index]
                for destination in destinations {
                    if relationship.isToMany {
                        objects[offset].add(objects[destination], toManyAt: index)
                    } else {
                        objects[offset].set(objects[destination], toOneAt: index)
                    }
                }
            }
        }
        try await context.save()
        var indexByID: [AnyObjectID: Int] = [:]
        for (offset, object) in objects.enumerated() { indexByID[object.objectID] = offset }
        return indexByID
    }

    /// Whether the context is told about the relationship at `index` from this side: every to-one, and a
    /// many-to-many from the side whose name sorts first (the context keeps the other side in sync).
    private func writes(_ entity: EntityDescription, _ index: Int) -> Bool {
        let relationship = entity.relationships[index]
        guard relationship.isToMany else { return true }
        guard let inverse = model.inverse(of: relationship) else { return true }
        guard inverse.isToMany else { return false }
        return (entity.name, relationship.name) < (relationship.destinationEntityName, inverse.name)
    }
}

/// Reads the data set's rows for the shared in-memory evaluator.
struct DataSetResolver: ObjectResolver {
    let rows: [DifferentialDataSet.Row]

    func value(of object: Int, attributeAt index: Int) -> AttributeValue {
        rows[object].values[index]
    }

    func destination(of object: Int, toOneAt index: Int) -> Int? {
        rows[object].related[index]?.first
    }

    func destinations(of object: Int, toManyAt index: Int) -> [Int] {
        rows[object].related[index] ?? []
    }
}
