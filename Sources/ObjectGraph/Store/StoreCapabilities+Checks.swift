extension StoreCapabilities {
    /// Whether a store with these capabilities evaluates `predicate` (fetching `entity` of `model`)
    /// natively: every form it uses is supported, and every ordering comparison is on a type in
    /// ``orderedTypes``.
    public func canEvaluate(
        _ predicate: StorePredicate, on entity: EntityDescription, in model: ModelDescription
    ) -> Bool {
        switch predicate {
        case .constant:
            return predicates.contains(.compound)
        case .compare(let path, _, _, _) where !path.isEmpty && model.entityReached(by: path, from: entity) != nil:
            return predicates.contains(.relationshipNilChecks) && (path.count == 1 || predicates.contains(.toOnePaths))
        case .compare(let path, let op, _, let options):
            let feature: PredicateFeatures = (op == .equal || op == .notEqual) ? .equality : .ordering
            return supports(feature, options: options)
                && supportsPath(path, entity: entity, model: model, ordering: feature == .ordering)
        case .isIn(let path, _, let options):
            return supports(.inList, options: options) && supportsPath(path, entity: entity, model: model)
        case .between(let path, _, _):
            return supports(.between, options: [])
                && supportsPath(path, entity: entity, model: model, ordering: true)
        case .string(let path, let op, _, let options):
            let feature: PredicateFeatures = switch op {
            case .contains, .beginsWith, .endsWith: .substring
            case .like: .like
            case .matches: .regularExpressions
            }
            return supports(feature, options: options) && supportsPath(path, entity: entity, model: model)
        case .and(let parts), .or(let parts):
            return predicates.contains(.compound) && parts.allSatisfy { canEvaluate($0, on: entity, in: model) }
        case .not(let part):
            return predicates.contains(.compound) && canEvaluate(part, on: entity, in: model)
        case .any(let path, let sub), .all(let path, let sub):
            guard predicates.contains(.quantifiers),
                  let destination = model.destination(ofPath: path, from: entity) else { return false }
            if path.count > 1 && !predicates.contains(.toOnePaths) { return false }
            return canEvaluate(sub, on: destination, in: model)
        }
    }

    /// Whether `conjunct` (one part of a fetch's top-level `AND`) compares a key path of
    /// ``requiredEqualityPaths`` for `entity` `==` a non-null value, so the store must receive it.
    public func requires(_ conjunct: StorePredicate, fetching entity: EntityDescription) -> Bool {
        guard let paths = requiredEqualityPaths[entity.name],
              case .compare(let path, .equal, let value, let options) = conjunct else { return false }
        return options.isEmpty && !value.isNull && paths.contains(path)
    }

    /// Whether a store with these capabilities sorts by `sorts` natively.
    public func canSort(_ sorts: [SortExpression], on entity: EntityDescription, in model: ModelDescription) -> Bool {
        sorts.allSatisfy { sort in
            guard sort.path.count == 1 ? sortsByAttribute : sortsThroughToOne,
                  let attribute = model.attribute(atPath: sort.path, from: entity) else { return false }
            return orderedTypes.contains(attribute.type)
        }
    }

    private func supports(_ feature: PredicateFeatures, options: StringOptions) -> Bool {
        predicates.contains(feature)
            && (!options.contains(.caseInsensitive) || predicates.contains(.caseInsensitive))
            && (!options.contains(.diacriticInsensitive) || predicates.contains(.diacriticInsensitive))
    }

    private func supportsPath(
        _ path: [String], entity: EntityDescription, model: ModelDescription, ordering: Bool = false
    ) -> Bool {
        if path.count > 1 && !predicates.contains(.toOnePaths) { return false }
        guard let attribute = model.attribute(atPath: path, from: entity) else { return false }
        return !ordering || orderedTypes.contains(attribute.type)
    }
}
