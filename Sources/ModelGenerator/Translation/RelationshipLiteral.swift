import DataModel

/// The schema literal and doc summary of a relationship.
enum RelationshipLiteral {
    /// `RelationshipDescription(...)` for `relationship`, with `inverse` only when consistent.
    static func schema(_ relationship: Relationship, inverse: String?) -> String {
        let toMany = relationship.isToMany
        var parts = [
            "name: \(SwiftSource.string(relationship.name))",
            "destination: \(SwiftSource.string(relationship.destinationEntityName))",
        ]
        if let inverse { parts.append("inverse: \(SwiftSource.string(inverse))") }
        if toMany {
            parts.append("isToMany: true")
            if relationship.isOrdered { parts.append("isOrdered: true") }
            if let minimum = relationship.minCount, minimum > 0 { parts.append("minCount: \(minimum)") }
            if let maximum = relationship.maxCount, maximum > 0 { parts.append("maxCount: \(maximum)") }
        }
        if relationship.deleteRule != .nullify { parts.append("deleteRule: .\(deleteRuleCase(relationship.deleteRule))") }
        if !relationship.isOptional { parts.append("isOptional: false") }
        if relationship.isTransient { parts.append("isTransient: true") }
        parts.append(UserInfoLiteral.argument(relationship.userInfo))
        return "RelationshipDescription(\(SwiftSource.arguments(parts)))"
    }

    /// The runtime's `DeleteRule` case.
    static func deleteRuleCase(_ rule: DeleteRule) -> String {
        switch rule {
        case .nullify: "nullify"
        case .cascade: "cascade"
        case .deny: "deny"
        case .noAction: "noAction"
        }
    }

    /// `to-many `Album`, inverse `band`, Cascade`.
    static func summary(_ relationship: Relationship, inverse: String?) -> String {
        var parts = [(relationship.isToMany ? (relationship.isOrdered ? "ordered to-many" : "to-many") : "to-one")
            + " `\(relationship.destinationEntityName)`"]
        if relationship.isToMany, let maximum = relationship.maxCount, maximum > 0 { parts.append("at most \(maximum)") }
        if !relationship.isOptional { parts.append("required") }
        parts.append(inverse.map { "inverse `\($0)`" } ?? "no inverse")
        parts.append(relationship.deleteRule.rawValue)
        return parts.joined(separator: ", ")
    }
}
