import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Saves straight through the store API: keys, value round trips, partial updates, deletes, errors.
@Suite struct SaveTests {
    private let model = MusicModel.model.schema

    private func band(_ name: String?, id: AnyObjectID = .temporary(entityName: "Band")) -> Snapshot {
        Snapshot(id: id, entityName: "Band", values: [name.map { .string($0) } ?? .null, .null, .double(1), .bool(true), .null],
                 toOneIDs: [nil, nil])
    }

    @Test func insertAssignsIncreasingIntegerKeysAndValuesRoundTrip() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let podcastID = AnyObjectID.temporary(entityName: "Media")
        let values: [AttributeValue] = [
            .string("Zürich 🎧"), .date(Date(timeIntervalSinceReferenceDate: 12.5)), .integer(42),
            .url(URL(string: "https://example.com/feed?x=1")!), .data(Data([0, 1, 2, 255])), .uuid(UUID()),
        ]
        let permanentIDs = try await store.save(ChangeSet(inserted: [
            band("A"), band("B"),
            Snapshot(id: podcastID, entityName: "Podcast", values: values, toOneIDs: []),
        ]))
        #expect(permanentIDs == [
            AnyObjectID(entityName: "Band", key: .integer(1)), AnyObjectID(entityName: "Band", key: .integer(2)),
            AnyObjectID(entityName: "Media", key: .integer(1)),
        ])
        let podcast = try await store.snapshots(for: [try #require(permanentIDs.last)])
        #expect(podcast.first.map { Array($0.values) } == values)
        #expect(podcast.first?.entityName == "Podcast")
    }

    /// Temporary keys of one save are looked up densely when they fill their range and by hashing when
    /// they are scattered; both resolve references between inserted objects.
    @Test(arguments: [0, 5]) func referencesBetweenInsertsResolveWhateverTheTemporaryKeysGaps(gap: Int) async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        for number in 0..<40 {
            let band = Band(context: context, name: "band \(number)")
            for _ in 0..<gap { _ = AnyObjectID.temporary(entityName: "Band") }
            let album = Album(context: context, title: "album \(number)")
            album.setBand(band)
        }
        try await context.save()

        let fresh = try ObjectContext(store: store, model: MusicModel.model)
        let albums = try await fresh.fetch(Album.self)
        #expect(albums.count == 40)
        for album in albums {
            let band = try #require(try await album.band)
            #expect(band.name == album.title.replacingOccurrences(of: "album", with: "band"))
        }
    }

    @Test func keysAreNeverReusedAfterDeletes() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let first = try await store.save(ChangeSet(inserted: [band("A")]))
        let id = try #require(first.first)
        _ = try await store.save(ChangeSet(deleted: [DeletedObject(id: id, entityName: "Band")]))
        let second = try await store.save(ChangeSet(inserted: [band("B")]))
        #expect(second == [AnyObjectID(entityName: "Band", key: .integer(2))])
    }

    @Test func updatesWriteOnlyTheChangedColumns() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("partial.sqlite")
        let store = try await SQLiteStore(at: .file(path), model: model)
        let id = try #require(try await store.save(ChangeSet(inserted: [band("A")])).first)
        let raw = try RawDatabase(path: path)
        _ = try raw.rows("UPDATE Band SET rating = 9.5 WHERE _pk = 1")
        _ = try await store.save(ChangeSet(updated: [
            UpdatedObject(id: id, entityName: "Band", attributes: [AttributeChange(index: 1, value: .integer(1999))], toOnes: []),
        ]))
        let stored = try await store.snapshots(for: [id])
        #expect(stored.first?.values[1] == .integer(1999))
        #expect(stored.first?.values[2] == .double(9.5))
    }

    @Test func updatesOfAlternatingShapesEachWriteTheirOwnColumns() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let ids = try await store.save(ChangeSet(inserted: [band("A"), band("B"), band("C"), band("D")]))
        let year = { (value: Int64) in AttributeChange(index: 1, value: .integer(value)) }
        let rating = { (value: Double) in AttributeChange(index: 2, value: .double(value)) }
        _ = try await store.save(ChangeSet(updated: [
            UpdatedObject(id: ids[0], entityName: "Band", attributes: [year(2001)], toOnes: []),
            UpdatedObject(id: ids[1], entityName: "Band", attributes: [year(2002)], toOnes: []),
            UpdatedObject(id: ids[2], entityName: "Band", attributes: [rating(3.5)], toOnes: []),
            UpdatedObject(id: ids[3], entityName: "Band", attributes: [year(2004), rating(4.5)], toOnes: []),
        ]))
        let stored = try await store.snapshots(for: ids)
        #expect(stored.map { $0.values[1] } == [.integer(2001), .integer(2002), .null, .integer(2004)])
        #expect(stored.map { $0.values[2] } == [.double(1), .double(1), .double(3.5), .double(4.5)])
    }

    @Test func anUpdateAfterAnotherIsCheckedForItsOwnIndices() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let ids = try await store.save(ChangeSet(inserted: [band("A"), band("B")]))
        await #expect(throws: ObjectGraphError.inconsistentData("Band has no attribute at index 99")) {
            try await store.save(ChangeSet(updated: [
                UpdatedObject(id: ids[0], entityName: "Band", attributes: [AttributeChange(index: 1, value: .integer(1))], toOnes: []),
                UpdatedObject(id: ids[1], entityName: "Band", attributes: [AttributeChange(index: 99, value: .integer(2))], toOnes: []),
            ]))
        }
        #expect(try await store.snapshots(for: ids).map { $0.values[1] } == [.null, .null])
    }

    @Test func uniquenessViolationIsTypedAndNamesObjectEntityPropertyAndValue() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        _ = try await store.save(ChangeSet(inserted: [band("Low")]))
        let duplicate = band("Low")
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Band", properties: ["name"], values: [.string("Low")], object: duplicate.id)) {
            try await store.save(ChangeSet(inserted: [duplicate]))
        }
        let other = try #require(try await store.save(ChangeSet(inserted: [band("Other")])).first)
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Band", properties: ["name"], values: [.string("Low")], object: other)) {
            try await store.save(ChangeSet(updated: [
                UpdatedObject(id: other, entityName: "Band", attributes: [AttributeChange(index: 0, value: .string("Low"))], toOnes: []),
            ]))
        }
    }

    private func album(_ title: String, band: AnyObjectID?) -> Snapshot {
        Snapshot(id: .temporary(entityName: "Album"), entityName: "Album",
                 values: [.string(title), .integer(2000), .null, .null, .bool(false), .null], toOneIDs: [band])
    }

    /// Inserts go to SQLite several rows per statement, grouped by entity; the keys and references come
    /// out as if each row were inserted in change set order.
    @Test func interleavedInsertsOfSeveralEntitiesKeepTheirKeysAndReferences() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        var inserted: [Snapshot] = []
        for number in 0..<101 {
            let band = band("band \(number)")
            inserted += [band, album("album \(number)", band: band.id), album("live \(number)", band: band.id)]
        }
        let permanentIDs = try await store.save(ChangeSet(inserted: inserted))
        let expectedKeys: [Int64] = (0..<101).flatMap { (number: Int64) -> [Int64] in [number + 1, 2 * number + 1, 2 * number + 2] }
        #expect(permanentIDs.map(\.key) == expectedKeys.map(ObjectKey.integer))
        #expect(try await store.count(StoreFetchRequest(entityName: "Album")) == 202)
        let bandKeys = Dictionary(uniqueKeysWithValues: zip(inserted.map(\.id), permanentIDs))
        for (snapshot, permanentID) in zip(inserted, permanentIDs) where snapshot.entityName == "Album" {
            let stored = try #require(try await store.snapshots(for: [permanentID]).first)
            #expect(Array(stored.values) == Array(snapshot.values))
            #expect(stored.toOneIDs == [snapshot.toOneIDs[0].flatMap { bandKeys[$0] }])
        }
    }

    /// A constraint broken by one row of a many-row statement names that row's object, and nothing of
    /// the save stays, wherever the row falls: in a full batch, in the rows after the last batch.
    @Test(arguments: [0, 40, 63, 64, 98]) func constraintViolationInABatchNamesTheObjectAndKeepsNothing(at position: Int) async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        _ = try await store.save(ChangeSet(inserted: [band("Low")]))
        var inserted = (0..<100).map { band("band \($0)") }
        inserted[position] = band("Low")
        await #expect(throws: ObjectGraphError.uniquenessViolation(
            entity: "Band", properties: ["name"], values: [.string("Low")], object: inserted[position].id)) {
            try await store.save(ChangeSet(inserted: inserted))
        }
        inserted[position] = band(nil)
        let failure = ValidationFailure(objectID: inserted[position].id, entityName: "Band", property: "name", kind: .missingValue)
        await #expect(throws: ObjectGraphError.validationFailed([failure])) {
            try await store.save(ChangeSet(inserted: inserted))
        }
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 1)
        let next = try await store.save(ChangeSet(inserted: [band("After")]))
        #expect(next == [AnyObjectID(entityName: "Band", key: .integer(2))])
    }

    @Test func missingRequiredValueNamesObjectAndAttribute() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let id = AnyObjectID.temporary(entityName: "Band")
        let failure = ValidationFailure(objectID: id, entityName: "Band", property: "name", kind: .missingValue)
        await #expect(throws: ObjectGraphError.validationFailed([failure])) {
            try await store.save(ChangeSet(inserted: [band(nil, id: id)]))
        }
    }

    @Test func updatingOrDeletingAMissingObjectFails() async throws {
        let store = try await SQLiteStore(at: .inMemory, model: model)
        let missing = AnyObjectID(entityName: "Band", key: .integer(99))
        await #expect(throws: ObjectGraphError.objectNotFound(missing)) {
            try await store.save(ChangeSet(deleted: [DeletedObject(id: missing, entityName: "Band")]))
        }
        await #expect(throws: ObjectGraphError.objectNotFound(missing)) {
            try await store.save(ChangeSet(updated: [
                UpdatedObject(id: missing, entityName: "Band", attributes: [AttributeChange(index: 1, value: .null)], toOnes: []),
            ]))
        }
    }

    @Test func deletingAnObjectRemovesItsLinks() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        for store in [memory, sqlite] as [any PersistentStore] {
            let ambient = try #require(try await store.fetch(StoreFetchRequest(entityName: "Tag", predicate: .compare(["name"], .equal, .string("ambient")))).first)
            _ = try await store.save(ChangeSet(deleted: [DeletedObject(id: ambient.id, entityName: "Tag")]))
        }
        let tracks = try await sqlite.fetch(StoreFetchRequest(entityName: "Track")).map(\.id)
        let fromSQLite = try await sqlite.relatedIDs(for: "tags", of: "Track", ids: tracks)
        #expect(fromSQLite == (try await memory.relatedIDs(for: "tags", of: "Track", ids: tracks)))
        #expect(fromSQLite.values.allSatisfy { $0.count <= 2 })
    }

    @Test func relatedIDsForABatchMatchInMemory() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        for (entity, relationship) in [("Band", "albums"), ("Album", "tracks"), ("Album", "band"), ("Track", "tags"),
                                        ("Tag", "tracks"), ("Label", "bands"), ("Band", "influences")] {
            var ids = try await sqlite.fetch(StoreFetchRequest(entityName: entity)).map(\.id)
            ids.append(AnyObjectID(entityName: entity, key: .integer(999)))
            let expected = try await memory.relatedIDs(for: relationship, of: entity, ids: ids)
            #expect(try await sqlite.relatedIDs(for: relationship, of: entity, ids: ids) == expected, "\(entity).\(relationship)")
        }
    }

    @Test func transientAttributesAreNotStored() async throws {
        let notes = ModelDescription(name: "Notes", entities: [
            EntityDescription(name: "Note", attributes: [
                AttributeDescription(name: "text", type: .string),
                AttributeDescription(name: "draft", type: .string, isTransient: true),
            ]),
        ])
        let store = try await SQLiteStore(at: .inMemory, model: notes)
        let id = AnyObjectID.temporary(entityName: "Note")
        let permanentIDs = try await store.save(ChangeSet(inserted: [
            Snapshot(id: id, entityName: "Note", values: [.string("a"), .string("scratch")], toOneIDs: []),
        ]))
        let stored = try await store.snapshots(for: [try #require(permanentIDs.first)])
        #expect(stored.first?.values == [.string("a"), .null])
    }

    @Test func swappingUniqueValuesInOneSaveSucceedsLikeInMemory() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        for store in [memory, sqlite] as [any PersistentStore] {
            let bands = try await store.fetch(StoreFetchRequest(entityName: "Band", sortDescriptors: [SortExpression(["name"])]))
            let (first, second) = (bands[0], bands[1])
            _ = try await store.save(ChangeSet(updated: [
                UpdatedObject(id: first.id, entityName: "Band", attributes: [AttributeChange(index: 0, value: second.values[0])], toOnes: []),
                UpdatedObject(id: second.id, entityName: "Band", attributes: [AttributeChange(index: 0, value: first.values[0])], toOnes: []),
            ]))
        }
        let request = StoreFetchRequest(entityName: "Band")
        #expect(try await sqlite.fetch(request) == memory.fetch(request).map(\.unversioned))
        let bands = try await sqlite.fetch(request)
        await #expect(throws: ObjectGraphError.self) {
            try await sqlite.save(ChangeSet(updated: [
                UpdatedObject(id: bands[0].id, entityName: "Band", attributes: [AttributeChange(index: 0, value: .string("same"))], toOnes: []),
                UpdatedObject(id: bands[1].id, entityName: "Band", attributes: [AttributeChange(index: 0, value: .string("same"))], toOnes: []),
            ]))
        }
        #expect(try await sqlite.fetch(request) == memory.fetch(request).map(\.unversioned))
    }

    @Test func valuesFreedByDeletesAndUpdatesCanBeTakenByInsertsOfTheSameSave() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        for store in [memory, sqlite] as [any PersistentStore] {
            let low = try #require(try await store.fetch(StoreFetchRequest(entityName: "Band", predicate: .compare(["name"], .equal, .string("Low")))).first)
            let grunge = try #require(try await store.fetch(StoreFetchRequest(entityName: "Tag", predicate: .compare(["name"], .equal, .string("grunge")))).first)
            _ = try await store.save(ChangeSet(
                inserted: [band("Low"), Snapshot(id: .temporary(entityName: "Tag"), entityName: "Tag", values: [.string("grunge")], toOneIDs: [])],
                updated: [UpdatedObject(id: low.id, entityName: "Band", attributes: [AttributeChange(index: 0, value: .string("Low (old)"))], toOnes: [])],
                deleted: [DeletedObject(id: grunge.id, entityName: "Tag")]))
        }
        for entity in ["Band", "Tag"] {
            let request = StoreFetchRequest(entityName: entity)
            #expect(try await sqlite.fetch(request) == memory.fetch(request).map(\.unversioned))
        }
    }

    @Test func linksAddedToAnObjectDeletedInTheSameSaveAreDropped() async throws {
        let (memory, sqlite) = try await TestData.storePair()
        for store in [memory, sqlite] as [any PersistentStore] {
            let unused = try #require(try await store.fetch(StoreFetchRequest(entityName: "Tag", predicate: .compare(["name"], .equal, .string("unused")))).first)
            let track = try #require(try await store.fetch(StoreFetchRequest(entityName: "Track")).first)
            _ = try await store.save(ChangeSet(
                deleted: [DeletedObject(id: unused.id, entityName: "Tag")],
                toManyChanges: [ToManyChange(ownerID: track.id, entityName: "Track", relationshipIndex: 1, added: [unused.id], removed: [])]))
        }
        let tracks = try await sqlite.fetch(StoreFetchRequest(entityName: "Track")).map(\.id)
        #expect(try await sqlite.relatedIDs(for: "tags", of: "Track", ids: tracks) == memory.relatedIDs(for: "tags", of: "Track", ids: tracks))
    }
}
