import DataModel
import ModelGenerator
import Testing

/// Plans between two inline versions: `old` and `new` are `<model>` bodies; line 3 is a body's first line.
private func plan(_ old: String, _ new: String, custom: Bool = false) throws -> VersionPairPlan {
    func version(_ body: String, name: String) throws -> ModelVersion {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            \(body)
            </model>

            """
        let read = try ModelReader().read(xml: Array(text.utf8), path: "\(name)/contents")
        return ModelVersion(name: name, contentsPath: "\(name)/contents", model: read.model)
    }
    let planner = MigrationPlanner(customSteps: custom ? [VersionPair(from: "V1", to: "V2")] : [])
    return planner.plan(from: try version(old, name: "V1"), to: try version(new, name: "V2"))
}

private func changes(_ plan: VersionPairPlan) -> [MigrationChange] { plan.steps.map(\.change) }

private func problems(_ plan: VersionPairPlan) -> [String] {
    plan.problems.map { "\($0.location.map(\.description) ?? "-"): \($0.severity.rawValue): \($0.message)" }
}

@Suite("Inferring migration steps between versions")
struct MigrationPlannerTests {
    @Test("Unchanged versions need no step, whatever the element order and non-schema details")
    func unchanged() throws {
        let old = """
            <entity name="A" representedClassName="A" codeGenerationType="class">
                <attribute name="x" optional="YES" attributeType="String"/>
                <attribute name="y" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="B"/>
            """
        let new = """
            <entity name="B"/>
            <entity name="A" representedClassName="AClass">
                <attribute name="y" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="NO"/>
                <attribute name="x" optional="YES" attributeType="String"><userInfo><entry key="k" value="v"/></userInfo></attribute>
            </entity>
            """
        let result = try plan(old, new)
        #expect(result.steps.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test("Entities added, removed and renamed through their renaming ID")
    func entities() throws {
        let result = try plan(#"<entity name="A"/><entity name="Gone"/>"#,
                              "<entity name=\"Renamed\" elementID=\"A\"/>\n<entity name=\"New\"/>")
        #expect(changes(result) == [.renameEntity(from: "A", to: "Renamed"), .addEntity("New"), .removeEntity("Gone")])
        #expect(result.steps.map { $0.location?.description } == ["3:1", "4:1", "2:1"])
        #expect(result.steps.allSatisfy { $0.path == "V2/contents" })
    }

    @Test("Attributes added (with default or optional), removed and renamed")
    func attributes() throws {
        let old = """
            <entity name="Mood">
                <attribute name="remoteIdentifier" optional="YES" attributeType="String"/>
                <attribute name="old" optional="YES" attributeType="Date"/>
            </entity>
            """
        let new = """
            <entity name="Mood">
                <attribute name="remoteID" optional="YES" attributeType="String" elementID="remoteIdentifier"/>
                <attribute name="rating" attributeType="Integer 16" defaultValueString="0"/>
                <attribute name="note" optional="YES" attributeType="String"/>
            </entity>
            """
        let result = try plan(old, new)
        #expect(changes(result) == [
            .renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"),
            .addAttribute(entity: "Mood", attribute: "rating", type: .integer16, isOptional: false, defaultValue: .integer(0)),
            .addAttribute(entity: "Mood", attribute: "note", type: .string, isOptional: true, defaultValue: nil),
            .removeAttribute(entity: "Mood", attribute: "old"),
        ])
        #expect(result.steps.map { $0.location?.line } == [4, 5, 6, 3])
        #expect(result.problems.isEmpty)
    }

    @Test("Removals name the elements as the older version did, also in a renamed entity")
    func removalNames() throws {
        let result = try plan(#"<entity name="Old"><attribute name="gone" optional="YES" attributeType="String"/></entity>"#,
                              #"<entity name="New" elementID="Old"/>"#)
        #expect(changes(result) == [.renameEntity(from: "Old", to: "New"), .removeAttribute(entity: "Old", attribute: "gone")])
    }

    @Test("A renaming ID kept on later versions matches the same attribute")
    func keptRenamingIdentifier() throws {
        let body = #"<entity name="Mood"><attribute name="remoteID" optional="YES" attributeType="String" elementID="remoteIdentifier"/></entity>"#
        #expect(try plan(body, body).steps.isEmpty)
    }

    @Test("A new required attribute without default is an error, or a note when a custom step is declared")
    func requiredWithoutDefault() throws {
        let old = #"<entity name="A"/>"#
        let new = "<entity name=\"A\">\n<attribute name=\"code\" attributeType=\"String\"/>\n</entity>"
        let result = try plan(old, new)
        #expect(problems(result) == [
            "4:1: error: new attribute 'A.code' is required and has no default value in 'V2', so objects from 'V1' have no value for it; declare a custom step for 'V1' → 'V2'",
        ])
        #expect(!result.isComplete)
        let custom = try plan(old, new, custom: true)
        #expect(custom.isComplete)
        #expect(problems(custom) == [
            "4:1: note: new attribute 'A.code' is required and has no default value in 'V2', so objects from 'V1' have no value for it; the custom step declared for 'V1' → 'V2' must handle it",
        ])
    }

    @Test("Optional → required fills the default; without one it is an error; required → optional")
    func optionality() throws {
        let old = """
            <entity name="A">
                <attribute name="withDefault" optional="YES" attributeType="Integer 32"/>
                <attribute name="without" optional="YES" attributeType="String"/>
                <attribute name="loosened" attributeType="String"/>
            </entity>
            """
        let new = """
            <entity name="A">
                <attribute name="withDefault" attributeType="Integer 32" defaultValueString="7"/>
                <attribute name="without" attributeType="String"/>
                <attribute name="loosened" optional="YES" attributeType="String"/>
            </entity>
            """
        let result = try plan(old, new)
        #expect(changes(result) == [
            .makeAttributeRequired(entity: "A", attribute: "withDefault", defaultValue: .integer(7)),
            .makeAttributeRequired(entity: "A", attribute: "without", defaultValue: nil),
            .makeAttributeOptional(entity: "A", attribute: "loosened"),
        ])
        #expect(problems(result) == [
            "5:5: error: attribute 'A.without' is optional in 'V1' and required without a default value in 'V2', so objects without a value cannot be migrated; declare a custom step for 'V1' → 'V2'",
        ])
    }

    @Test("Lossless type changes are steps", arguments: [
        ("Integer 16", "Integer 32"), ("Integer 16", "Integer 64"), ("Integer 32", "Integer 64"), ("Float", "Double"),
        ("Integer 64", "String"), ("Double", "String"), ("Boolean", "String"), ("Decimal", "String"), ("Date", "String"),
        ("UUID", "String"), ("URI", "String"),
    ])
    func losslessTypes(from: String, to: String) throws {
        let result = try plan(#"<entity name="A"><attribute name="v" optional="YES" attributeType="\#(from)"/></entity>"#,
                              #"<entity name="A"><attribute name="v" optional="YES" attributeType="\#(to)"/></entity>"#)
        #expect(changes(result) == [.changeAttributeType(entity: "A", attribute: "v", from: AttributeType(rawValue: from)!, to: AttributeType(rawValue: to)!)])
        #expect(result.problems.isEmpty)
    }

    @Test("Lossy type changes are refused", arguments: [
        ("Integer 64", "Integer 16"), ("Integer 32", "Integer 16"), ("Double", "Float"), ("String", "Integer 64"),
        ("Binary", "String"), ("Transformable", "String"), ("Double", "Integer 64"), ("Integer 64", "Double"),
    ])
    func lossyTypes(from: String, to: String) throws {
        let result = try plan(#"<entity name="A"><attribute name="v" optional="YES" attributeType="\#(from)"/></entity>"#,
                              #"<entity name="A"><attribute name="v" optional="YES" attributeType="\#(to)"/></entity>"#)
        #expect(result.steps.isEmpty)
        #expect(problems(result) == [
            "3:18: error: attribute 'A.v' changes type from \(from) in 'V1' to \(to) in 'V2', which can lose or cannot convert values; declare a custom step for 'V1' → 'V2'",
        ])
    }

    @Test("A renamed attribute whose type changed lossily is an error even with a custom step")
    func renamedLossy() throws {
        let result = try plan(#"<entity name="A"><attribute name="v" optional="YES" attributeType="Integer 64"/></entity>"#,
                              #"<entity name="A"><attribute name="w" optional="YES" attributeType="Integer 16" elementID="v"/></entity>"#,
                              custom: true)
        #expect(problems(result) == [
            "3:18: error: attribute 'A.w' (renamed from 'v') changes type from Integer 64 in 'V1' to Integer 16 in 'V2', which can lose or cannot convert values",
        ])
    }

    @Test("A renaming ID used for two elements of one version is an error")
    func duplicateRenamingIdentifiers() throws {
        let result = try plan("<entity name=\"A\"/>", "<entity name=\"B\" elementID=\"A\"/>\n<entity name=\"A\"/>", custom: true)
        #expect(problems(result) == [
            "4:1: error: entity 'A' has the renaming ID 'A' of entity 'B' (line 3) in 'V2'; each renaming ID must name one element",
        ])
        let properties = try plan(#"<entity name="E"/>"#, """
            <entity name="E">
                <attribute name="a" optional="YES" attributeType="String" elementID="x"/>
                <attribute name="b" optional="YES" attributeType="String" elementID="x"/>
            </entity>
            """)
        #expect(problems(properties) == [
            "5:5: error: property 'E.b' has the renaming ID 'x' of 'E.a' (line 4) in 'V2'; each renaming ID must name one element",
        ])
    }

    @Test("Removing an abstract parent moves its attributes onto the subentities (Moody 3 → 4)")
    func removedParent() throws {
        let old = """
            <entity name="Region" isAbstract="YES">
                <attribute name="code" attributeType="Integer 16" defaultValueString="0"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="code"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <entity name="Country" parentEntity="Region"/>
            """
        let new = """
            <entity name="Country">
                <attribute name="code" attributeType="Integer 16" defaultValueString="0"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="code"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            """
        let result = try plan(old, new)
        #expect(changes(result) == [
            .changeParent(entity: "Country", from: "Region", to: nil),
            .moveAttribute(entity: "Country", attribute: "code", fromDeclaringEntity: "Region", toDeclaringEntity: "Country"),
            .removeEntity("Region"),
        ])
        #expect(result.problems.isEmpty)
    }

    @Test("A change on a parent is reported once, on the parent")
    func inheritedOnce() throws {
        let old = #"<entity name="P"/><entity name="C" parentEntity="P"/>"#
        let new = #"<entity name="P"><attribute name="a" optional="YES" attributeType="String"/></entity><entity name="C" parentEntity="P"/>"#
        #expect(changes(try plan(old, new)) == [.addAttribute(entity: "P", attribute: "a", type: .string, isOptional: true, defaultValue: nil)])
    }

    @Test("An attribute moving from a subentity up to its parent is a move on the subentity and an add on the siblings")
    func movedUp() throws {
        let old = """
            <entity name="P"/>
            <entity name="C" parentEntity="P"><attribute name="a" optional="YES" attributeType="String"/></entity>
            """
        let new = """
            <entity name="P"><attribute name="a" optional="YES" attributeType="String"/></entity>
            <entity name="C" parentEntity="P"/>
            """
        #expect(changes(try plan(old, new)) == [
            .addAttribute(entity: "P", attribute: "a", type: .string, isOptional: true, defaultValue: nil),
            .moveAttribute(entity: "C", attribute: "a", fromDeclaringEntity: "C", toDeclaringEntity: "P"),
        ])
    }

    @Test("Relationships added, removed, renamed, to-one ↔ to-many, ordering and optionality")
    func relationships() throws {
        let old = """
            <entity name="A">
                <relationship name="one" optional="YES" maxCount="1" destinationEntity="B"/>
                <relationship name="many" optional="YES" toMany="YES" destinationEntity="B"/>
                <relationship name="old" optional="YES" maxCount="1" destinationEntity="B"/>
                <relationship name="gone" optional="YES" maxCount="1" destinationEntity="B"/>
                <relationship name="strict" maxCount="1" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            """
        let new = """
            <entity name="A">
                <relationship name="one" optional="YES" toMany="YES" destinationEntity="B"/>
                <relationship name="many" optional="YES" toMany="YES" ordered="YES" destinationEntity="B"/>
                <relationship name="renamed" optional="YES" maxCount="1" destinationEntity="B" elementID="old"/>
                <relationship name="added" optional="YES" maxCount="1" destinationEntity="B"/>
                <relationship name="strict" optional="YES" maxCount="1" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            """
        let result = try plan(old, new)
        #expect(changes(result) == [
            .changeCardinality(entity: "A", relationship: "one", isToMany: true),
            .changeOrdering(entity: "A", relationship: "many", isOrdered: true),
            .renameRelationship(entity: "A", from: "old", to: "renamed"),
            .addRelationship(entity: "A", relationship: "added", destination: "B", isToMany: false),
            .makeRelationshipOptional(entity: "A", relationship: "strict"),
            .removeRelationship(entity: "A", relationship: "gone"),
        ])
        #expect(result.problems.isEmpty)
    }

    @Test("Relationships that cannot be inferred: required added, optional → required, another destination")
    func relationshipRefusals() throws {
        let old = """
            <entity name="A">
                <relationship name="loose" optional="YES" maxCount="1" destinationEntity="B"/>
                <relationship name="moved" optional="YES" maxCount="1" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            <entity name="C"/>
            """
        let new = """
            <entity name="A">
                <relationship name="loose" maxCount="1" destinationEntity="B"/>
                <relationship name="moved" optional="YES" maxCount="1" destinationEntity="C"/>
                <relationship name="needed" toMany="YES" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            <entity name="C"/>
            """
        #expect(problems(try plan(old, new)) == [
            "4:5: error: relationship 'A.loose' is optional in 'V1' and required in 'V2', so objects without a destination cannot be migrated; declare a custom step for 'V1' → 'V2'",
            "5:5: error: relationship 'A.moved' leads to 'B' in 'V1' and to 'C' in 'V2'; its destinations cannot be carried over; declare a custom step for 'V1' → 'V2'",
            "6:5: error: new relationship 'A.needed' is required in 'V2', so objects from 'V1' have no destination for it; declare a custom step for 'V1' → 'V2'",
        ])
    }

    @Test("A required relationship of a new entity needs nothing")
    func requiredOnNewEntity() throws {
        let result = try plan(#"<entity name="B"/>"#, #"<entity name="A"><relationship name="b" maxCount="1" destinationEntity="B"/></entity><entity name="B"/>"#)
        #expect(changes(result) == [.addEntity("A")])
        #expect(result.problems.isEmpty)
    }

    @Test("Uniqueness constraints and indexes added and removed, under renamed properties")
    func constraintsAndIndexes() throws {
        let old = """
            <entity name="A">
                <attribute name="code" optional="YES" attributeType="String"/>
                <attribute name="date" optional="YES" attributeType="Date" indexed="YES"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="code"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            """
        let new = """
            <entity name="A">
                <attribute name="key" optional="YES" attributeType="String" elementID="code"/>
                <attribute name="date" optional="YES" attributeType="Date"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="key"/></uniquenessConstraint>
                    <uniquenessConstraint><constraint value="date"/><constraint value="key"/></uniquenessConstraint>
                </uniquenessConstraints>
                <fetchIndex name="byKey"><fetchIndexElement property="key" type="Binary" order="ascending"/></fetchIndex>
                <compoundIndexes><compoundIndex><index value="date"/><index value="key"/></compoundIndex></compoundIndexes>
            </entity>
            """
        let result = try plan(old, new)
        #expect(changes(result) == [
            .renameAttribute(entity: "A", from: "code", to: "key"),
            .addUniquenessConstraint(entity: "A", properties: ["date", "key"]),
            .addIndex(entity: "A", name: "byKey", properties: ["key"]),
            .addIndex(entity: "A", name: "compound_date_key", properties: ["date", "key"]),
            .removeIndex(entity: "A", name: "date", properties: ["date"]),
        ])
        #expect(result.steps[1].location?.line == 8)
        #expect(result.steps[2].location?.line == 10)
    }

    @Test("Transient attributes are not stored, so adding or changing one needs no step")
    func transient() throws {
        let result = try plan(#"<entity name="A"/>"#, #"<entity name="A"><attribute name="t" attributeType="String" transient="YES"/></entity>"#)
        #expect(result.steps.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test("An entity becoming abstract cannot keep its objects")
    func becomesAbstract() throws {
        #expect(problems(try plan(#"<entity name="A"/>"#, #"<entity name="A" isAbstract="YES"/>"#)) == [
            "3:1: error: entity 'A' becomes abstract in 'V2'; its objects from 'V1' have no entity to become; declare a custom step for 'V1' → 'V2'",
        ])
    }

    @Test("Step descriptions are plain words")
    func descriptions() {
        #expect(MigrationStepText.describe(.renameAttribute(entity: "Mood", from: "remoteIdentifier", to: "remoteID"))
            == "rename attribute Mood.remoteIdentifier to remoteID, keeping its values")
        #expect(MigrationStepText.describe(.addAttribute(entity: "Mood", attribute: "rating", type: .integer16, isOptional: false, defaultValue: .integer(0)))
            == "add attribute Mood.rating (Integer 16, required, existing objects take 0)")
    }
}
