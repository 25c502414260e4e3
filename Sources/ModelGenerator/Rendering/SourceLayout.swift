/// Blank-line clean-up of rendered source, so templates can separate blocks generously.
enum SourceLayout {
    private static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")

    /// `text` without blank lines after an opening brace or before a closing one, without runs of blank
    /// lines, and with exactly one final newline.
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // At most one byte longer than the input: the final newline of a text that lacks one.
            String(unsafeUninitializedCapacity: bytes.count + 1) { output in tidy(bytes, into: output) }
        }
    }

    /// Writes the tidied `input` into `output`, one line at a time; returns the number of bytes written.
    private static func tidy(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        var pendingBlank = false
        var lastByte: UInt8?
        var lineStart = 0
        while lineStart <= input.count {
            let lineEnd = input[lineStart...].firstIndex(of: newline) ?? input.count
            defer { lineStart = lineEnd + 1 }
            guard let first = input[lineStart..<lineEnd].first(where: { $0 != space }) else {
                pendingBlank = lastByte != nil
                continue
            }
            if pendingBlank, lastByte != openBrace, first != closeBrace {
                output[written] = newline
                written += 1
            }
            pendingBlank = false
            let line = UnsafeBufferPointer(rebasing: input[lineStart..<lineEnd])
            _ = UnsafeMutableBufferPointer(rebasing: output[written...]).initialize(from: line)
            written += line.count
            output[written] = newline
            written += 1
            lastByte = input[lineEnd - 1]
        }
        if written == 0 {
            output[0] = newline
            written = 1
        }
        return written
    }
}
