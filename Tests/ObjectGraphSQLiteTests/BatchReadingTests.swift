import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Rows are read in batches that share one array of values; answers spanning several batches keep every
/// row's own values, in order, for fetches, lookups by ID and related snapshots.
@Suite struct BatchReadingTests {
    /// More rows than two batches hold, with a to-one to vary the to-one slices too.
    private let count = 700

    private func populatedStore() async throws -> (SQLiteStore, band: AnyObjectID, albums: [AnyObjectID]) {
        let store = try await SQLiteStore(at: .inMemory, model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let albums = (0..<count).map { number in
            let album = Album(context: context, title: "album \(number)")
            album.year = Int16(1900 + number / 4)
            if number.isMultiple(of: 3) { band.addToAlbums(album) }
            return album
        }
        try await context.save()
        return (store, band.objectID, albums.map(\.objectID))
    }

    private func expectAlbum(_ snapshot: Snapshot, number: Int, band: AnyObjectID) throws {
        let titleIndex = try #require(Album.entity.attributeIndex(named: "title"))
        let yearIndex = try #require(Album.entity.attributeIndex(named: "year"))
        let bandIndex = try #require(Album.entity.relationshipIndex(named: "band"))
        let bandSlot = try #require(Album.entity.toOneRelationshipIndices.firstIndex(of: bandIndex))
        #expect(snapshot.values.count == Album.entity.attributes.count)
        #expect(snapshot.values[titleIndex] == .string("album \(number)"))
        #expect(snapshot.values[yearIndex] == .integer(Int64(1900 + number / 4)))
        #expect(snapshot.toOneIDs.count == Album.entity.toOneRelationshipIndices.count)
        #expect(snapshot.toOneIDs[bandSlot] == (number.isMultiple(of: 3) ? band : nil))
    }

    @Test func aFetchAcrossBatchesKeepsEveryRowsValues() async throws {
        let (store, band, albums) = try await populatedStore()
        let snapshots = try await store.fetch(StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["year"])]))
        #expect(snapshots.map(\.id) == albums)
        for (number, snapshot) in snapshots.enumerated() { try expectAlbum(snapshot, number: number, band: band) }
    }

    @Test func objectsDecodedAcrossBatchesKeepEveryRowsValuesAndToOne() async throws {
        let (store, band, albums) = try await populatedStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        // The first fetch appends every object to an empty context, the second finds each one registered.
        for _ in 0..<2 {
            let fetched = try await context.fetch(Album.self, sortedBy: [.ascending(\.year)])
            #expect(Set(fetched.map(\.objectID)) == Set(albums))
            for album in fetched {
                let number = try #require(albums.firstIndex(of: album.objectID))
                #expect(album.title == "album \(number)")
                #expect(try await album.band?.objectID == (number.isMultiple(of: 3) ? band : nil))
            }
        }
    }

    @Test func lookupsByIDAcrossBatchesFollowTheRequestedOrder() async throws {
        let (store, band, albums) = try await populatedStore()
        let order = Array(albums.indices.reversed())
        let snapshots = try await store.snapshots(for: order.map { albums[$0] })
        #expect(snapshots.map(\.id) == order.map { albums[$0] })
        for (number, snapshot) in zip(order, snapshots) { try expectAlbum(snapshot, number: number, band: band) }
    }

    @Test func relatedSnapshotsAcrossBatchesKeepEveryRowsValues() async throws {
        let (store, band, albums) = try await populatedStore()
        let related = try #require(try await store.relatedSnapshots(for: "albums", of: "Band", ids: [band]))
        let members = albums.indices.filter { $0.isMultiple(of: 3) }
        #expect(Set(related.destinationIDs[band] ?? []) == Set(members.map { albums[$0] }))
        #expect(related.snapshots.count == members.count)
        for snapshot in related.snapshots {
            let number = try #require(albums.firstIndex(of: snapshot.id))
            try expectAlbum(snapshot, number: number, band: band)
        }
    }

    @Test func batchedFetchesDeliverTheRowsOfAFetchInGrowingBatches() async throws {
        let (store, band, albums) = try await populatedStore()
        let request = StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["year"])])
        var batches: [[Snapshot]] = []
        for try await batch in store.fetchInBatches(request) { batches.append(batch) }
        #expect(batches.map(\.count) == [256, count - 256])
        let snapshots = batches.flatMap { $0 }
        #expect(snapshots == (try await store.fetch(request)))
        #expect(snapshots.map(\.id) == albums)
        for (number, snapshot) in snapshots.enumerated() { try expectAlbum(snapshot, number: number, band: band) }
    }

    @Test func aBatchedFetchLeftEarlyLeavesTheStoreUsable() async throws {
        let (store, _, albums) = try await populatedStore()
        for try await batch in store.fetchInBatches(StoreFetchRequest(entityName: "Album")) {
            #expect(batch.count == 256)
            break
        }
        #expect(try await store.fetch(StoreFetchRequest(entityName: "Album")).count == albums.count)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        _ = Band(context: context, name: "Codeine")
        try await context.save()
        #expect(try await store.count(StoreFetchRequest(entityName: "Band")) == 2)
    }

    @Test func aBatchedFetchReportsTheStoresError() async throws {
        let (store, _, _) = try await populatedStore()
        await #expect(throws: (any Error).self) {
            for try await _ in store.fetchInBatches(StoreFetchRequest(entityName: "Nothing")) {}
        }
    }

    @Test func aContextFetchAcrossBatchesRegistersEveryObjectOnce() async throws {
        let (store, band, albums) = try await populatedStore()
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let preloaded = try #require(try await context.object(with: albums[600]))
        let fetched = try await context.fetch(Album.self, sortedBy: [.ascending(\.year)])
        #expect(fetched.map(\.objectID) == albums)
        #expect(fetched[600] === preloaded)
        #expect(Set(fetched.map(ObjectIdentifier.init)).count == albums.count)
        #expect(fetched[699].title == "album 699" && fetched[699].year == Int16(1900 + 699 / 4))
        #expect(try await fetched[699].band?.objectID == band)
    }
}
