import Foundation
import ObjectGraph

/// Makes random predicates and sort keys over a model: every ``StorePredicate`` form and operator, key
/// paths through to-ones, nil operands and relationship nil checks, values of every kind (mostly ones
/// the data set holds, so comparisons hit), strings with case and diacritic options.
struct QueryGenerator {
    let model: ModelDescription
    /// Values the data set holds, by entity and attribute name (a subentity's rows count for its ancestors).
    let valuesByAttribute: [String: [String: [AttributeValue]]]
    var random: SeededGenerator

    init(model: ModelDescription, valuesByAttribute: [String: [String: [AttributeValue]]], random: SeededGenerator) {
        self.model = model
        self.valuesByAttribute = valuesByAttribute
        self.random = random
    }

    /// The values `dataSet` holds, by entity and attribute name, sorted; computed once per run.
    static func heldValues(in dataSet: DifferentialDataSet, model: ModelDescription) -> [String: [String: [AttributeValue]]] {
        var values: [String: [String: Set<AttributeValue>]] = [:]
        for row in dataSet.rows {
            var entityName: String? = row.entity.name
            while let name = entityName, let entity = model.entity(named: name) {
                for (index, attribute) in row.entity.attributes.enumerated() where entity.attributeIndex(named: attribute.name) != nil {
                    values[name, default: [:]][attribute.name, default: []].insert(row.values[index])
                }
                entityName = entity.parentName
            }
        }
        return values.mapValues { byName in
            byName.mapValues { set in set.sorted { AttributeValue.order($0, $1) == .orderedAscending } }
        }
    }

    /// A predicate over objects of `entity`, nested at most `depth` levels.
    mutating func predicate(for entity: EntityDescription, depth: Int) -> StorePredicate {
        let choice = depth > 0 ? Int.random(in: 0..<14, using: &random) : Int.random(in: 0..<8, using: &random)
        switch choice {
        case 0, 1, 2: return compare(entity)
        case 3: return isIn(entity)
        case 4: return between(entity)
        case 5, 6: return string(entity)
        case 7: return relationshipNilCheck(entity) ?? .constant(random.chance(0.5))
        case 8, 9: return .and(parts(entity, depth))
        case 10: return .or(parts(entity, depth))
        case 11: return .not(predicate(for: entity, depth: depth - 1))
        default: return quantified(entity, depth) ?? compare(entity)
        }
    }

