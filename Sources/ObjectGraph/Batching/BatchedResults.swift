/// The answer of a fetch with a batch size: every matching ID, known after one query, and the objects
/// loaded `batchSize` at a time when they are first asked for (Core Data's `fetchBatchSize`).
///
/// As a `RandomAccessCollection` it lists the IDs (``count`` is exact); ``object(at:)`` and
/// ``objects(in:)`` load the batches they touch, and ``objects`` iterates every object batch by batch.
/// Objects of batches never touched are never made.
///
/// What stays in memory: the results keep the objects of the ``retainedBatchCount`` batches used last
/// and let go of older ones. A batch let go of is loaded again (one store call for the objects its
/// context no longer has) when it is used again; the objects themselves live as long as their context
/// registers them, so memory follows the batches in use once the context drops unchanged objects no one
/// holds.
///
/// The IDs are those of the moment of the fetch (like Core Data's batched arrays): objects inserted
/// later are not listed, and loading one deleted since throws ``ObjectGraphError/objectNotFound(_:)``.
///
/// ```swift
/// let events = try await Event.fetch(in: context, sortedBy: [.descending(\.timeStamp)], batchSize: 20)
/// print(events.count)                          // every match, no object made yet
/// let first = try await events.object(at: 0)   // loads objects 0..<20
/// for try await event in events.objects { print(event.title) }   // 20 at a time
/// ```
public final class BatchedResults<Object: ManagedObject>: RandomAccessCollection {
    /// The IDs of the matching objects, in the request's order.
    public let ids: ObjectIDList
    /// The number of objects loaded together.
    public let batchSize: Int
    /// How many loaded batches the results keep (the ones used last).
    public let retainedBatchCount = 2
    private weak var context: ObjectContext?
    private let prefetching: [[String]]
    /// Loaded batches by batch number, the one used last at the end.
    private var retained: [(batch: Int, objects: [Object])] = []

    init(ids: ObjectIDList, batchSize: Int, context: ObjectContext, prefetching: [[String]], loaded: [Object]? = nil) {
        self.ids = ids
        self.batchSize = Swift.max(1, batchSize)
        self.context = context
        self.prefetching = prefetching
        if let loaded, !loaded.isEmpty, loaded.count <= self.batchSize { retained = [(0, loaded)] }
    }

    /// The position of the first ID.
    public var startIndex: Int { 0 }

    /// One past the position of the last ID.
    public var endIndex: Int { ids.count }

    /// The ID of the object at `position`.
    public subscript(position: Int) -> AnyObjectID { ids[position] }

    /// The object at `position`, loading its batch unless it is loaded.
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` for an object deleted since the fetch,
    ///   ``ObjectGraphError/objectNotInContext(_:)`` when the context no longer exists, store errors.
    public nonisolated(nonsending) func object(at position: Int) async throws -> Object {
        precondition(indices.contains(position), "index \(position) out of 0..<\(count)")
        let batch = try await objects(ofBatch: position / batchSize)
        return batch[position % batchSize]
    }

    /// The objects at `positions`, loading each batch they touch once.
    /// - Throws: as ``object(at:)``.
    public nonisolated(nonsending) func objects(in positions: Range<Int>) async throws -> [Object] {
        precondition(positions.clamped(to: indices) == positions, "range \(positions) out of 0..<\(count)")
        guard !positions.isEmpty else { return [] }
        var result: [Object] = []
        result.reserveCapacity(positions.count)
        for batch in positions.lowerBound / batchSize ... (positions.upperBound - 1) / batchSize {
            let start = batch * batchSize
            let objects = try await objects(ofBatch: batch)
            let wanted = Swift.max(positions.lowerBound, start) - start ..< Swift.min(positions.upperBound, start + objects.count) - start
            result.append(contentsOf: objects[wanted])
        }
        return result
    }

    /// Every object in order, loaded one batch at a time.
    public var objects: Objects { Objects(results: self) }

    /// The objects of batch number `batch`: the retained ones, or loaded with one store call for those the
    /// context does not have, then prefetched.
    nonisolated(nonsending) private func objects(ofBatch batch: Int) async throws -> [Object] {
        if let slot = retained.firstIndex(where: { $0.batch == batch }) {
            let entry = retained.remove(at: slot)
            retained.append(entry)
            return entry.objects
        }
        let range = batch * batchSize ..< Swift.min((batch + 1) * batchSize, ids.count)
        let batchIDs = range.map { ids[$0] }
        guard let context else { throw ObjectGraphError.objectNotInContext(batchIDs[0]) }
        let found = try await context.objects(for: batchIDs)
        let objects: [Object] = try batchIDs.map { id in
            guard let object = found[id] else { throw ObjectGraphError.objectNotFound(id) }
            return try ObjectContext.cast(object, to: Object.self)
        }
        try await context.prefetch(prefetching, for: objects)
        retained.append((batch, objects))
        if retained.count > retainedBatchCount { retained.removeFirst() }
        return objects
    }

    /// The objects of ``BatchedResults`` in order, loaded one batch at a time.
    public struct Objects: AsyncSequence {
        /// An object of the results.
        public typealias Element = Object
        /// Loading a batch can fail.
        public typealias Failure = any Error
        let results: BatchedResults

        /// Starts at the first object.
        public func makeAsyncIterator() -> Iterator { Iterator(results: results) }

        /// Walks the objects, asking for each batch once.
        public struct Iterator: AsyncIteratorProtocol {
            let results: BatchedResults
            var position = 0
            var batch: [Object] = []
            var batchStart = 0

            /// The next object, in the caller's isolation.
            public mutating func next() async throws -> Object? {
                try await next(isolation: nil)
            }

            /// The next object, loading the next batch when the current one is used up; runs in the
            /// isolation of `actor` (the caller's, in a `for try await` loop).
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Object? {
                guard position < results.count else { return nil }
                if position - batchStart >= batch.count {
                    batchStart = position
                    batch = try await results.objects(ofBatch: position / results.batchSize)
                }
                defer { position += 1 }
                return batch[position - batchStart]
            }
        }
    }
}
