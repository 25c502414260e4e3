#if PostgreSQL
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// The SQLite store's query cases against PostgreSQL: every native predicate and sort gives exactly the
/// InMemoryStore's answer (snapshots, order, counts), row for row.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresTranslationTests {
    @Test(arguments: TranslationCase.predicates + TranslationCase.sorted)
    func sameAnswerAsInMemory(_ testCase: TranslationCase) async throws {
        let (memory, postgres) = try await TestDatabase.storePair()
        let model = MusicModel.model.schema
        if let predicate = testCase.request.predicate, let entity = model.entity(named: testCase.request.entityName),
           !postgres.capabilities.canEvaluate(predicate, on: entity, in: model) {
            // Declared not native (diacritic-insensitive): the store refuses it and the context evaluates it.
            await #expect(throws: ObjectGraphError.self) { try await postgres.fetch(testCase.request) }
            let memoryIDs = try await contextIDs(of: entity.name, predicate, in: memory)
            #expect(try await contextIDs(of: entity.name, predicate, in: postgres) == memoryIDs)
            #expect(!memoryIDs.isEmpty)
            return
        }
        #expect(try await postgres.fetch(testCase.request) == memory.fetch(testCase.request))
        #expect(try await postgres.count(testCase.request) == memory.count(testCase.request))
    }

    /// The IDs a context fetches from `store` for `predicate` on the entity called `entityName`.
    private func contextIDs(of entityName: String, _ predicate: StorePredicate, in store: any PersistentStore) async throws -> [AnyObjectID] {
        let context = try ObjectContext(store: store, model: MusicModel.model)
        switch entityName {
        case "Band": return try await context.fetch(FetchRequest<Band.Fields>(where: FetchPredicate(predicate))).map(\.objectID)
        case "Album": return try await context.fetch(FetchRequest<Album.Fields>(where: FetchPredicate(predicate))).map(\.objectID)
        case "Track": return try await context.fetch(FetchRequest<Track.Fields>(where: FetchPredicate(predicate))).map(\.objectID)
        default:
            Issue.record("no typed request for \(entityName)")
            return []
        }
    }
}
#endif
