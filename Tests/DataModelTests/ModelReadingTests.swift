import DataModel
import Testing

@Suite("Reading the model root, configurations, composites and user info")
struct ModelReadingTests {
    @Test("Root attributes are read; legacy ones are accepted silently")
    func rootMetadata() throws {
        let attributes = #"""
            name="" userDefinedModelVersionIdentifier="2.5.1" type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \#
            lastSavedToolsVersion="14315.12.1" systemVersion="17G65" minimumToolsVersion="Xcode 4.3" sourceLanguage="Swift" \#
            macOSVersion="Automatic" iOSVersion="Automatic" usedWithCloudKit="false" usedWithSwiftData="YES"
            """#
        let read = try ModelReader().read(xml: Array(ModelText.model("", rootAttributes: attributes).utf8), path: "m")
        let metadata = read.model.metadata
        #expect(metadata.type == "com.apple.IDECoreDataModeler.DataModel")
        #expect(metadata.documentVersion == "1.0")
        #expect(metadata.lastSavedToolsVersion == "14315.12.1")
        #expect(metadata.systemVersion == "17G65")
        #expect(metadata.minimumToolsVersion == "Xcode 4.3")
        #expect(metadata.sourceLanguage == "Swift")
        #expect(metadata.userDefinedModelVersionIdentifier == "2.5.1")
        #expect(metadata.usedWithCloudKit == false)
        #expect(metadata.usedWithSwiftData == true)
        #expect(read.diagnostics.isEmpty)
    }

    @Test("Configurations list their member entities with locations")
    func configurations() throws {
        let read = try ModelText.read("""
            <entity name="A"/>
            <configuration name="Config1">
                <memberEntity name="A"/>
            </configuration>
            <configuration name="Empty"/>
            """)
        let configurations = read.model.configurations
        #expect(configurations.map(\.name) == ["Config1", "Empty"])
        #expect(configurations[0].memberEntities == [EntityReference(name: "A", location: SourceLocation(line: 5, column: 5))])
        #expect(configurations[1].memberEntities.isEmpty)
    }

    @Test("Composite definitions nest and may be empty")
    func composites() throws {
        let read = try ModelText.read("""
            <entity name="Produit">
                <attribute name="attribute1" optional="YES" attributeType="Composite" composite="Composite"/>
            </entity>
            <composite name="Composite">
                <attribute name="one" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="three" optional="YES" attributeType="Composite" composite="Composite1"/>
            </composite>
            <composite name="Composite1"/>
            """)
        let model = read.model
        #expect(model.entities[0].attributes[0].type == .composite)
        #expect(model.entities[0].attributes[0].compositeName == "Composite")
        #expect(model.composites.map(\.name) == ["Composite", "Composite1"])
        #expect(model.composite(named: "Composite")?.attributes.map(\.name) == ["one", "three"])
        #expect(model.composite(named: "Composite")?.attributes[1].compositeName == "Composite1")
        #expect(model.composite(named: "Composite1")?.attributes.isEmpty == true)
        #expect(model.composites[0].location == SourceLocation(line: 6, column: 1))
    }

    @Test("User info keeps entries in order, with escapes decoded; an empty <userInfo/> is empty")
    func userInfo() throws {
        let read = try ModelText.read("""
            <entity name="A">
                <attribute name="a" attributeType="String">
                    <userInfo/>
                </attribute>
                <userInfo>
                    <entry key="key with.dots..." value="value with &quot;quotes&quot;"/>
                    <entry key="rest.path" value="/a"/>
                    <entry key="rest.path" value="/b"/>
                </userInfo>
            </entity>
            """)
        let entity = read.model.entities[0]
        #expect(entity.attributes[0].userInfo.isEmpty)
        #expect(entity.userInfo.entries.map(\.key) == ["key with.dots...", "rest.path", "rest.path"])
        #expect(entity.userInfo["key with.dots..."] == #"value with "quotes""#)
        #expect(entity.userInfo["rest.path"] == "/b")
        #expect(entity.userInfo["missing"] == nil)
        #expect(entity.userInfo.entries[0].location == SourceLocation(line: 8, column: 9))
    }

    @Test("Model-level user info is kept")
    func modelUserInfo() throws {
        let read = try ModelText.read(#"<userInfo><entry key="k" value="v"/></userInfo>"#)
        #expect(read.model.userInfo["k"] == "v")
    }

    @Test("The <elements> layout block is ignored without warnings")
    func layoutIgnored() throws {
        let read = try ModelText.read("""
            <entity name="A"/>
            <elements>
                <element name="A" positionX="-335" positionY="-288" width="128" height="300"/>
            </elements>
            """)
        #expect(read.diagnostics.isEmpty)
        #expect(read.model.unknownElements.isEmpty)
    }

    @Test("Unknown elements and XML attributes are kept and reported as warnings")
    func unknownParts() throws {
        let read = try ModelText.read("""
            <entity name="A" vectorSearchable="YES">
                <attribute name="a" attributeType="String" futureFlag="1"/>
                <relationship name="r" destinationEntity="A" deletionRule="Nullify" shiny="no"/>
                <compositeAttribute name="Address"><x/></compositeAttribute>
            </entity>
            <futureElement kind="new"/>
            """)
        let entity = read.model.entities[0]
        #expect(entity.unknownAttributes == ["vectorSearchable": "YES"])
        #expect(entity.attributes[0].unknownAttributes == ["futureFlag": "1"])
        #expect(entity.relationships[0].unknownAttributes == ["shiny": "no"])
        #expect(entity.unknownElements.map(\.name) == ["compositeAttribute"])
        #expect(entity.unknownElements[0].attributes == ["name": "Address"])
        #expect(entity.unknownElements[0].children.map(\.name) == ["x"])
        #expect(read.model.unknownElements.map(\.name) == ["futureElement"])
        #expect(ModelText.summaries(read.diagnostics.sortedByLocation()) == [
            "3:1: warning: unknown attribute 'vectorSearchable' on <entity> is kept but not used",
            "4:5: warning: unknown attribute 'futureFlag' on <attribute> is kept but not used",
            "5:5: warning: unknown attribute 'shiny' on <relationship> is kept but not used",
            "6:5: warning: unknown element <compositeAttribute> inside <entity> is kept but not used",
            "8:1: warning: unknown element <futureElement> inside <model> is kept but not used",
        ])
    }

    @Test("A missing name is an error at the element")
    func missingName() throws {
        let diagnostics = try ModelText.diagnostics(#"<entity><attribute attributeType="String"/></entity>"#)
        #expect(ModelText.summaries(diagnostics) == [
            "3:1: error: <entity> has no 'name' attribute",
            "3:9: error: <attribute> has no 'name' attribute",
        ])
    }

    @Test("A Boolean that is not YES/NO is a warning and reads as NO")
    func badBoolean() throws {
        let read = try ModelText.read(#"<entity name="A" isAbstract="maybe"/>"#)
        #expect(read.model.entities[0].isAbstract == false)
        #expect(ModelText.summaries(read.diagnostics) == [
            "3:1: warning: 'isAbstract' of <entity> has the value 'maybe', which is not a Boolean; read as NO",
        ])
    }

    @Test("inheritanceChain lists an entity and its ancestors, nearest first")
    func inheritanceChain() throws {
        let read = try ModelText.read("""
            <entity name="Car" parentEntity="Vehicle"/>
            <entity name="SportCar" parentEntity="Car"/>
            <entity name="Vehicle" isAbstract="YES"/>
            """)
        let model = read.model
        let sportCar = try #require(model.entity(named: "SportCar"))
        #expect(model.inheritanceChain(of: sportCar).map(\.name) == ["SportCar", "Car", "Vehicle"])
    }
}
