extension ValidationContext {
    /// Names that generated Swift code cannot use as they are. All warnings: the generator
    /// escapes or renames them deterministically.
    mutating func checkNames() {
        for entity in model.entities {
            // `NSManagedObject` as the class means "no class of its own", like a missing one.
            let className = entity.className.flatMap { $0 == "NSManagedObject" ? nil : $0 } ?? entity.name
            checkTypeName(className, of: "entity '\(entity.name)'", at: entity.location)
            for property in entity.declaredProperties {
                checkMemberName(property.name, of: "property '\(entity.name).\(property.name)'", at: property.location)
            }
        }
        for composite in model.composites {
            checkTypeName(composite.name, of: "composite type '\(composite.name)'", at: composite.location)
            for attribute in composite.attributes {
                checkMemberName(attribute.name, of: "attribute '\(composite.name).\(attribute.name)'", at: attribute.location)
            }
        }
    }

    private mutating func checkTypeName(_ name: String, of subject: String, at location: SourceLocation) {
        guard !name.isEmpty else { return }
        if !ReservedNames.isIdentifier(name) {
            log.warning("the class name '\(name)' of \(subject) is not a Swift identifier; the generator will rename it", at: location)
        } else if ReservedNames.swiftKeywords.contains(name) {
            log.warning("the class name '\(name)' of \(subject) is a Swift keyword; the generator will escape it", at: location)
        } else if ReservedNames.libraryTypes.contains(name) {
            log.warning("the class name '\(name)' of \(subject) shadows a standard library or Foundation type; generated code will qualify that type", at: location)
        } else if ReservedNames.runtimeTypes.contains(name) {
            log.warning("the class name '\(name)' of \(subject) shadows an ObjectGraph runtime type; generated code will qualify that type", at: location)
        }
    }

    private mutating func checkMemberName(_ name: String, of subject: String, at location: SourceLocation) {
        guard !name.isEmpty else { return }
        if !ReservedNames.isIdentifier(name) {
            log.warning("the name of \(subject) is not a Swift identifier; the generator will rename it", at: location)
        } else if ReservedNames.swiftKeywords.contains(name) {
            log.warning("the name of \(subject) is a Swift keyword; the generator will escape it", at: location)
        } else if ReservedNames.runtimeMembers.contains(name) {
            log.warning("the name of \(subject) collides with the generated member '\(name)'; the generator will rename it", at: location)
        }
    }
}
