import Mustache

/// The context of one entity's file: `entity` plus every field of the model, so the header and the
/// entity template see model-level values (`access`, `imports`, `modelName`).
struct EntityFileContext: MustacheParent {
    let model: ModelContext
    let entity: EntityContext

    func child(named name: String) -> Any? {
        name == "entity" ? entity : model.child(named: name)
    }
}
