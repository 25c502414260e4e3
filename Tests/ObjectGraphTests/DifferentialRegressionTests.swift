import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// Differences the randomized differential queries found in the evaluator, each kept as a plain test.
@Suite struct DifferentialRegressionTests {
    /// A `Float` attribute holding infinity compared with a decimal crashed converting infinity to `Decimal`.
    @Test func infiniteDoublesCompareWithDecimals() throws {
        #expect(AttributeValue.order(.double(.infinity), .decimal(10)) == .orderedDescending)
        #expect(AttributeValue.order(.decimal(10), .double(-.infinity)) == .orderedDescending)
        let model = MusicModel.model.schema
        let compiled = try CompiledPredicate(.compare(["rating"], .equal, .decimal(Decimal(string: "9.99")!)), entity: Album.entity, model: model)
        struct Row: ObjectResolver {
            func value(of object: Int, attributeAt index: Int) -> AttributeValue { .double(.infinity) }
            func destination(of object: Int, toOneAt index: Int) -> Int? { nil }
            func destinations(of object: Int, toManyAt index: Int) -> [Int] { [] }
        }
        #expect(!compiled.evaluate(0, resolver: Row()))
    }
}
