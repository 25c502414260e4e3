import DataModel

/// Maps a position inside a predicate string to a line and column of the model file, so errors point at
/// the offending key inside `predicateString="..."`.
struct PredicateLocator {
    /// The text of the model's `contents` file (nil when it could not be read), split into lines only
    /// when an error needs one.
    let text: String?

    /// A locator over the text of the model file.
    init(text: String?) {
        self.text = text
    }

    /// The file location of `location` in the predicate of `template`; the template's own location when
    /// the attribute is not on the element's first line or the predicate spans lines.
    func location(of location: PredicateLocation, in template: FetchRequestTemplate) -> SourceLocation {
        let fallback = template.location
        guard location.line == 1, fallback.line >= 1, let text else { return fallback }
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard fallback.line <= lines.count else { return fallback }
        let line = Array(lines[fallback.line - 1])
        let marker = Array("predicateString=\"".utf8)
        guard let start = Self.firstIndex(of: marker, in: line) else { return fallback }
        var index = start + marker.count
        var decoded = 0
        while decoded < location.column - 1, index < line.count, line[index] != UInt8(ascii: "\"") {
            if line[index] == UInt8(ascii: "&"), let end = line[index...].firstIndex(of: UInt8(ascii: ";")) {
                index = end + 1
            } else {
                index += 1
            }
            decoded += 1
        }
        return SourceLocation(line: fallback.line, column: index + 1)
    }

    private static func firstIndex(of marker: [UInt8], in line: [UInt8]) -> Int? {
        guard line.count >= marker.count else { return nil }
        return (0...(line.count - marker.count)).first { line[$0..<($0 + marker.count)].elementsEqual(marker) }
    }
}
