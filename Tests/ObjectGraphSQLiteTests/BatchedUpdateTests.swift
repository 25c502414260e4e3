import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Long runs of updates of one shape go to SQLite as `UPDATE … FROM (VALUES …)` batches of 128 rows and
/// the rest one row each; the stored result and the errors are those of one-row updates.
@Suite struct BatchedUpdateTests {
    private let model = MusicModel.model.schema

    private func band(_ name: String) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Band"), entityName: "Band",
                 values: [.string(name), .null, .double(1), .bool(true), .null], toOneIDs: [nil, nil])
    }

    private func album(_ title: String, band: AnyObjectID?) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Album"), entityName: "Album",
                 values: [.string(title), .integer(2000), .null, .null, .bool(false), .null], toOneIDs: [band])
    }

    private func formed(_ id: AnyObjectID, _ year: Int64) -> UpdatedObject {
        UpdatedObject(id: id, entityName: "Band", attributes: [AttributeChange(index: 1, value: .integer(year))], toOnes: [])
    }

    private func bands(_ count: Int, in store: SQLiteStore) async throws -> [AnyObjectID] {
        try await store.save(ChangeSet(inserted: (0..<count).map { band("band \($0)") }))
    }

    @Test func batchesAndTheRowsAfterThemWriteEachObjectsValuesAndToOnes() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let bandIDs = try await bands(300, in: store)
        let albumIDs = try await store.save(ChangeSet(inserted: (0..<300).map { album("album \($0)", band: nil) }))
        let rating = { (value: Double) in AttributeChange(index: 2, value: .double(value)) }
        var updates = bandIDs.enumerated().map { formed($1, 1900 + Int64($0)) }
        updates[150] = UpdatedObject(id: bandIDs[150], entityName: "Band", attributes: [rating(7.5)], toOnes: [])
        updates += albumIDs.enumerated().map { offset, id in
            UpdatedObject(id: id, entityName: "Album", attributes: [AttributeChange(index: 1, value: .integer(1950 + Int64(offset % 100)))],
                          toOnes: [ToOneChange(relationshipIndex: 0, destination: bandIDs[offset])])
        }
        _ = try await store.save(ChangeSet(updated: updates))

        let storedBands = try await store.snapshots(for: bandIDs)
        #expect(storedBands.map { $0.values[1] } == bandIDs.indices.map { $0 == 150 ? .null : .integer(1900 + Int64($0)) })
        #expect(storedBands.map { $0.values[2] } == bandIDs.indices.map { $0 == 150 ? .double(7.5) : .double(1) })
        let storedAlbums = try await store.snapshots(for: albumIDs)
        #expect(storedAlbums.map { $0.values[1] } == albumIDs.indices.map { .integer(1950 + Int64($0 % 100)) })
        #expect(storedAlbums.map(\.toOneIDs) == bandIDs.map { [$0] })
    }

    /// A row missing from a batch (or from the rows after it) fails the save as `objectNotFound` naming
    /// that object, and none of the save's updates stays.
    @Test(arguments: [0, 77, 127, 128, 255, 280]) func aMissingObjectInABatchIsNotFoundAndNothingStays(at position: Int) async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        var ids = try await bands(300, in: store)
        let missing = AnyObjectID(entityName: "Band", key: .integer(9_999))
        ids[position] = missing
        await #expect(throws: ObjectGraphError.objectNotFound(missing)) {
            try await store.save(ChangeSet(updated: ids.map { formed($0, 2000) }))
        }
        let stored = try await store.fetch(StoreFetchRequest(entityName: "Band"))
        #expect(stored.count == 300)
        #expect(stored.allSatisfy { $0.values[1] == .null })
    }

    /// A constraint broken by one row of a batch names that row's object, and nothing of the save stays.
    @Test(arguments: [0, 64, 127, 200]) func aUniquenessViolationInABatchNamesTheObject(at position: Int) async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let ids = try await bands(300, in: store)
        let taken = try #require(try await store.save(ChangeSet(inserted: [band("Low")])).first)
        let updates = ids.enumerated().map { offset, id in
            UpdatedObject(id: id, entityName: "Band",
                          attributes: [AttributeChange(index: 0, value: .string(offset == position ? "Low" : "renamed \(offset)"))], toOnes: [])
        }
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Band", properties: ["name"], values: [.string("Low")], object: ids[position])) {
            try await store.save(ChangeSet(updated: updates))
        }
        let stored = try await store.snapshots(for: ids + [taken])
        #expect(stored.map { $0.values[0] } == (0..<300).map { .string("band \($0)") } + [.string("Low")])
    }
}
