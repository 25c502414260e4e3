import Foundation
import ModelGenerator
import Testing

/// Writing only what changed, removing stale owned files, and `--check`.
@Suite("Output directory: write if changed, stale files, --check")
struct OutputDirectoryTests {
    static let header = GeneratedFile.ownershipMarker + "Test.xcdatamodel. Do not edit.\n"
    let files = [
        GeneratedFile(name: "A.swift", contents: header + "struct A {}\n"),
        GeneratedFile(name: "B.swift", contents: header + "struct B {}\n"),
    ]

    @Test("A clean directory has no differences, and writing again changes nothing")
    func clean() throws {
        let directory = OutputDirectory(url: try TestModels.temporaryDirectory())
        #expect(try directory.write(files).map(\.description) == ["missing: A.swift", "missing: B.swift"])
        #expect(directory.differences(from: files) == [])
        let modified = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("A.swift").path)[.modificationDate] as? Date
        #expect(try directory.write(files) == [])
        let after = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent("A.swift").path)[.modificationDate] as? Date
        #expect(modified == after)
    }

    @Test("A stale file differs; a missing file is missing; an extra owned file is extra; others are left alone")
    func stale() throws {
        let url = try TestModels.temporaryDirectory()
        let directory = OutputDirectory(url: url)
        try directory.write(files)
        try Data((Self.header + "struct A { var changed = 1 }\n").utf8).write(to: url.appendingPathComponent("A.swift"))
        try FileManager.default.removeItem(at: url.appendingPathComponent("B.swift"))
        try Data((Self.header + "struct Old {}\n").utf8).write(to: url.appendingPathComponent("Old.swift"))
        try Data("// Written by hand.\n".utf8).write(to: url.appendingPathComponent("Mine.swift"))
        #expect(directory.differences(from: files).map(\.description) == ["differs: A.swift", "missing: B.swift", "extra: Old.swift"])
        try directory.write(files)
        #expect(directory.differences(from: files) == [])
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("Old.swift").path))
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("Mine.swift").path))
    }

    @Test("Replacing a file leaves exactly the new contents, no temporary file, and the file's mode")
    func replacement() throws {
        let url = try TestModels.temporaryDirectory()
        let directory = OutputDirectory(url: url)
        try directory.write(files)
        let changed = [GeneratedFile(name: "A.swift", contents: Self.header + "struct A { let é = \"ü\" }\n"), files[1]]
        #expect(try directory.write(changed).map(\.description) == ["differs: A.swift"])
        #expect(FileManager.default.contents(atPath: url.appendingPathComponent("A.swift").path) == Data(changed[0].contents.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["A.swift", "B.swift"])
        let mode = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent("A.swift").path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test("A file that cannot be replaced is an error naming it, and no temporary file stays behind")
    func unreplaceable() throws {
        let url = try TestModels.temporaryDirectory()
        let blocking = url.appendingPathComponent("A.swift")
        try FileManager.default.createDirectory(at: blocking, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: blocking.appendingPathComponent("inside"))
        #expect {
            try OutputDirectory(url: url).write(files)
        } throws: { error in
            "\(error)".contains(blocking.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["A.swift", "B.swift"])
    }
}
