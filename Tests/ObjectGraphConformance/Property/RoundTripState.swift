import Foundation
import ObjectGraph

/// One round trip in progress: the store, the IDs of the live objects and what was last saved.
struct RoundTripState {
    let model: RandomModel
    let objectModel: ManagedObjectModel
    var store: any PersistentStore
    /// Opens the store again (on the same data) before each fresh context, when the store keeps its data
    /// somewhere it can be reopened from.
    let reopen: (@Sendable (ModelDescription) async throws -> any PersistentStore)?
    /// Whether the store keeps `-0.0` apart from `0.0`.
    let keepsSignOfZero: Bool
    var random: SeededGenerator
    /// The state the last save should have stored, by permanent ID.
    var saved: [AnyObjectID: CapturedObject] = [:]
    /// IDs deleted so far, which must stay gone.
    var deletedIDs: [AnyObjectID] = []
    var phase = "inserting"
    var report = PropertyRoundTrip.Report()

    var schema: ModelDescription { objectModel.schema }

    init(
        model: RandomModel, objectModel: ManagedObjectModel, store: any PersistentStore, keepsSignOfZero: Bool,
        reopen: (@Sendable (ModelDescription) async throws -> any PersistentStore)?
    ) {
        self.reopen = reopen
        self.model = model
        self.keepsSignOfZero = keepsSignOfZero
        self.objectModel = objectModel
        self.store = store
        self.random = SeededGenerator(seed: model.seed, case: 1)
    }

