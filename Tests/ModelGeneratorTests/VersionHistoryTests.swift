import DataModel
import ExampleModels
import Foundation
@testable import ModelGenerator
import ObjectGraph
import ObjectGraphConformance
import Testing

@Suite("Version history in generated code")
struct VersionHistoryTests {
    private func viewModel(_ path: String, options: GenerationOptions = GenerationOptions()) throws -> ModelContext {
        let (context, diagnostics) = try ModelGeneration(options: options).viewModel(path: path)
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        return try #require(context)
    }

    @Test("The generator's schema hash equals the runtime's hash of the generated schema", arguments: [
        ("Tests/ObjectGraphConformance/Music.xcdatamodeld", MusicModel.model.schema.versionHash),
        ("Models/GitHub.xcdatamodeld", GitHubModel.model.schema.versionHash),
        ("Models/Bandcamp.xcdatamodeld", BandcampModel.model.schema.versionHash),
    ])
    func hashMatchesRuntime(path: String, runtimeHash: String) throws {
        let context = try viewModel(TestModels.packageRoot.appendingPathComponent(path).path)
        #expect(SchemaHash.of(context) == runtimeHash)
    }

    @Test("The generator infers exactly the type changes the runtime migrates")
    func losslessTypeChangesAgree() throws {
        typealias RuntimeType = ObjectGraph.AttributeType
        typealias RuntimeStep = ObjectGraph.MigrationStep
        let types = DataModel.AttributeType.allCases.filter { $0 != .objectID && $0 != .undefined }
        for from in types {
            for to in types {
                let runtimeFrom = try #require(RuntimeType(rawValue: AttributeTypeMapping.schemaType(for: from)))
                let runtimeTo = try #require(RuntimeType(rawValue: AttributeTypeMapping.schemaType(for: to)))
                #expect(AttributeTypeChange.isLossless(from: from, to: to) == RuntimeStep.isLossless(from: runtimeFrom, to: runtimeTo),
                        "\(from.rawValue) → \(to.rawValue)")
            }
        }
    }

    @Test("The hash ignores element order, layout, code generation flags, defaults and userInfo")
    func hashIgnoresNonSchemaDetails() throws {
        let first = try viewModel(try TestModels.write("""
            <entity name="A" representedClassName="A" codeGenerationType="class">
                <attribute name="x" optional="YES" attributeType="String"/>
                <attribute name="y" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a" inverseEntity="B"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="x"/></uniquenessConstraint>
                    <uniquenessConstraint><constraint value="y"/><constraint value="x"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="B"><relationship name="a" optional="YES" toMany="YES" destinationEntity="A" inverseName="b" inverseEntity="A"/></entity>
            <elements><element name="A" positionX="1" positionY="2" width="128" height="74"/></elements>
            """))
        let second = try viewModel(try TestModels.write("""
            <entity name="B"><relationship name="a" optional="YES" toMany="YES" destinationEntity="A" inverseName="b" inverseEntity="A"/></entity>
            <entity name="A" representedClassName="AClass">
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B" inverseName="a" inverseEntity="B"/>
                <attribute name="y" attributeType="Integer 16" defaultValueString="5" usesScalarValueType="NO">
                    <userInfo><entry key="note" value="not schema"/></userInfo>
                </attribute>
                <attribute name="x" optional="YES" attributeType="String"/>
                <uniquenessConstraints>
                    <uniquenessConstraint><constraint value="x"/><constraint value="y"/></uniquenessConstraint>
                    <uniquenessConstraint><constraint value="x"/></uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            """))
        #expect(SchemaHash.of(first) == SchemaHash.of(second))
        let changed = try viewModel(try TestModels.write("""
            <entity name="A"><attribute name="x" attributeType="String"/><attribute name="y" attributeType="Integer 16"/></entity>
            <entity name="B"/>
            """))
        #expect(SchemaHash.of(first) != SchemaHash.of(changed))
    }

    @Test("An older version's entity literal is the entity template's schema literal without the class's never-null list")
    func literalMatchesTemplate() throws {
        let path = TestModels.packageRoot.appendingPathComponent("Tests/ObjectGraphConformance/Music.xcdatamodeld").path
        let generation = try ModelGeneration(options: GenerationOptions())
        let result = generation.generate(modelPaths: [path])
        let context = try #require(result.contexts.first)
        for entity in context.entities where entity.rest == nil {
            let file = try #require(result.files.first { $0.name == "\(entity.className).swift" })
            let schemaLines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("        attributesNeverNull: [") }.joined(separator: "\n")
            #expect(schemaLines.contains(EntitySchemaLiteral.text(of: entity, indent: 4)), "\(entity.name)")
            #expect(!EntitySchemaLiteral.text(of: entity, indent: 4).contains("attributesNeverNull"))
        }
    }

    /// A bundle `H.xcdatamodeld` with a version per body, the last current.
    private func bundle(_ bodies: [String]) throws -> String {
        let folder = try TestModels.temporaryDirectory().appendingPathComponent("H.xcdatamodeld")
        for (index, body) in bodies.enumerated() {
            let version = folder.appendingPathComponent(index == 0 ? "H.xcdatamodel" : "H \(index + 1).xcdatamodel")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            let text = """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                \(body)
                </model>

                """
            try Data(text.utf8).write(to: version.appendingPathComponent("contents"))
        }
        let current = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>H \(bodies.count).xcdatamodel</string></dict></plist>
            """
        try Data(current.utf8).write(to: folder.appendingPathComponent(".xccurrentversion"))
        return folder.path
    }

    @Test("Each version lists its entities; unchanged ones refer to the current class or to one shared older description")
    func compactHistory() throws {
        let note = #"<entity name="Note"><attribute name="text" optional="YES" attributeType="String"/></entity>"#
        let tag = #"<entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>"#
        let tag3 = #"<entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/><attribute name="color" attributeType="Integer 16" defaultValueString="1"/></entity>"#
        let path = try bundle([note, note + tag, note + tag3])
        let history = try #require(try viewModel(path).history)
        #expect(history.versions.map(\.literal) == [
            #"ModelVersion(name: "H", schema: ModelDescription(name: "H", entities: [Note.entity]))"#,
            #"ModelVersion(name: "H 2", schema: ModelDescription(name: "H", entities: [Note.entity, HModelHistory.tagEntityV2]))"#,
            #".current("H 3")"#,
        ])
        #expect(history.entities.map(\.name) == ["tagEntityV2"])
        #expect(history.stages.map(\.steps) == [
            [#".addEntity("Tag")"#],
            [#".addAttribute(entity: "Tag", attribute: "color", defaultValue: .integer(1))"#],
        ])
        #expect(Set(history.versions.map(\.versionHash)).count == 3)
    }

    @Test("A new parent, an ordering or optionality change of a relationship and a compound index are runtime steps")
    func structuralSteps() throws {
        let first = #"""
            <entity name="P"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="C" parentEntity="P"/>
            <entity name="A">
                <attribute name="k" optional="YES" attributeType="String"/><attribute name="l" optional="YES" attributeType="String"/>
                <relationship name="bs" optional="YES" toMany="YES" destinationEntity="B"/>
                <relationship name="b" maxCount="1" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            """#
        let second = #"""
            <entity name="P"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="C"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="A">
                <attribute name="k" optional="YES" attributeType="String"/><attribute name="l" optional="YES" attributeType="String"/>
                <relationship name="bs" optional="YES" toMany="YES" ordered="YES" destinationEntity="B"/>
                <relationship name="b" optional="YES" maxCount="1" destinationEntity="B"/>
                <compoundIndexes><compoundIndex><index value="k"/><index value="l"/></compoundIndex></compoundIndexes>
            </entity>
            <entity name="B"/>
            """#
        let history = try #require(try viewModel(try bundle([first, second])).history)
        let steps = try #require(history.stages.first?.steps)
        for expected in [
            #".changeParent(entity: "C", from: "P", to: nil)"#, #".moveAttribute("x", from: "P", to: "C")"#,
            #".changeRelationshipOrdering(entity: "A", relationship: "bs", isOrdered: true)"#,
            #".makeRelationshipOptional(entity: "A", relationship: "b")"#, #".addIndex(entity: "A", name: "compound_k_l")"#,
        ] {
            #expect(steps.contains(expected), "\(steps)")
        }
    }

    @Test("Two versions with the same schema hash are a note; a pair that cannot be inferred is an error")
    func notesAndErrors() throws {
        let plain = #"<entity name="A"><attribute name="x" optional="YES" attributeType="String"/></entity>"#
        let indexed = #"<entity name="A"><attribute name="x" optional="YES" attributeType="String" indexed="YES"/></entity>"#
        let (_, same) = try ModelGeneration(options: GenerationOptions()).viewModel(path: try bundle([plain, indexed]))
        #expect(same.map(\.severity) == [.note])
        #expect(same.first?.message.hasPrefix("versions 'H' and 'H 2' have the same schema hash") == true)
        let required = #"<entity name="A"><attribute name="x" attributeType="String"/></entity>"#
        let path = try bundle([plain, required])
        let (_, errors) = try ModelGeneration(options: GenerationOptions()).viewModel(path: path)
        #expect(errors.filter { $0.severity == .error }.map(\.message) == [
            "attribute 'A.x' is optional in 'H' and required without a default value in 'H 2', so objects without a value cannot be migrated; declare a custom step for 'H' → 'H 2'",
        ])
        let custom = GenerationOptions(versions: ["H": VersionsConfiguration(customSteps: [VersionPair(from: "H", to: "H 2")])])
        let (context, handled) = try ModelGeneration(options: custom).viewModel(path: path)
        #expect(!handled.containsErrors)
        #expect(context?.history?.stages.first?.hasCustomStep == true)
    }
}
