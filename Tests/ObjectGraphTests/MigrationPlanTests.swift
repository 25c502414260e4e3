import ObjectGraph
import Testing

/// Two versions: v1 `Place(name, code: Integer 16)` and `Person(name, place)`; v2 renames `Place` to
/// `Location` and `name` to `title`, widens `code` to Integer 32 and adds `Person.age`.
private enum People {
    static let v1 = ModelDescription(name: "People", entities: [
        EntityDescription(name: "Place", attributes: [
            AttributeDescription(name: "name", type: .string), AttributeDescription(name: "code", type: .integer16),
        ], relationships: [RelationshipDescription(name: "people", destination: "Person", inverse: "place", isToMany: true)]),
        EntityDescription(name: "Person", attributes: [AttributeDescription(name: "name", type: .string)],
                          relationships: [RelationshipDescription(name: "place", destination: "Place", inverse: "people")]),
    ])

    static let v2Entities = [
        EntityDescription(name: "Location", attributes: [
            AttributeDescription(name: "title", type: .string), AttributeDescription(name: "code", type: .integer32),
        ], relationships: [RelationshipDescription(name: "people", destination: "Person", inverse: "place", isToMany: true)]),
        EntityDescription(name: "Person", attributes: [
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "age", type: .integer16, isOptional: false, defaultValue: .integer(0)),
        ], relationships: [RelationshipDescription(name: "place", destination: "Location", inverse: "people")]),
    ]

    static let steps: [MigrationStep] = [
        .renameEntity(from: "Place", to: "Location"),
        .renameAttribute(entity: "Location", from: "name", to: "title"),
        .changeAttributeType(entity: "Location", attribute: "code", from: .integer16, to: .integer32),
        .addAttribute(entity: "Person", attribute: "age", defaultValue: .integer(0)),
    ]

    static func model(steps: [MigrationStep] = steps, versions: [ModelVersion]? = nil, stages: [MigrationStage]? = nil) -> ModelDescription {
        ModelDescription(name: "People", entities: v2Entities, history: ModelVersionHistory(
            versions: versions ?? [ModelVersion(name: "People 1", schema: v1), .current("People 2")],
            stages: stages ?? [MigrationStage(from: "People 1", to: "People 2", steps: steps)]))
    }
}

/// Records what a plan asks of its executor.
private final class RecordingExecutor: MigrationExecutor {
    var log: [String] = []
    var current: PlannedMigrationStage?
    var stage: PlannedMigrationStage { current! }

    func begin(_ stage: PlannedMigrationStage) async throws { current = stage; log.append("begin \(stage.stage)") }
    func finish(_ stage: PlannedMigrationStage) async throws { log.append("finish \(stage.stage)") }
    func sourceObjects(of entity: String) async throws -> [MigrationObject] { log.append("read \(entity)"); return [] }
    func destinationObjects(of entity: String) async throws -> [MigrationObject] { [] }
    func insert(_ entity: String, values: [String: AttributeValue]) async throws -> AnyObjectID {
        AnyObjectID(entityName: entity, key: .integer(1))
    }
    func update(_ id: AnyObjectID, values: [String: AttributeValue]) async throws {}
    func setRelationship(_ name: String, of id: AnyObjectID, to destination: AnyObjectID?) async throws {}
    func addToRelationship(_ name: String, of id: AnyObjectID, _ destinations: [AnyObjectID]) async throws {}
    func delete(_ id: AnyObjectID) async throws {}
}

private struct Oops: Error {}

@Suite struct MigrationPlanTests {
    @Test func currentVersionTakesTheModelsHash() throws {
        let model = People.model()
        let plan = try MigrationPlan(model: model)
        #expect(plan.history.versions.map(\.versionHash) == [People.v1.versionHash, model.versionHash])
        #expect(plan.history.versionIndex(hash: People.v1.versionHash) == 0)
        #expect(plan.history.versionIndex(hash: model.versionHash) == 1)
        #expect(plan.history.versionIndex(hash: "unknown") == nil)
        #expect(plan.stages(fromVersionAt: 0).map(\.stage.description) == ["People 1 → People 2"])
        #expect(plan.stages(fromVersionAt: 1).isEmpty)
    }

    @Test func versionsSharingAHashAreFoundByName() {
        let history = ModelVersionHistory(
            versions: [ModelVersion(name: "A", schema: People.v1), ModelVersion(name: "B", schema: People.v1), .current("C")],
            stages: [])
        #expect(history.versionIndex(hash: People.v1.versionHash) == 1)
        #expect(history.versionIndex(hash: People.v1.versionHash, name: "A") == 0)
        #expect(history.versionIndex(hash: People.v1.versionHash, name: "C") == 1)
    }

