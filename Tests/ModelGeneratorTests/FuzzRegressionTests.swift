import DataModel
import Foundation
import ModelGenerator
import Testing

/// Every input the fuzz targets of the generator (`Scripts/fuzz.sh predicate-format|url-template`) found a
/// problem with, kept in `Tests/Fuzz/Regressions/<target>/` and replayed the way the target runs it.
@Suite struct GeneratorFuzzRegressionTests {
    static func folder(_ target: String) -> URL {
        TestModels.packageRoot.appendingPathComponent("Tests/Fuzz/Regressions/\(target)")
    }

    static func inputs(_ target: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(target).path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func text(_ target: String, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder(target).appendingPathComponent(name)), as: UTF8.self)
    }

    /// The predicate parses or fails with a located error, and translates as a fetch request template on every
    /// entity of `Tests/Fuzz/Models/Fuzz.xcdatamodel` (or is reported as an error or warning there).
    @Test(arguments: inputs("predicate-format"))
    func predicateFormat(_ name: String) throws {
        let text = try Self.text("predicate-format", name)
        _ = try? PredicateFormatParser.parsePredicate(text)
        _ = try? PredicateFormatParser.parseExpression(text)
        var model = try ModelReader().read(path: TestModels.packageRoot.appendingPathComponent("Tests/Fuzz/Models/Fuzz.xcdatamodel").path).model
        model.fetchRequests = model.entities.map { entity in
            var template = FetchRequestTemplate(name: "Fuzz\(entity.name)", entityName: entity.name, location: model.location)
            template.predicateString = text
            return template
        }
        _ = ViewModelBuilder().build(model, modelName: "Fuzz", modelFileName: "Fuzz.xcdatamodel", path: "fuzz/contents")
    }

    /// A template parses into key paths that are never empty, or fails with a typed error.
    @Test(arguments: inputs("url-template"))
    func urlTemplate(_ name: String) throws {
        let text = try Self.text("url-template", name)
        guard let template = try? RESTPathTemplate(text) else { return }
        #expect(template.description == text)
        #expect(template.keyPaths.allSatisfy { !$0.isEmpty && !$0.contains("") })
    }
}
