import Foundation
import Synchronization

/// Cheap unique UUIDs for temporary IDs: a random per-process prefix and a counter.
///
/// `UUID()` reads the system's random source on every call (on Linux an open/read/close of
/// `/dev/urandom`), which dominated inserting and loading many objects. Temporary IDs only need to be
/// unique, not unpredictable.
enum TemporaryKeys {
    private static let prefix = UUID().uuid
    private static let counter = Atomic<UInt64>(0)

    /// A UUID no other call in this process returns.
    static func next() -> UUID {
        let count = counter.add(1, ordering: .relaxed).newValue
        var bytes = prefix
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<8 { raw[8 + index] = UInt8(truncatingIfNeeded: count >> (8 * UInt64(index))) }
        }
        return UUID(uuid: bytes)
    }
}
