/// Packs runs of elements (the values of one row, the to-one IDs of one object) into arrays shared by
/// up to ``runsPerArray`` runs, and hands out one ``SharedSlice`` per run: a batch of N runs costs a
/// few allocations instead of N. Stores use it to build the ``Snapshot`` values of many rows.
///
/// ```swift
/// var packer = SlicePacker<AttributeValue>()
/// packer.append(.string("Low")); packer.append(.integer(1993)); packer.endRun()
/// packer.append(.string("Hum")); packer.endRun()
/// let slices = packer.finish()   // [[.string("Low"), .integer(1993)], [.string("Hum")]]
/// ```
public struct SlicePacker<Element> {
    /// Runs per shared array: enough to make allocations rare, few enough that one slice kept alone
    /// keeps little memory alive.
    public let runsPerArray: Int
    @usableFromInline var slices: [SharedSlice<Element>] = []
    @usableFromInline var storage: [Element] = []
    @usableFromInline var runs: [Range<Int>] = []
    @usableFromInline var runStart = 0
    /// The size of the last full array, reserved when the next one starts.
    @usableFromInline var lastArraySize = 0

    /// A packer sharing each array between `runsPerArray` runs.
    @inlinable public init(runsPerArray: Int = 256) {
        self.runsPerArray = max(1, runsPerArray)
    }

    /// Adds `element` to the current run.
    @inlinable public mutating func append(_ element: Element) {
        if storage.isEmpty && lastArraySize > 0 { storage.reserveCapacity(lastArraySize) }
        storage.append(element)
    }

    /// Makes room for `count` more runs before the next ``finish()``, when the caller knows how many
    /// will come: the array of slices then never grows by copying.
    @inlinable public mutating func reserveRuns(_ count: Int) {
        slices.reserveCapacity(slices.count + count)
    }

    /// Ends the current run (possibly empty).
    @inlinable public mutating func endRun() {
        runs.append(runStart..<storage.count)
        runStart = storage.count
        if runs.count == runsPerArray { flush() }
    }

    /// Drops the elements of the current run.
    @inlinable public mutating func discardRun() {
        storage.removeSubrange(runStart...)
    }

    /// One slice per ended run, in order; the packer starts over.
    @inlinable public mutating func finish() -> [SharedSlice<Element>] {
        flush()
        defer { slices = [] }
        return slices
    }

    @inlinable mutating func flush() {
        if runStart < storage.count { discardRun() }
        let shared = storage
        for run in runs { slices.append(SharedSlice(shared, range: run)) }
        if runs.count == runsPerArray { lastArraySize = storage.count }
        storage = []
        runs.removeAll(keepingCapacity: true)
        runStart = 0
    }
}
