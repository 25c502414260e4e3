import CFuzzer
import DataModel
import Foundation
import ModelGenerator

/// The fixed model whose fetch request templates get each input (`Tests/Fuzz/Models/Fuzz.xcdatamodel`:
/// every attribute type, to-one and to-many relationships, an inheritance hierarchy).
enum Fixture {
    static let baseModel: Model = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fuzz/Models/Fuzz.xcdatamodel").path
        do {
            return try ModelReader().read(path: path).model
        } catch {
            fatalError("the fixed model does not read: \(error)")
        }
    }()

    static let builder = ViewModelBuilder()
}

/// One input: an NSPredicate-format string. It is parsed as a predicate and as an expression, then
/// translated as the predicate of a fetch request template on each entity of the fixed model.
func fuzzPredicateFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? PredicateFormatParser.parsePredicate(text)
    _ = try? PredicateFormatParser.parseExpression(text)
    var model = Fixture.baseModel
    model.fetchRequests = model.entities.map { entity in
        var template = FetchRequestTemplate(name: "Fuzz\(entity.name)", entityName: entity.name, location: model.location)
        template.predicateString = text
        return template
    }
    _ = Fixture.builder.build(model, modelName: "Fuzz", modelFileName: "Fuzz.xcdatamodel", path: "fuzz/contents")
    return 0
}

/// The entry point libFuzzer knows by name.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzPredicateFormat(data, size)
}

// libFuzzer's driver runs the inputs (SwiftPM's `main` would hide libFuzzer's own `main`).
var arguments = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argv, { data, size in testOneInput(data, size) }))
