import Mustache

// The contexts `CodeRenderer` renders with, around the view model.

/// The context of one entity's file: `entity` plus every field of the model, so the header and the
/// entity template see model-level values (`access`, `imports`, `modelName`).
struct EntityFileContext: MustacheParent {
    let model: ModelContext
    let entity: EntityContext

    func child(named name: String) -> Any? {
        name == "entity" ? entity : model.child(named: name)
    }
}

/// An entity as the `entity` template sees it inside `{{#entities}}`: the entity's fields, then the model's.
struct EntityInModelContext: MustacheParent {
    let model: ModelContext
    let entity: EntityContext

    func child(named name: String) -> Any? {
        entity.child(named: name) ?? model.child(named: name)
    }
}

/// The model for `single-file` whose entities carry their `entity` section, rendered beforehand (in parallel).
struct PrerenderedModelContext: MustacheParent {
    /// An entity with its rendered section, the field `CodeRenderer`'s replacement `entity` template prints.
    struct Entity: MustacheParent {
        static let sectionField = "_renderedSection"

        let context: EntityContext
        let section: String

        func child(named name: String) -> Any? {
            name == Self.sectionField ? section : context.child(named: name)
        }
    }

    let model: ModelContext
    let entities: [Entity]

    func child(named name: String) -> Any? {
        name == "entities" ? entities : model.child(named: name)
    }
}
