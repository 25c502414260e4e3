/// The IDs of a sorted result in chunks of at most ``chunkLimit``, so that inserting or removing one
/// row moves the elements of one chunk, not of the whole result, and a copy (a snapshot handed to an
/// observer) shares every chunk it does not change.
struct ChunkedRows: Sendable, Hashable {
    /// The most IDs in one chunk; a chunk that grows past it splits in two.
    static let chunkLimit = 2048
    private var chunks: [[AnyObjectID]] = []
    /// The number of IDs.
    private(set) var count = 0

    init() {}

    /// The IDs of `ids`, in order.
    init(_ ids: some Collection<AnyObjectID>) {
        var chunk: [AnyObjectID] = []
        chunk.reserveCapacity(Self.chunkLimit / 2)
        for id in ids {
            chunk.append(id)
            if chunk.count == Self.chunkLimit / 2 {
                chunks.append(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        count = ids.count
    }

    /// The ID at `position`.
    subscript(position: Int) -> AnyObjectID {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset]
    }

    /// Every ID in order.
    var all: [AnyObjectID] { Array(chunks.joined()) }

    /// The IDs at `positions`.
    func ids(in positions: Range<Int>) -> [AnyObjectID] {
        positions.map { self[$0] }
    }

    /// The number of IDs for which `isBefore` holds, all of which come first (binary search: first over
    /// the chunks' last IDs, then inside one chunk).
    func partitionPoint(_ isBefore: (AnyObjectID) -> Bool) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(chunks[middle][chunks[middle].count - 1]) { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return count }
        let chunk = chunks[low]
        var start = 0, end = chunk.count
        while start < end {
            let middle = (start + end) / 2
            if isBefore(chunk[middle]) { start = middle + 1 } else { end = middle }
        }
        return offset(ofChunk: low) + start
    }

    /// Inserts `id` at `position` (`0...count`).
    mutating func insert(_ id: AnyObjectID, at position: Int) {
        precondition(position >= 0 && position <= count, "row \(position) out of 0...\(count)")
        let chunk: Int
        if chunks.isEmpty {
            chunks = [[id]]
            chunk = 0
        } else if position == count {
            chunk = chunks.count - 1
            chunks[chunk].append(id)
        } else {
            let offset: Int
            (chunk, offset) = locate(position)
            chunks[chunk].insert(id, at: offset)
        }
        count += 1
        if chunks[chunk].count > Self.chunkLimit {
            let tail = Array(chunks[chunk][(Self.chunkLimit / 2)...])
            chunks[chunk].removeSubrange((Self.chunkLimit / 2)...)
            chunks.insert(tail, at: chunk + 1)
        }
    }

    /// Removes the ID at `position`.
    mutating func remove(at position: Int) {
        let (chunk, offset) = locate(position)
        chunks[chunk].remove(at: offset)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        count -= 1
    }

    /// The chunk holding `position` and the offset in it.
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "row \(position) out of 0..<\(count)")
        var remaining = position
        for (index, chunk) in chunks.enumerated() {
            if remaining < chunk.count { return (index, remaining) }
            remaining -= chunk.count
        }
        preconditionFailure("row \(position) out of 0..<\(count)")
    }

    /// The position of the first ID of chunk `index`.
    private func offset(ofChunk index: Int) -> Int {
        chunks[..<index].reduce(0) { $0 + $1.count }
    }
}
