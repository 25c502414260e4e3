import DataModel
import Testing

@Suite("Reading entities")
struct EntityReadingTests {
    @Test("Entity attributes: class, parent, abstract, codegen, renaming ID, hash modifier")
    func entityAttributes() throws {
        let read = try ModelText.read("""
            <entity name="LuxuryCar" representedClassName="LuxuryCar" parentEntity="SportCar" isAbstract="YES" \
            codeGenerationType="class" elementID="ExpensiveSportCar" versionHashModifier="1" syncable="YES"/>
            <entity name="SportCar"/>
            """)
        let entity = read.model.entities[0]
        #expect(entity.name == "LuxuryCar")
        #expect(entity.representedClassName == "LuxuryCar")
        #expect(entity.className == "LuxuryCar")
        #expect(entity.classModuleName == nil)
        #expect(entity.parentEntityName == "SportCar")
        #expect(entity.isAbstract)
        #expect(entity.codeGenerationType == "class")
        #expect(entity.renamingIdentifier == "ExpensiveSportCar")
        #expect(entity.versionHashModifier == "1")
        #expect(read.diagnostics.isEmpty)
        #expect(read.model.entities[1].isAbstract == false)
        #expect(read.model.entities[1].representedClassName == nil)
        #expect(read.model.entities[1].className == nil)
    }

    @Test("Class names: module-qualified, leading dot, deep qualification, NSManagedObject", arguments: [
        ("CoreDataStack.Notification", "Notification", "CoreDataStack"),
        (".Character", "Character", nil),
        ("Something.We.Cannot.Handle.ImpossibleType", "ImpossibleType", "Something.We.Cannot.Handle"),
        ("NSManagedObject", "NSManagedObject", nil),
        ("WPAccount", "WPAccount", nil),
    ] as [(String, String, String?)])
    func classNames(written: String, className: String, module: String?) throws {
        let read = try ModelText.read(#"<entity name="E" representedClassName="\#(written)"/>"#)
        #expect(read.model.entities[0].representedClassName == written)
        #expect(read.model.entities[0].className == className)
        #expect(read.model.entities[0].classModuleName == module)
    }

    @Test("Uniqueness constraints, fetch indexes and legacy compound indexes")
    func indexes() throws {
        let read = try ModelText.read("""
            <entity name="Country">
                <attribute name="code" attributeType="Integer 16"/>
                <attribute name="dummy" attributeType="String"/>
                <attribute name="date" attributeType="Date"/>
                <fetchIndex name="byCodeIndex">
                    <fetchIndexElement property="code" type="Binary" order="ascending"/>
                    <fetchIndexElement property="date" type="Binary" order="descending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="date"/>
                        <index value="code"/>
                    </compoundIndex>
                </compoundIndexes>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="code"/>
                        <constraint value="dummy"/>
                    </uniquenessConstraint>
                    <uniquenessConstraint>
                        <constraint value="date"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            """)
        let entity = read.model.entities[0]
        #expect(entity.fetchIndexes == [FetchIndex(name: "byCodeIndex", elements: [
            FetchIndexElement(propertyName: "code", type: "Binary", isAscending: true, location: SourceLocation(line: 8, column: 9)),
            FetchIndexElement(propertyName: "date", type: "Binary", isAscending: false, location: SourceLocation(line: 9, column: 9)),
        ], location: SourceLocation(line: 7, column: 5))])
        #expect(entity.compoundIndexes == [PropertyGroup(propertyNames: ["date", "code"], location: SourceLocation(line: 12, column: 9))])
        #expect(entity.uniquenessConstraints.map(\.propertyNames) == [["code", "dummy"], ["date"]])
        #expect(entity.uniquenessConstraints[1].location == SourceLocation(line: 22, column: 9))
        #expect(read.diagnostics.isEmpty)
    }

    @Test("Fetched properties carry their request and user info")
    func fetchedProperties() throws {
        let read = try ModelText.read("""
            <entity name="A">
                <fetchedProperty name="fetchedProperty" optional="YES" syncable="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="A" predicateString="name == $FETCH_SOURCE.name"/>
                    <userInfo>
                        <entry key="key" value="value"/>
                    </userInfo>
                </fetchedProperty>
                <fetchedProperty name="all">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="A"/>
                </fetchedProperty>
            </entity>
            """)
        let properties = read.model.entities[0].fetchedProperties
        #expect(properties.map(\.name) == ["fetchedProperty", "all"])
        #expect(properties[0].isOptional)
        #expect(properties[0].fetchRequest?.entityName == "A")
        #expect(properties[0].fetchRequest?.predicateString == "name == $FETCH_SOURCE.name")
        #expect(properties[0].fetchRequest?.substitutionVariables == ["FETCH_SOURCE"])
        #expect(properties[0].userInfo["key"] == "value")
        #expect(properties[1].isOptional == false)
        #expect(properties[1].fetchRequest?.predicateString == nil)
        #expect(read.diagnostics.isEmpty)
    }

    @Test("A fetched property without a request is a warning")
    func fetchedPropertyWithoutRequest() throws {
        let read = try ModelText.read(#"<entity name="A"><fetchedProperty name="f"/></entity>"#)
        #expect(read.model.entities[0].fetchedProperties[0].fetchRequest == nil)
        #expect(ModelText.summaries(read.diagnostics) == ["3:18: warning: fetched property 'f' has no <fetchRequest>"])
    }

    @Test("declaredProperties lists attributes, relationships and fetched properties")
    func declaredProperties() throws {
        let read = try ModelText.read("""
            <entity name="A">
                <attribute name="a" attributeType="String"/>
                <relationship name="r" destinationEntity="A" deletionRule="Nullify"/>
                <fetchedProperty name="f"><fetchRequest name="fetchedPropertyFetchRequest" entity="A"/></fetchedProperty>
            </entity>
            """)
        let entity = read.model.entities[0]
        #expect(entity.declaredProperties.map(\.name) == ["a", "r", "f"])
        #expect(entity.attribute(named: "a")?.type == .string)
        #expect(entity.relationship(named: "r")?.destinationEntityName == "A")
        #expect(entity.attribute(named: "r") == nil)
    }
}

@Suite("Reading: empty values")
struct EmptyValueTests {
    @Test("Empty names of optional references read as missing")
    func emptyReferences() throws {
        let read = try ModelText.read(#"<entity name="A" representedClassName="" parentEntity="" elementID="" versionHashModifier="" codeGenerationType=""/>"#)
        let entity = read.model.entities[0]
        #expect(entity.representedClassName == "")
        #expect(entity.className == nil && entity.classModuleName == nil)
        #expect(entity.parentEntityName == nil && entity.renamingIdentifier == nil)
        #expect(entity.versionHashModifier == nil && entity.codeGenerationType == nil)
        #expect(read.diagnostics.isEmpty)
    }

    @Test("An empty model reads as a model without entities")
    func emptyModel() throws {
        let read = try ModelText.read("")
        #expect(read.model.entities.isEmpty && read.model.fetchRequests.isEmpty && read.model.configurations.isEmpty)
        #expect(read.model.composites.isEmpty && read.model.userInfo.isEmpty)
        #expect(read.diagnostics.isEmpty)
    }

    @Test("A lone CR ends a line too")
    func loneCarriageReturn() throws {
        let xml = ModelText.header + "\r<model>\r  <entity name=\"A\"/>\r</model>\r"
        let read = try ModelReader().read(xml: Array(xml.utf8), path: "cr/contents")
        #expect(read.model.entities[0].location == SourceLocation(line: 3, column: 3))
    }
}
