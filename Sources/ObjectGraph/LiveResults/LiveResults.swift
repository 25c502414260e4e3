import Observation

/// A fetch kept up to date: the current sections of the matching objects, and an `AsyncSequence` of
/// updates, each the new state with the ``SectionedDiff`` from the previous one.
///
/// Made by ``ObjectContext/results(for:sectionedBy:sectionName:batchSize:)``, the generated
/// `Event.results(in:where:sortedBy:sectionedBy:batchSize:)`, or by name with
/// ``ObjectContext/results(entityNamed:where:sortedBy:sectionNameKeyPath:batchSize:)``. The results hold
/// the IDs of every row with its sort key values (no objects); ``object(at:)`` loads objects
/// ``batchSize`` at a time around the row asked for.
///
/// Updates follow what the context publishes (``ObjectContext/changes``): its own saves, and the saves
/// of other contexts, other store instances and processes, and the server, which the context merges
/// while ``updates`` is iterated. They are computed in the isolation that iterates ``updates`` (the
/// context's), when it asks: a change the runtime can evaluate in memory (the predicate and the sort
/// keys on the changed objects' own values) costs a binary search and a small move per changed row; one
/// that can affect rows through relationships, a request with a limit or offset, or a store that can
/// only say which entities changed, refetches the IDs and sort keys in one query and diffs them.
/// ``snapshot`` is observable (Observation) and changes as updates are delivered. When the context is
/// reset or released, the updates end.
///
/// ```swift
/// let results = try await Event.results(in: context, sortedBy: [.descending(\.timeStamp)],
///                                       sectionedBy: \.timeStamp, sectionName: { day($0) }, batchSize: 20)
/// for section in results.snapshot.sections { print(section.name, section.count) }
/// for try await update in results.updates {
///     print(update.diff)                        // -rows [0.1] +rows [0.0] …
///     let first = try await results.object(at: RowPath(section: 0, row: 0))
/// }
/// ```
@Observable
public final class LiveResults<Object: ManagedObject> {
    /// The current sections and rows.
    public private(set) var snapshot: SectionedSnapshot

    /// The number of objects loaded together by ``object(at:)``.
    @ObservationIgnored public let batchSize: Int
    @ObservationIgnored private weak var context: ObjectContext?
    @ObservationIgnored private let plan: LiveResultsPlan
    @ObservationIgnored private var state: LiveResultsState
    /// The context's changes; `nil` once the updates ended.
    @ObservationIgnored private var changes: ContextChanges.Iterator?
    @ObservationIgnored private let generation: Int
    /// The objects of the batches loaded last, so they stay alive while used.
    @ObservationIgnored private var retained: [(batch: Int, objects: [AnyObjectID: ManagedObject])] = []

    init(context: ObjectContext, plan: LiveResultsPlan, state: LiveResultsState, batchSize: Int,
         changes: ContextChanges) {
        self.context = context
        self.plan = plan
        self.state = state
        self.snapshot = state.snapshot
        self.batchSize = Swift.max(1, batchSize)
        self.changes = changes.makeAsyncIterator()
        self.generation = context.resetGeneration
    }

    /// The sections, in order.
    public var sections: [SectionedSnapshot.Section] { snapshot.sections }

    /// The object at `path` of the current ``snapshot``, loading its batch when needed.
    /// - Throws: ``ObjectGraphError/objectNotInContext(_:)`` when the context is gone or was reset,
    ///   ``ObjectGraphError/objectNotFound(_:)`` for an object deleted since the last update, store errors.
    public nonisolated(nonsending) func object(at path: RowPath) async throws -> Object {
        try await object(atPosition: snapshot.position(of: path))
    }

    /// The objects of section `index` of the current ``snapshot``, in order.
    /// - Throws: as ``object(at:)``.
    public nonisolated(nonsending) func objects(inSection index: Int) async throws -> [Object] {
        var objects: [Object] = []
        for position in snapshot.positions(ofSection: index) { objects.append(try await object(atPosition: position)) }
        return objects
    }

    nonisolated(nonsending) private func object(atPosition position: Int) async throws -> Object {
        let id = snapshot.rows[position]
        let batch = position / batchSize
        if let entry = retained.first(where: { $0.batch == batch }), let object = entry.objects[id] {
            return try ObjectContext.cast(object, to: Object.self)
        }
        guard let context, context.resetGeneration == generation else { throw ObjectGraphError.objectNotInContext(id) }
        let range = batch * batchSize ..< Swift.min((batch + 1) * batchSize, snapshot.count)
        let found = try await context.objects(for: snapshot.rows.ids(in: range))
        retained.removeAll { $0.batch == batch }
        retained.append((batch, found))
        if retained.count > 2 { retained.removeFirst() }
        guard let object = found[id] else { throw ObjectGraphError.objectNotFound(id) }
        return try ObjectContext.cast(object, to: Object.self)
    }

    /// The updates, one per change of the context that changes the results. Iterate them in the
    /// context's isolation, from one place: each update is computed when the loop asks for it.
    public var updates: Updates { Updates(results: self) }

    /// The next update: waits for the context's next change that alters the results, applies it and
    /// says how; `nil` once the context is reset or gone.
    nonisolated(nonsending) func nextUpdate() async throws -> LiveUpdate? {
        while var iterator = changes {
            let next = try await iterator.next(isolation: #isolation)
            changes = iterator
            guard let change = next, !change.causes.contains(.reset),
                  let context, context.resetGeneration == generation else { return end() }
            let diff = try await plan.apply(change.committed, to: &state, in: context)
            guard context.resetGeneration == generation else { return end() }
            guard !diff.isEmpty else { continue }
            snapshot = state.snapshot
            retained.removeAll()
            return LiveUpdate(snapshot: snapshot, diff: diff)
        }
        return nil
    }

    /// Stops observing the context: the updates ended.
    private func end() -> LiveUpdate? {
        changes = nil
        retained.removeAll()
        return nil
    }

    /// The updates of ``LiveResults``.
    public struct Updates: AsyncSequence {
        /// One update.
        public typealias Element = LiveUpdate
        /// Loading what changed can fail.
        public typealias Failure = any Error
        let results: LiveResults

        /// Starts waiting for the next change.
        public func makeAsyncIterator() -> Iterator { Iterator(results: results) }

        /// Delivers updates as the context's changes arrive.
        public struct Iterator: AsyncIteratorProtocol {
            let results: LiveResults

            /// The next update, in the caller's isolation.
            public mutating func next() async throws -> LiveUpdate? {
                try await next(isolation: nil)
            }

            /// The next update, computed in the isolation of `actor` (the caller's in a `for try await` loop).
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> LiveUpdate? {
                try await results.nextUpdate()
            }
        }
    }
}

/// One update of ``LiveResults``: the state after a change and how it differs from the state before.
public struct LiveUpdate: Sendable, Hashable {
    /// The sections and rows after the change.
    public let snapshot: SectionedSnapshot
    /// What changed, for a batch update of a table or collection view.
    public let diff: SectionedDiff
}
