import DataModel

/// Plain-words descriptions of migration steps, as `modelgen migration-plan` prints them.
public enum MigrationStepText {
    /// One line describing `change`, e.g. `rename attribute Mood.remoteIdentifier to remoteID`.
    public static func describe(_ change: MigrationChange) -> String {
        switch change {
        case .addEntity(let name): "add entity \(name)"
        case .removeEntity(let name): "remove entity \(name) and its objects"
        case .renameEntity(let from, let to): "rename entity \(from) to \(to), keeping its objects"
        case .changeParent(let entity, let from, let to):
            "move entity \(entity) \(from.map { "out from under \($0)" } ?? "out of no parent")\(to.map { " under \($0)" } ?? " to stand alone"), keeping its objects"
        case .addAttribute(let entity, let attribute, let type, let isOptional, let defaultValue):
            "add attribute \(entity).\(attribute) (\(type.rawValue), \(isOptional ? "optional" : "required")\(defaultValue.map { ", existing objects take \(text($0))" } ?? ""))"
        case .removeAttribute(let entity, let attribute): "remove attribute \(entity).\(attribute)"
        case .renameAttribute(let entity, let from, let to): "rename attribute \(entity).\(from) to \(to), keeping its values"
        case .moveAttribute(let entity, let attribute, let from, let to):
            "attribute \(entity).\(attribute) is now declared on \(to) instead of \(from), keeping its values"
        case .makeAttributeRequired(let entity, let attribute, let defaultValue):
            "make attribute \(entity).\(attribute) required\(defaultValue.map { ", objects without a value take \(text($0))" } ?? ", the custom step sets missing values")"
        case .makeAttributeOptional(let entity, let attribute): "make attribute \(entity).\(attribute) optional"
        case .changeAttributeType(let entity, let attribute, let from, let to):
            "convert attribute \(entity).\(attribute) from \(from.rawValue) to \(to.rawValue)"
        case .addRelationship(let entity, let relationship, let destination, let isToMany):
            "add \(isToMany ? "to-many" : "to-one") relationship \(entity).\(relationship) to \(destination), empty for existing objects"
        case .removeRelationship(let entity, let relationship): "remove relationship \(entity).\(relationship)"
        case .renameRelationship(let entity, let from, let to): "rename relationship \(entity).\(from) to \(to), keeping its links"
        case .changeCardinality(let entity, let relationship, let isToMany):
            isToMany ? "make relationship \(entity).\(relationship) to-many, keeping its destination"
                : "make relationship \(entity).\(relationship) to-one (fails for an object with several destinations)"
        case .changeOrdering(let entity, let relationship, let isOrdered):
            isOrdered ? "make relationship \(entity).\(relationship) ordered (existing members keep the order they were added in)"
                : "make relationship \(entity).\(relationship) unordered"
        case .makeRelationshipOptional(let entity, let relationship): "make relationship \(entity).\(relationship) optional"
        case .addUniquenessConstraint(let entity, let properties):
            "add uniqueness constraint on \(entity) (\(properties.joined(separator: ", "))) (fails, naming the values, when existing objects break it)"
        case .removeUniquenessConstraint(let entity, let properties):
            "remove uniqueness constraint on \(entity) (\(properties.joined(separator: ", ")))"
        case .addIndex(let entity, let name, let properties):
            "add index \(name.map { "\($0) " } ?? "")on \(entity) (\(properties.joined(separator: ", ")))"
        case .removeIndex(let entity, let name, let properties):
            "remove index \(name.map { "\($0) " } ?? "")on \(entity) (\(properties.joined(separator: ", ")))"
        }
    }

    /// A value as the model writes it.
    static func text(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .decimal(let text), .text(let text): text
        case .boolean(let flag): flag ? "YES" : "NO"
        case .date(let interval): "the date \(interval)"
        }
    }
}
