import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Differences the randomized differential queries found between SQL and the evaluator, kept as plain tests.
@Suite struct SQLiteDifferentialRegressionTests {
    /// A double meets a decimal as doubles on both sides: a huge double column against a decimal operand
    /// (the evaluator converted 1e300 to a broken `Decimal`), and a decimal column against double operands
    /// (SQL compared the double converted to decimal text).
    @Test func doublesMeetDecimalsAsDoubles() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let huge = Band(context: context, name: "Huge")
        huge.rating = 1e300
        let album = Album(context: context, title: "Priced")
        album.price = Decimal(string: "123456789.123456789")
        try await context.save()

        func names(_ entity: String, _ predicate: StorePredicate) async throws -> Int {
            let request = StoreFetchRequest(entityName: entity, predicate: predicate)
            let fromStore = try await store.fetch(request).count
            let evaluated = try CompiledPredicate(predicate, entity: try #require(MusicModel.model.schema.entity(named: entity)),
                                                  model: MusicModel.model.schema)
            struct Values: ObjectResolver {
                let values: [AttributeValue]
                func value(of object: Int, attributeAt index: Int) -> AttributeValue { values[index] }
                func destination(of object: Int, toOneAt index: Int) -> Int? { nil }
                func destinations(of object: Int, toManyAt index: Int) -> [Int] { [] }
            }
            let object: ManagedObject = entity == "Band" ? huge : album
            let values = Values(values: object.entity.attributes.indices.map { object.attributeValue(at: $0) })
            #expect(fromStore == (evaluated.evaluate(0, resolver: values) ? 1 : 0), "\(predicate)")
            return fromStore
        }
        #expect(try await names("Band", .compare(["rating"], .greater, .decimal(Decimal(string: "-3.25")!))) == 1)
        let nearest = NSDecimalNumber(decimal: Decimal(string: "123456789.123456789")!).doubleValue
        #expect(try await names("Album", .compare(["price"], .equal, .double(nearest))) == 1)
        #expect(try await names("Album", .compare(["price"], .notEqual, .double(nearest))) == 0)
        #expect(try await names("Album", .isIn(["price"], [.decimal(7), .double(nearest)])) == 1)
        #expect(try await names("Album", .isIn(["price"], [.decimal(7), .double(1)])) == 0)
    }
}
