import Foundation
import ObjectGraph
import Testing

/// Live results against a store: exact diffs for known changes, and a randomized differential test
/// (changes from several contexts; after each, the live results equal a fresh fetch, section by section,
/// and every diff turns the previous state into the new one the way a table view applies it).
///
/// ```swift
/// @Test(.timeLimit(.minutes(5)), arguments: LiveResultsConformance.Check.allCases)
/// func live(_ check: LiveResultsConformance.Check) async throws {
///     try await LiveResultsConformance { InMemoryStore(model: $0) }.run(check)
/// }
/// ```
public struct LiveResultsConformance: Sendable {
    /// One check.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Inserts, updates, moves and deletes from another context arrive as the expected diffs.
        case diffs
        /// The by-name API; unknown names are errors naming entity and key.
        case byName
        /// Reset and release of the observed context end the updates.
        case ending
        /// Reset and release of a context while tasks wait on its live results and its changes end
        /// those iterations, and nothing they held stays alive.
        case endingWhileWaiting
        /// Random changes across three contexts (1,000 from seed 1 unless the suite says otherwise, each
        /// seed over a new store); after each, live results equal a fresh fetch.
        case differential

        /// The check's name in test output.
        public var testDescription: String { rawValue }
    }

    /// Makes a new, empty store for a model.
    public let makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore
    /// The number of random changes of ``Check/differential``.
    public let differentialSteps: Int
    /// The seeds ``Check/differential`` runs, each over a new store.
    public let differentialSeeds: [UInt64]

    /// Creates a suite over a store factory; each check gets a new store. A store whose every call is
    /// a network round trip may run fewer `differentialSteps` than the 1,000 of the others.
    public init(differentialSteps: Int = 1000, differentialSeeds: [UInt64] = [1],
                _ makeStore: @escaping @Sendable (ModelDescription) async throws -> any PersistentStore) {
        self.differentialSteps = differentialSteps
        self.differentialSeeds = differentialSeeds
        self.makeStore = makeStore
    }

    /// Runs one check, recording failures with Swift Testing.
    public func run(_ check: Check) async throws {
        let model = MusicModel.model.schema
        switch check {
        case .diffs: try await Checks(store: makeStore(model)).liveDiffs()
        case .byName: try await Checks(store: makeStore(model)).liveByName()
        case .ending: try await Checks(store: makeStore(model)).liveEnding()
        case .endingWhileWaiting: try await Checks(store: makeStore(model)).liveEndingWhileWaiting()
        case .differential:
            for seed in differentialSeeds {
                try await Checks(store: makeStore(model)).liveDifferential(steps: differentialSteps, seed: seed)
            }
        }
    }
}

/// The decade of a year, as a section name: `1990s`.
@Sendable func decade(_ year: Int16) -> String { "\(year / 10 * 10)s" }

extension Checks {
    func liveDiffs() async throws {
        let context = try await seeded()
        let results = try await Album.results(in: context, where: \.year >= 1990, sortedBy: [.descending(\.year)],
                                              sectionedBy: \.year, sectionName: decade, batchSize: 2)
        #expect(results.sections.map(\.name) == ["2010s", "2000s", "1990s"])
        #expect(results.sections.map(\.count) == [3, 2, 3])
        #expect(try await results.objects(inSection: 1).map(\.title) == ["Things We Lost in the Fire", "Various Artists"])
        #expect(try await results.object(at: RowPath(section: 0, row: 0)).title == "Double Negative")
        var updates = results.updates.makeAsyncIterator()

        let writer = try self.context()
        let album = Album(context: writer, title: "The Invisible Way")
        album.year = 2013
        try await writer.save()
        var update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(insertedRows: [RowPath(section: 0, row: 2)]))
        #expect(try await results.object(at: RowPath(section: 0, row: 2)).title == "The Invisible Way")

