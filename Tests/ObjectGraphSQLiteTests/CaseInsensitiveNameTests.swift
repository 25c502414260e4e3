import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Found by the property round trips: SQLite compares column and table names without case, so a model
/// whose properties differ only in case (`type` and `Type`, both legal in Core Data) failed to open with
/// "duplicate column name", and two such to-manys would have shared one link table.
@Suite struct CaseInsensitiveNameTests {
    static let schema = ModelDescription(name: "Cases", entities: [
        EntityDescription(
            name: "Thing",
            attributes: [
                AttributeDescription(name: "type", type: .integer64),
                AttributeDescription(name: "Type", type: .string),
            ],
            relationships: [
                RelationshipDescription(name: "fields", destination: "Thing", isToMany: true),
                RelationshipDescription(name: "Fields", destination: "Thing", isToMany: true),
                RelationshipDescription(name: "owner", destination: "Thing"),
                RelationshipDescription(name: "Owner", destination: "Thing"),
            ]),
    ])

    @Test func propertiesDifferingOnlyInCaseKeepTheirOwnValues() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: Self.schema)
        let model = ManagedObjectModel(schema: Self.schema, objectClass: PropertyObject.self)
        let writer = try ObjectContext(store: store, model: model)
        let first = try writer.insertObject(ofEntity: "Thing")
        let second = try writer.insertObject(ofEntity: "Thing")
        try first.setAttributeValue(.integer(7), at: 0)
        try first.setAttributeValue(.string("seven"), at: 1)
        first.add(second, toManyAt: 0)
        first.add(first, toManyAt: 1)
        first.set(second, toOneAt: 2)
        first.set(first, toOneAt: 3)
        try await writer.save()

        let snapshot = try #require(try await store.snapshots(for: [first.objectID]).first)
        #expect(Array(snapshot.values) == [.integer(7), .string("seven")])
        #expect(Array(snapshot.toOneIDs) == [second.objectID, first.objectID])
        #expect(try await store.relatedIDs(for: "fields", of: "Thing", ids: [first.objectID])[first.objectID] == [second.objectID])
        #expect(try await store.relatedIDs(for: "Fields", of: "Thing", ids: [first.objectID])[first.objectID] == [first.objectID])
    }
}
