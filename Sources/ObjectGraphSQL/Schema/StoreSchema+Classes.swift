import ObjectGraph

extension StoreSchema {
    /// Checks that `classes` is the model the schema was made from, before a store decodes its rows
    /// into those classes.
    /// - Throws: ``ObjectGraph/ObjectGraphError/modelMismatch(expected:actual:)`` for another model.
    package func checkDecodes(into classes: ManagedObjectModel) throws {
        guard classes.schema.versionHash == model.versionHash else {
            throw ObjectGraphError.modelMismatch(expected: model.name, actual: classes.schema.name)
        }
    }
}
