import CLibXML2

/// Parses XML with libxml2 in its safe configuration: no network, no DTD loading, no entity
/// substitution, no XInclude, no "huge" mode, a deny-all external entity loader, and any DOCTYPE refused.
enum XMLDocumentParser {
    private static let options: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
    )

    /// One-time process set-up: initialise libxml2 and refuse every external entity it might load.
    private static let setUp: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

    /// Parses `bytes` into the document's root element.
    ///
    /// - Throws: ``XMLParseFailure`` with the location of the first error.
    static func parse(_ bytes: [UInt8]) throws(XMLParseFailure) -> XMLElementNode {
        setUp
        guard bytes.count < Int(Int32.max) else {
            throw XMLParseFailure(message: "the file is too large to be a data model", location: nil)
        }
        if let encoding = DeclaredEncoding(in: bytes), !encoding.isSupported {
            throw XMLParseFailure(
                message: "the XML declaration names the encoding \"\(encoding.name)\"; a data model is UTF-8 (as Xcode writes it), UTF-16, US-ASCII or ISO-8859-1",
                location: encoding.location)
        }
        let builder = XMLTreeBuilder(bytes: bytes)
        let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard let parser = xmlCreateMemoryParserCtxt(start, Int32(buffer.count)) else { return false }
            defer { xmlFreeParserCtxt(parser) }
            parser.pointee.sax.pointee = SAXCallbacks.handler()
            parser.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
            _ = xmlCtxtUseOptions(parser, options)
            let status = withExtendedLifetime(builder) { xmlParseDocument(parser) }
            if let document = parser.pointee.myDoc {
                xmlFreeDoc(document)
                parser.pointee.myDoc = nil
            }
            return status == 0 && parser.pointee.wellFormed != 0
        }
        if let failure = builder.failure {
            throw failure
        }
        guard parsed, let root = builder.root else {
            throw XMLParseFailure(message: bytes.isEmpty ? "the file is empty" : "malformed XML", location: nil)
        }
        return root
    }
}
