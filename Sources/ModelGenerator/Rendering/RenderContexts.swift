import Mustache

// The contexts `CodeRenderer` renders with, around the view model.

/// The context of one entity's file: `entity` plus every field of the model, so the header and the
/// entity template see model-level values (`access`, `imports`, `modelName`).
struct EntityFileContext: TemplateObject, MustacheParent {
    let model: ModelContext
    let entity: EntityContext

    func templateValue(_ field: TemplateField) -> TemplateValue? {
        field == .entity ? .object(entity) : model.templateValue(field)
    }

    func child(named name: String) -> Any? { mustacheChild(named: name) }
}

/// An entity as the `entity` template sees it inside `{{#entities}}`: the entity's fields, then the model's.
struct EntityInModelContext: TemplateObject, MustacheParent {
    let model: ModelContext
    let entity: EntityContext

    func templateValue(_ field: TemplateField) -> TemplateValue? {
        entity.templateValue(field) ?? model.templateValue(field)
    }

    func child(named name: String) -> Any? { mustacheChild(named: name) }
}

/// The model for `single-file` whose entities carry their `entity` section, rendered beforehand (in parallel).
struct PrerenderedModelContext: TemplateObject, MustacheParent {
    /// An entity with its rendered section, the field `CodeRenderer`'s replacement `entity` template prints.
    struct Entity: TemplateObjectElement, MustacheParent {
        static let sectionField = TemplateField.renderedSection.rawValue

        let context: EntityContext
        let section: String

        func templateValue(_ field: TemplateField) -> TemplateValue? {
            field == .renderedSection ? .string(section) : context.templateValue(field)
        }

        func child(named name: String) -> Any? { mustacheChild(named: name) }
    }

    let model: ModelContext
    let entities: [Entity]

    func templateValue(_ field: TemplateField) -> TemplateValue? {
        field == .entities ? .list(entities) : model.templateValue(field)
    }

    func child(named name: String) -> Any? { mustacheChild(named: name) }
}
