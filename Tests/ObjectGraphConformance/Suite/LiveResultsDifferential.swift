import Foundation
import ObjectGraph
import Testing

/// Sections as names with the IDs of their rows, for comparing live results with a fresh fetch.
struct SectionRows: Equatable, CustomStringConvertible {
    var sections: [(name: String, ids: [AnyObjectID])]

    init(_ snapshot: SectionedSnapshot) {
        sections = snapshot.sections.indices.map { (snapshot.sections[$0].name, snapshot.ids(inSection: $0)) }
    }

    /// Runs of equal names among `rows`, in order.
    init(rows: [(name: String, id: AnyObjectID)]) {
        sections = []
        for row in rows {
            if sections.last?.name == row.name { sections[sections.count - 1].ids.append(row.id) } else { sections.append((row.name, [row.id])) }
        }
    }

    static func == (lhs: SectionRows, rhs: SectionRows) -> Bool {
        lhs.sections.map(\.name) == rhs.sections.map(\.name) && lhs.sections.map(\.ids) == rhs.sections.map(\.ids)
    }

    var description: String {
        sections.map { "\($0.name): \($0.ids.map(\.description).joined(separator: " "))" }.joined(separator: " | ")
    }

    /// The rows after applying `diff` to these rows as a table view applies a batch update: deletions
    /// and moves out at old paths, then insertions and moves in at new paths (IDs from `after`).
    func applying(_ diff: SectionedDiff, toward after: SectionedSnapshot) -> SectionRows {
        var kept: [(name: String, ids: [AnyObjectID?])] = sections.map { ($0.name, $0.ids.map { Optional($0) }) }
        for path in diff.deletedRows + diff.movedRows.map(\.from) { kept[path.section].ids[path.row] = nil }
        let deletedSections = Set(diff.deletedSections)
        var remaining = kept.indices.filter { !deletedSections.contains($0) }.map { (kept[$0].name, kept[$0].ids.compactMap { $0 }) }[...]
        let insertedSections = Set(diff.insertedSections)
        var result = SectionRows(rows: [])
        for index in after.sections.indices {
            if insertedSections.contains(index) {
                result.sections.append((after.sections[index].name, []))
            } else if let section = remaining.popFirst() {
                result.sections.append((after.sections[index].name, section.1))
            }
        }
        for path in (diff.insertedRows + diff.movedRows.map(\.to)).sorted() where result.sections.indices.contains(path.section) {
            let ids = result.sections[path.section].ids
            guard path.row <= ids.count else { continue }
            result.sections[path.section].ids.insert(after.id(at: path), at: path.row)
        }
        return result
    }
}

/// A context that makes random changes in its own actor, so that several save concurrently.
actor LiveResultsWriter {
    private let context: ObjectContext
    private var random: SeededGenerator

    init(store: any PersistentStore, seed: UInt64) throws {
        context = try ObjectContext(store: store, model: MusicModel.model)
        random = SeededGenerator(seed: seed)
    }

    /// One random change, saved; returns whether the save went through.
    func step(_ number: Int) async throws -> Bool {
        var generator = random
        defer { random = generator }
        return try await Checks.randomChange(in: context, step: number, using: &generator)
    }
}

