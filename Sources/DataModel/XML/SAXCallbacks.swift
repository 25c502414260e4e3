import CLibXML2
import Foundation

/// The libxml2 SAX2 callbacks that feed an ``XMLTreeBuilder``.
enum SAXCallbacks {
    /// A handler that builds the element tree, refuses any DOCTYPE and records errors silently.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = modelgen_sax2Magic()
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.internalSubset = documentType
        handler.serror = structuredError
        return handler
    }

    private static let startElement: startElementNsSAX2Func = {
        context, localName, prefix, _, _, _, attributeCount, _, attributeData in
        guard let builder = XMLTreeBuilder.from(context), let context, let localName else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        var attributes: [(name: String, value: String)] = []
        if let attributeData, attributeCount > 0 {
            attributes.reserveCapacity(Int(attributeCount))
            for index in 0..<Int(attributeCount) {
                // Five pointers per attribute: local name, prefix, URI, value start, value end.
                let base = index * 5
                guard let name = attributeData[base],
                      let start = attributeData[base + 3],
                      let end = attributeData[base + 4] else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                attributes.append((qualifiedName(name, prefix: attributeData[base + 1]), decodeAmpersands(value)))
            }
        }
        builder.startElement(
            name: qualifiedName(localName, prefix: prefix),
            attributes: attributes,
            location: builder.currentMarkupLocation(parser)
        )
    }

    private static let endElement: endElementNsSAX2Func = { context, _, _, _ in
        XMLTreeBuilder.from(context)?.endElement()
    }

    /// Model files never have a DOCTYPE; refusing it before its internal subset is read keeps
    /// entity expansion (billion laughs) and external entities out entirely.
    private static let documentType: internalSubsetSAXFunc = { context, _, _, _ in
        guard let builder = XMLTreeBuilder.from(context), let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        builder.fail(
            "a DOCTYPE declaration is not allowed in a data model (entities and DTDs are refused)",
            at: builder.currentMarkupLocation(parser)
        )
        xmlStopParser(parser)
    }

    private static let structuredError: xmlStructuredErrorFunc = { context, error in
        guard let builder = XMLTreeBuilder.from(context), let error else { return }
        let level = error.pointee.level
        guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        let line = Int(error.pointee.line)
        let column = Int(error.pointee.int2)
        builder.fail(
            "malformed XML: " + message.trimmingWhitespace(),
            at: line > 0 ? SourceLocation(line: line, column: max(column, 1)) : nil
        )
    }

    /// Without entity substitution (which stays off for safety), libxml2 hands every `&` of an
    /// attribute value back as `&#38;`. Every `&#38;` it returns stands for exactly one `&`:
    /// a literal `&` cannot appear unescaped, and undeclared entities are fatal errors.
    private static func decodeAmpersands(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
        return value.replacingOccurrences(of: "&#38;", with: "&")
    }

    private static func qualifiedName(_ local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String {
        let name = String(cString: local)
        guard let prefix else { return name }
        return String(cString: prefix) + ":" + name
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
