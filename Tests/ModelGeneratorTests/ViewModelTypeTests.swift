import DataModel
import ModelGenerator
import Testing

/// Swift types, initial values and schema literals of attributes.
@Suite("View model: attribute types")
struct ViewModelTypeTests {
    @Test("Optionality follows the model; defaults become initial values; required without default become init parameters")
    func optionality() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Thing">
                <attribute name="count" attributeType="Integer 16" defaultValueString="3" usesScalarValueType="YES"/>
                <attribute name="maybe" optional="YES" attributeType="Integer 64" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
                <attribute name="ratio" attributeType="Double" defaultValueString="0.5" usesScalarValueType="YES"/>
                <attribute name="flag" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>
                <attribute name="when" optional="YES" attributeType="Date"/>
                <attribute name="id2" attributeType="UUID"/>
                <attribute name="level" optional="YES" attributeType="Integer 32" defaultValueString="7" usesScalarValueType="YES"/>
            </entity>
            """)
        #expect(!diagnostics.containsErrors)
        let thing = try #require(context?.entity("Thing"))
        #expect(thing.attribute("count")?.swiftType == "Int16")
        #expect(thing.attribute("count")?.initialValue == " = 3")
        #expect(thing.attribute("count")?.schemaLiteral == "AttributeDescription(name: \"count\", type: .integer16, isOptional: false, defaultValue: .integer(3))")
        #expect(thing.attribute("maybe")?.swiftType == "Int64?")
        #expect(thing.attribute("maybe")?.initialValue == "")
        #expect(thing.attribute("ratio")?.initialValue == " = 0.5")
        #expect(thing.attribute("flag")?.initialValue == " = true")
        #expect(thing.attribute("when")?.swiftType == "Date?")
        #expect(thing.attribute("id2")?.initialValue == " = UUID()")
        // An optional attribute with a default starts at it, as in Core Data (it started at nil: found by
        // the property round trips).
        #expect(thing.attribute("level")?.swiftType == "Int32?")
        #expect(thing.attribute("level")?.initialValue == " = 7")
        #expect(thing.initParameters.map { "\($0.name): \($0.swiftType)" } == ["name: String", "id2: UUID"])
    }

    @Test("Transformable: a Codable class is stored as JSON; an unknown class is Data with a warning; swift.type wins")
    func transformable() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Thing">
                <attribute name="tags" optional="YES" attributeType="Transformable" customClassName="[String]"/>
                <attribute name="color" optional="YES" attributeType="Transformable" customClassName="UIColor"/>
                <attribute name="point" optional="YES" attributeType="Transformable" customClassName="CGPoint">
                    <userInfo><entry key="swift.type" value="Point"/></userInfo>
                </attribute>
                <attribute name="status" attributeType="String" defaultValueString="open">
                    <userInfo><entry key="swift.type" value="Status"/></userInfo>
                </attribute>
                <attribute name="scratch" optional="YES" transient="YES" attributeType="Undefined"/>
            </entity>
            """)
        let thing = try #require(context?.entity("Thing"))
        #expect(thing.attribute("tags")?.swiftType == "[String]?")
        #expect(thing.attribute("tags")?.isJSON == true)
        #expect(thing.attribute("tags")?.readExpression == "tags.map(encodeJSON) ?? .null")
        #expect(thing.attribute("color")?.swiftType == "Data?")
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("UIColor") && $0.location?.line == 5 })
        #expect(thing.attribute("point")?.swiftType == "Point?")
        #expect(thing.attribute("point")?.decodeExpression == "try decodeJSON(value, at: 2)")
        #expect(thing.attribute("status")?.swiftType == "Status")
        #expect(thing.attribute("status")?.initialValue == " = .open")
        #expect(thing.attribute("status")?.isJSON == false)
        #expect(thing.attribute("scratch") == nil)
        #expect(diagnostics.contains { $0.message.contains("'scratch'") && $0.message.contains("swift.type") })
        #expect(!thing.fields.contains { $0.name == "tags" })
        #expect(thing.fields.contains { $0.name == "status" && $0.fieldType == "AttributeField<Status>" })
    }

    @Test("The schema lists as never null the required, stored attributes held in non-optional standard types only")
    func neverNull() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Thing">
                <attribute name="name" attributeType="String" minValueString="1"/>
                <attribute name="count" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="maybe" optional="YES" attributeType="Date"/>
                <attribute name="status" attributeType="String" defaultValueString="open">
                    <userInfo><entry key="swift.type" value="Status"/></userInfo>
                </attribute>
                <attribute name="kind" attributeType="String">
                    <userInfo><entry key="swift.type" value="Kind"/></userInfo>
                </attribute>
                <attribute name="tags" attributeType="Transformable" customClassName="[String]"/>
                <attribute name="scratch" transient="YES" attributeType="String"/>
                <attribute name="link" attributeType="URI"/>
            </entity>
            """)
        #expect(!diagnostics.containsErrors)
        let thing = try #require(context?.entity("Thing"))
        #expect(thing.attribute("kind")?.swiftType == "Kind?")
        #expect(thing.schemaTrailer.last == #"attributesNeverNull: ["name", "count", "link"]"#)
    }

    @Test("Relationships: inverse and delete-rule info; an inverse that does not point back is dropped with a warning")
    func relationships() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Band">
                <relationship name="albums" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
                <relationship name="favorite" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Album" inverseName="albums" inverseEntity="Album"/>
            </entity>
            <entity name="Album">
                <relationship name="band" maxCount="1" deletionRule="Nullify" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
            </entity>
            """)
        let band = try #require(context?.entity("Band"))
        let albums = try #require(band.relationships.first)
        #expect(albums.schemaLiteral == "RelationshipDescription(name: \"albums\", destination: \"Album\", inverse: \"band\", isToMany: true, deleteRule: .cascade)")
        #expect(albums.parameterName == "album" && albums.capitalizedName == "Albums")
        #expect(band.relationships.last?.inverseName == nil)
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("'favorite'") })
        #expect(context?.entity("Album")?.relationships.first?.schemaLiteral.contains("isOptional: false") == true)
    }
}

