#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// Entity, hierarchy, relationship, index and uniqueness steps on a PostgreSQL schema.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason), .timeLimit(.minutes(3)))
struct PostgresStructureMigrationTests {
    typealias M = VersionedModels
    let schema: MigrationSchema

    init() throws { schema = try MigrationSchema() }

    @Test func addRemoveAndRenameEntitiesKeepKeysLinksAndSequences() async throws {
        let v1 = M.model(
            EntityDescription(name: "Place", attributes: [M.attribute("name", .string)], relationships: [M.toMany("people", "Person", inverse: "place")]),
            EntityDescription(name: "Person", attributes: [M.attribute("name", .string)], relationships: [M.toOne("place", "Place", inverse: "people")]),
            EntityDescription(name: "Legacy", attributes: [M.attribute("junk", .string)]))
        let v2 = M.model(
            EntityDescription(name: "Location", attributes: [M.attribute("name", .string)], relationships: [M.toMany("people", "Person", inverse: "place")]),
            EntityDescription(name: "Person", attributes: [M.attribute("name", .string)], relationships: [M.toOne("place", "Location", inverse: "people")]),
            EntityDescription(name: "Tag", attributes: [M.attribute("label", .string)]))
        let keys = try await schema.create(v1, [
            .init(entity: "Place", values: ["name": .string("Paris")]), .init(entity: "Person", values: ["name": .string("Ann")], toOnes: ["place": 0]),
            .init(entity: "Person", values: ["name": .string("Bob")]), .init(entity: "Legacy", values: ["junk": .string("x")]),
        ])
        let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[
            .renameEntity(from: "Place", to: "Location"), .removeEntity("Legacy"), .addEntity("Tag"),
        ]])
        let store = try await schema.open(current)
        defer { store.close() }
        #expect(try await store.describedObjects("Location")[keys[0]]?["name"] == "\"Paris\"")
        let people = try await store.describedObjects("Person")
        #expect(people[keys[1]]?["place"] == "Location/\(keys[0])" && people[keys[2]]?["place"] == "nil")
        #expect(try await store.describedObjects("Tag").isEmpty)
        #expect(try await schema.column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
                == ["Location", "Person", "Tag", "_og_metadata"])
        #expect(try await schema.column("SELECT sequencename || ' ' || COALESCE(last_value, 0) FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1")
                == ["_og_seq_Location \(keys[0])", "_og_seq_Person \(keys[2])", "_og_seq_Tag 0"])
        // New objects get new keys, and the foreign key from Person to Location holds.
        let inserted = try await store.save(ChangeSet(inserted: [Snapshot(
            id: .temporary(entityName: "Person"), entityName: "Person", values: [.string("Cy")],
            toOneIDs: [AnyObjectID(entityName: "Location", key: .integer(keys[0]))])]))
        guard case .integer(let newKey)? = inserted.first?.key else { throw MigrationTestError("no key for the new person") }
        #expect(newKey > keys[2])
        #expect(try await schema.column("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid = to_regclass('\"Person\"')") == ["1"])
    }

    static let standalone = M.model(
        EntityDescription(name: "Item", attributes: [M.attribute("name", .string)]),
        EntityDescription(name: "Book", attributes: [M.attribute("title", .string, optional: false)]))
    static let merged = M.model(
        EntityDescription(name: "Item", attributes: [M.attribute("name", .string)]),
        EntityDescription(name: "Book", parent: "Item", attributes: [M.attribute("name", .string), M.attribute("title", .string, optional: false)]))

    @Test func entityGainingAndLosingAParentMovesBetweenTablesWithItsKeys() async throws {
        let keys = try await schema.create(Self.standalone, [
            .init(entity: "Item", values: ["name": .string("pen")]), .init(entity: "Book", values: ["title": .string("Emma")]),
            .init(entity: "Book", values: ["title": .string("Ulysses")]),
        ])
        #expect(keys == [1, 1, 2])
        // Keys collide (Item 1, Book 1): the merge is refused and nothing changes.
        let merge = VersionedModels.history([("1", Self.standalone), ("2", Self.merged)], stages: [[.changeParent(entity: "Book", from: nil, to: "Item")]])
        let error = try await schema.expectFailure(merge)
        guard case .stepFailed("1 → 2", _, let object, _, let reason)? = error else {
            Issue.record("expected a refused merge, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Item", key: .integer(1)) && reason.contains("share this key"))

        // Without collisions: Book's rows join Item's table, then leave it again.
        let other = try MigrationSchema()
        let bookKeys = try await other.create(Self.merged, [
            .init(entity: "Item", values: ["name": .string("pen")]), .init(entity: "Book", values: ["name": .string("b"), "title": .string("Emma")]),
        ])
        let split = VersionedModels.history([("2", Self.merged), ("3", Self.standalone)], stages: [[
            .changeParent(entity: "Book", from: "Item", to: nil),
        ]])
        let store = try await other.open(split)
        defer { store.close() }
        #expect(try await store.describedObjects("Book")[bookKeys[1]]?["title"] == "\"Emma\"")
        #expect(try await store.describedObjects("Item").keys.sorted() == [bookKeys[0]])
        #expect(try await other.column("SELECT sequencename || ' ' || last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1")
                == ["_og_seq_Book 2", "_og_seq_Item 2"])
    }

    /// To-many ↔ to-one, ordering, optionality and renames of relationships, one-to-many and many-to-many.
    @Test func relationshipStepsKeepTheirMembers() async throws {
        let v1 = M.model(
            EntityDescription(name: "Album", attributes: [M.attribute("title", .string)], relationships: [
                M.toMany("tracks", "Track", inverse: "album"), M.toMany("tags", "Tag", inverse: "albums"), M.toMany("covers", "Cover", inverse: "album"),
            ]),
            EntityDescription(name: "Track", attributes: [M.attribute("n", .integer16)], relationships: [M.toOne("album", "Album", inverse: "tracks")]),
            EntityDescription(name: "Tag", attributes: [M.attribute("label", .string)], relationships: [M.toMany("albums", "Album", inverse: "tags")]),
            EntityDescription(name: "Cover", attributes: [M.attribute("url", .string)], relationships: [M.toOne("album", "Album", inverse: "covers")]))
        let v2 = M.model(
            EntityDescription(name: "Album", attributes: [M.attribute("title", .string)], relationships: [
                M.toMany("songs", "Track", inverse: "album", ordered: true), M.toMany("tags", "Tag", inverse: "albums", ordered: true),
                M.toOne("cover", "Cover", inverse: "album"),
            ]),
            EntityDescription(name: "Track", attributes: [M.attribute("n", .integer16)], relationships: [M.toOne("album", "Album", inverse: "songs")]),
            EntityDescription(name: "Tag", attributes: [M.attribute("label", .string)], relationships: [M.toMany("albums", "Album", inverse: "tags")]),
            EntityDescription(name: "Cover", attributes: [M.attribute("url", .string)], relationships: [M.toOne("album", "Album", inverse: "cover")]))
        // Album 0 has tracks 2, 3, 4 and tags 6, 5 (added in that order); album 1 has tag 5 and cover 7.
        let keys = try await schema.create(v1, [
            .init(entity: "Album", values: ["title": .string("A")], toManys: ["tags": [6, 5]]),
            .init(entity: "Album", values: ["title": .string("B")], toManys: ["tags": [5]]),
            .init(entity: "Track", values: ["n": .integer(0)], toOnes: ["album": 0]),
            .init(entity: "Track", values: ["n": .integer(1)], toOnes: ["album": 0]),
            .init(entity: "Track", values: ["n": .integer(2)], toOnes: ["album": 0]),
            .init(entity: "Tag", values: ["label": .string("x")]), .init(entity: "Tag", values: ["label": .string("y")]),
            .init(entity: "Cover", values: ["url": .string("u")], toOnes: ["album": 1]),
        ])
        let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[
            .renameRelationship(entity: "Album", from: "tracks", to: "songs"),
            .changeRelationshipOrdering(entity: "Album", relationship: "songs", isOrdered: true),
            .changeRelationshipOrdering(entity: "Album", relationship: "tags", isOrdered: true),
            .removeRelationship(entity: "Album", relationship: "covers"), .addRelationship(entity: "Album", relationship: "cover"),
        ]])
        let store = try await schema.open(current)
        defer { store.close() }
        let albums = [AnyObjectID(entityName: "Album", key: .integer(keys[0])), AnyObjectID(entityName: "Album", key: .integer(keys[1]))]
        let songs = try await store.relatedIDs(for: "songs", of: "Album", ids: albums)
        #expect(songs[albums[0]] == keys[2...4].map { AnyObjectID(entityName: "Track", key: .integer($0)) } && songs[albums[1]] == [])
        let tags = try await store.relatedIDs(for: "tags", of: "Album", ids: albums)
        #expect(tags[albums[0]] == [keys[6], keys[5]].map { AnyObjectID(entityName: "Tag", key: .integer($0)) })
        #expect(tags[albums[1]] == [AnyObjectID(entityName: "Tag", key: .integer(keys[5]))])
        let covers = try await store.describedObjects("Cover")
        #expect(covers[keys[7]]?["album"] == "Album/\(keys[1])")
    }

    @Test func indexesAndUniquenessConstraintsChange() async throws {
        let plain = M.model(EntityDescription(name: "Country", attributes: [M.attribute("code", .integer16), M.attribute("dummy", .integer16),
                                                                            M.attribute("name", .string)],
                                              uniquenessConstraints: [["name"]]))
        let constrained = M.model(EntityDescription(name: "Country", attributes: [
            M.attribute("code", .integer16), M.attribute("dummy", .integer16), M.attribute("name", .string, indexed: true),
        ], uniquenessConstraints: [["code", "dummy"]]))
        try await schema.create(plain, [
            .init(entity: "Country", values: ["code": .integer(250), "dummy": .integer(0), "name": .string("a")]),
            .init(entity: "Country", values: ["code": .integer(250), "dummy": .integer(1), "name": .string("b")]),
        ])
        let current = VersionedModels.history([("1", plain), ("2", constrained)], stages: [[
            .removeUniquenessConstraint(entity: "Country", properties: ["name"]),
            .addUniquenessConstraint(entity: "Country", properties: ["code", "dummy"]),
            .addIndex(entity: "Country", name: "name"),
        ]])
        let store = try await schema.open(current)
        store.close()
        #expect(try await schema.column("SELECT conname FROM pg_constraint WHERE contype = 'u' AND conrelid = to_regclass('\"Country\"')")
                == ["Country_unique_Country_0"])
        #expect(try await schema.column("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'Country' "
            + "AND indexname NOT LIKE '%pkey%' AND indexname NOT LIKE '%unique%'").count == 1)
    }

    @Test func uniquenessConstraintThatDataBreaksNamesEveryValueAndChangesNothing() async throws {
        let v1 = M.model(EntityDescription(name: "Country", attributes: [M.attribute("code", .integer16), M.attribute("dummy", .integer16)]))
        let v2 = M.model(EntityDescription(name: "Country", attributes: [M.attribute("code", .integer16), M.attribute("dummy", .integer16)],
                                           uniquenessConstraints: [["code", "dummy"]]))
        let keys = try await schema.create(v1, [
            .init(entity: "Country", values: ["code": .integer(250), "dummy": .integer(0)]),
            .init(entity: "Country", values: ["code": .integer(250), "dummy": .integer(1)]),
            .init(entity: "Country", values: ["code": .integer(250), "dummy": .integer(1)]),
        ])
        let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[.addUniquenessConstraint(entity: "Country", properties: ["code", "dummy"])]])
        let error = try await schema.expectFailure(current)
        guard case .stepFailed("1 → 2", "add uniqueness constraint (code, dummy) to Country", let object, let values, _)? = error else {
            Issue.record("expected the constraint step to fail, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Country", key: .integer(keys[1])) && values == [.integer(250), .integer(1)])
    }

    @Test func toManyWithSeveralDestinationsCannotBecomeAToOne() async throws {
        let v1 = M.model(
            EntityDescription(name: "Owner", relationships: [M.toMany("pets", "Pet", inverse: "owner")]),
            EntityDescription(name: "Pet", relationships: [M.toOne("owner", "Owner", inverse: "pets")]))
        let v2 = M.model(
            EntityDescription(name: "Owner", relationships: [M.toOne("pets", "Pet", inverse: "owner")]),
            EntityDescription(name: "Pet", relationships: [M.toOne("owner", "Owner", inverse: "pets")]))
        let keys = try await schema.create(v1, [
            .init(entity: "Owner"), .init(entity: "Pet", toOnes: ["owner": 0]), .init(entity: "Pet", toOnes: ["owner": 0]),
        ])
        let current = VersionedModels.history([("1", v1), ("2", v2)], stages: [[
            .changeRelationshipCardinality(entity: "Owner", relationship: "pets", isToMany: false),
        ]])
        let error = try await schema.expectFailure(current)
        guard case .stepFailed(_, _, let object, let values, _)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(object == AnyObjectID(entityName: "Owner", key: .integer(keys[0])) && values == [.integer(2)])
    }
}
#endif
