import Foundation
import ObjectGraph
import Testing

extension Checks {
    /// Album titles by year, ascending, as the seed has them.
    static let titlesByYear = ["Bleach", "Nevermind", "MTV Unplugged in New York", "Homogenic", "Various Artists",
                               "Things We Lost in the Fire", "C'mon", "Ruins", "Double Negative"]

    func batchedFetch() async throws {
        let context = try await seeded()
        // A store that sorts natively answers with IDs alone; for others the context sorts loaded objects.
        let sortsNatively = store.capabilities.canSort([SortExpression(["year"])], on: Album.entity, in: MusicModel.model.schema)
        let albums = try await Album.fetch(in: context, sortedBy: [.ascending(\.year)], batchSize: 4)
        #expect(albums.count == 9)
        if sortsNatively { #expect(context.registeredObject(for: albums[8]) == nil) }   // no batch touched yet
        let sixth = try await albums.object(at: 5)
        #expect(sixth.title == "Things We Lost in the Fire")
        #expect(context.registeredObject(for: albums[4]) != nil)                        // its batch, 4..<8
        if sortsNatively { #expect(context.registeredObject(for: albums[8]) == nil) }
        #expect(try await albums.objects(in: 2..<7).map(\.title) == Array(Self.titlesByYear[2..<7]))
        var iterated: [String] = []
        for try await album in albums.objects { iterated.append(album.title) }
        #expect(iterated == Self.titlesByYear)
        #expect(try await albums.object(at: 0) === (try await Album.first(in: context, where: \.title == "Bleach")))

        let filtered = try await context.fetch(FetchRequest<Album.Fields>(where: \.band.name == "Nirvana",
                                                                          sortedBy: [.descending(\.year)], prefetching: [\.tracks]),
                                               batchSize: 2)
        #expect(try await filtered.objects(in: 0..<3).map(\.title) == ["MTV Unplugged in New York", "Nevermind", "Bleach"])

        // Unsaved changes of the entity are part of the answer, as in an unbatched fetch.
        let extra = Album(context: context, title: "In Utero")
        extra.year = 1993
        let unsaved = try await context.fetch(Album.self, where: \.year < 1995, sortedBy: [.ascending(\.year)], batchSize: 2)
        #expect(try await unsaved.objects(in: 0..<4).map(\.title) == ["Bleach", "Nevermind", "In Utero", "MTV Unplugged in New York"])
        context.rollback()

        // An object deleted by another context after the fetch, and not registered, is an error naming it
        // when its batch loads; other batches load.
        guard sortsNatively else { return }
        let late = try await Album.fetch(in: try self.context(), sortedBy: [.ascending(\.year)], batchSize: 4)
        let other = try self.context()
        let bleach = try #require(try await Album.first(in: other, where: \.title == "Bleach"))
        other.delete(bleach)
        try await other.save()
        await #expect(throws: ObjectGraphError.objectNotFound(late[0])) { _ = try await late.object(at: 0) }
        #expect(try await late.object(at: 4).title == "Various Artists")
    }

    func keyedIDs() async throws {
        _ = try await seeded()
        let schema = MusicModel.model.schema
        let predicate = StorePredicate.compare(["year"], .less, .integer(2000))
        let sorts = [SortExpression(["year"], ascending: false)]
        guard store.capabilities.canEvaluate(predicate, on: Album.entity, in: schema),
              store.capabilities.canSort(sorts + [SortExpression(["year"])], on: Album.entity, in: schema) else { return }
        let request = StoreFetchRequest(entityName: "Album", predicate: predicate, sortDescriptors: sorts)
        let keyed = try await store.fetchIDs(request, withValuesOf: [["title"], ["band", "name"], ["price"]])
        let snapshots = try await store.fetch(request)
        #expect(Array(keyed.ids) == snapshots.map(\.id))
        #expect(keyed.pathCount == 3)
        #expect(Array(keyed.values(ofRow: 0)) == [.string("Homogenic"), .string("Björk"), .null])
        #expect(Array(keyed.values(ofRow: 3)) == [.string("Bleach"), .string("Nirvana"), .decimal(7)])
        let page = try await store.fetchIDs(StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["year"])],
                                                              limit: 2, offset: 1), withValuesOf: [])
        let pageSnapshots = try await store.fetch(StoreFetchRequest(entityName: "Album", sortDescriptors: [SortExpression(["year"])],
                                                                    limit: 2, offset: 1))
        #expect(Array(page.ids) == pageSnapshots.map(\.id))
        #expect(page.values.isEmpty)
    }

    func dynamicFetch() async throws {
        let context = try await seeded()
        let request = try context.fetchRequest(entityNamed: "Album", where: .compare(["band", "name"], .equal, .string("Low")),
                                               sortedBy: ["-year"], batchSize: 2)
        let albums = try await context.fetch(request)
        #expect(albums.count == 3)
        var titles: [AttributeValue] = []
        for try await album in albums.objects { titles.append(try album.value(forKey: "title")) }
        #expect(titles == [.string("Double Negative"), .string("C'mon"), .string("Things We Lost in the Fire")])
        let byBand = try await context.fetch(try context.fetchRequest(entityNamed: "Album", sortedBy: ["band.name", "+title"]))
        #expect(try await byBand.objects(in: 0..<2).map { try $0.value(forKey: "title") }
            == [.string("Various Artists"), .string("Homogenic")])

        let first = try await albums.object(at: 0)
        try first.setValue(.integer(2019), forKey: "year")
        #expect(context.hasChanges)
        #expect(throws: ObjectGraphError.typeMismatch(entity: "Album", attribute: "year", expected: .integer16, value: .string("x"))) {
            try first.setValue(.string("x"), forKey: "year")
        }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "name")) { try first.value(forKey: "name") }
        #expect(throws: ObjectGraphError.unknownEntity("Event")) { try context.fetchRequest(entityNamed: "Event") }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "timeStamp")) {
            try context.fetchRequest(entityNamed: "Album", sortedBy: ["-timeStamp"])
        }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "band.nam")) {
            try context.fetchRequest(entityNamed: "Album", sortedBy: ["band.nam"])
        }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Band", property: "nme")) {
            try context.fetchRequest(entityNamed: "Album", where: .compare(["band", "nme"], .equal, .string("Low")))
        }
    }
}