    /// Inserts a random graph, saves it and checks it.
    mutating func insertGraph() async throws {
        let context = try ObjectContext(store: store, model: objectModel)
        var objects: [ManagedObject] = []
        var assigned: [ObjectIdentifier: [Int: AttributeValue]] = [:]
        for entity in model.concreteEntities {
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let object = try context.insertObject(ofEntity: entity.name)
                var values: [Int: AttributeValue] = [:]
                for index in object.entity.attributes.indices where random.chance(0.85) {
                    let value = randomValue(for: object.entity.attributes[index])
                    try object.setAttributeValue(value, at: index)
                    values[index] = value
                }
                assigned[ObjectIdentifier(object)] = values
                objects.append(object)
            }
        }
        report.objects += objects.count
        for object in objects { linkRandomly(object, among: objects, density: 0.3) }
        phase = "before save 1 (the values set, and the defaults of the others)"
        for object in objects {
            for (index, attribute) in object.entity.attributes.enumerated() where assigned[ObjectIdentifier(object)]?[index] == nil {
                guard let expected = PropertyObject.initialValue(of: attribute) else { continue }
                let value = object.attributeValue(at: index)
                if !GraphCapture.same(expected, value) {
                    throw failure("\(object.entity.name).\(attribute.name) starts as \(GraphCapture.debug(value)), not its default \(GraphCapture.debug(expected))")
                }
            }
            for (index, value) in assigned[ObjectIdentifier(object)] ?? [:] where !GraphCapture.same(value, object.attributeValue(at: index)) {
                throw failure("\(object.entity.name).\(object.entity.attributes[index].name) was set to \(GraphCapture.debug(value)) but reads \(GraphCapture.debug(object.attributeValue(at: index)))")
            }
        }
        try await saveAndCheck(context: context, objects: objects, deleted: [], number: 1)
    }

    /// Loads every saved object in a new context, changes, relinks and deletes some, saves and checks.
    mutating func update(round: Int) async throws {
        phase = "loading for update \(round)"
        let context = try ObjectContext(store: store, model: objectModel)
        var objects: [ManagedObject] = []
        for id in saved.keys.sorted(by: { $0.description < $1.description }) {
            guard let object = try await context.object(with: id) else { throw failure("\(id) was saved but cannot be loaded") }
            objects.append(object)
        }
        for object in objects where random.chance(0.4) {
            let index = Int.random(in: 0..<max(1, object.entity.attributes.count), using: &random)
            guard object.entity.attributes.indices.contains(index) else { continue }
            try object.setAttributeValue(randomValue(for: object.entity.attributes[index]), at: index)
        }
        for object in objects where random.chance(0.5) {
            try await relinkRandomly(object, among: objects)
        }
        var deleted = Set<ObjectIdentifier>()
        for object in objects where random.chance(0.12) {
            context.delete(object)
            deleted.insert(ObjectIdentifier(object))
            deletedIDs.append(object.objectID)
        }
        try await saveAndCheck(context: context, objects: objects, deleted: deleted, number: round + 1)
    }

    // MARK: - Saving and checking

    private mutating func saveAndCheck(context: ObjectContext, objects: [ManagedObject], deleted: Set<ObjectIdentifier>, number: Int) async throws {
        phase = "before save \(number) (inverses in the context)"
        var placeholders: [ObjectIdentifier: AnyObjectID] = [:]
        for (index, object) in objects.enumerated() {
            placeholders[ObjectIdentifier(object)] = object.objectID.isTemporary
                ? AnyObjectID(entityName: object.entity.name, key: .integer(Int64(-1 - index))) : object.objectID
        }
        let before = try await GraphCapture.capture(objects, leavingOut: deleted) { placeholders[ObjectIdentifier($0)]! }
        if let problem = inverseProblem(in: before) { throw failure(problem) }
        phase = "save \(number)"
        try await context.save()
        report.saves += 1
        let idOfPlaceholder = Dictionary(uniqueKeysWithValues: objects.map { (placeholders[ObjectIdentifier($0)]!, $0.objectID) })
        saved = Dictionary(uniqueKeysWithValues: before.map { placeholder, object in
            (idOfPlaceholder[placeholder]!, permanent(object, ids: idOfPlaceholder))
        })
        phase = "after save \(number) (the saving context)"
        let live = objects.filter { !deleted.contains(ObjectIdentifier($0)) }
        try compare(try await GraphCapture.capture(live) { $0.objectID })
        phase = "after save \(number) (a fresh context)"
        try await checkFreshContext()
    }

    /// `object` with its destinations' placeholders replaced by permanent IDs (unordered ones sorted again).
    private func permanent(_ object: CapturedObject, ids: [AnyObjectID: AnyObjectID]) -> CapturedObject {
        let relationships = schema.entity(named: object.entity)?.relationships ?? []
        var result = object
        result.relationships = zip(object.relationships, relationships).map { destinations, relationship in
            let mapped = destinations.map { ids[$0]! }
            return relationship.isOrdered ? mapped : mapped.sorted { $0.description < $1.description }
        }
        return result
    }

    private mutating func checkFreshContext() async throws {
        if let reopen {
            phase += ", store reopened"
            store = try await reopen(schema)
        }
        let fresh = try ObjectContext(store: store, model: objectModel)
        var loaded: [ManagedObject] = []
        for id in saved.keys {
            guard let object = try await fresh.object(with: id) else { throw failure("\(id) (\(saved[id]!.entity)) was saved but is not found") }
            loaded.append(object)
        }
        for id in deletedIDs where try await fresh.object(with: id) != nil {
            throw failure("\(id) was deleted but is still found")
        }
        let actual = try await GraphCapture.capture(loaded) { $0.objectID }
        try compare(actual)
        report.values += actual.values.reduce(0) { $0 + $1.values.count }
        report.links += actual.values.reduce(0) { $0 + $1.relationships.reduce(0) { $0 + $1.count } }
        for entity in schema.entities where !entity.isAbstract {
            let expected = Set(saved.filter { $0.value.entity == entity.name }.keys)
            let fetched = Set(try await store.fetch(StoreFetchRequest(entityName: entity.name, includesSubentities: false)).map(\.id))
            if fetched != expected {
                throw failure("fetching \(entity.name) without subentities gives \(fetched.sorted { $0.description < $1.description }), expected \(expected.sorted { $0.description < $1.description })")
            }
            let hierarchy = Set(schema.entityNames(inHierarchyOf: entity.name))
            let count = try await store.count(StoreFetchRequest(entityName: entity.name))
            let expectedCount = saved.values.filter { hierarchy.contains($0.entity) }.count
            if count != expectedCount { throw failure("counting \(entity.name) gives \(count), expected \(expectedCount)") }
        }
    }

    private func compare(_ actual: [AnyObjectID: CapturedObject]) throws {
        if let difference = GraphCapture.firstDifference(expected: saved, actual: actual, schema: schema, signOfZero: keepsSignOfZero) {
            throw failure(difference)
        }
    }

    /// A link whose inverse side does not show it, in a context's state.
    private func inverseProblem(in graph: [AnyObjectID: CapturedObject]) -> String? {
        for (id, object) in graph {
            guard let entity = schema.entity(named: object.entity) else { continue }
            for (index, relationship) in entity.relationships.enumerated() {
                guard let inverse = schema.inverse(of: relationship) else { continue }
                for destination in object.relationships[index] {
                    guard let other = graph[destination], let otherEntity = schema.entity(named: other.entity),
                          let inverseIndex = otherEntity.relationshipIndex(named: inverse.name) else {
                        return "\(id) \(entity.name).\(relationship.name) lists \(destination), which is not in the graph"
                    }
                    if !other.relationships[inverseIndex].contains(id) {
                        return "\(id) \(entity.name).\(relationship.name) lists \(destination), whose \(inverse.name) does not list \(id)"
                    }
                }
            }
        }
        return nil
    }

    private func failure(_ difference: String) -> PropertyRoundTrip.Failure {
        PropertyRoundTrip.Failure(seed: model.seed, phase: phase, difference: difference)
    }

    // MARK: - Random changes

    private mutating func randomValue(for attribute: AttributeDescription) -> AttributeValue {
        if attribute.isOptional && random.chance(0.2) { return .null }
        return RandomValues.value(for: attribute.type, compositeMembers: model.composites.first?.attributes ?? [], using: &random)
    }

    /// Sets random destinations of `object`'s relationships.
    private mutating func linkRandomly(_ object: ManagedObject, among objects: [ManagedObject], density: Double) {
        for (index, relationship) in object.entity.relationships.enumerated() {
            let candidates = objects.filter { schema.isEntity($0.entity.name, kindOf: relationship.destinationEntityName) }
            guard !candidates.isEmpty else { continue }
            if relationship.isToMany {
                var count = 0
                for destination in candidates where random.chance(density) {
                    if relationship.isOrdered && random.chance(0.5) {
                        object.insert(destination, at: Int.random(in: 0...count, using: &random), toManyAt: index)
                    } else {
                        object.add(destination, toManyAt: index)
                    }
                    count += 1
                }
            } else if random.chance(0.6) {
                object.set(random.pick(candidates), toOneAt: index)
            }
        }
    }

    /// Changes one random relationship of `object`: a new or no to-one, a removed, added or moved member.
    private mutating func relinkRandomly(_ object: ManagedObject, among objects: [ManagedObject]) async throws {
        guard !object.entity.relationships.isEmpty else { return }
        let index = random.pick(object.entity.relationships.indices)
        let relationship = object.entity.relationships[index]
        let candidates = objects.filter { schema.isEntity($0.entity.name, kindOf: relationship.destinationEntityName) }
        if !relationship.isToMany {
            object.set(random.chance(0.3) || candidates.isEmpty ? nil : random.pick(candidates), toOneAt: index)
            return
        }
        let members: [ManagedObject] = try await object.toMany(at: index)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !members.isEmpty:
            object.remove(random.pick(members), fromToManyAt: index)
        case 1 where relationship.isOrdered && !members.isEmpty:
            object.insert(random.pick(members), at: Int.random(in: 0..<members.count, using: &random), toManyAt: index)
        default:
            guard !candidates.isEmpty else { return }
            let destination = random.pick(candidates)
            if relationship.isOrdered {
                object.insert(destination, at: Int.random(in: 0...members.count, using: &random), toManyAt: index)
            } else {
                object.add(destination, toManyAt: index)
            }
        }
    }
}
