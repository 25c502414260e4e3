#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Saves larger than one of the store's statements (5,000 rows, bound as one array per column): every
/// batch is written, updates are grouped by changed columns, and a conflict or a bad value in any of them
/// fails the whole save.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresBatchTests {
    @Test func insertsAndUpdatesAcrossBatchesAndColumnGroupsWriteEveryValue() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        context.automaticallyMergesChanges = false
        let bands = (0..<5_003).map { index in
            let band = Band(context: context, name: "Band \(index)")
            band.rating = Double(index)
            band.formed = index % 5 == 0 ? nil : Int16(1_900 + index % 100)
            band.website = index % 7 == 0 ? URL(string: "https://example.com/\(index)") : nil
            return band
        }
        try await context.save()
        try await expectStored(bands, in: store)

        for (index, band) in bands.enumerated() {
            if index % 2 == 1 { band.rating = Double(index) + 0.5 }
            if index % 3 == 0 { band.isActive = false }
            if index % 11 == 0 { band.formed = nil }
        }
        try await context.save()
        try await expectStored(bands, in: store)

        let other = try ObjectContext(store: store, model: MusicModel.model)
        let stale = try #require(try await Band.first(in: other, where: \.name == "Band 4999"))
        stale.rating = -1
        try await other.save()
        for band in bands { band.rating += 1 }
        bands[10].isActive.toggle()
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected merge conflicts, got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.objectID) == [bands[4999].objectID])
        #expect(context.hasChanges)
        let stored = try await Band.first(in: try ObjectContext(store: store, model: MusicModel.model), where: \.name == "Band 10")
        #expect(stored?.rating == 10 && stored?.isActive == true)
    }

    @Test func aNullInARequiredColumnOfABatchedUpdateNamesItsObject() async throws {
        let store = try await TestDatabase.store()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let bands = (0..<3).map { Band(context: context, name: "Band \($0)") }
        try await context.save()
        let updates = bands.enumerated().map { index, band in
            UpdatedObject(id: band.objectID, entityName: "Band",
                          attributes: [AttributeChange(index: 0, value: index == 1 ? .null : .string("Renamed \(index)"))], toOnes: [])
        }
        let error = await #expect(throws: ObjectGraphError.self) {
            _ = try await store.save(ChangeSet(updated: updates))
        }
        guard case .validationFailed(let failures)? = error else {
            Issue.record("expected a validation failure, got \(String(describing: error))")
            return
        }
        #expect(failures.map(\.objectID) == [bands[1].objectID] && failures.map(\.property) == ["name"])
        #expect(try await store.count(StoreFetchRequest(entityName: "Band", predicate: .string(["name"], .beginsWith, "Renamed"))) == 0)
    }

    @Test func aValueOfAnotherTypeIsRefusedNamingEntityAttributeAndValue() async throws {
        let store = try await TestDatabase.store()
        let inserted = Snapshot(id: .temporary(entityName: "Band"), entityName: "Band",
                                values: [.string("Low"), .null, .string("five"), .bool(true), .null], toOneIDs: [nil, nil])
        await #expect(throws: ObjectGraphError.typeMismatch(entity: "Band", attribute: "rating", expected: .double, value: .string("five"))) {
            _ = try await store.save(ChangeSet(inserted: [inserted]))
        }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 0)
    }

    /// What a new context reads of `bands` equals their values in memory.
    private func expectStored(_ bands: [Band], in store: PostgresStore) async throws {
        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let stored = try await reader.fetch(FetchRequest<Band.Fields>())
        #expect(stored.count == bands.count)
        var byName: [String: Band] = [:]
        for band in stored { byName[band.name] = band }
        var mismatches = 0
        for band in bands {
            guard let read = byName[band.name], read.rating == band.rating, read.formed == band.formed,
                  read.isActive == band.isActive, read.website == band.website else {
                mismatches += 1
                continue
            }
        }
        #expect(mismatches == 0)
    }
}
#endif
