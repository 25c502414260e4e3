import Foundation
import ObjectGraph
import Testing

/// Randomized differential queries: random predicates and sorts over the `Music` model and a fixed data
/// set, answered natively by a store and by the runtime's in-memory evaluator (``CompiledPredicate``,
/// ``CompiledSort``); every difference is a Swift Testing issue naming the seed, the case and the query.
///
/// Only what the store's ``PersistentStore/capabilities`` accept is sent to it, as a context would:
/// the predicate alone (compared as a set, and as a count), then with sort keys, a limit and an offset
/// when the store sorts natively (compared in order; objects with equal sort keys may come in any order).
///
/// ```swift
/// @Test func differential() async throws {
///     let report = try await DifferentialQueries { model in try await SQLiteStore(at: .inMemory, model: model) }
///         .run(seed: 1, cases: 2_000)
///     #expect(report.nativePredicates > 1_000)
/// }
/// ```
/// Replay one failing case with `run(seed: S, cases: N, only: C)`.
public struct DifferentialQueries: Sendable {
    /// What one run compared.
    public struct Report: Sendable, CustomStringConvertible {
        /// Cases generated.
        public var cases = 0
        /// Cases whose predicate the store evaluated natively.
        public var nativePredicates = 0
        /// Cases whose sort keys (with a native predicate) the store applied natively.
        public var nativeSorts = 0
        /// Cases where the store and the evaluator disagreed (or the store threw).
        public var differences = 0

        /// `2000 cases: 1500 native predicates, 600 native sorts, 0 differences`.
        public var description: String {
            "\(cases) cases: \(nativePredicates) native predicates, \(nativeSorts) native sorts, \(differences) differences"
        }
    }

    /// Makes a new, empty store for a model.
    public let makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore

    /// Creates a runner over a store factory; each run gets a new store holding the data set.
    public init(_ makeStore: @escaping @Sendable (ModelDescription) async throws -> any PersistentStore) {
        self.makeStore = makeStore
    }

    /// Runs `cases` queries of `seed` (or only case `only` of them), recording the first few differences
    /// as issues with everything needed to replay them.
    public func run(seed: UInt64, cases: Int, only: Int? = nil) async throws -> Report {
        let model = MusicModel.model.schema
        let store = try await makeStore(model)
        let dataSet = DifferentialDataSet(seed: DifferentialDataSet.standardSeed, model: model)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let rowOfID = try await dataSet.insert(into: context, classes: Self.classes)
        let runner = CaseRunner(store: store, model: model, dataSet: dataSet, rowOfID: rowOfID, seed: seed,
                                heldValues: QueryGenerator.heldValues(in: dataSet, model: model))
        var report = Report()
        for index in only.map({ [$0] }) ?? Array(0..<cases) {
            // The cases are CPU work on the cooperative pool: let other tests' tasks (test servers) run between them.
            await Task.yield()
            report.cases += 1
            let outcome = try await runner.run(case: index)
            if outcome.nativePredicate { report.nativePredicates += 1 }
            if outcome.nativeSort { report.nativeSorts += 1 }
            if let difference = outcome.difference {
                report.differences += 1
                if report.differences <= 10 {
                    Issue.record("\(type(of: store)) differs from the evaluator (seed \(seed), case \(index); replay with run(seed: \(seed), cases: \(cases), only: \(index))):\n\(difference)")
                }
            }
        }
        withExtendedLifetime(context) {}
        return report
    }

    static var classes: [String: any ManagedEntity.Type] {
        let all: [any ManagedEntity.Type] = [
            Band.self, Album.self, Track.self, Tag.self, Label.self, Manager.self, Media.self, Podcast.self, Audiobook.self,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.entity.name, $0) })
    }
}

/// Runs single cases against one store holding the data set.
private struct CaseRunner {
    struct Outcome {
        var nativePredicate = false
        var nativeSort = false
        var difference: String?
    }

    let store: any PersistentStore
    let model: ModelDescription
    let dataSet: DifferentialDataSet
    let rowOfID: [AnyObjectID: Int]
    let seed: UInt64
    let heldValues: [String: [String: [AttributeValue]]]