extension Checks {
    /// `steps` rounds of random inserts, updates, deletes and moves between bands, each round saved
    /// concurrently by one to three contexts (the observing one in the test's isolation, two writers in
    /// their own actors; a save that collides with another's deletion is rolled back); after each round,
    /// two live results (sectioned by decade with an in-memory predicate, and by band name, through a
    /// relationship) equal a fresh fetch.
    func liveDifferential(steps: Int, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let observing = try await seeded()
        let writers = try [LiveResultsWriter(store: store, seed: seed &* 31 &+ 1), LiveResultsWriter(store: store, seed: seed &* 31 &+ 2)]
        let byDecade = try await Album.results(in: observing, where: \.year >= 1990,
                                               sortedBy: [.descending(\.year), .ascending(\.title)],
                                               sectionedBy: \.year, sectionName: decade, batchSize: 20)
        let byBand = try await observing.results(entityNamed: "Album", sortedBy: ["band.name", "title"],
                                                 sectionNameKeyPath: "band.name", batchSize: 20)
        var decadeUpdates = byDecade.updates.makeAsyncIterator()
        var bandUpdates = byBand.updates.makeAsyncIterator()
        var committed = 0

        for step in 0..<steps {
            let concurrent = writers.filter { _ in Bool.random(using: &random) }
            let observingSaves = concurrent.isEmpty || Bool.random(using: &random)
            committed += try await withThrowingTaskGroup(of: Bool.self) { group in
                for writer in concurrent { group.addTask { try await writer.step(step) } }
                var saved = observingSaves ? (try await Self.randomChange(in: observing, step: step, using: &random) ? 1 : 0) : 0
                for try await writerSaved in group where writerSaved { saved += 1 }
                return saved
            }

            let fresh = try ObjectContext(store: store, model: MusicModel.model)
            let expectedDecades = SectionRows(rows: try await Album.fetch(in: fresh, where: \.year >= 1990,
                                                                          sortedBy: [.descending(\.year), .ascending(\.title)])
                .map { (decade($0.year), $0.objectID) })
            var bandRows: [(name: String, id: AnyObjectID)] = []
            for album in try await Album.fetch(in: fresh, sortedBy: [.ascending(\.band.name), .ascending(\.title)], prefetching: [\.band]) {
                bandRows.append((try await album.band?.name ?? "", album.objectID))
            }
            let expectedBands = SectionRows(rows: bandRows)
            try await catchUp(byDecade, &decadeUpdates, to: expectedDecades, step: "seed \(seed) step \(step)")
            try await catchUp(byBand, &bandUpdates, to: expectedBands, step: "seed \(seed) step \(step)")
        }
        #expect(committed >= steps)
    }

    /// One random insert, update, delete or move in `context`, saved; a save that fails (another
    /// context deleted what this one changed) is rolled back. Returns whether the save went through.
    nonisolated(nonsending) static func randomChange(in context: ObjectContext, step: Int, using random: inout SeededGenerator) async throws -> Bool {
        let titles = ["Ash", "Birch", "Cedar", "Dune", "Elm", "Fir", "Gale", "Hail"]
        let albums = try await Album.fetch(in: context, sortedBy: [.ascending(\.title)])
        let bands = try await Band.fetch(in: context, sortedBy: [.ascending(\.name)])
        let album = albums.isEmpty ? nil : albums[Int.random(in: 0..<albums.count, using: &random)]
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
            let inserted = Album(context: context, title: titles.randomElement(using: &random)!)
            inserted.year = Int16.random(in: 1980...2025, using: &random)
            inserted.setBand(Bool.random(using: &random) ? bands.randomElement(using: &random) : nil)
        case 2:
            album?.year = Int16.random(in: 1980...2025, using: &random)
        case 3:
            album?.title = titles.randomElement(using: &random)!
        case 4:
            if let album { context.delete(album) }
        case 5:
            album?.setBand(bands.randomElement(using: &random))
        case 6:
            bands.randomElement(using: &random)?.name = "Band \(step)"
        default:
            album?.price = Decimal(Int.random(in: 1...20, using: &random))
        }
        do {
            try await context.save()
            return true
        } catch {
            context.rollback()
            return false
        }
    }

    /// Takes updates of `results` until they equal `expected`, checking that each diff leads from the
    /// previous state to the new one.
    private func catchUp<Object: ManagedObject>(
        _ results: LiveResults<Object>, _ updates: inout LiveResults<Object>.Updates.Iterator,
        to expected: SectionRows, step: String
    ) async throws {
        while SectionRows(results.snapshot) != expected {
            let before = SectionRows(results.snapshot)
            guard let update = try await updates.next(isolation: #isolation) else {
                Issue.record("\(step): the updates ended before reaching \(expected)")
                return
            }
            let applied = before.applying(update.diff, toward: update.snapshot)
            #expect(applied == SectionRows(update.snapshot), "\(step): \(update.diff) turns \(before) into \(applied), not the snapshot \(SectionRows(update.snapshot))")
            if applied != SectionRows(update.snapshot) { return }
        }
    }
}
