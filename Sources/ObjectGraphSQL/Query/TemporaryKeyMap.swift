/// The row keys a save gave its inserted objects, by their temporary keys.
///
/// A context numbers new objects consecutively, so the temporary keys of one save usually fill most of
/// a range: then the map is an array over that range, read without hashing. Scattered keys go to a
/// dictionary.
package struct TemporaryKeyMap {
    /// The smallest temporary key, when the keys are dense.
    private var base: UInt64 = 0
    /// Row keys by `temporary - base`; 0 for none (row keys start at 1).
    private var dense: [Int64] = []
    private var sparse: [UInt64: Int64] = [:]

    /// A map of `pairs` (temporary key, row key); row keys are positive.
    package init(_ pairs: [(temporary: UInt64, key: Int64)]) {
        guard let low = pairs.lazy.map(\.temporary).min(), let high = pairs.lazy.map(\.temporary).max() else { return }
        if high - low < UInt64(pairs.count) * 2 {
            base = low
            dense = [Int64](repeating: 0, count: Int(high - low) + 1)
            for pair in pairs { dense[Int(pair.temporary - low)] = pair.key }
        } else {
            sparse = Dictionary(pairs.map { ($0.temporary, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The row key of the object with temporary key `temporary`, if this save inserted it.
    package subscript(temporary: UInt64) -> Int64? {
        if !dense.isEmpty {
            guard temporary >= base, temporary - base < UInt64(dense.count) else { return nil }
            let key = dense[Int(temporary - base)]
            return key == 0 ? nil : key
        }
        return sparse[temporary]
    }
}
