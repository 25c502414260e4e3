#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// The rows a save changes besides the ones it updates and deletes come in the same (table, key) lock
/// order: an ordered to-many's members (positions), a many-to-many's link rows, and the rows an
/// `ON DELETE` action changes, and the rows whose keys it stores (which the foreign key checks lock at
/// commit). Each test holds the first of two saves after its first changed row
/// (``SaveGate``), starts the second, which touches the same rows the other way round, and lets the first
/// go on once the second waits: each of these ended in a deadlock (40P01) while those locks were taken in
/// the order of the change set or by the server's triggers.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresRelatedLockOrderTests {
    @Test func savesGivingAnOrderedToManyOppositeOrdersDoNotDeadlock() async throws {
        let (first, second) = try await Self.storePair()
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        let album = Album(context: setup, title: "Secret Name")
        let tracks = ["Immune", "Two-Step"].map { Track(context: setup, title: $0) }
        for track in tracks { album.addToTracks(track) }
        try await setup.save()
        let ids = tracks.map(\.objectID)
        func order(_ members: [AnyObjectID]) -> ChangeSet {
            ChangeSet(toManyChanges: [ToManyChange(
                ownerID: album.objectID, entityName: "Album", relationshipIndex: 1, added: [], removed: [], orderedIDs: members)])
        }

        let gate = try await SaveGate.install(schema: first.schema, application: first.application)
        let (a, b) = try await gate.race({ _ = try await first.store.save(order(ids.reversed())) }, then: second.application, {
            _ = try await second.store.save(order(ids))
        })
        #expect(throws: Never.self) { try a.get() }
        #expect(throws: Never.self) { try b.get() }
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        let stored = try #require(try await reader.object(with: album.objectID) as? Album)
        #expect(try await stored.tracks.map(\.title) == ["Immune", "Two-Step"])
    }

    /// How the two saves change a track's tags, in opposite orders.
    enum LinkChange: CaseIterable, CustomTestStringConvertible {
        case adding, removing
        var testDescription: String { self == .adding ? "adding the same links" : "removing the same links" }
    }

    @Test(arguments: LinkChange.allCases)
    func savesChangingTheSameLinksInOppositeOrdersDoNotDeadlock(_ change: LinkChange) async throws {
        let (first, second) = try await Self.storePair()
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        let album = Album(context: setup, title: "Secret Name")
        let track = Track(context: setup, title: "Immune")
        album.addToTracks(track)
        let tags = ["slowcore", "dream-pop"].map { Tag(context: setup, name: $0) }
        if change == .removing { for tag in tags { track.addToTags(tag) } }
        try await setup.save()
        let ids = tags.map(\.objectID)
        func links(_ members: [AnyObjectID]) -> ChangeSet {
            ChangeSet(toManyChanges: [ToManyChange(ownerID: track.objectID, entityName: "Track", relationshipIndex: 1,
                                                   added: change == .adding ? members : [], removed: change == .removing ? members : [])])
        }

        let gate = try await SaveGate.install(schema: first.schema, application: first.application)
        let (a, b) = try await gate.race({ _ = try await first.store.save(links(ids.reversed())) }, then: second.application, {
            _ = try await second.store.save(links(ids))
        })
        #expect(throws: Never.self) { try a.get() }
        #expect(throws: Never.self) { try b.get() }
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        let stored = try #require(try await reader.object(with: track.objectID) as? Track)
        #expect(try await stored.tags.count == (change == .adding ? 2 : 0))
    }

    @Test func aDeleteSettingReferencesToNullDoesNotDeadlockWithAnUpdateOfTheReferencingRows() async throws {
        let (first, second) = try await Self.storePair()
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        let band = Band(context: setup, name: "Low")
        let manager = Manager(context: setup, name: "Alan")
        band.setManager(manager)
        try await setup.save()
        // The first save deletes the manager alone (as a context that never loaded the band), so the
        // server sets the band's key to NULL; the second renames the band, then the manager.
        let deletion = ChangeSet(deleted: [DeletedObject(id: manager.objectID, entityName: "Manager", readVersion: 1)])
        let renames = ChangeSet(updated: [
            UpdatedObject(id: band.objectID, entityName: "Band", attributes: [AttributeChange(index: 0, value: .string("Mogwai"))],
                          toOnes: [], readVersion: 1),
            UpdatedObject(id: manager.objectID, entityName: "Manager", attributes: [AttributeChange(index: 0, value: .string("Mimi"))],
                          toOnes: [], readVersion: 1),
        ])

        let gate = try await SaveGate.install(schema: first.schema, application: first.application)
        let (a, b) = try await gate.race({ _ = try await first.store.save(deletion) }, then: second.application, {
            _ = try await second.store.save(renames)
        })
        #expect(throws: Never.self) { try a.get() }
        let error = #expect(throws: ObjectGraphError.self) { try b.get() }
        guard case .storeConflicts(let conflicts)? = error else {
            Issue.record("expected store conflicts, got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.id) == [manager.objectID])
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        #expect(try await reader.object(with: manager.objectID) == nil)
        let stored = try #require(try await reader.object(with: band.objectID) as? Band)
        #expect(stored.name == "Low")
        #expect(try await stored.manager == nil)
    }

    @Test func theForeignKeyChecksAtCommitDoNotDeadlockWithDeletesOfTheRowsTheyCheck() async throws {
        let (first, second) = try await Self.storePair()
        let setup = try ObjectContext(store: first.store, model: MusicModel.model)
        for name in ["Low", "Mogwai"] { _ = Band(context: setup, name: name) }
        try await setup.save()
        // Each save deletes one band and adds an album of the other, whose key the check at commit locks.
        func context(deleting deleted: String, on store: PostgresStore) async throws -> ObjectContext {
            let context = try ObjectContext(store: store, model: MusicModel.model)
            context.automaticallyMergesChanges = false
            let bands = try await context.fetch(Band.self)
            let album = Album(context: context, title: "by " + (try #require(bands.first { $0.name != deleted })).name)
            album.setBand(bands.first { $0.name != deleted })
            context.delete(try #require(bands.first { $0.name == deleted }))
            return context
        }
        let a = try await context(deleting: "Low", on: first.store)
        let b = try await context(deleting: "Mogwai", on: second.store)

        let gate = try await SaveGate.install(schema: first.schema, application: first.application)
        let (aResult, bResult) = try await gate.race({ try await a.save() }, then: second.application, { try await b.save() })
        #expect(throws: Never.self) { try aResult.get() }
        // The second save's album names the band the first deleted.
        let error = #expect(throws: PostgresStoreError.self) { try bResult.get() }
        guard case .server(let sqlState, _, _)? = error else {
            Issue.record("expected a server error, got \(String(describing: error))")
            return
        }
        #expect(sqlState == "23503")
        let reader = try ObjectContext(store: first.store, model: MusicModel.model)
        #expect(try await reader.fetch(Band.self).map(\.name) == ["Mogwai"])
        let album = try #require(try await reader.fetch(Album.self).first)
        #expect(try await album.band?.name == "Mogwai")
    }

    /// Two stores on one new schema, each in sessions of its own.
    private static func storePair() async throws -> (SessionStore, SessionStore) {
        let first = try await SessionStore.make(prefix: "og_related_a_")
        return (first, try await SessionStore.make(prefix: "og_related_b_", schema: first.schema))
    }
}
#endif