    /// Zero to three sort keys on attributes of `entity` or of entities reached through to-ones.
    mutating func sorts(for entity: EntityDescription) -> [SortExpression] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            SortExpression(attributePath(entity).path, ascending: random.chance(0.5))
        }
    }

    private mutating func parts(_ entity: EntityDescription, _ depth: Int) -> [StorePredicate] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in predicate(for: entity, depth: depth - 1) }
    }

    /// A path to an attribute: direct most of the time, otherwise through one or two to-ones.
    private mutating func attributePath(_ entity: EntityDescription, stringsOnly: Bool = false) -> (path: [String], owner: EntityDescription, attribute: AttributeDescription) {
        var path: [String] = []
        var owner = entity
        let steps = random.chance(0.6) ? 0 : Int.random(in: 1...2, using: &random)
        for _ in 0..<steps {
            let toOnes = owner.relationships.filter { !$0.isToMany }
            guard !toOnes.isEmpty else { break }
            let relationship = random.pick(toOnes)
            guard let next = model.entity(named: relationship.destinationEntityName) else { break }
            path.append(relationship.name)
            owner = next
        }
        let candidates = owner.attributes.filter { !stringsOnly || $0.type == .string }
        let attribute = random.pick(candidates.isEmpty ? owner.attributes : candidates)
        return (path + [attribute.name], owner, attribute)
    }

    /// An operand for an attribute: a value the data set holds, a random value of its type, or any value.
    private mutating func operand(_ owner: EntityDescription, _ attribute: AttributeDescription) -> AttributeValue {
        let held = valuesByAttribute[owner.name]?[attribute.name] ?? []
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.5, !held.isEmpty { return random.pick(held) }
        if roll < 0.8 { return DifferentialValues.value(of: attribute, using: &random) }
        return DifferentialValues.anyValue(using: &random)
    }

    private mutating func options() -> StringOptions {
        random.pick([[], [], .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive]] as [StringOptions])
    }

    private mutating func compare(_ entity: EntityDescription) -> StorePredicate {
        let (path, owner, attribute) = attributePath(entity)
        let value = random.chance(0.1) ? .null : operand(owner, attribute)
        return .compare(path, random.pick(ComparisonOperator.allCases), value, options: options())
    }

    private mutating func isIn(_ entity: EntityDescription) -> StorePredicate {
        let (path, owner, attribute) = attributePath(entity)
        let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.chance(0.1) ? .null : operand(owner, attribute) }
        return .isIn(path, values, options: options())
    }

    private mutating func between(_ entity: EntityDescription) -> StorePredicate {
        let (path, owner, attribute) = attributePath(entity)
        var bounds = [operand(owner, attribute), operand(owner, attribute)]
        if random.chance(0.8) { bounds.sort { AttributeValue.order($0, $1) != .orderedDescending } }
        return .between(path, bounds[0], bounds[1])
    }

    private mutating func string(_ entity: EntityDescription) -> StorePredicate {
        let (path, owner, attribute) = attributePath(entity, stringsOnly: random.chance(0.9))
        let op = random.chance(0.05) ? StringOperator.matches : random.pick([StringOperator.contains, .beginsWith, .endsWith, .like])
        let pattern: String
        if op == .matches {
            pattern = random.pick(["[A-Z].*", "b.*", ".*o.*", "(?i)low", ".", "\\w+ \\w+"])
        } else if random.chance(0.4), case .string(let held)? = (valuesByAttribute[owner.name]?[attribute.name] ?? []).randomElement(using: &random) {
            let scalars = Array(held.unicodeScalars)
            let start = Int.random(in: 0...scalars.count, using: &random)
            let end = Int.random(in: start...scalars.count, using: &random)
            var slice = String(String.UnicodeScalarView(scalars[start..<end]))
            if op == .like { slice = random.pick(["*", "?", ""]) + slice + random.pick(["*", "?", ""]) }
            pattern = slice
        } else {
            pattern = random.pick(DifferentialValues.patterns)
        }
        return .string(path, op, pattern, options: options())
    }

    /// `to-one == nil` or `!= nil`, directly or through another to-one.
    private mutating func relationshipNilCheck(_ entity: EntityDescription) -> StorePredicate? {
        let toOnes = entity.relationships.filter { !$0.isToMany }
        guard !toOnes.isEmpty else { return nil }
        let first = random.pick(toOnes)
        var path = [first.name]
        if random.chance(0.3), let next = model.entity(named: first.destinationEntityName) {
            let further = next.relationships.filter { !$0.isToMany }
            if !further.isEmpty { path.append(random.pick(further).name) }
        }
        return .compare(path, random.chance(0.5) ? .equal : .notEqual, .null)
    }

    /// `ANY` or `ALL` over a to-many of `entity`, or of an entity reached through one to-one.
    private mutating func quantified(_ entity: EntityDescription, _ depth: Int) -> StorePredicate? {
        var owner = entity
        var path: [String] = []
        if random.chance(0.25), let toOne = entity.relationships.filter({ !$0.isToMany }).randomElement(using: &random),
           let next = model.entity(named: toOne.destinationEntityName) {
            path.append(toOne.name)
            owner = next
        }
        guard let toMany = owner.relationships.filter(\.isToMany).randomElement(using: &random),
              let destination = model.entity(named: toMany.destinationEntityName) else { return nil }
        let sub = predicate(for: destination, depth: depth - 1)
        return random.chance(0.5) ? .any(path + [toMany.name], sub) : .all(path + [toMany.name], sub)
    }
}
