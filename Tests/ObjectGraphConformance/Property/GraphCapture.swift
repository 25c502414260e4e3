import Foundation
import ObjectGraph

/// What a context shows of one object: its entity, every attribute value and the destinations of every
/// relationship (a to-one as zero or one element, an unordered to-many sorted by ID, an ordered one in
/// its order), keyed by object IDs.
struct CapturedObject: Sendable {
    var entity: String
    var values: [AttributeValue]
    var relationships: [[AnyObjectID]]
}

/// Reading a context's objects into ``CapturedObject`` values and comparing them strictly.
enum GraphCapture {
    /// The state of `objects` (every relationship loaded), leaving out destinations in `deleted`, with
    /// objects named by `key` (their IDs, or placeholders for unsaved objects).
    static func capture(
        _ objects: [ManagedObject], leavingOut deleted: Set<ObjectIdentifier> = [],
        key: (ManagedObject) -> AnyObjectID
    ) async throws -> [AnyObjectID: CapturedObject] {
        var result: [AnyObjectID: CapturedObject] = [:]
        for object in objects where !deleted.contains(ObjectIdentifier(object)) {
            let entity = object.entity
            var relationships: [[AnyObjectID]] = []
            for (index, relationship) in entity.relationships.enumerated() {
                let destinations: [ManagedObject] = relationship.isToMany
                    ? try await object.toMany(at: index)
                    : (try await object.toOne(at: index) as ManagedObject?).map { [$0] } ?? []
                let ids = destinations.filter { !deleted.contains(ObjectIdentifier($0)) }.map(key)
                relationships.append(relationship.isOrdered ? ids : ids.sorted { $0.description < $1.description })
            }
            result[key(object)] = CapturedObject(
                entity: entity.name, values: entity.attributes.indices.map { object.attributeValue(at: $0) },
                relationships: relationships)
        }
        return result
    }

    /// The first difference between `expected` and `actual`, described with entity, property and both
    /// values; `nil` when they are the same.
    static func firstDifference(
        expected: [AnyObjectID: CapturedObject], actual: [AnyObjectID: CapturedObject], schema: ModelDescription,
        signOfZero: Bool = true
    ) -> String? {
        for id in expected.keys.sorted(by: { $0.description < $1.description }) {
            let wanted = expected[id]!
            guard let found = actual[id] else { return "\(id) (\(wanted.entity)) is missing" }
            guard found.entity == wanted.entity else { return "\(id) is a \(found.entity), expected \(wanted.entity)" }
            guard let entity = schema.entity(named: wanted.entity) else { return "unknown entity \(wanted.entity)" }
            for (index, attribute) in entity.attributes.enumerated() where !same(wanted.values[index], found.values[index], signOfZero: signOfZero) {
                return "\(id) \(entity.name).\(attribute.name) (\(attribute.type.rawValue)): expected \(debug(wanted.values[index])), got \(debug(found.values[index]))"
            }
            for (index, relationship) in entity.relationships.enumerated() where wanted.relationships[index] != found.relationships[index] {
                return "\(id) \(entity.name).\(relationship.name)\(relationship.isOrdered ? " (ordered)" : ""): expected \(wanted.relationships[index]), got \(found.relationships[index])"
            }
        }
        if let extra = actual.keys.first(where: { expected[$0] == nil }) { return "unexpected object \(extra)" }
        return nil
    }

    /// Whether two values are identical (``AttributeValue/isIdentical(to:)``), except that a store that
    /// cannot keep the sign of zero may return `0.0` for `-0.0`.
    static func same(_ lhs: AttributeValue, _ rhs: AttributeValue, signOfZero: Bool = true) -> Bool {
        if lhs.isIdentical(to: rhs) { return true }
        guard !signOfZero else { return false }
        switch (lhs, rhs) {
        case (.double(let left), .double(let right)): return left == 0 && right == 0
        case (.date(let left), .date(let right)): return left.timeIntervalSinceReferenceDate == 0 && right.timeIntervalSinceReferenceDate == 0
        default: return false
        }
    }

    /// A value with enough detail to see why two differ.
    static func debug(_ value: AttributeValue) -> String {
        switch value {
        case .double(let number): "\(value) (bits \(String(number.bitPattern, radix: 16)))"
        case .date(let date): "\(date.timeIntervalSinceReferenceDate) s"
        case .string(let text): "\(value) (scalars \(text.unicodeScalars.map { String($0.value, radix: 16) }))"
        case .data(let data): "<\(data.count) bytes: \(String(decoding: data.prefix(60), as: UTF8.self))>"
        default: "\(value) (\(value.kindName))"
        }
    }
}