    @Test func stageMapsNamesAcrossVersions() throws {
        let stage = try #require(try MigrationPlan(model: People.model()).stages(fromVersionAt: 0).first)
        #expect(stage.sourceEntityName(ofDestinationEntity: "Location") == "Place")
        #expect(stage.destinationEntityName(ofSourceEntity: "Place") == "Location")
        #expect(stage.sourceEntityName(ofDestinationEntity: "Person") == "Person")
        #expect(stage.sourceAttributeName(ofDestinationAttribute: "title", entity: "Location") == "name")
        #expect(stage.sourceAttributeName(ofDestinationAttribute: "code", entity: "Location") == "code")
        #expect(stage.sourceAttributeName(ofDestinationAttribute: "age", entity: "Person") == nil)
        #expect(stage.sourceRelationshipName(ofDestinationRelationship: "place", entity: "Person") == "place")
    }

    @Test func addedEntityWithAnOldNameStartsEmpty() {
        let stage = PlannedMigrationStage(
            stage: MigrationStage(from: "1", to: "2", steps: [.removeEntity("Place"), .addEntity("Place")]),
            source: People.v1, destination: People.v1, customSteps: [])
        #expect(stage.sourceEntityName(ofDestinationEntity: "Place") == nil)
        #expect(stage.destinationEntityName(ofSourceEntity: "Place") == nil)
        #expect(stage.sourceAttributeName(ofDestinationAttribute: "name", entity: "Place") == nil)
    }

    @Test func inheritedRenameApplies() {
        let parent = EntityDescription(name: "Region", isAbstract: true, attributes: [AttributeDescription(name: "code", type: .integer16)])
        let child = EntityDescription(name: "Country", parent: "Region", attributes: parent.attributes)
        let renamedParent = EntityDescription(name: "Region", isAbstract: true, attributes: [AttributeDescription(name: "iso", type: .integer16)])
        let renamedChild = EntityDescription(name: "Country", parent: "Region", attributes: renamedParent.attributes)
        let stage = PlannedMigrationStage(
            stage: MigrationStage(from: "1", to: "2", steps: [.renameAttribute(entity: "Region", from: "code", to: "iso")]),
            source: ModelDescription(name: "M", entities: [parent, child]),
            destination: ModelDescription(name: "M", entities: [renamedParent, renamedChild]), customSteps: [])
        #expect(stage.sourceAttributeName(ofDestinationAttribute: "iso", entity: "Country") == "code")
    }

    @Test(arguments: [
        (MigrationStep.addEntity("Nowhere"), MigrationError.unknownEntity(stage: "People 1 → People 2", entity: "Nowhere", version: "People 2")),
        (.removeEntity("Location"), .unknownEntity(stage: "People 1 → People 2", entity: "Location", version: "People 1")),
        (.addAttribute(entity: "Person", attribute: "height", defaultValue: nil),
         .unknownProperty(stage: "People 1 → People 2", entity: "Person", property: "height", version: "People 2")),
        (.removeAttribute(entity: "Person", attribute: "age"),
         .unknownProperty(stage: "People 1 → People 2", entity: "Person", property: "age", version: "People 1")),
        (.removeRelationship(entity: "Person", relationship: "home"),
         .unknownProperty(stage: "People 1 → People 2", entity: "Person", property: "home", version: "People 1")),
        (.addIndex(entity: "Person", name: "byName"),
         .unknownProperty(stage: "People 1 → People 2", entity: "Person", property: "byName", version: "People 2")),
        (.addUniquenessConstraint(entity: "Person", properties: ["name", "nickname"]),
         .unknownProperty(stage: "People 1 → People 2", entity: "Person", property: "nickname", version: "People 2")),
    ])
    func stepNamingWhatItsVersionLacksIsRefused(step: MigrationStep, expected: MigrationError) {
        #expect(throws: expected) { try MigrationPlan(model: People.model(steps: People.steps + [step])) }
    }