/// REST mapping emitted from `rest.*` userInfo.
@Suite("View model: REST mapping")
struct RESTMappingTests {
    @Test("Path placeholders resolve to property names through to-ones; keys follow rest.key or the convention")
    func mapping() throws {
        let (context, diagnostics) = try ModelGeneration(options: GenerationOptions()).viewModel(path: TestModels.example("GitHub"))
        #expect(!diagnostics.containsErrors)
        let issue = try #require(context?.entity("Issue")?.rest)
        #expect(issue.mappingLiteral.contains(#"path: RESTPath([.literal("/repos/"), .value(["repository", "fullName"]), .literal("/issues")])"#))
        #expect(issue.identifierAttribute == "identifier")
        let repository = try #require(context?.entity("Repository")?.rest)
        #expect(repository.mappingLiteral.contains(#"RESTAttributeMapping(attribute: "isPrivate", keyPath: ["private"])"#))
        #expect(repository.mappingLiteral.contains("insertsThroughPath: true"))
    }

    @Test("An unknown placeholder or date format is an error at its userInfo entry")
    func errors() throws {
        let (_, diagnostics) = try TestModels.context("""
            <entity name="User">
                <attribute name="login" attributeType="String"/>
                <attribute name="joined" optional="YES" attributeType="Date">
                    <userInfo><entry key="rest.dateFormat" value="rfc822"/></userInfo>
                </attribute>
                <userInfo>
                    <entry key="rest.path" value="/users/:logon"/>
                </userInfo>
            </entity>
            """)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("':logon' names no attribute") && $0.location?.line == 9 })
        #expect(errors.contains { $0.message.contains("rfc822") && $0.location?.line == 6 })
    }
}
