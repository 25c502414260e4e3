import Foundation
import Mustache
import ModelGenerator
import Testing

/// The templates' lookups (`child(named:)`) and the JSON of `dump-context` name the same fields.
@Suite("View model: template lookups match the JSON fields")
struct ViewModelLookupTests {
    @Test("Every JSON key of every object in the GitHub view model resolves in templates")
    func lookupsCoverJSON() throws {
        let (context, _) = try ModelGeneration(options: GenerationOptions()).viewModel(path: TestModels.example("GitHub"))
        let model = try #require(context)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(model))
        var missing: [String] = []
        Self.check(json, against: model, path: "model", missing: &missing)
        #expect(missing == [])
    }

    /// Walks JSON objects alongside the values `child(named:)` returns.
    private static func check(_ json: Any, against value: Any, path: String, missing: inout [String]) {
        if let object = json as? [String: Any], let parent = value as? MustacheParent {
            for (key, child) in object {
                guard let resolved = parent.child(named: key) else {
                    if !(child is NSNull) { missing.append("\(path).\(key)") }
                    continue
                }
                check(child, against: resolved, path: "\(path).\(key)", missing: &missing)
            }
        } else if let array = json as? [Any], let values = value as? [Any] {
            for (index, pair) in zip(array, values).enumerated() {
                check(pair.0, against: pair.1, path: "\(path)[\(index)]", missing: &missing)
            }
        }
    }
}
