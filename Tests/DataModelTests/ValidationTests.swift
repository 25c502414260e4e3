import DataModel
import Testing

@Suite("Validation: every diagnostic at its line and column")
struct ValidationTests {
    private func check(_ body: String) throws -> [String] {
        ModelText.summaries(try ModelText.diagnostics(body))
    }

    @Test("A clean model has no diagnostics")
    func clean() throws {
        #expect(try check("""
            <entity name="Artist" representedClassName="Artist">
                <attribute name="name" attributeType="String"/>
                <relationship name="albums" toMany="YES" deletionRule="Cascade" destinationEntity="Album" inverseName="artist" inverseEntity="Album"/>
            </entity>
            <entity name="Album" representedClassName="Album">
                <relationship name="artist" maxCount="1" deletionRule="Nullify" destinationEntity="Artist" inverseName="albums" inverseEntity="Artist"/>
            </entity>
            """) == [])
    }

    @Test("Missing parent and destination entities")
    func missingEntities() throws {
        #expect(try check("""
            <entity name="A" parentEntity="Ghost">
                <relationship name="r" deletionRule="Nullify" destinationEntity="Nowhere"/>
            </entity>
            """) == [
                "3:1: error: parent entity 'Ghost' of entity 'A' does not exist",
                "4:5: error: destination entity 'Nowhere' of relationship 'A.r' does not exist",
            ])
    }

    @Test("Inverse entity or relationship missing")
    func missingInverse() throws {
        #expect(try check("""
            <entity name="A">
                <relationship name="r" deletionRule="Nullify" destinationEntity="B" inverseName="back" inverseEntity="Ghost"/>
                <relationship name="s" deletionRule="Nullify" destinationEntity="B" inverseName="missing" inverseEntity="B"/>
                <relationship name="t" deletionRule="Nullify" destinationEntity="B" inverseName="half"/>
            </entity>
            <entity name="B"/>
            """) == [
                "4:5: error: inverse entity 'Ghost' of relationship 'A.r' does not exist",
                "5:5: error: inverse relationship 'B.missing' of 'A.s' does not exist",
                "6:5: warning: relationship 'A.t' names only half of its inverse (inverseName and inverseEntity go together)",
            ])
    }

    @Test("The asymmetric inverse of the format notes (§14.6) is reported on Image.artist's line")
    func asymmetricInverse() throws {
        #expect(try check("""
            <entity name="Artist">
                <relationship name="thumbnail" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Image" inverseName="thumbnail" inverseEntity="Image"/>
            </entity>
            <entity name="Image">
                <attribute name="url" attributeType="String"/>
                <relationship name="artist" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
                <relationship name="thumbnail" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
            </entity>
            """) == [
                "8:5: warning: inverses do not agree: 'Image.artist' names 'Artist.thumbnail' as its inverse, but 'Artist.thumbnail' names 'Image.thumbnail'",
            ])
    }

    @Test("An inverse that leads elsewhere is an error; one without its own inverse is a warning")
    func inverseLeadsElsewhere() throws {
        #expect(try check("""
            <entity name="A">
                <relationship name="r" deletionRule="Nullify" destinationEntity="B" inverseName="toC" inverseEntity="B"/>
                <relationship name="s" deletionRule="Nullify" destinationEntity="B" inverseName="lonely" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="toC" deletionRule="Nullify" destinationEntity="C"/>
                <relationship name="lonely" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            <entity name="C"/>
            """) == [
                "4:5: error: inverse 'B.toC' of relationship 'A.r' leads to 'C', not back to 'A'",
                "5:5: warning: relationship 'A.s' names 'B.lonely' as its inverse, but 'B.lonely' has no inverse",
            ])
    }

    @Test("Inverses declared on a parent entity are found and agree")
    func inheritedInverse() throws {
        #expect(try check("""
            <entity name="Owner">
                <relationship name="pets" toMany="YES" deletionRule="Nullify" destinationEntity="Dog" inverseName="owner" inverseEntity="Dog"/>
            </entity>
            <entity name="Pet" isAbstract="YES">
                <relationship name="owner" maxCount="1" deletionRule="Nullify" destinationEntity="Owner" inverseName="pets" inverseEntity="Owner"/>
            </entity>
            <entity name="Dog" parentEntity="Pet"/>
            """) == [])
    }

    @Test("An inverse entity that is not the destination is a warning (and its inverse then leads elsewhere)")
    func inverseEntityMismatch() throws {
        #expect(try check("""
            <entity name="A">
                <relationship name="r" deletionRule="Nullify" destinationEntity="B" inverseName="back" inverseEntity="C"/>
            </entity>
            <entity name="B"/>
            <entity name="C">
                <relationship name="back" deletionRule="Nullify" destinationEntity="A" inverseName="r" inverseEntity="A"/>
            </entity>
            """) == [
                "4:5: warning: inverse entity 'C' of relationship 'A.r' is not its destination 'B'",
                "8:5: error: inverse 'A.r' of relationship 'C.back' leads to 'B', not back to 'C'",
            ])
    }

    @Test("Duplicate entity and property names, and an inherited property redeclared")
    func duplicates() throws {
        #expect(try check("""
            <entity name="A">
                <attribute name="x" attributeType="String"/>
                <relationship name="x" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            <entity name="A"/>
            <entity name="B" parentEntity="A">
                <attribute name="x" attributeType="String"/>
            </entity>
            """) == [
                "5:5: error: duplicate property in entity 'A' 'x' (first declared at line 4)",
                "7:1: error: duplicate entity 'A' (first declared at line 3)",
                "9:5: error: property 'x' of entity 'B' redeclares the property inherited from 'A'",
            ])
    }

    @Test("Inheritance cycles are errors on each entity of the cycle")
    func inheritanceCycle() throws {
        #expect(try check("""
            <entity name="A" parentEntity="B"/>
            <entity name="B" parentEntity="A"/>
            <entity name="Loop" parentEntity="Loop"/>
            <entity name="C" parentEntity="A"/>
            """) == [
                "3:1: error: inheritance cycle: A -> B -> A",
                "4:1: error: inheritance cycle: B -> A -> B",
                "5:1: error: inheritance cycle: Loop -> Loop",
            ])
    }

    @Test("Ordered without to-many, and counts out of order")
    func orderedToOne() throws {
        #expect(try check("""
            <entity name="A">
                <relationship name="r" optional="YES" maxCount="1" ordered="YES" deletionRule="Nullify" destinationEntity="A"/>
                <relationship name="s" toMany="YES" minCount="5" maxCount="2" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            """) == [
                "4:5: warning: relationship 'A.r' is ordered but not to-many; 'ordered' is ignored",
                "5:5: warning: relationship 'A.s' has minCount 5 above maxCount 2",
            ])
    }

    @Test("Undefined type on a persisted attribute is an error; on a transient one it is fine")
    func undefinedType() throws {
        #expect(try check("""
            <entity name="A">
                <attribute name="cache" optional="YES" transient="YES"/>
                <attribute name="stored" optional="YES"/>
            </entity>
            """) == [
                "5:5: error: attribute 'stored' of entity 'A' has no type (Undefined), which only transient attributes may have",
            ])
    }

    @Test("Composite references resolve; cycles and misuse are reported")
    func composites() throws {
        #expect(try check("""
            <entity name="A">
                <attribute name="address" attributeType="Composite" composite="Address"/>
                <attribute name="nowhere" attributeType="Composite" composite="Ghost"/>
                <attribute name="unnamed" attributeType="Composite"/>
                <attribute name="text" attributeType="String" composite="Address"/>
            </entity>
            <composite name="Address">
                <attribute name="street" attributeType="String"/>
                <attribute name="street" attributeType="String"/>
            </composite>
            <composite name="Loop">
                <attribute name="inner" attributeType="Composite" composite="Loop"/>
            </composite>
            <composite name="Loop"/>
            """) == [
                "5:5: error: composite type 'Ghost' of attribute 'nowhere' of entity 'A' does not exist",
                "6:5: error: composite attribute 'unnamed' of entity 'A' names no composite type",
                "7:5: warning: attribute 'text' of entity 'A' names composite 'Address' but its type is String",
                "11:5: error: duplicate attribute in composite 'Address' 'street' (first declared at line 10)",
                "13:1: error: composite type 'Loop' contains itself",
                "16:1: error: duplicate composite type 'Loop' (first declared at line 13)",
            ])
    }

    @Test("References from fetch requests, fetched properties, configurations and indexes")
    func references() throws {
        #expect(try check("""
            <entity name="A">
                <attribute name="code" attributeType="String"/>
                <fetchedProperty name="f"><fetchRequest name="fetchedPropertyFetchRequest" entity="Ghost"/></fetchedProperty>
                <fetchIndex name="byNothing"><fetchIndexElement property="nothing" type="Binary" order="ascending"/></fetchIndex>
                <compoundIndexes><compoundIndex><index value="code"/><index value="gone"/></compoundIndex></compoundIndexes>
                <uniquenessConstraints><uniquenessConstraint><constraint value="missing"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <fetchRequest name="F" entity="Nobody"/>
            <fetchRequest name="F" entity="A"/>
            <configuration name="C"><memberEntity name="Phantom"/></configuration>
            """) == [
                "5:31: error: entity 'Ghost' of fetched property 'A.f' does not exist",
                "6:5: error: fetch index 'byNothing' of entity 'A' names 'nothing', which is not a property of the entity",
                "7:22: error: compound index of entity 'A' names 'gone', which is not a property of the entity",
                "8:28: error: uniqueness constraint of entity 'A' names 'missing', which is not a property of the entity",
                "10:1: error: entity 'Nobody' of fetch request 'F' does not exist",
                "11:1: error: duplicate fetch request template 'F' (first declared at line 10)",
                "12:25: error: entity 'Phantom' of configuration 'C' does not exist",
            ])
    }

    @Test("Constraints may name inherited properties and to-one relationships")
    func inheritedConstraint() throws {
        #expect(try check("""
            <entity name="Base"><attribute name="id2" attributeType="UUID"/></entity>
            <entity name="Sub" parentEntity="Base">
                <relationship name="owner" maxCount="1" deletionRule="Nullify" destinationEntity="Base"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="id2"/><constraint value="owner"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            """) == [])
    }

    @Test("Names that generated Swift cannot use as they are are warnings")
    func names() throws {
        #expect(try check("""
            <entity name="Notification" representedClassName="CoreDataStack.Notification">
                <attribute name="private" attributeType="Boolean"/>
                <attribute name="id" attributeType="String"/>
                <attribute name="description" attributeType="String"/>
                <relationship name="context" maxCount="1" deletionRule="Nullify" destinationEntity="Notification"/>
                <attribute name="type" attributeType="String"/>
            </entity>
            <entity name="Item" representedClassName="NSManagedObject"/>
            <entity name="Set"/>
            <entity name="ObjectContext"/>
            <entity name="my-entity"/>
            <composite name="Data"><attribute name="2nd" attributeType="String"/></composite>
            """) == [
                "3:1: warning: the class name 'Notification' of entity 'Notification' shadows a standard library or Foundation type; generated code will qualify that type",
                "4:5: warning: the name of property 'Notification.private' is a Swift keyword; the generator will escape it",
                "5:5: warning: the name of property 'Notification.id' collides with the generated member 'id'; the generator will rename it",
                "6:5: warning: the name of property 'Notification.description' collides with the generated member 'description'; the generator will rename it",
                "7:5: warning: the name of property 'Notification.context' collides with the generated member 'context'; the generator will rename it",
                "11:1: warning: the class name 'Set' of entity 'Set' shadows a standard library or Foundation type; generated code will qualify that type",
                "12:1: warning: the class name 'ObjectContext' of entity 'ObjectContext' shadows an ObjectGraph runtime type; generated code will qualify that type",
                "13:1: warning: the class name 'my-entity' of entity 'my-entity' is not a Swift identifier; the generator will rename it",
                "14:1: warning: the class name 'Data' of composite type 'Data' shadows a standard library or Foundation type; generated code will qualify that type",
                "14:24: warning: the name of attribute 'Data.2nd' is not a Swift identifier; the generator will rename it",
            ])
    }

    @Test("Diagnostics print as path:line:col: severity: message")
    func format() {
        let located = Diagnostic(.warning, "something", path: "M.xcdatamodeld/M.xcdatamodel/contents", location: SourceLocation(line: 12, column: 9))
        #expect(located.description == "M.xcdatamodeld/M.xcdatamodel/contents:12:9: warning: something")
        let unlocated = Diagnostic(.note, "chosen", path: "M.xcdatamodeld")
        #expect(unlocated.description == "M.xcdatamodeld: note: chosen")
    }
}
