/// The `EntityDescription(...)` literal of an entity's view model, as the entity template writes it,
/// without the REST mapping and the attributes the class never reads as null (which neither the schema
/// hash nor a migration reads; no class of an earlier version exists).
enum EntitySchemaLiteral {
    /// The literal, its continuation lines indented by `indent` spaces.
    static func text(of entity: EntityContext, indent: Int) -> String {
        let inner = String(repeating: " ", count: indent + 4)
        var lines = ["EntityDescription("]
        lines += entity.schemaHeader.map { inner + $0 }
        if entity.hasAttributes {
            lines.append(inner + "attributes: [")
            lines += entity.attributes.map { inner + "    " + $0.schemaLiteral + "," }
            lines.append(inner + "],")
        }
        if entity.hasRelationships {
            lines.append(inner + "relationships: [")
            lines += entity.relationships.map { inner + "    " + $0.schemaLiteral + "," }
            lines.append(inner + "],")
        }
        lines += entity.schemaTrailer.filter { !$0.hasPrefix("rest: ") && !$0.hasPrefix("attributesNeverNull: ") }
            .map { inner + $0 + "," }
        lines.append(String(repeating: " ", count: indent) + ")")
        return lines.joined(separator: "\n")
    }
}
