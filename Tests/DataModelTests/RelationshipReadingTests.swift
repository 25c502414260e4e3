import DataModel
import Testing

@Suite("Reading relationships and fetch request templates")
struct RelationshipReadingTests {
    @Test("Relationship attributes")
    func relationship() throws {
        let read = try ModelText.read("""
            <entity name="Parent">
                <relationship name="orderedChildren" optional="YES" toMany="YES" minCount="1" maxCount="9" deletionRule="Cascade" ordered="YES" \
            destinationEntity="Child" inverseName="parent" inverseEntity="Child" indexed="YES" transient="YES" elementID="kids" \
            versionHashModifier="2" syncable="YES">
                    <userInfo><entry key="rest.path" value="/children"/></userInfo>
                </relationship>
            </entity>
            """)
        let relationship = read.model.entities[0].relationships[0]
        #expect(relationship.name == "orderedChildren")
        #expect(relationship.destinationEntityName == "Child")
        #expect(relationship.inverseName == "parent")
        #expect(relationship.inverseEntityName == "Child")
        #expect(relationship.isToMany && relationship.isOrdered && relationship.isOptional)
        #expect(relationship.isIndexed && relationship.isTransient)
        #expect(relationship.minCount == 1 && relationship.maxCount == 9)
        #expect(relationship.deleteRule == .cascade)
        #expect(relationship.renamingIdentifier == "kids")
        #expect(relationship.versionHashModifier == "2")
        #expect(relationship.userInfo["rest.path"] == "/children")
        #expect(relationship.location == SourceLocation(line: 4, column: 5))
        #expect(read.diagnostics.isEmpty)
    }

    @Test("A plain to-one: no inverse, required, not ordered")
    func plainToOne() throws {
        let read = try ModelText.read(#"<entity name="A"><relationship name="b" maxCount="1" deletionRule="Nullify" destinationEntity="A"/></entity>"#)
        let relationship = read.model.entities[0].relationships[0]
        #expect(!relationship.isToMany && !relationship.isOrdered && !relationship.isOptional && !relationship.isTransient)
        #expect(relationship.inverseName == nil && relationship.inverseEntityName == nil && relationship.minCount == nil)
    }

    @Test("Delete rules, including 'No Action' with a space", arguments: [
        ("Nullify", DeleteRule.nullify), ("Cascade", .cascade), ("Deny", .deny), ("No Action", .noAction),
    ])
    func deleteRules(written: String, rule: DeleteRule) throws {
        let read = try ModelText.read(#"<entity name="A"><relationship name="b" deletionRule="\#(written)" destinationEntity="A"/></entity>"#)
        #expect(read.model.entities[0].relationships[0].deleteRule == rule)
        #expect(read.diagnostics.isEmpty)
    }

    @Test("A missing or unknown delete rule is a warning; Nullify is assumed")
    func badDeleteRules() throws {
        let read = try ModelText.read("""
            <entity name="A">
                <relationship name="b" destinationEntity="A"/>
                <relationship name="c" deletionRule="NoAction" destinationEntity="A"/>
            </entity>
            """)
        #expect(read.model.entities[0].relationships.map(\.deleteRule) == [.nullify, .nullify])
        #expect(ModelText.summaries(read.diagnostics) == [
            "4:5: warning: <relationship> has no 'deletionRule'; Nullify assumed",
            "5:5: warning: unknown deletion rule 'NoAction' (expected 'Nullify', 'Cascade', 'Deny', 'No Action'); Nullify assumed",
        ])
    }

    @Test("A count that is not an integer is a warning")
    func badCount() throws {
        let read = try ModelText.read(#"<entity name="A"><relationship name="b" maxCount="many" deletionRule="Deny" destinationEntity="A"/></entity>"#)
        #expect(read.model.entities[0].relationships[0].maxCount == nil)
        #expect(ModelText.summaries(read.diagnostics) == [
            "3:18: warning: 'maxCount' of <relationship> has the value 'many', which is not an integer; ignored",
        ])
    }

    @Test("Fetch request templates: every attribute, as Xcode spells the flags")
    func fetchRequests() throws {
        let read = try ModelText.read("""
            <entity name="MainEntity"/>
            <fetchRequest name="DictionaryFetchRequest" entity="MainEntity" resultType="2"/>
            <fetchRequest name="ObjectFetchRequest" entity="MainEntity" predicateString="uuid == $UUID" includeSubentities="YES" \
            includePropertyValues="YES" includesPendingChanges="YES" returnObjectsAsFaults="YES" returnDistinctResults="YES"/>
            <fetchRequest name="Limited" entity="MainEntity" predicateString="booleanAttribute == 1 AND floatAttribute > 5" \
            fetchLimit="100" fetchBatchSize="10" resultType="1"/>
            """)
        let requests = read.model.fetchRequests
        #expect(requests.map(\.name) == ["DictionaryFetchRequest", "ObjectFetchRequest", "Limited"])
        #expect(requests[0].resultType == .dictionary)
        #expect(requests[0].predicateString == nil)
        #expect(requests[0].substitutionVariables.isEmpty)
        #expect(!requests[0].includeSubentities && !requests[0].returnDistinctResults)
        let object = requests[1]
        #expect(object.entityName == "MainEntity")
        #expect(object.resultType == .managedObject)
        #expect(object.substitutionVariables == ["UUID"])
        #expect(object.includeSubentities && object.includePropertyValues && object.includesPendingChanges)
        #expect(object.returnObjectsAsFaults && object.returnDistinctResults)
        #expect(requests[2].fetchLimit == 100 && requests[2].fetchBatchSize == 10)
        #expect(requests[2].resultType == .managedObjectID)
        #expect(requests[2].predicateString == "booleanAttribute == 1 AND floatAttribute > 5")
        #expect(requests[2].location == SourceLocation(line: 6, column: 1))
        #expect(read.diagnostics.isEmpty)
    }

    @Test("An unknown result type is a warning")
    func unknownResultType() throws {
        let read = try ModelText.read(#"<entity name="A"/><fetchRequest name="F" entity="A" resultType="9"/>"#)
        #expect(read.model.fetchRequests[0].resultType == .managedObject)
        #expect(ModelText.summaries(read.diagnostics) == ["3:19: warning: unknown fetch result type 9; managed objects (0) assumed"])
    }

    @Test("Substitution variables: unique, in order, not inside string literals", arguments: [
        ("oneToOne.name == $NAME OR string == $NEEDLE", ["NAME", "NEEDLE"]),
        ("name == $humanName AND parent.name == $parentName AND name != $humanName", ["humanName", "parentName"]),
        (#"price == '$5' AND note == "costs $x" AND code == $CODE"#, ["CODE"]),
        (#"note == 'it\'s $NOT' AND a == $A1_b"#, ["A1_b"]),
        ("total > 5 AND $ == 3 AND $9 == 1", []),
        ("$FETCH_SOURCE.owner == owner", ["FETCH_SOURCE"]),
    ])
    func substitutionVariables(predicate: String, variables: [String]) throws {
        let escaped = predicate.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let read = try ModelText.read(#"<entity name="A"/><fetchRequest name="F" entity="A" predicateString="\#(escaped)"/>"#)
        #expect(read.model.fetchRequests[0].predicateString == predicate)
        #expect(read.model.fetchRequests[0].substitutionVariables == variables)
    }
}
