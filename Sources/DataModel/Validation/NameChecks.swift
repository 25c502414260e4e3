extension ValidationContext {
    /// Names that generated Swift code cannot use as they are. All warnings: the generator
    /// escapes or renames them deterministically.
    mutating func checkNames() {
        for entity in model.entities {
            // `NSManagedObject` as the class means "no class of its own", like a missing one.
            let className = entity.className.flatMap { $0 == "NSManagedObject" ? nil : $0 } ?? entity.name
            checkName(className, .type, subject: "the class name '\(className)' of entity '\(entity.name)'", at: entity.location)
            for property in entity.declaredProperties {
                checkName(property.name, .member, subject: "the name of property '\(entity.name).\(property.name)'", at: property.location)
            }
        }
        for composite in model.composites {
            checkName(composite.name, .type, subject: "the class name '\(composite.name)' of composite type '\(composite.name)'", at: composite.location)
            for attribute in composite.attributes {
                checkName(attribute.name, .member, subject: "the name of attribute '\(composite.name).\(attribute.name)'", at: attribute.location)
            }
        }
    }

    /// What a checked name becomes in generated code.
    enum NameRole {
        /// A class or struct name.
        case type
        /// A property name.
        case member
    }

    private mutating func checkName(_ name: String, _ role: NameRole, subject: @autoclosure () -> String, at location: SourceLocation) {
        guard !name.isEmpty, let problem = problem(with: name, as: role) else { return }
        log.warning("\(subject()) \(problem)", at: location)
    }

    private func problem(with name: String, as role: NameRole) -> String? {
        if !ReservedNames.isIdentifier(name) {
            return "is not a Swift identifier; the generator will rename it"
        }
        if ReservedNames.swiftKeywords.contains(name) {
            return "is a Swift keyword; the generator will escape it"
        }
        switch role {
        case .type where ReservedNames.libraryTypes.contains(name):
            return "shadows a standard library or Foundation type; generated code will qualify that type"
        case .type where ReservedNames.runtimeTypes.contains(name):
            return "shadows an ObjectGraph runtime type; generated code will qualify that type"
        case .member where ReservedNames.runtimeMembers.contains(name):
            return "collides with the generated member '\(name)'; the generator will rename it"
        default:
            return nil
        }
    }
}
