import Dispatch

extension Array where Element: Sendable {
    /// `map` on every core, in order. For independent, CPU-bound work such as rendering or writing files.
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes only its own slot, so the unsynchronized buffer is safe.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = transform(self[index])
            }
        }
        return results.compactMap { $0 }
    }
}
