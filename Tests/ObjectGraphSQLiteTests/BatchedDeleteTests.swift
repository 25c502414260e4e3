import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// A save's deletes go to SQLite table by table as `DELETE … IN (…)` batches of 128 keys and the rest one
/// row each, as do the deletes of their link rows; the stored result and the errors are those of one-row
/// deletes.
@Suite struct BatchedDeleteTests {
    private let model = MusicModel.model.schema
    /// `Band.influences`, a many-to-many of bands stored in a link table.
    private let influences = 3

    private func band(_ name: String) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Band"), entityName: "Band",
                 values: [.string(name), .null, .double(1), .bool(true), .null], toOneIDs: [nil, nil])
    }

    private func podcast(_ title: String) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Podcast"), entityName: "Podcast",
                 values: [.string(title), .null, .integer(1), .null, .null, .uuid(UUID())], toOneIDs: [])
    }

    private func audiobook(_ title: String) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Audiobook"), entityName: "Audiobook", values: [.string(title), .null, .null], toOneIDs: [])
    }

    /// 300 bands, band `i` influencing bands `i + 1` and `i + 3` (modulo 300).
    private func linkedBands(in store: SQLiteStore) async throws -> [AnyObjectID] {
        let ids = try await store.save(ChangeSet(inserted: (0..<300).map { band("band \($0)") }))
        _ = try await store.save(ChangeSet(toManyChanges: ids.indices.map { index in
            ToManyChange(ownerID: ids[index], entityName: "Band", relationshipIndex: influences,
                         added: [ids[(index + 1) % 300], ids[(index + 3) % 300]], removed: [])
        }))
        return ids
    }

    @Test func batchesDeleteTheNamedRowsOfEveryTableAndTheLinksThatNameThem() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let bands = try await linkedBands(in: store)
        let podcasts = try await store.save(ChangeSet(inserted: (0..<150).map { podcast("podcast \($0)") }))
        let audiobooks = try await store.save(ChangeSet(inserted: (0..<150).map { audiobook("book \($0)") }))
        // Bands, podcasts and audiobooks alternate in the change set; the last two share the Media table.
        let goneBands = bands.indices.filter { $0 % 3 != 2 }.map { DeletedObject(id: bands[$0], entityName: "Band") }
        let goneMedia = (0..<150).filter { $0 % 5 != 0 }.flatMap {
            [DeletedObject(id: podcasts[$0], entityName: "Podcast"), DeletedObject(id: audiobooks[$0], entityName: "Audiobook")]
        }
        let deleted = (0..<max(goneBands.count, goneMedia.count)).flatMap { index in
            [goneBands, goneMedia].compactMap { $0.indices.contains(index) ? $0[index] : nil }
        }
        _ = try await store.save(ChangeSet(deleted: deleted))

        let kept = bands.indices.filter { $0 % 3 == 2 }
        #expect(Set(try await store.fetch(StoreFetchRequest(entityName: "Band")).map(\.id)) == Set(kept.map { bands[$0] }))
        let keptMedia = (0..<150).filter { $0 % 5 == 0 }.flatMap { [podcasts[$0], audiobooks[$0]] }
        #expect(Set(try await store.fetch(StoreFetchRequest(entityName: "Media")).map(\.id)) == Set(keptMedia))
        // Band `i` kept its link to `i + 3` (kept too) and lost the one to `i + 1`; `i - 1` and its link went.
        let influenced = try await store.relatedIDs(for: "influences", of: "Band", ids: bands)
        let influencedBy = try await store.relatedIDs(for: "influencedBy", of: "Band", ids: bands)
        for index in kept {
            #expect(influenced[bands[index]] == [bands[(index + 3) % 300]], "band \(index)")
            #expect(influencedBy[bands[index]] == [bands[(index + 297) % 300]], "band \(index)")
        }
        for index in bands.indices where index % 3 != 2 {
            #expect(influenced[bands[index]] ?? [] == [], "band \(index)")
            #expect(influencedBy[bands[index]] ?? [] == [], "band \(index)")
        }
    }

    /// A key missing from a batch (or from the rows after it), or named twice, fails the save as
    /// `objectNotFound` naming that object, and nothing of the save stays: no row, no link row.
    @Test(arguments: [0, 77, 127, 128, 255, 280, 299]) func aMissingObjectInABatchIsNotFoundAndNothingStays(at position: Int) async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let bands = try await linkedBands(in: store)
        let before = try await store.relatedIDs(for: "influences", of: "Band", ids: bands)
        for missing in [AnyObjectID(entityName: "Band", key: .integer(9_999)), bands[(position + 1) % 300]] {
            var named = bands
            named[position] = missing
            await #expect(throws: ObjectGraphError.objectNotFound(missing)) {
                try await store.save(ChangeSet(deleted: named.map { DeletedObject(id: $0, entityName: "Band") }))
            }
            #expect(try await store.fetch(StoreFetchRequest(entityName: "Band")).count == 300)
            #expect(try await store.relatedIDs(for: "influences", of: "Band", ids: bands) == before)
        }
    }
}
