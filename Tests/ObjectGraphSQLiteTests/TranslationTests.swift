import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Every native predicate and sort gives exactly the InMemoryStore's answer (snapshots, order, counts).
@Suite struct TranslationTests {
    @Test(arguments: TranslationCase.predicates + TranslationCase.sorted)
    func sameAnswerAsInMemory(_ testCase: TranslationCase) async throws {
        let (memory, sqlite) = try await TestData.storePair()
        let sqliteSnapshots = try await sqlite.fetch(testCase.request)
        let memorySnapshots = try await memory.fetch(testCase.request)
        #expect(sqliteSnapshots == memorySnapshots.map(\.unversioned))
        #expect(try await sqlite.count(testCase.request) == memory.count(testCase.request))
    }

    @Test func casesAreNotTrivial() async throws {
        let (memory, _) = try await TestData.storePair()
        var informative = 0
        for testCase in TranslationCase.predicates {
            let all = try await memory.count(StoreFetchRequest(entityName: testCase.request.entityName))
            let matching = try await memory.count(testCase.request)
            if matching > 0 && matching < all { informative += 1 }
        }
        #expect(informative >= TranslationCase.predicates.count * 3 / 4)
    }

    @Test func everyNativeCaseIsDeclaredNative() async throws {
        let (_, sqlite) = try await TestData.storePair()
        let model = MusicModel.model.schema
        for testCase in TranslationCase.predicates {
            guard let predicate = testCase.request.predicate, let entity = model.entity(named: testCase.request.entityName) else { continue }
            #expect(sqlite.capabilities.canEvaluate(predicate, on: entity, in: model), "\(testCase.name)")
        }
    }

    @Test func notNativeFormsAreDeclaredAndEvaluatedByTheContext() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        let model = MusicModel.model.schema
        let album = try #require(model.entity(named: "Album"))
        let matches = StorePredicate.string(["title"], .matches, "[A-Z][a-z]+ [A-Z].*")
        #expect(!sqlite.capabilities.canEvaluate(matches, on: album, in: model))
        #expect(!sqlite.capabilities.canSort([SortExpression(["price"])], on: album, in: model))
        await #expect(throws: ObjectGraphError.self) { try await sqlite.fetch(StoreFetchRequest(entityName: "Album", predicate: matches)) }

        var titles: [[String]] = []
        for store in [memory, sqlite] as [any PersistentStore] {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            let request = FetchRequest<Album.Fields>(
                where: FetchPredicate(matches) && \.year > 1990, sortedBy: [.ascending(\.price), .ascending(\.title)])
            titles.append(try await context.fetch(request).map(\.title))
        }
        #expect(titles[0] == titles[1])
        #expect(!titles[0].isEmpty)
    }
}
