import Foundation

/// The model's validation rules (required values, min/max values and lengths, regular expressions,
/// to-many counts), checked against objects before a save. Caches compiled regular expressions.
final class ValidationRules {
    private var expressions: [String: NSRegularExpression] = [:]
    /// Whether every object is an instance of its entity's own class, so that the attributes the class
    /// never reads as null need no null check (``ValidationPlan/attributesOfEntityClass``).
    private let objectsAreOfEntityClasses: Bool

    /// Rules for the objects of `model`.
    init(model: ManagedObjectModel) {
        objectsAreOfEntityClasses = model.instantiatesEntityClasses
    }

    /// Whether `object` can fail validation at all, so that a save asks ``check(_:into:value:)`` about it.
    func canFail(_ object: ManagedObject) -> Bool {
        let plan = object.entity.validationPlan
        return objectsAreOfEntityClasses ? plan.checksEntityClass : plan.checksAnything
    }

    /// Appends every rule `object` breaks to `failures`, reading the attribute at an index with `value`
    /// (from values read for the save, or from the object itself). To-many counts are checked for loaded
    /// relationships.
    /// - Throws: ``ObjectGraphError/unsupportedExpression(_:)`` for a regular expression that does not compile.
    func check(_ object: ManagedObject, into failures: inout [ValidationFailure], value: (Int) -> AttributeValue) throws {
        func fail(_ property: String, _ kind: ValidationFailure.Kind) {
            failures.append(ValidationFailure(objectID: object.objectID, entityName: object.entity.name, property: property, kind: kind))
        }
        let entity = object.entity
        let plan = entity.validationPlan
        for attribute in objectsAreOfEntityClasses ? plan.attributesOfEntityClass : plan.attributes {
            let value = value(attribute.index)
            if value.isNull {
                if !attribute.isOptional { fail(entity.attributes[attribute.index].name, .missingValue) }
            } else if attribute.hasValueRules {
                let description = entity.attributes[attribute.index]
                for kind in try attributeFailures(description, value: value) { fail(description.name, kind) }
            }
        }
        for index in plan.requiredToOnes where object.toOneReference(at: index) == nil {
            fail(entity.relationships[index].name, .missingValue)
        }
        for rule in plan.countedToManys {
            guard case .toMany(let members) = object.relationshipStates[rule.index] else { continue }
            let count = members.reduce(0) { $0 + ($1.isPendingDeletion ? 0 : 1) }
            if count < rule.minimum && (count > 0 || !rule.isOptional) {
                fail(entity.relationships[rule.index].name, .tooFewObjects(count: count, minimum: rule.minimum))
            }
            if let maximum = rule.maximum, count > maximum {
                fail(entity.relationships[rule.index].name, .tooManyObjects(count: count, maximum: maximum))
            }
        }
    }

    /// The min/max and pattern rules a non-null `value` breaks.
    private func attributeFailures(_ attribute: AttributeDescription, value: AttributeValue) throws -> [ValidationFailure.Kind] {
        var kinds: [ValidationFailure.Kind] = []
        if attribute.type.constrainsLength, let length = Self.length(of: value) {
            if let minimum = attribute.minimum?.integerValue, length < minimum {
                kinds.append(.tooShort(length: length, minimum: Int(minimum)))
            }
            if let maximum = attribute.maximum?.integerValue, length > maximum {
                kinds.append(.tooLong(length: length, maximum: Int(maximum)))
            }
        } else {
            if let minimum = attribute.minimum, value.compared(to: minimum) == .orderedAscending {
                kinds.append(.belowMinimum(value, minimum: minimum))
            }
            if let maximum = attribute.maximum, value.compared(to: maximum) == .orderedDescending {
                kinds.append(.aboveMaximum(value, maximum: maximum))
            }
        }
        if let pattern = attribute.regularExpression, case .string(let string) = value,
           try !expression(pattern).matchesWhole(string) {
            kinds.append(.patternMismatch(string, pattern: pattern))
        }
        return kinds
    }

    private static func length(of value: AttributeValue) -> Int? {
        switch value {
        case .string(let string): string.count
        case .data(let data): data.count
        default: nil
        }
    }

    private func expression(_ pattern: String) throws -> NSRegularExpression {
        if let cached = expressions[pattern] { return cached }
        do {
            let compiled = try NSRegularExpression(pattern: "^(?:\(pattern))$")
            expressions[pattern] = compiled
            return compiled
        } catch {
            throw ObjectGraphError.unsupportedExpression("the regular expression /\(pattern)/")
        }
    }
}

extension NSRegularExpression {
    /// Whether the expression (anchored at both ends) matches `string`.
    func matchesWhole(_ string: String) -> Bool {
        firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