        album.year = 1980                                    // leaves the results
        try await writer.save()
        update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(deletedRows: [RowPath(section: 0, row: 2)]))

        let bleach = try #require(try await Album.first(in: writer, where: \.title == "Bleach"))
        bleach.year = 2025                                   // enters, at the top
        let homogenic = try #require(try await Album.first(in: writer, where: \.title == "Homogenic"))
        homogenic.year = 2003                                // moves to the 2000s
        try await writer.save()
        update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(insertedSections: [0], insertedRows: [RowPath(section: 0, row: 0)],
                                             movedRows: [.init(from: RowPath(section: 2, row: 0), to: RowPath(section: 2, row: 0))]))
        #expect(update.snapshot.sections.map(\.name) == ["2020s", "2010s", "2000s", "1990s"])

        let nevermind = try #require(try await Album.first(in: writer, where: \.title == "Nevermind"))
        nevermind.price = 12                                 // not a key: updated in place
        try await writer.save()
        update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(updatedRows: [RowPath(section: 3, row: 1)]))

        let unplugged = try #require(try await Album.first(in: writer, where: \.title == "MTV Unplugged in New York"))
        writer.delete(unplugged)
        writer.delete(nevermind)                             // the 1990s empty: the section goes
        try await writer.save()
        update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(deletedSections: [3],
                                             deletedRows: [RowPath(section: 3, row: 0), RowPath(section: 3, row: 1)]))
        #expect(results.snapshot == update.snapshot)
        #expect(results.sections.map(\.count) == [1, 3, 3])

        // The observing context's own saves arrive the same way.
        let cmon = try await results.object(at: RowPath(section: 1, row: 2))
        #expect(cmon.title == "C'mon")
        context.delete(cmon)
        try await context.save()
        update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.diff == SectionedDiff(deletedRows: [RowPath(section: 1, row: 2)]))
    }

    func liveByName() async throws {
        let context = try await seeded()
        let results = try await context.results(entityNamed: "Album", where: .compare(["year"], .less, .integer(2000)),
                                                sortedBy: ["band.name", "-year"], sectionNameKeyPath: "band.name", batchSize: 3)
        #expect(results.sections.map(\.name) == ["Björk", "Nirvana"])
        #expect(try await results.objects(inSection: 1).map { try $0.value(forKey: "title") }
            == [.string("MTV Unplugged in New York"), .string("Nevermind"), .string("Bleach")])
        var updates = results.updates.makeAsyncIterator()
        let writer = try self.context()
        let nirvana = try #require(try await Band.first(in: writer, where: \.name == "Nirvana"))
        nirvana.name = "Nirvana (US)"                        // a change through the section key's relationship
        try await writer.save()
        let update = try #require(try await updates.next(isolation: #isolation))
        #expect(update.snapshot.sections.map(\.name) == ["Björk", "Nirvana (US)"])
        #expect(update.diff.deletedSections == [1] && update.diff.insertedSections == [1])

        await #expect(throws: ObjectGraphError.unknownEntity("Event")) {
            _ = try await context.results(entityNamed: "Event", sortedBy: ["-timeStamp"])
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "timeStamp")) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["-timeStamp"])
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "band.nme")) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["-band.nme"])
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "band.nme")) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["title"], sectionNameKeyPath: "band.nme")
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "-year")) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["title"], sectionNameKeyPath: "-year")
        }
        await #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "tracks.title")) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["title"], sectionNameKeyPath: "tracks.title")
        }
        let error = await #expect(throws: ObjectGraphError.self) {
            _ = try await context.results(entityNamed: "Album", sortedBy: ["title"], sectionNameKeyPath: "band.nme")
        }
        #expect(error?.description == "Entity Album has no property named band.nme.")
    }

    func liveEnding() async throws {
        let context = try await seeded()
        let results = try await Album.results(in: context, sortedBy: [.ascending(\.title)])
        var updates = results.updates.makeAsyncIterator()
        context.reset()
        #expect(try await updates.next(isolation: #isolation) == nil)

        var released: ObjectContext? = try ObjectContext(store: store, model: MusicModel.model)
        let orphan = try await Album.results(in: try #require(released), sortedBy: [.ascending(\.title)])
        var orphanUpdates = orphan.updates.makeAsyncIterator()
        weak let gone = released
        released = nil
        #expect(gone == nil)
        #expect(try await orphanUpdates.next(isolation: #isolation) == nil)
        await #expect(throws: ObjectGraphError.objectNotInContext(orphan.snapshot.id(at: RowPath(section: 0, row: 0)))) {
            _ = try await orphan.object(at: RowPath(section: 0, row: 0))
        }
    }

    /// Tasks that wait for updates and context changes end when the context is reset (updates) or
    /// released (both), without an error; afterwards the context, the live results and their
    /// observations are gone.
    @MainActor func liveEndingWhileWaiting() async throws {
        let writer = try context()
        let reset = try ObjectContext(store: store, model: MusicModel.model)
        let resetResults = try await Album.results(in: reset, sortedBy: [.ascending(\.title)])
        let waitingForReset = Task { @MainActor in
            var seen: [LiveUpdate] = []
            for try await update in resetResults.updates { seen.append(update) }
            return seen
        }
        let album = Album(context: writer, title: "Bleach")
        try await writer.save()
        await Task.yield()
        reset.reset()
        let beforeReset = try await waitingForReset.value
        #expect(beforeReset.count <= 1)                      // the insert, if it arrived before the reset
        #expect(beforeReset.allSatisfy { $0.snapshot.count == 1 })

        var released: ObjectContext? = try ObjectContext(store: store, model: MusicModel.model)
        weak let releasedContext = released
        var results: LiveResults<Album>? = try await Album.results(in: try #require(released), sortedBy: [.ascending(\.title)])
        weak let releasedResults = results
        let contextChanges = try #require(released).changes
        let waitingForUpdates = Task { @MainActor [results] in
            var count = 0
            for try await _ in try #require(results).updates { count += 1 }
            return count
        }
        let waitingForChanges = Task { @MainActor in
            var count = 0
            for try await _ in contextChanges { count += 1 }
            return count
        }
        await Task.yield()
        released = nil
        #expect(releasedContext == nil)
        #expect(try await waitingForUpdates.value == 0)
        #expect(try await waitingForChanges.value == 0)
        results = nil
        #expect(releasedResults == nil)
        album.title = "Bleach (Deluxe)"                      // nobody observes: the save just works
        try await writer.save()
    }
}