    @Test(arguments: [
        (MigrationStep.changeParent(entity: "Person", from: nil, to: "Location"), "entity Person's parent is none in version People 1 and none in version People 2"),
        (.changeRelationshipOrdering(entity: "Location", relationship: "people", isOrdered: true), "Location.people is not an ordered to-many in version People 2"),
        (.changeRelationshipOrdering(entity: "Person", relationship: "place", isOrdered: false), "Person.place is not an unordered to-many in version People 2"),
    ])
    func stepContradictingItsVersionsIsRefused(step: MigrationStep, reason: String) {
        let model = People.model(steps: People.steps + [step], versions: [ModelVersion(name: "People 1", schema: People.v1), .current("People 2")])
        #expect(throws: MigrationError.stepFailed(stage: "People 1 → People 2", step: step.description, object: nil, values: [], reason: reason)) {
            try MigrationPlan(model: model)
        }
    }

    @Test func optionalityStepOnARequiredRelationshipIsRefused() {
        let schema = ModelDescription(name: "Pets", entities: [
            EntityDescription(name: "Owner", relationships: [RelationshipDescription(name: "pet", destination: "Pet", isOptional: false)]),
            EntityDescription(name: "Pet"),
        ])
        let step = MigrationStep.makeRelationshipOptional(entity: "Owner", relationship: "pet")
        let model = ModelDescription(name: "Pets", entities: schema.entities, history: ModelVersionHistory(
            versions: [ModelVersion(name: "1", schema: schema), .current("2")], stages: [MigrationStage(from: "1", to: "2", steps: [step])]))
        #expect(throws: MigrationError.stepFailed(stage: "1 → 2", step: step.description, object: nil, values: [],
                                                  reason: "Owner.pet is required in version 2")) {
            try MigrationPlan(model: model)
        }
    }

    @Test func lossyTypeChangeIsRefused() {
        let step = MigrationStep.changeAttributeType(entity: "Location", attribute: "code", from: .integer64, to: .integer16)
        let error = #expect(throws: MigrationError.self) { try MigrationPlan(model: People.model(steps: [step])) }
        guard case .stepFailed(let stage, let text, nil, [], let reason)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(stage == "People 1 → People 2" && text == step.description && reason.contains("integer64 → integer16"))
    }

    @Test func historyThatDoesNotFitTheModelIsRefused() {
        #expect(throws: MigrationError.self) { try MigrationPlan(model: People.v1) }
        #expect(throws: MigrationError.self) {
            try MigrationPlan(model: People.model(versions: [ModelVersion(name: "People 1", schema: People.v1),
                                                             ModelVersion(name: "People 2", versionHash: "other")]))
        }
        #expect(throws: MigrationError.self) { try MigrationPlan(model: People.model(stages: [])) }
        #expect(throws: MigrationError.self) {
            try MigrationPlan(model: People.model(stages: [MigrationStage(from: "People 0", to: "People 2", steps: [])]))
        }
        let stray = CustomMigrationStep(from: "People 2", to: "People 3", name: "stray") { _ in }
        let error = #expect(throws: MigrationError.self) { try MigrationPlan(model: People.model(), customSteps: [stray]) }
        #expect(error?.description.contains("custom step \"stray\"") == true)
    }

    @Test func runsInferredThenCustomStepsPerStage() async throws {
        let read = CustomMigrationStep(from: "People 1", to: "People 2", name: "read") { session in
            _ = try await session.sourceObjects(of: "Place")
        }
        let plan = try MigrationPlan(model: People.model(), customSteps: [read])
        let executor = RecordingExecutor()
        try await plan.run(fromVersionAt: 0, on: executor)
        #expect(executor.log == ["begin People 1 → People 2", "read Place", "finish People 1 → People 2"])
        let idle = RecordingExecutor()
        try await plan.run(fromVersionAt: 1, on: idle)
        #expect(idle.log.isEmpty)
    }

    @Test func customStepErrorsNameTheStep() async throws {
        let failing = CustomMigrationStep(from: "People 1", to: "People 2", name: "explode") { _ in throw Oops() }
        let error = await #expect(throws: MigrationError.self) {
            try await MigrationPlan(model: People.model(), customSteps: [failing]).run(fromVersionAt: 0, on: RecordingExecutor())
        }
        guard case .customStepFailed("People 1 → People 2", "explode", _)? = error else {
            Issue.record("expected the custom step's failure, got \(String(describing: error))")
            return
        }
    }

    @Test func objectsReadByNameNameWhatIsMissing() throws {
        let place = try #require(People.v1.entity(named: "Place"))
        let object = MigrationObject(id: AnyObjectID(entityName: "Place", key: .integer(3)), entity: place, version: "People 1",
                                     stage: "People 1 → People 2", values: ["name": .string("Paris")], destinations: [:])
        #expect(try object.value("name") == .string("Paris"))
        #expect(try object.value("code") == .null)
        #expect(throws: MigrationError.unknownProperty(stage: "People 1 → People 2", entity: "Place", property: "title", version: "People 1")) {
            try object.value("title")
        }
        #expect(throws: MigrationError.self) { try object.destination("people") }
        let person = try #require(People.v1.entity(named: "Person"))
        let resident = MigrationObject(id: AnyObjectID(entityName: "Person", key: .integer(1)), entity: person, version: "People 1",
                                       stage: "s", values: [:], destinations: ["place": object.id])
        #expect(try resident.destination("place") == object.id)
    }

    @Test func destinationIDsFollowRenames() async throws {
        let executor = RecordingExecutor()
        executor.current = try MigrationPlan(model: People.model()).stages(fromVersionAt: 0).first
        let place = try #require(People.v1.entity(named: "Place"))
        let object = MigrationObject(id: AnyObjectID(entityName: "Place", key: .integer(3)), entity: place, version: "People 1",
                                     stage: "s", values: [:], destinations: [:])
        #expect(try executor.destinationID(of: object) == AnyObjectID(entityName: "Location", key: .integer(3)))
        #expect(throws: MigrationError.self) { try executor.destinationID(of: object.id, entity: "Nowhere") }
    }

    @Test func losslessTypeChanges() {
        #expect(MigrationStep.isLossless(from: .integer16, to: .integer32))
        #expect(MigrationStep.isLossless(from: .integer32, to: .integer64))
        #expect(MigrationStep.isLossless(from: .float, to: .double))
        #expect(MigrationStep.isLossless(from: .date, to: .string))
        #expect(!MigrationStep.isLossless(from: .integer64, to: .integer32))
        #expect(!MigrationStep.isLossless(from: .string, to: .integer64))
        #expect(!MigrationStep.isLossless(from: .binary, to: .string))
    }
}
