import ModelGenerator

/// The number of lines in generated files; outside `main.swift` so that its closure is not isolated to the
/// main actor (which would check the executor once per byte).
func lineCount(of files: [GeneratedFile]) -> Int {
    files.reduce(0) { $0 + $1.contents.utf8.count { $0 == UInt8(ascii: "\n") } }
}
