/// Checks a ``Model`` for problems that would break generated code or Core Data's own loading.
///
/// Errors: references to entities, properties, inverses or composites that do not exist,
/// inverses that point elsewhere, duplicate names, inheritance and composite cycles, and
/// Undefined attributes that are persisted. Warnings: inverses that do not agree, `ordered`
/// without `toMany`, counts out of order, and names the generator will have to escape or rename.
public struct ModelValidator: Sendable {
    /// Creates a validator.
    public init() {}

    /// The diagnostics for `model`, located in `path` (the `contents` file it came from), in
    /// the order the checks found them.
    public func validate(_ model: Model, path: String) -> [Diagnostic] {
        var context = ValidationContext(model: model, path: path)
        context.checkEntities()
        context.checkRelationships()
        context.checkAttributes()
        context.checkReferences()
        context.checkNames()
        return context.log.diagnostics
    }
}
