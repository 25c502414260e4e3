import Synchronization

/// Temporary keys: a process-wide counter, so that making one costs an atomic add and hashing one
/// costs no more than hashing an integer. Temporary keys only need to be unique, not unpredictable.
enum TemporaryKeys {
    private static let counter = Atomic<UInt64>(0)

    /// A key no other call in this process returns.
    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
