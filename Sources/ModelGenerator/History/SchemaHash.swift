/// The schema hash of a model version as generated code will describe it: the same SHA-256 over the same
/// canonical text as the runtime's `ModelDescription.versionHash` (entity names, parents and abstractness;
/// attribute names, runtime types, optionality and transience; relationship shapes; uniqueness
/// constraints), built from the view model so that it sees exactly the schema literals the code holds.
/// Element order, layout, code generation flags, defaults, validation rules and userInfo do not change it.
enum SchemaHash {
    /// The hash of the model whose view model is `context`.
    static func of(_ context: ModelContext) -> String {
        SHA256.hexDigest(of: Array(canonicalText(of: context.entities).utf8))
    }

    static func canonicalText(of entities: [EntityContext]) -> String {
        var lines: [String] = []
        for entity in entities.sorted(by: { $0.name < $1.name }) {
            lines.append("E|\(entity.name)|\(entity.parentName ?? "")|\(entity.isAbstract)")
            for attribute in entity.attributes.sorted(by: { $0.name < $1.name }) {
                lines.append("A|\(attribute.name)|\(attribute.schemaType)|\(attribute.isOptional)|\(attribute.isTransient)")
            }
            for relationship in entity.relationships.sorted(by: { $0.name < $1.name }) {
                lines.append("R|\(relationship.name)|\(relationship.destination)|\(relationship.inverseName ?? "")|"
                    + "\(relationship.isToMany)|\(relationship.isOrdered)|\(relationship.isTransient)")
            }
            for constraint in entity.uniquenessConstraints.map({ $0.sorted().joined(separator: ",") }).sorted() {
                lines.append("U|" + constraint)
            }
        }
        return lines.map { "\($0.utf8.count):\($0)" }.joined(separator: "\n")
    }
}
