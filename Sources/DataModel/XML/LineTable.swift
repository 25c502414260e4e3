/// Maps byte offsets of a document to 1-based line and column numbers.
struct LineTable: Sendable {
    private let lineStarts: [Int]

    /// Indexes the line breaks of `bytes` (LF, CR LF and lone CR all end a line).
    init(_ bytes: [UInt8]) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                let isCRLF = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
                if isCRLF { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The location of the byte at `offset`.
    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
