import ObjectGraph

/// Compares the schema of generated classes with the model they were generated from.
enum SchemaComparison {
    /// The first entity, attribute or relationship whose description differs (class names aside: the
    /// generator renames colliding ones), or `nil`.
    static func firstDifference(expected: ModelDescription, actual: ModelDescription) -> String? {
        guard expected.entities.count == actual.entities.count else {
            return "\(actual.entities.count) entities, expected \(expected.entities.count)"
        }
        for wanted in expected.entities {
            guard let found = actual.entity(named: wanted.name) else { return "entity \(wanted.name) is missing" }
            if found.parentName != wanted.parentName || found.isAbstract != wanted.isAbstract {
                return "entity \(wanted.name): parent \(found.parentName ?? "none"), abstract \(found.isAbstract); expected \(wanted.parentName ?? "none"), \(wanted.isAbstract)"
            }
            if let difference = firstDifference(found.attributes, wanted.attributes) {
                return "entity \(wanted.name) attribute \(difference)"
            }
            if let difference = firstDifference(found.relationships, wanted.relationships) {
                return "entity \(wanted.name) relationship \(difference)"
            }
        }
        return expected.versionHash == actual.versionHash ? nil : "version hashes differ"
    }

    private static func firstDifference<T: Equatable>(_ found: [T], _ wanted: [T]) -> String? {
        for index in 0..<max(found.count, wanted.count) {
            let left = found.indices.contains(index) ? found[index] : nil
            let right = wanted.indices.contains(index) ? wanted[index] : nil
            if left != right {
                return "\(index): \(left.map { "\($0)" } ?? "none"), expected \(right.map { "\($0)" } ?? "none")"
            }
        }
        return nil
    }
}
