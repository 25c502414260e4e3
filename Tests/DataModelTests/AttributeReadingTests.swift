import DataModel
import Testing

@Suite("Reading attributes")
struct AttributeReadingTests {
    private func attribute(_ xml: String) throws -> (Attribute, [Diagnostic]) {
        let read = try ModelText.read("<entity name=\"E\">\n\(xml)\n</entity>")
        return (read.model.entities[0].attributes[0], read.diagnostics)
    }

    @Test("Every attribute type Xcode writes", arguments: AttributeType.allCases.filter { $0 != .undefined })
    func types(type: AttributeType) throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="a" attributeType="\#(type.rawValue)"/>"#)
        #expect(attribute.type == type)
        #expect(diagnostics.isEmpty)
    }

    @Test("No attributeType means Undefined")
    func undefined() throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="remoteIdentifier" optional="YES" transient="YES" syncable="YES"/>"#)
        #expect(attribute.type == .undefined)
        #expect(attribute.isTransient)
        #expect(attribute.isOptional)
        #expect(diagnostics.isEmpty)
    }

    @Test("An unknown attributeType is a warning, read as Undefined and kept")
    func unknownType() throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="a" attributeType="Vector"/>"#)
        #expect(attribute.type == .undefined)
        #expect(attribute.unknownAttributes == ["attributeType": "Vector"])
        #expect(ModelText.summaries(diagnostics) == ["4:1: warning: unknown attribute type 'Vector'; read as Undefined"])
    }

    @Test("Flags: missing means NO; YES is read")
    func flags() throws {
        let (plain, _) = try attribute(#"<attribute name="a" attributeType="Binary"/>"#)
        #expect(!plain.isOptional && !plain.isTransient && !plain.isDerived && !plain.usesScalarValueType && !plain.isIndexed)
        #expect(!plain.allowsExternalBinaryDataStorage && !plain.preservesValueInHistoryOnDeletion && !plain.isIndexedBySpotlight)
        #expect(!plain.isStoredInExternalRecord && !plain.allowsCloudEncryption)
        let (flagged, diagnostics) = try attribute("""
            <attribute name="a" optional="YES" transient="YES" usesScalarValueType="YES" indexed="YES" attributeType="Binary" \
            allowsExternalBinaryDataStorage="YES" preserveAfterDeletion="YES" spotlightIndexingEnabled="YES" \
            storedInTruthFile="YES" allowsCloudEncryption="YES" syncable="YES"/>
            """)
        #expect(flagged.isOptional && flagged.isTransient && flagged.usesScalarValueType && flagged.isIndexed)
        #expect(flagged.allowsExternalBinaryDataStorage && flagged.preservesValueInHistoryOnDeletion && flagged.isIndexedBySpotlight)
        #expect(flagged.isStoredInExternalRecord && flagged.allowsCloudEncryption)
        #expect(diagnostics.isEmpty)
    }

    @Test("Derived attributes keep their expression")
    func derived() throws {
        let (attribute, _) = try attribute(#"<attribute name="count" attributeType="Integer 64" derived="YES" derivationExpression="photos.@count" usesScalarValueType="YES"/>"#)
        #expect(attribute.isDerived)
        #expect(attribute.derivationExpression == "photos.@count")
    }

    @Test("Transformable: value transformer (empty means default) and custom class name")
    func transformable() throws {
        let (custom, _) = try attribute(#"<attribute name="t" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="[String]"/>"#)
        #expect(custom.valueTransformerName == "NSSecureUnarchiveFromData")
        #expect(custom.customClassName == "[String]")
        let (empty, _) = try attribute(#"<attribute name="t" attributeType="Transformable" valueTransformerName=""/>"#)
        #expect(empty.valueTransformerName == nil)
        #expect(empty.customClassName == nil)
    }

    @Test("Renaming ID, version hash modifier and regular expression (XML escapes decoded)")
    func identifiers() throws {
        let (attribute, _) = try attribute(#"""
            <attribute name="remoteID" attributeType="String" elementID="remoteIdentifier" versionHashModifier="v31" regularExpressionString="\A[^@]+@([^@\.]+\.)+[^@\.]+\z &amp; &lt; &amp;#38; &#38;"/>
            """#)
        #expect(attribute.renamingIdentifier == "remoteIdentifier")
        #expect(attribute.versionHashModifier == "v31")
        #expect(attribute.regularExpression == #"\A[^@]+@([^@\.]+\.)+[^@\.]+\z & < &#38; &"#)
    }

    @Test("Default values are typed by the attribute type", arguments: [
        ("Boolean", "YES", AttributeValue.boolean(true)),
        ("Boolean", "NO", .boolean(false)),
        ("Boolean", "true", .boolean(true)),
        ("Boolean", "false", .boolean(false)),
        ("Boolean", "1", .boolean(true)),
        ("Boolean", "0", .boolean(false)),
        ("Boolean", "0.0", .boolean(false)),
        ("Integer 16", "-7", .integer(-7)),
        ("Integer 32", "0", .integer(0)),
        ("Integer 64", "9223372036854775807", .integer(9_223_372_036_854_775_807)),
        ("Integer 64", "NO", .integer(0)),
        ("Integer 64", "5.0", .integer(5)),
        ("Double", "0.0", .real(0)),
        ("Float", "2.5", .real(2.5)),
        ("Decimal", "0.10", .decimal("0.10")),
        ("String", "", .string("")),
        ("String", "&quot;&quot;", .string("\"\"")),
        ("String", "hello world", .string("hello world")),
        ("UUID", "8E2C6B5A-0000-4000-8000-000000000000", .text("8E2C6B5A-0000-4000-8000-000000000000")),
        ("URI", "https://example.com", .text("https://example.com")),
        ("Date", "2013-04-23 12:00:00 +0000", .text("2013-04-23 12:00:00 +0000")),
    ] as [(String, String, AttributeValue)])
    func defaultValues(type: String, written: String, expected: AttributeValue) throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="a" attributeType="\#(type)" defaultValueString="\#(written)"/>"#)
        #expect(attribute.defaultValue == expected)
        #expect(diagnostics.isEmpty)
    }

    @Test("The literal default value is kept beside the typed one")
    func defaultValueString() throws {
        let (attribute, _) = try attribute(#"<attribute name="a" attributeType="String" defaultValueString="&quot;&quot;"/>"#)
        #expect(attribute.defaultValueString == "\"\"")
    }

    @Test("Date defaults and bounds come from the time intervals")
    func dates() throws {
        let (attribute, diagnostics) = try attribute("""
            <attribute name="d" optional="YES" attributeType="Date" minDateTimeInterval="284000400" minValueString="2010-01-01 01:00:00" \
            maxDateTimeInterval="602395200" maxValueString="2020-02-03 04:00" defaultDateTimeInterval="388411200" \
            defaultValueString="2013-04-23 12:00:00 +0000" syncable="YES"/>
            """)
        #expect(attribute.defaultValue == .date(388_411_200))
        #expect(attribute.defaultValueString == "2013-04-23 12:00:00 +0000")
        #expect(attribute.minimum == .date(284_000_400))
        #expect(attribute.maximum == .date(602_395_200))
        #expect(diagnostics.isEmpty)
    }

    @Test("Bounds: numbers for numbers, lengths for strings, text for typeless attributes", arguments: [
        ("Integer 64", "-1", "10", AttributeValue.integer(-1), AttributeValue.integer(10)),
        ("Double", "0.5", "1.5", .real(0.5), .real(1.5)),
        ("Decimal", "0", "99.99", .decimal("0"), .decimal("99.99")),
        ("String", "3", "10", .integer(3), .integer(10)),
        ("Binary", "0", "1024", .integer(0), .integer(1024)),
    ] as [(String, String, String, AttributeValue, AttributeValue)])
    func bounds(type: String, minimum: String, maximum: String, expectedMinimum: AttributeValue, expectedMaximum: AttributeValue) throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="a" attributeType="\#(type)" minValueString="\#(minimum)" maxValueString="\#(maximum)"/>"#)
        #expect(attribute.minimum == expectedMinimum)
        #expect(attribute.maximum == expectedMaximum)
        #expect(diagnostics.isEmpty)
    }

    @Test("Bounds on a typeless transient attribute are kept as text")
    func typelessBounds() throws {
        let (attribute, diagnostics) = try attribute(#"<attribute name="age" optional="YES" transient="YES" minValueString="1" maxValueString="100"/>"#)
        #expect(attribute.minimum == .text("1"))
        #expect(attribute.maximum == .text("100"))
        #expect(diagnostics.isEmpty)
    }

    @Test("Unreadable values are warnings and kept as text", arguments: [
        ("Integer 16", #"defaultValueString="70000""#, "default value '70000' is not a valid Integer 16 value; kept as text"),
        ("Boolean", #"defaultValueString="maybe""#, "default value 'maybe' is not a valid Boolean value; kept as text"),
        ("Double", #"minValueString="low""#, "minimum 'low' is not a valid Double value; kept as text"),
        ("String", #"maxValueString="long""#, "maximum 'long' is not a valid String value; kept as text"),
        ("Date", #"defaultDateTimeInterval="soon""#, "'defaultDateTimeInterval' of <attribute> has the value 'soon', which is not a number; ignored"),
    ])
    func unreadableValues(type: String, xmlAttribute: String, message: String) throws {
        let (_, diagnostics) = try attribute(#"<attribute name="a" attributeType="\#(type)" \#(xmlAttribute)/>"#)
        #expect(ModelText.summaries(diagnostics) == ["4:1: warning: " + message])
    }

    @Test("Attribute user info")
    func userInfo() throws {
        let (attribute, _) = try attribute("""
            <attribute name="a" attributeType="Integer 16">
                <userInfo>
                    <entry key="RawType" value="IntegerEnum"/>
                </userInfo>
            </attribute>
            """)
        #expect(attribute.userInfo["RawType"] == "IntegerEnum")
    }
}
