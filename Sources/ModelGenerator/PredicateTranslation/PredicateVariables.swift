/// The typed substitution variables of one predicate, in order of first use.
struct PredicateVariables {
    /// One `$VARIABLE` and the Swift type its comparisons give it.
    struct Variable {
        let name: String
        let parameterName: String
        let swiftType: String
    }

    private(set) var all: [Variable] = []

    /// The parameter for `$name` typed `swiftType`; a second use with another type is a mismatch.
    mutating func use(_ name: String, as swiftType: String, at location: PredicateLocation) throws(PredicateTranslationError) -> String {
        if let existing = all.first(where: { $0.name == name }) {
            guard existing.swiftType == swiftType else {
                throw .invalid("$\(name) is compared as \(existing.swiftType) and as \(swiftType)", at: location)
            }
            return existing.parameterName
        }
        let used = Set(all.map(\.parameterName))
        let words = name == name.uppercased() ? name.lowercased() : name
        let resolved = SwiftNaming.propertyName(forProperty: SwiftIdentifier.lowerCamelCase(words), reserved: ["context"])
        var parameter = resolved.escaped
        var number = 2
        while used.contains(parameter) {
            parameter = "\(resolved.escaped)\(number)"
            number += 1
        }
        all.append(Variable(name: name, parameterName: parameter, swiftType: swiftType))
        return parameter
    }
}
