import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

@Suite struct InMemoryStoreTests {
    private let store = InMemoryStore(model: MusicModel.model.schema)

    private func tag(_ name: String) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Tag"), entityName: "Tag", values: [.string(name)], toOneIDs: [])
    }

    @Test func savesAssignPermanentIntegerKeysPerRootEntity() async throws {
        let first = tag("a")
        let second = tag("b")
        let ids = try await store.save(ChangeSet(inserted: [first, second]))
        #expect(ids == [AnyObjectID(entityName: "Tag", key: .integer(1)), AnyObjectID(entityName: "Tag", key: .integer(2))])
        let snapshots = try await store.fetch(StoreFetchRequest(entityName: "Tag", sortDescriptors: [SortExpression(["name"], ascending: false)]))
        #expect(snapshots.map(\.values) == [[.string("b")], [.string("a")]])
        #expect(try await store.count(StoreFetchRequest(entityName: "Tag", limit: 5, offset: 1)) == 1)
    }

    @Test func inconsistentChangeSetsChangeNothing() async throws {
        let good = tag("kept-out")
        let missing = AnyObjectID(entityName: "Tag", key: .integer(99))
        await #expect(throws: ObjectGraphError.objectNotFound(missing)) {
            _ = try await store.save(ChangeSet(inserted: [good], updated: [
                UpdatedObject(id: missing, entityName: "Tag", attributes: [AttributeChange(index: 0, value: .string("x"))], toOnes: []),
            ]))
        }
        let stranger = AnyObjectID.temporary(entityName: "Track")
        await #expect(throws: ObjectGraphError.self) {
            _ = try await store.save(ChangeSet(inserted: [good], toManyChanges: [
                ToManyChange(ownerID: good.id, entityName: "Tag", relationshipIndex: 0, added: [stranger], removed: []),
            ]))
        }
        await #expect(throws: ObjectGraphError.unknownEntity("Nope")) {
            _ = try await store.save(ChangeSet(inserted: [Snapshot(id: .temporary(entityName: "Nope"), entityName: "Nope", values: [], toOneIDs: [])]))
        }
        await #expect(throws: ObjectGraphError.self) {
            _ = try await store.save(ChangeSet(inserted: [Snapshot(id: .temporary(entityName: "Tag"), entityName: "Tag", values: [], toOneIDs: [])]))
        }
        #expect(try await store.count(StoreFetchRequest(entityName: "Tag")) == 0)
    }

    @Test func unknownNamesAreTypedErrors() async throws {
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Tag", property: "colour")) {
            _ = try await store.relatedIDs(for: "colour", of: "Tag", ids: [])
        }
        await #expect(throws: ObjectGraphError.unknownEntity("Nope")) {
            _ = try await store.fetch(StoreFetchRequest(entityName: "Nope"))
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Tag", property: "colour")) {
            _ = try await store.fetch(StoreFetchRequest(entityName: "Tag", predicate: .compare(["colour"], .equal, .null)))
        }
    }
}
