/// The encoding an XML declaration names (`<?xml version="1.0" encoding="UTF-8"?>`), and whether the
/// model reader takes it.
///
/// Xcode writes models in UTF-8. libxml2 reads UTF-8, UTF-16, US-ASCII and ISO-8859-1 itself and hands
/// every other name to iconv, whose stateful decoders (UTF-7, EBCDIC code pages) are several times slower
/// and can read markup out of bytes that do not look like it; a model that names one of those is refused
/// before parsing, at the encoding's location.
struct DeclaredEncoding {
    /// The name as written.
    let name: String
    /// Where the name starts.
    let location: SourceLocation

    /// The encodings read without iconv.
    static let supported: Set<String> = ["utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be", "us-ascii", "ascii", "iso-8859-1", "latin1"]

    /// Whether the reader takes this encoding.
    var isSupported: Bool { Self.supported.contains(name.lowercased()) }

    /// The encoding the XML declaration at the start of `bytes` names, if it names one. Only UTF-8 and
    /// ASCII-compatible declarations are read; a UTF-16 document's declaration is left to libxml2.
    init?(in bytes: [UInt8]) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let declaration = Array(bytes[start..<min(bytes.count, start + 512)])
        guard declaration.starts(with: Array("<?xml".utf8)),
              let end = Self.find(Array("?>".utf8), in: declaration),
              let key = Self.find(Array("encoding".utf8), in: Array(declaration[..<end])) else { return nil }
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let equals = declaration[(key + 8)..<end].firstIndex { !isSpace($0) }
        guard let equals, declaration[equals] == UInt8(ascii: "=") else { return nil }
        guard let index = declaration[(equals + 1)..<end].firstIndex(where: { !isSpace($0) }),
              declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[index]
        let valueStart = index + 1
        guard let valueEnd = declaration[valueStart..<end].firstIndex(of: quote) else { return nil }
        name = String(decoding: declaration[valueStart..<valueEnd], as: UTF8.self)
        let before = declaration[..<valueStart]
        let line = before.count { $0 == 0x0A } + 1
        let column = valueStart - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        location = SourceLocation(line: line, column: column)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