    func run(case index: Int) async throws -> Outcome {
        var generator = QueryGenerator(model: model, valuesByAttribute: heldValues, random: SeededGenerator(seed: seed, case: index))
        let entity = generator.random.pick(model.entities)
        let includesSubentities = model.subentityNames(of: entity.name).isEmpty || generator.random.chance(0.7)
        let predicate = generator.predicate(for: entity, depth: 3)
        let sorts = generator.sorts(for: entity)
        let limit: Int? = generator.random.chance(0.4) ? Int.random(in: 0...12, using: &generator.random) : nil
        let offset = generator.random.chance(0.3) ? Int.random(in: 0...6, using: &generator.random) : 0

        var outcome = Outcome()
        let capabilities = store.capabilities
        guard capabilities.canEvaluate(predicate, on: entity, in: model),
              let compiled = try? CompiledPredicate(predicate, entity: entity, model: model) else { return outcome }
        outcome.nativePredicate = true
        let resolver = DataSetResolver(rows: dataSet.rows)
        let expected = dataSet.rows.indices.filter { row in
            let name = dataSet.rows[row].entity.name
            return (name == entity.name || (includesSubentities && model.isEntity(name, kindOf: entity.name)))
                && compiled.evaluate(row, resolver: resolver)
        }
        var request = StoreFetchRequest(entityName: entity.name, includesSubentities: includesSubentities, predicate: predicate)
        let query = "fetch \(entity.name)\(includesSubentities ? "" : " (no subentities)") WHERE \(predicate.readable)"
        do {
            let rows = try await fetchRows(request)
            if let problem = unorderedDifference(rows, expected) {
                outcome.difference = "\(query)\n\(problem)"
                return outcome
            }
            let count = try await store.count(request)
            if count != expected.count {
                outcome.difference = "\(query)\ncount: store \(count), evaluator \(expected.count)"
                return outcome
            }
        } catch {
            outcome.difference = "\(query)\nthe store threw: \(error)"
            return outcome
        }
        guard !sorts.isEmpty, capabilities.canSort(sorts, on: entity, in: model),
              let sort = try? CompiledSort(sorts, entity: entity, model: model) else { return outcome }
        outcome.nativeSort = true
        request.sortDescriptors = sorts
        request.limit = limit
        request.offset = offset
        let page = Array(sort.sorted(expected, resolver: resolver).dropFirst(offset).prefix(limit ?? Int.max))
        let sortText = sorts.map { $0.path.joined(separator: ".") + ($0.ascending ? " ASC" : " DESC") }.joined(separator: ", ")
        let sortedQuery = "\(query) ORDER BY \(sortText)" + (limit.map { " LIMIT \($0)" } ?? "") + " OFFSET \(offset)"
        do {
            let rows = try await fetchRows(request)
            if let problem = orderedDifference(rows, page, matching: Set(expected), sorts: sorts) {
                outcome.difference = "\(sortedQuery)\n\(problem)"
                return outcome
            }
            let count = try await store.count(request)
            if count != page.count {
                outcome.difference = "\(sortedQuery)\ncount: store \(count), evaluator \(page.count)"
            }
        } catch {
            outcome.difference = "\(sortedQuery)\nthe store threw: \(error)"
        }
        return outcome
    }

    private func fetchRows(_ request: StoreFetchRequest) async throws -> [Int] {
        try await store.fetch(request).map { snapshot in rowOfID[snapshot.id] ?? -1 }
    }

    private func unorderedDifference(_ rows: [Int], _ expected: [Int]) -> String? {
        if rows.contains(-1) { return "the store returned an object that is not in the data set" }
        if Set(rows).count != rows.count { return "the store returned an object twice: \(rows.map(describe))" }
        let extra = Set(rows).subtracting(expected).sorted()
        let missing = Set(expected).subtracting(rows).sorted()
        guard !extra.isEmpty || !missing.isEmpty else { return nil }
        return "only the store: \(extra.prefix(5).map(describe))\nonly the evaluator: \(missing.prefix(5).map(describe))"
    }

    /// Equal when the store's sort keys are the evaluator's, position by position, and every object the
    /// store returned matches, once, with its own keys at its position (so tied objects may swap).
    private func orderedDifference(_ rows: [Int], _ expected: [Int], matching: Set<Int>, sorts: [SortExpression]) -> String? {
        let storeKeys = rows.map { keys(of: $0, sorts) }
        let expectedKeys = expected.map { keys(of: $0, sorts) }
        let sameKeys = storeKeys.count == expectedKeys.count && zip(storeKeys, expectedKeys).allSatisfy { pair in
            zip(pair.0, pair.1).allSatisfy { AttributeValue.order($0, $1) == .orderedSame }
        }
        if sameKeys, Set(rows).count == rows.count, rows.allSatisfy(matching.contains) { return nil }
        func render(_ keys: [[AttributeValue]]) -> String {
            keys.map { "(" + $0.map(\.readable).joined(separator: ", ") + ")" }.joined(separator: " ")
        }
        return "store keys: \(render(storeKeys))\nevaluator keys: \(render(expectedKeys))\nstore rows: \(rows.map(describe))"
    }

    private func keys(of row: Int, _ sorts: [SortExpression]) -> [AttributeValue] {
        guard row >= 0 else { return [] }
        return sorts.map { value(at: $0.path, of: row) }
    }

    private func value(at path: [String], of row: Int) -> AttributeValue {
        var current = row
        for step in path.dropLast() {
            guard let index = dataSet.rows[current].entity.relationshipIndex(named: step),
                  let next = dataSet.rows[current].related[index]?.first else { return .null }
            current = next
        }
        let entity = dataSet.rows[current].entity
        guard let name = path.last, let index = entity.attributeIndex(named: name) else { return .null }
        return dataSet.rows[current].values[index]
    }

    private func describe(_ row: Int) -> String {
        guard row >= 0 else { return "?" }
        let object = dataSet.rows[row]
        let values = zip(object.entity.attributes, object.values).map { "\($0.name): \($1.readable)" }
        return "\(object.entity.name)#\(row)(\(values.joined(separator: ", ")))"
    }
}
