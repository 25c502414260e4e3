#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Values and identifiers never reach SQL text unbound or unquoted: a model whose entity, attribute and
/// relationship names are made of quotes, semicolons and `$1`, holding such values, saves, reads, filters,
/// sorts, updates and deletes exactly, and the database keeps every other table.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresInjectionTests {
    static let owner = #"Ow"ner'; DROP TABLE "og_metadata"; --$1"#
    static let item = #"It'em"; DELETE FROM "Owner"; $1"#
    static let title = #"ti"tle'; $1; --"#
    static let rank = #"$1"#
    static let items = #"it"ems; $2"#
    static let ownerOfItem = #"ow'ner"; --"#

    static let model = ModelDescription(name: "Hostile", entities: [
        EntityDescription(
            name: owner,
            attributes: [AttributeDescription(name: title, type: .string), AttributeDescription(name: rank, type: .integer64)],
            relationships: [RelationshipDescription(name: items, destination: item, inverse: ownerOfItem, isToMany: true)]),
        EntityDescription(
            name: item,
            attributes: [AttributeDescription(name: title, type: .string)],
            relationships: [RelationshipDescription(name: ownerOfItem, destination: owner, inverse: items)]),
    ])

    static let hostileValues = [
        #"Robert'); DROP TABLE "og_metadata"; --"#, "$1", #"""; SELECT pg_sleep(10); ""#, #"\'; $2 --"#, "E'\\x00'",
    ]

    @Test func hostileNamesAndValuesRoundTrip() async throws {
        let configuration = try TestDatabase.configuration()
        let store = try await PostgresStore(configuration: configuration, model: Self.model)
        let objectModel = ManagedObjectModel(schema: Self.model, objectClass: PropertyObject.self)
        let context = try ObjectContext(store: store, model: objectModel)
        var owners: [ManagedObject] = []
        for (rank, value) in Self.hostileValues.enumerated() {
            let owner = try context.insertObject(ofEntity: Self.owner)
            try owner.setValue(.string(value), forKey: Self.title)
            try owner.setValue(.integer(Int64(rank)), forKey: Self.rank)
            let item = try context.insertObject(ofEntity: Self.item)
            try item.setValue(.string(value + " item"), forKey: Self.title)
            item.set(owner, toOneAt: 0)
            owners.append(owner)
        }
        try await context.save()

        for value in Self.hostileValues {
            let found = try await store.fetch(StoreFetchRequest(entityName: Self.owner, predicate: .compare([Self.title], .equal, .string(value))))
            #expect(found.map { $0.values[0] } == [.string(value)])
            let items = try await store.fetch(StoreFetchRequest(
                entityName: Self.item, predicate: .compare([Self.ownerOfItem, Self.title], .equal, .string(value))))
            #expect(items.map { $0.values[0] } == [.string(value + " item")])
        }
        let sorted = try await store.fetch(StoreFetchRequest(entityName: Self.owner, sortDescriptors: [SortExpression([Self.rank], ascending: false)]))
        #expect(sorted.map { $0.values[0] } == Self.hostileValues.reversed().map { .string($0) })
        let members = try await store.relatedIDs(for: Self.items, of: Self.owner, ids: owners.map(\.objectID))
        #expect(members.values.map(\.count) == Array(repeating: 1, count: owners.count))

        try owners[0].setValue(.string("$1'; --"), forKey: Self.title)
        context.delete(owners[1])
        try await context.save()
        let reader = try ObjectContext(store: store, model: objectModel)
        let titles = try await reader.fetch(reader.fetchRequest(entityNamed: Self.owner, sortedBy: [Self.rank]))
        var read: [AttributeValue] = []
        for try await owner in titles.objects { read.append(try owner.value(forKey: Self.title)) }
        #expect(read == [.string("$1'; --")] + Self.hostileValues.dropFirst(2).map { .string($0) })
        #expect(try await store.count(StoreFetchRequest(entityName: Self.item)) == Self.hostileValues.count)

        let reopened = try await PostgresStore(configuration: configuration, model: Self.model)
        #expect(try await reopened.count(StoreFetchRequest(entityName: Self.owner)) == Self.hostileValues.count - 1)
    }
}
#endif
