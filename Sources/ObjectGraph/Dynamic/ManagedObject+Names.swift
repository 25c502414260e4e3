/// Reading and writing attributes by name, for code that knows the model only at run time.
///
/// ```swift
/// let title = try event.value(forKey: "title")        // .string("Standup")
/// try event.setValue(.string("Retro"), forKey: "title")
/// ```
extension ManagedObject {
    /// The value of the attribute called `name`.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` naming the entity and `name`
    ///   when the entity has no such attribute.
    public final func value(forKey name: String) throws -> AttributeValue {
        attributeValue(at: try attributeIndex(forKey: name))
    }

    /// Sets the attribute called `name`, recording the change like a typed setter.
    /// - Throws: ``ObjectGraphError/unknownProperty(entity:property:)`` for an unknown name,
    ///   ``ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` for a value that does not fit.
    public final func setValue(_ value: AttributeValue, forKey name: String) throws {
        try setAttributeValue(value, at: try attributeIndex(forKey: name))
    }

    private func attributeIndex(forKey name: String) throws -> Int {
        guard let index = entity.attributeIndex(named: name) else {
            throw ObjectGraphError.unknownProperty(entity: entity.name, property: name)
        }
        return index
    }
}
