#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Saves against a real server: quoting, typed constraint errors, all-or-nothing.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresSaveTests {
    /// Names and values made of quotes, semicolons and `$1` reach the server bound or quoted, never as SQL.
    @Test func hostileNamesAndValuesAreBoundOrQuoted() async throws {
        let hostile = "x\"; DROP TABLE \"_og_metadata\"; -- '$1 ?"
        let model = ModelDescription(name: "Hostile", entities: [
            EntityDescription(name: "Order\"; $1", attributes: [
                AttributeDescription(name: "select'; $1 --", type: .string, isIndexed: true),
                AttributeDescription(name: "group\"$2", type: .integer64),
            ], uniquenessConstraints: [["group\"$2"]]),
        ])
        let store = try await TestDatabase.store(model, schema: "og_hostile_\(UUID().uuidString.prefix(8))\"; $1")
        let id = AnyObjectID.temporary(entityName: "Order\"; $1")
        let permanentIDs = try await store.save(ChangeSet(inserted: [
            Snapshot(id: id, entityName: "Order\"; $1", values: [.string(hostile), .integer(1)], toOneIDs: []),
        ]))
        let request = StoreFetchRequest(entityName: "Order\"; $1", predicate: .and([
            .compare(["select'; $1 --"], .equal, .string(hostile)),
            .string(["select'; $1 --"], .contains, "'$1 ?"),
        ]))
        let fetched = try await store.fetch(request)
        #expect(fetched.map(\.id) == permanentIDs)
        #expect(fetched.first?.values.first == .string(hostile))
        let reopened = try await PostgresStore(configuration: store.configuration, model: model)
        #expect(try await reopened.count(StoreFetchRequest(entityName: "Order\"; $1")) == 1)
    }

    @Test func uniquenessViolationIsTypedAndNamesObjectEntityPropertyAndValue() async throws {
        let store = try await TestDatabase.store(withBandNamed: "Low")
        let second = try ObjectContext(store: store, model: MusicModel.model)
        let duplicate = Band(context: second, name: "Low")
        _ = Band(context: second, name: "Other")
        do {
            try await second.save()
            Issue.record("the save succeeded")
        } catch let ObjectGraphError.uniquenessViolation(entity, properties, values, object) {
            #expect(entity == "Band")
            #expect(properties == ["name"])
            #expect(values == [.string("Low")])
            #expect(object == duplicate.objectID)
        }
        #expect(second.hasChanges)
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 1)
    }

    @Test func valuesSwappedBetweenObjectsOfAUniqueAttributeSaveInOneSave() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let low = Band(context: context, name: "Low")
        let nirvana = Band(context: context, name: "Nirvana")
        try await context.save()
        low.name = "Nirvana"
        nirvana.name = "Low"
        try await context.save()
        let names = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
        #expect(names.map(\.id) == [nirvana.objectID, low.objectID])
    }

    @Test func aFailedSaveOfManyInsertsWritesNothingAndKeepsTheChanges() async throws {
        let store = try await TestDatabase.store(withBandNamed: "Taken")
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<1_000 { _ = Band(context: context, name: "Band \(number)") }
        _ = Band(context: context, name: "Taken")
        await #expect(throws: ObjectGraphError.self) { try await context.save() }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 1)
        #expect(context.hasChanges)
    }

    @Test func updatesWriteTheChangedValuesAndKeysComeFromTheSequenceInBlocks() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = (0..<600).map { Band(context: context, name: "Band \($0)") }
        try await context.save()
        let keys = bands.compactMap { band -> Int64? in if case .integer(let key) = band.objectID.key { key } else { nil } }
        #expect(keys == Array(1...600))
        bands[3].rating = 4.5
        try await context.save()
        let other = try ObjectContext(store: store, model: MusicModel.model)
        let fetched = try await other.fetch(FetchRequest<Band.Fields>(where: \.name == "Band 3"))
        #expect(fetched.map(\.rating) == [4.5])
    }
}
#endif
