/// Checks that every step of a stage names entities and properties its versions have, and that type
/// changes are lossless, before a store touches data.
struct MigrationStepCheck {
    let stage: PlannedMigrationStage

    private var name: String { stage.stage.description }

    func checkAll() throws {
        for step in stage.stage.steps { try check(step) }
    }

    private func check(_ step: MigrationStep) throws {
        switch step {
        case .addEntity(let entity): _ = try newer(entity)
        case .removeEntity(let entity): _ = try older(entity)
        case .renameEntity(let old, let new): _ = try older(old); _ = try newer(new)
        case .addAttribute(let entity, let attribute, _), .makeAttributeRequired(let entity, let attribute, _),
             .makeAttributeOptional(let entity, let attribute):
            try attributeExists(attribute, in: try newer(entity), version: stage.stage.destination)
        case .removeAttribute(let entity, let attribute):
            try attributeExists(attribute, in: try older(entity), version: stage.stage.source)
        case .renameAttribute(let entity, let old, let new):
            try attributeExists(new, in: try newer(entity), version: stage.stage.destination)
            if let oldEntity = stage.sourceEntityName(ofDestinationEntity: entity) {
                try attributeExists(old, in: try older(oldEntity), version: stage.stage.source)
            }
        case .changeAttributeType(let entity, let attribute, let old, let new):
            try attributeExists(attribute, in: try newer(entity), version: stage.stage.destination)
            guard MigrationStep.isLossless(from: old, to: new) else {
                throw refusal(step, "\(old.rawValue) → \(new.rawValue) can lose values; only lossless type changes migrate")
            }
        case .moveAttribute(let attribute, let from, let to):
            try attributeExists(attribute, in: try older(from), version: stage.stage.source)
            try attributeExists(attribute, in: try newer(to), version: stage.stage.destination)
        case .changeParent(let entity, let old, let new):
            let described = try newer(entity)
            if let new { _ = try newer(new) }
            if let old { _ = try older(old) }
            let oldParent = stage.sourceEntityName(ofDestinationEntity: entity).flatMap { stage.source.entity(named: $0) }?.parentName
            guard described.parentName == new, oldParent == old else {
                throw refusal(step, "entity \(entity)'s parent is \(oldParent ?? "none") in version \(stage.stage.source) and "
                              + "\(described.parentName ?? "none") in version \(stage.stage.destination)")
            }
        case .addRelationship(let entity, let relationship), .changeRelationshipCardinality(let entity, let relationship, _):
            try relationshipExists(relationship, in: try newer(entity), version: stage.stage.destination)
        case .changeRelationshipOrdering(let entity, let relationship, let isOrdered):
            let described = try newer(entity)
            try relationshipExists(relationship, in: described, version: stage.stage.destination)
            guard let newer = described.relationship(named: relationship), newer.isToMany, newer.isOrdered == isOrdered else {
                throw refusal(step, "\(entity).\(relationship) is not \(isOrdered ? "an ordered" : "an unordered") to-many in version \(stage.stage.destination)")
            }
        case .makeRelationshipOptional(let entity, let relationship):
            let described = try newer(entity)
            try relationshipExists(relationship, in: described, version: stage.stage.destination)
            guard described.relationship(named: relationship)?.isOptional == true else {
                throw refusal(step, "\(entity).\(relationship) is required in version \(stage.stage.destination)")
            }
        case .removeRelationship(let entity, let relationship):
            try relationshipExists(relationship, in: try older(entity), version: stage.stage.source)
        case .renameRelationship(let entity, let old, let new):
            try relationshipExists(new, in: try newer(entity), version: stage.stage.destination)
            if let oldEntity = stage.sourceEntityName(ofDestinationEntity: entity) {
                try relationshipExists(old, in: try older(oldEntity), version: stage.stage.source)
            }
        case .addUniquenessConstraint(let entity, let properties):
            let described = try newer(entity)
            for property in properties { try propertyExists(property, in: described, version: stage.stage.destination) }
        case .removeUniquenessConstraint(let entity, let properties):
            let described = try older(entity)
            for property in properties { try propertyExists(property, in: described, version: stage.stage.source) }
        case .addIndex(let entity, let index):
            try indexExists(index, in: try newer(entity), version: stage.stage.destination)
        case .removeIndex(let entity, let index):
            try indexExists(index, in: try older(entity), version: stage.stage.source)
        }
    }

    /// The error for a step its versions contradict.
    private func refusal(_ step: MigrationStep, _ reason: String) -> MigrationError {
        MigrationError.stepFailed(stage: name, step: step.description, object: nil, values: [], reason: reason)
    }

    private func older(_ entity: String) throws -> EntityDescription {
        guard let described = stage.source.entity(named: entity) else {
            throw MigrationError.unknownEntity(stage: name, entity: entity, version: stage.stage.source)
        }
        return described
    }

    private func newer(_ entity: String) throws -> EntityDescription {
        guard let described = stage.destination.entity(named: entity) else {
            throw MigrationError.unknownEntity(stage: name, entity: entity, version: stage.stage.destination)
        }
        return described
    }

    private func attributeExists(_ attribute: String, in entity: EntityDescription, version: String) throws {
        guard entity.attribute(named: attribute) != nil else {
            throw MigrationError.unknownProperty(stage: name, entity: entity.name, property: attribute, version: version)
        }
    }

    private func relationshipExists(_ relationship: String, in entity: EntityDescription, version: String) throws {
        guard entity.relationship(named: relationship) != nil else {
            throw MigrationError.unknownProperty(stage: name, entity: entity.name, property: relationship, version: version)
        }
    }

    private func propertyExists(_ property: String, in entity: EntityDescription, version: String) throws {
        guard entity.attribute(named: property) != nil || entity.relationship(named: property) != nil else {
            throw MigrationError.unknownProperty(stage: name, entity: entity.name, property: property, version: version)
        }
    }

    private func indexExists(_ index: String, in entity: EntityDescription, version: String) throws {
        guard entity.indexes.contains(where: { $0.name == index }) || entity.attribute(named: index)?.isIndexed == true else {
            throw MigrationError.unknownProperty(stage: name, entity: entity.name, property: index, version: version)
        }
    }
}
