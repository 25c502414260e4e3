import DataModel
import ModelGenerator
import Testing

/// Fetched properties become typed async accessors; composites become Codable structs stored as JSON.
@Suite("View model: fetched properties and composites")
struct FetchedPropertyTests {
    @Test("A fetched property without variables is a typed accessor; one with $FETCH_SOURCE is left out with a warning")
    func fetchedProperties() throws {
        let (context, diagnostics) = try TestModels.context("""
            <entity name="Band">
                <attribute name="name" attributeType="String"/>
                <fetchedProperty name="bigBands" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Band" predicateString="name BEGINSWITH &quot;Big&quot;"/>
                </fetchedProperty>
                <fetchedProperty name="namesakes" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Band" predicateString="name == $FETCH_SOURCE.name"/>
                </fetchedProperty>
            </entity>
            """)
        let band = try #require(context?.entity("Band"))
        #expect(band.fetchedProperties.map(\.swiftName) == ["bigBands"])
        #expect(band.fetchedProperties.first?.requestArguments == #"where: FetchPredicate<Band.Fields>.beginsWith(\Band.Fields.name, "Big")"#)
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("'namesakes'") })
    }

    @Test("A composite attribute is typed by its generated struct and stored as JSON")
    func composites() throws {
        let (context, _) = try TestModels.context("""
            <entity name="Place">
                <attribute name="location" optional="YES" attributeType="Composite" composite="Location"/>
            </entity>
            <composite name="Location">
                <attribute name="latitude" attributeType="Double" defaultValueString="0.0"/>
                <attribute name="label" optional="YES" attributeType="String"/>
            </composite>
            """)
        let model = try #require(context)
        #expect(model.composites.map(\.typeName) == ["Location"])
        #expect(model.composites.first?.initParameterList == "latitude: Double = 0.0, label: String? = nil")
        let location = try #require(model.entity("Place")?.attribute("location"))
        #expect(location.swiftType == "Location?" && location.isJSON)
    }
}
