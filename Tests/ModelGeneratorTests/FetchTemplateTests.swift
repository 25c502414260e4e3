import DataModel
import ModelGenerator
import Testing

/// Fetch request templates become typed functions: predicates parsed and resolved against the model,
/// `$VARIABLES` typed from what they are compared with, errors located in the model file.
@Suite("View model: typed fetch request templates")
struct FetchTemplateTests {
    static let entities = """
        <entity name="Band">
            <attribute name="name" attributeType="String"/>
            <attribute name="formed" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <attribute name="logo" optional="YES" attributeType="Binary"/>
            <relationship name="albums" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
        </entity>
        <entity name="Album">
            <attribute name="title" attributeType="String"/>
            <attribute name="released" optional="YES" attributeType="Date"/>
            <relationship name="band" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
        </entity>
        """

    /// The single fetch request context and the diagnostics for one template line (line 14 of the file).
    static func translate(_ template: String) throws -> (FetchRequestContext?, [Diagnostic]) {
        let (context, diagnostics) = try TestModels.context(entities + "\n" + template)
        let request = context?.entities.flatMap(\.fetchRequests).first
        return (request, diagnostics.filter { $0.severity != .note })
    }

    @Test("Variables are typed from the compared attribute, through to-ones and ANY over to-manys", arguments: [
        (#"<fetchRequest name="Named" entity="Album" predicateString="title == $TITLE"/>"#,
         "fetchNamed", ", title: String", #"where: \Album.Fields.title == title"#),
        (#"<fetchRequest name="ByBand" entity="Album" predicateString="band.name ==[c] $BAND_NAME AND released &gt; $SINCE"/>"#,
         "fetchByBand", ", bandName: String, since: Date",
         #"where: FetchPredicate<Album.Fields>.equals(\Album.Fields.band.name, bandName, options: [.caseInsensitive]) && \Album.Fields.released > since"#),
        (#"<fetchRequest name="WithAlbum" entity="Band" predicateString="ANY albums.title BEGINSWITH $PREFIX" fetchLimit="5"/>"#,
         "fetchWithAlbum", ", prefix: String",
         #"where: FetchPredicate<Band.Fields>.any(\Band.Fields.albums, FetchPredicate<Album.Fields>.beginsWith(\Album.Fields.title, prefix)), limit: 5"#),
        (#"<fetchRequest name="Era" entity="Band" predicateString="formed BETWEEN {$FROM, 1999} OR formed IN $YEARS OR formed == nil"/>"#,
         "fetchEra", ", from: Int16, years: [Int16]",
         #"where: FetchPredicate<Band.Fields>.between(\Band.Fields.formed, from, 1999) || FetchPredicate<Band.Fields>.in(\Band.Fields.formed, years) || \Band.Fields.formed == nil"#),
        (#"<fetchRequest name="Orphans" entity="Album" predicateString="NOT (band.name != nil)"/>"#,
         "fetchOrphans", "", #"where: !(FetchPredicate<Album.Fields>.isNotNil(\Album.Fields.band))"#),
        (#"<fetchRequest name="All" entity="Band" resultType="4"/>"#, "countAll", "", ""),
    ])
    func typed(template: String, function: String, parameters: String, arguments: String) throws {
        let (request, diagnostics) = try Self.translate(template)
        #expect(diagnostics.filter { $0.severity == .error } == [])
        #expect(request?.functionName == function)
        #expect(request?.parameterList == parameters)
        #expect(request?.requestArguments == arguments)
    }

    @Test("Unknown keys and type mismatches are errors at the template's line and the key's column", arguments: [
        (#"<fetchRequest name="Bad" entity="Album" predicateString="band.nmae == $X"/>"#, "has no attribute or relationship 'nmae'", 63),
        (#"<fetchRequest name="Bad" entity="Album" predicateString="title == 5"/>"#, "cannot be compared with a value of type String", 67),
        (#"<fetchRequest name="Bad" entity="Band" predicateString="albums.title == $T"/>"#, "needs ANY, ALL or NONE", 57),
        (#"<fetchRequest name="Bad" entity="Band" predicateString="name == $X AND formed == $X"/>"#, "is compared as String and as Int16", 82),
        (#"<fetchRequest name="Bad" entity="Band" predicateString="logo CONTAINS &quot;x&quot;"/>"#, "applies only to strings", 62),
    ])
    func errors(template: String, message: String, column: Int) throws {
        let (request, diagnostics) = try Self.translate(template)
        #expect(request == nil)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.location?.line == 14)
        #expect(error.location?.column == column)
    }

    @Test("A form typed predicates cannot express is a warning, and the template gets no function")
    func unsupported() throws {
        let (request, diagnostics) = try Self.translate(#"<fetchRequest name="ByBand" entity="Album" predicateString="band == $BAND"/>"#)
        #expect(request == nil)
        #expect(diagnostics.map(\.severity) == [.warning])
    }
}
