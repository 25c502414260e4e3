import CLibXML2

/// Collects SAX events from libxml2 into ``XMLElementNode`` values and records the first failure.
///
/// One builder serves one parse. libxml2 reaches it through the parser context's `_private` field.
final class XMLTreeBuilder {
    private let bytes: [UInt8]
    private let lines: LineTable
    private var openElements: [XMLElementNode] = []
    private(set) var root: XMLElementNode?
    private(set) var failure: XMLParseFailure?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    /// The builder attached to the context that libxml2 passes to a callback.
    static func from(_ context: UnsafeMutableRawPointer?) -> XMLTreeBuilder? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let builder = parser.pointee._private else { return nil }
        return Unmanaged<XMLTreeBuilder>.fromOpaque(builder).takeUnretainedValue()
    }

    /// The location of the markup (`<…`) that the parser is inside of.
    ///
    /// libxml2 reports start tags once it has read their attributes; the tag begins at the last
    /// `<` before that point, because `<` cannot appear unescaped inside attribute values.
    func currentMarkupLocation(_ parser: xmlParserCtxtPtr) -> SourceLocation {
        let consumed = Int(xmlByteConsumed(parser))
        var index = min(max(consumed, 0), bytes.count) - 1
        while index > 0 && bytes[index] != UInt8(ascii: "<") {
            index -= 1
        }
        return lines.location(ofOffset: max(index, 0))
    }

    func startElement(name: String, attributes: [(name: String, value: String)], location: SourceLocation) {
        openElements.append(XMLElementNode(name: name, attributes: attributes, location: location))
    }

    func endElement() {
        guard let finished = openElements.popLast() else { return }
        if openElements.isEmpty {
            root = finished
        } else {
            openElements[openElements.count - 1].children.append(finished)
        }
    }

    /// Keeps the first failure only: later errors are usually consequences of it.
    func fail(_ message: String, at location: SourceLocation?) {
        if failure == nil {
            failure = XMLParseFailure(message: message, location: location)
        }
    }
}
