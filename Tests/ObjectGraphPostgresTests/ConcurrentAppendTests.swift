#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Two saves appending members to the same owner's ordered to-many at once give every member a position
/// of its own: the first is held (``SaveGate``) after it read the list's last position and wrote its
/// member's, the second appends another member, and the first goes on once the second waits or ended.
/// Each case gave both new members the same position while the position statements read the list's
/// last position without a lock, and again when the stores' role ran transactions at `repeatable read`
/// (its `default_transaction_isolation`) while a save began with a plain `BEGIN`: the position read after
/// the owner lock came from the save's first snapshot.
@MainActor @Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresConcurrentAppendTests {
    typealias M = VersionedModels

    /// Albums with an ordered one-to-many of tracks (a position column) and an ordered many-to-many of
    /// tags (a link table).
    static let model = M.model(
        EntityDescription(name: "Album", attributes: [M.attribute("title", .string)], relationships: [
            M.toMany("songs", "Track", inverse: "album", ordered: true), M.toMany("tags", "Tag", inverse: "albums", ordered: true),
        ]),
        EntityDescription(name: "Track", attributes: [M.attribute("n", .integer16)], relationships: [M.toOne("album", "Album", inverse: "songs")]),
        EntityDescription(name: "Tag", attributes: [M.attribute("label", .string)], relationships: [M.toMany("albums", "Album", inverse: "tags")]))

    /// Which ordered to-many the saves append to.
    enum List: CaseIterable, CustomTestStringConvertible {
        case oneToMany, manyToMany
        var testDescription: String { self == .oneToMany ? "an ordered one-to-many" : "an ordered many-to-many" }
        var relationship: String { self == .oneToMany ? "songs" : "tags" }
        var memberEntity: String { self == .oneToMany ? "Track" : "Tag" }
    }

    /// What each save's change carries: the appended member alone (as a change set may), or also the order
    /// its context saw, the list it had read and the new member (as a context sends it).
    enum Order: CaseIterable, CustomTestStringConvertible {
        case appendedOnly, contextOrder
        var testDescription: String { self == .appendedOnly ? "the appended member" : "the order the context saw" }
    }

    @Test(arguments: List.allCases, Order.allCases)
    func concurrentAppendsGiveEachMemberItsOwnPosition(_ list: List, _ order: Order) async throws {
        try await appendConcurrently(to: list, order, as: nil)
    }

    /// A role whose transactions run at `repeatable read` unless they name a level changes nothing: the
    /// saves begin at `read committed`.
    @Test(arguments: List.allCases, Order.allCases)
    func concurrentAppendsOfARoleAtRepeatableReadGiveEachMemberItsOwnPosition(_ list: List, _ order: Order) async throws {
        try await appendConcurrently(to: list, order, as: try await TestDatabase.role(defaultIsolation: "repeatable read"))
    }

    /// Races two saves, of stores connecting as `username` when given, each appending a member to `list`
    /// of one album, and expects distinct positions.
    private func appendConcurrently(to list: List, _ order: Order, as username: String?) async throws {
        let schema = try MigrationSchema()
        // Album 0 lists member 1 (track or tag); members 2 and 3 are appended, one by each save. The tracks
        // name the album already, so the first change a save makes is its member's position, after it read
        // the list's last one, and the gate holds it there.
        let member: MigrationSchema.Seed = list == .oneToMany
            ? .init(entity: "Track", values: ["n": .integer(0)], toOnes: ["album": 0]) : .init(entity: "Tag", values: ["label": .string("x")])
        let keys = try await schema.create(Self.model, [
            .init(entity: "Album", values: ["title": .string("A")], toManys: [list.relationship: [1]]), member, member, member,
        ])
        let album = AnyObjectID(entityName: "Album", key: .integer(keys[0]))
        let members = keys[1...3].map { AnyObjectID(entityName: list.memberEntity, key: .integer($0)) }
        func appending(_ member: AnyObjectID) -> ChangeSet {
            ChangeSet(toManyChanges: [ToManyChange(ownerID: album, entityName: "Album", relationshipIndex: list == .oneToMany ? 0 : 1,
                                                   added: [member], removed: [], orderedIDs: order == .contextOrder ? [members[0], member] : nil)])
        }
        let first = try await SessionStore.make(prefix: "og_append_a_", schema: schema.name, username: username, model: Self.model)
        let second = try await SessionStore.make(prefix: "og_append_b_", schema: schema.name, username: username, model: Self.model)
        defer { first.store.close(); second.store.close() }

        let gate = try await SaveGate.install(schema: schema.name, application: first.application)
        let (a, b) = try await gate.race({ _ = try await first.store.save(appending(members[1])) }, then: second.application, {
            _ = try await second.store.save(appending(members[2]))
        })
        #expect(throws: Never.self) { try a.get() }
        #expect(throws: Never.self) { try b.get() }
        let positions = try await schema.column(list == .oneToMany
            ? "SELECT \"album_position\" FROM \"Track\" ORDER BY \"_pk\""
            : "SELECT \"a_pos\" FROM \"\(try await linkTable(in: schema))\" ORDER BY \"b\"")
        #expect(Set(positions).count == 3, "positions of the members 0, 1, 2 in key order: \(positions)")
        let stored = try await first.store.relatedIDs(for: list.relationship, of: "Album", ids: [album])[album]
        #expect(Set(stored ?? []) == Set(members) && stored?.first == members[0])
    }

    /// The name of the schema's only link table.
    private func linkTable(in schema: MigrationSchema) async throws -> String {
        try #require(try await schema.column(
            "SELECT table_name FROM information_schema.columns WHERE table_schema = '\(schema.name)' AND column_name = 'a_pos'").first)
    }
}
#endif
