import Foundation
@testable import ObjectGraph
import Testing

/// Validation skips the null check of a required attribute only where it cannot fail: the entity's
/// class lists the attribute in ``EntityDescription/attributesNeverNull`` (generated code lists those it
/// holds in non-optional properties of standard types), the object is an instance of that class, and
/// the attribute has no other rule.
@Suite struct NeverNullValidationTests {
    /// `title` (listed) and `code` (listed, with a minimum length) are non-optional in Swift;
    /// `subtitle` is required but held in an optional, as generated code holds a required attribute of a
    /// custom type without a default.
    final class Note: ManagedObject, ManagedEntity {
        static let entity = EntityDescription(
            name: "Note",
            attributes: [
                AttributeDescription(name: "title", type: .string, isOptional: false),
                AttributeDescription(name: "subtitle", type: .string, isOptional: false),
                AttributeDescription(name: "code", type: .string, isOptional: false, minimum: .integer(2)),
                AttributeDescription(name: "label", type: .string),
            ],
            attributesNeverNull: ["title", "code"])

        var title: String {
            get { _title }
            set { willChange(attributeAt: 0); _title = newValue }
        }
        private var _title = ""
        var subtitle: String? {
            get { _subtitle }
            set { willChange(attributeAt: 1); _subtitle = newValue }
        }
        private var _subtitle: String?
        var code: String {
            get { _code }
            set { willChange(attributeAt: 2); _code = newValue }
        }
        private var _code = "ab"
        private var _label: String?

        convenience init(context: ObjectContext) {
            self.init(entity: Self.entity)
            context.insert(self)
        }

        override func attributeValue(at index: Int) -> AttributeValue {
            switch index {
            case 0: _title.attributeValue
            case 1: _subtitle.attributeValue
            case 2: _code.attributeValue
            case 3: _label.attributeValue
            default: super.attributeValue(at: index)
            }
        }

        override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
            switch index {
            case 0: title = try decode(value, at: 0)
            case 1: subtitle = try decode(value, at: 1)
            case 2: code = try decode(value, at: 2)
            case 3: _label = try decode(value, at: 3)
            default: try super.setAttributeValue(value, at: index)
            }
        }

        struct Fields: FieldSet {
            typealias Object = Note
            let keyPathPrefix: [String]
            init(prefix: [String]) { keyPathPrefix = prefix }
        }
    }

    /// Keeps values by index, every one `null` until set: what a class of a model known only at run time
    /// does. Made with ``Note``'s entity, whose list describes ``Note``, not this class.
    final class Record: ManagedObject, ManagedEntity {
        static let entity = EntityDescription(name: "Record")
        private var values: [AttributeValue]

        required init(entity: EntityDescription) {
            values = Array(repeating: .null, count: entity.attributes.count)
            super.init(entity: entity)
        }

        override func attributeValue(at index: Int) -> AttributeValue { values[index] }

        override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
            willChange(attributeAt: index)
            values[index] = value
        }

        struct Fields: FieldSet {
            typealias Object = Record
            let keyPathPrefix: [String]
            init(prefix: [String]) { keyPathPrefix = prefix }
        }
    }

    static let model = ManagedObjectModel(name: "Notes", classes: [Note.self])

    /// The failures of the save that `context` refuses.
    private func failures(saving context: ObjectContext) async throws -> [ValidationFailure] {
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .validationFailed(let failures)? = error else {
            Issue.record("expected validation failures, got \(String(describing: error))")
            return []
        }
        return failures
    }

    @Test func onlyListedAttributesWithoutOtherRulesAreLeftOut() {
        let plan = Note.entity.validationPlan
        #expect(plan.attributes.map(\.index) == [0, 1, 2])
        #expect(plan.attributesOfEntityClass.map(\.index) == [1, 2])
        let unlisted = EntityDescription(name: "Note", attributes: Note.entity.attributes)
        #expect(unlisted.validationPlan.attributesOfEntityClass.map(\.index) == [0, 1, 2])
    }

    @Test func aRequiredAttributeThatCanBeNilFailsTheSaveOfAnInsertedObject() async throws {
        let store = InMemoryStore(model: Self.model.schema)
        let context = try ObjectContext(store: store, model: Self.model)
        let note = Note(context: context)
        note.title = "Groceries"
        let failures = try await failures(saving: context)
        #expect(failures == [ValidationFailure(objectID: note.objectID, entityName: "Note", property: "subtitle", kind: .missingValue)])
        #expect(context.insertedObjects.count == 1 && note.objectID.isTemporary)
        #expect(try await ObjectContext(store: store, model: Self.model).count(Note.self) == 0)
    }

    @Test func aRequiredAttributeThatCanBeNilFailsTheSaveOfAnUpdatedObject() async throws {
        let store = InMemoryStore(model: Self.model.schema)
        let writer = try ObjectContext(store: store, model: Self.model)
        let note = Note(context: writer)
        note.subtitle = "milk, eggs"
        try await writer.save()

        let editor = try ObjectContext(store: store, model: Self.model)
        let loaded = try await editor.existingObject(with: note.typedID)
        loaded.subtitle = nil
        loaded.code = "x"
        let failures = try await failures(saving: editor)
        #expect(failures.count == 2)
        #expect(failures.contains(ValidationFailure(objectID: note.objectID, entityName: "Note", property: "subtitle", kind: .missingValue)))
        #expect(failures.contains(ValidationFailure(objectID: note.objectID, entityName: "Note", property: "code",
                                                    kind: .tooShort(length: 1, minimum: 2))))
        #expect(editor.updatedObjects.count == 1 && loaded.subtitle == nil)
        let stored = try await ObjectContext(store: store, model: Self.model).existingObject(with: note.typedID)
        #expect(stored.subtitle == "milk, eggs" && stored.code == "ab")
    }

    @Test func objectsOfAnotherClassAreCheckedForEveryRequiredAttribute() async throws {
        let schema = ModelDescription(name: "Notes", entities: [Note.entity])
        let model = ManagedObjectModel(schema: schema, objectClass: Record.self)
        let context = try ObjectContext(store: InMemoryStore(model: schema), model: model)
        let record = try context.insertObject(ofEntity: "Note")
        try record.setAttributeValue(.string("milk"), at: 1)
        try record.setAttributeValue(.string("ab"), at: 2)
        let failures = try await failures(saving: context)
        #expect(failures == [ValidationFailure(objectID: record.objectID, entityName: "Note", property: "title", kind: .missingValue)])
    }
}
