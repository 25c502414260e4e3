import DataModel
import Testing

@Suite("XML parsing: locations, malformed input and hostile documents")
struct XMLSafetyTests {
    private func readError(_ xml: String) -> ModelReadError? {
        do {
            _ = try ModelReader().read(xml: Array(xml.utf8), path: "bad/contents")
            return nil
        } catch {
            return error
        }
    }

    @Test("Elements keep the line and column of their '<'")
    func elementLocations() throws {
        let read = try ModelText.read("""
                <entity name="A">
              <attribute name="x" attributeType="String"/>
            </entity><entity name="B"/>
            """)
        #expect(read.model.location == SourceLocation(line: 2, column: 1))
        #expect(read.model.entities[0].location == SourceLocation(line: 3, column: 5))
        #expect(read.model.entities[0].attributes[0].location == SourceLocation(line: 4, column: 3))
        #expect(read.model.entities[1].location == SourceLocation(line: 5, column: 10))
    }

    @Test("A raw '>' inside an attribute value does not move the location")
    func greaterThanInAttribute() throws {
        let read = try ModelText.read(#"  <fetchRequest name="F" entity="A" predicateString="count > 5 AND name != &quot;&lt;x&gt;&quot;"/>"#)
        #expect(read.model.fetchRequests[0].location == SourceLocation(line: 3, column: 3))
        #expect(read.model.fetchRequests[0].predicateString == #"count > 5 AND name != "<x>""#)
    }

    @Test("CR LF line ends count as one line break")
    func crlfLines() throws {
        let xml = ModelText.header + "\r\n<model>\r\n\r\n  <entity name=\"A\"/>\r\n</model>\r\n"
        let read = try ModelReader().read(xml: Array(xml.utf8), path: "crlf/contents")
        #expect(read.model.entities[0].location == SourceLocation(line: 4, column: 3))
    }

    @Test("Line numbers past 65535 stay exact (XML_PARSE_BIG_LINES)")
    func bigLineNumbers() throws {
        let padding = String(repeating: "\n", count: 70_000)
        let read = try ModelText.read(padding + "<entity name=\"Far\"/>")
        #expect(read.model.entities[0].location == SourceLocation(line: 70_003, column: 1))
        let error = try #require(readError(ModelText.model(padding + "<entity name=\"Open\">")))
        #expect(error.diagnostic.location?.line == 70_004)
    }

    @Test("Malformed XML is an error at the line and column of the problem")
    func malformed() throws {
        let error = try #require(readError(ModelText.header + "\n<model>\n  <entity name=\"A\">\n</model>\n"))
        #expect(error.diagnostic.severity == .error)
        #expect(error.diagnostic.path == "bad/contents")
        #expect(error.diagnostic.message.hasPrefix("malformed XML: "))
        #expect(error.diagnostic.message.contains("entity"))
        #expect(error.diagnostic.location == SourceLocation(line: 4, column: 9))
    }

    @Test("An unquoted attribute value is malformed, with its location")
    func unquotedAttribute() throws {
        let error = try #require(readError(ModelText.header + "\n<model>\n<entity name=A/>\n</model>\n"))
        #expect(error.diagnostic.message.hasPrefix("malformed XML: "))
        #expect(error.diagnostic.location?.line == 3)
    }

    @Test("An empty file is an error")
    func emptyFile() throws {
        let error = try #require(readError(""))
        #expect(error.diagnostic.message == "the file is empty")
    }

    @Test("A root element other than <model> is an error")
    func wrongRoot() throws {
        let error = try #require(readError(ModelText.header + "\n<plist version=\"1.0\"/>\n"))
        #expect(error.description == "bad/contents:2:1: error: not a Core Data model: the root element is <plist>, expected <model>")
    }

    @Test("Any DOCTYPE is refused, at its line")
    func doctypeRefused() throws {
        let xml = ModelText.header + "\n<!DOCTYPE model>\n<model/>\n"
        let error = try #require(readError(xml))
        #expect(error.diagnostic.message.contains("DOCTYPE declaration is not allowed"))
        #expect(error.diagnostic.location == SourceLocation(line: 2, column: 1))
    }

    @Test("An external entity is refused without being read")
    func externalEntityRefused() throws {
        let xml = ModelText.header + """

            <!DOCTYPE model [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <model><entity name="&secret;"/></model>

            """
        let error = try #require(readError(xml))
        #expect(error.diagnostic.message.contains("DOCTYPE"))
        #expect(!error.diagnostic.message.contains("root:"))
    }

    @Test("A billion-laughs document is refused before any entity is declared")
    func billionLaughsRefused() throws {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            let previous = "&lol\(level - 1);"
            declarations += "\n<!ENTITY lol\(level) \"\(String(repeating: previous, count: 10))\">"
        }
        let xml = ModelText.header + "\n<!DOCTYPE model [\n\(declarations)\n]>\n<model><entity name=\"&lol9;\"/></model>\n"
        let error = try #require(readError(xml))
        #expect(error.diagnostic.message.contains("DOCTYPE"))
        #expect(error.diagnostic.location == SourceLocation(line: 2, column: 1))
    }

    @Test("An undeclared entity reference is malformed, not expanded")
    func undeclaredEntity() throws {
        let error = try #require(readError(ModelText.header + "\n<model><entity name=\"&x;\"/></model>\n"))
        #expect(error.diagnostic.message.hasPrefix("malformed XML: "))
        #expect(error.diagnostic.location?.line == 2)
    }

    /// Found by the model-reader fuzz target: a model declaring UTF-7 went through iconv's UTF-7 decoder,
    /// five times slower than UTF-8, and took over the 1 s hang limit.
    @Test("An encoding that needs iconv is refused at its location; UTF-8, UTF-16 and ISO-8859-1 are read")
    func encodingsOutsideTheNativeOnesAreRefused() throws {
        let body = "\n<model type=\"com.apple.IDECoreDataModeler.DataModel\"><entity name=\"A\"/></model>\n"
        for name in ["UTF-7", "EBCDIC-US", "x-unknown"] {
            let error = try #require(readError(#"<?xml version="1.0" encoding="\#(name)"?>"# + body))
            #expect(error.diagnostic.message.contains("names the encoding \"\(name)\""))
            #expect(error.diagnostic.location == SourceLocation(line: 1, column: 31))
        }
        let spaced = try #require(readError("<?xml version='1.0'\n   encoding = 'utf-7'?>" + body))
        #expect(spaced.diagnostic.location == SourceLocation(line: 2, column: 16))
        for name in ["UTF-8", "utf-8", "ISO-8859-1", "US-ASCII"] {
            #expect(readError(#"<?xml version="1.0" encoding="\#(name)"?>"# + body) == nil)
        }
        #expect(readError(#"<?xml version="1.0"?>"# + body) == nil)
    }
}
