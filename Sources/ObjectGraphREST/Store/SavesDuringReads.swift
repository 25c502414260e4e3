import ObjectGraph

/// The objects saves wrote while server reads were in flight, so that an answer read before a save does
/// not replace, in the store's cache, what the save wrote (a list `GET` sent before a `PATCH` and
/// answered after it describes the object as it was).
struct SavesDuringReads {
    /// How many saves have finished.
    private var saves: UInt64 = 0
    /// By object: ``saves`` when the last save writing it finished while a read was in flight.
    private var lastSave: [AnyObjectID: UInt64] = [:]
    /// The reads in flight, by the ``saves`` each began at.
    private var readsInFlight: [UInt64: Int] = [:]

    /// Notes that a read begins; returns what to pass to ``objectsSaved(after:)`` and ``endRead(_:)``.
    mutating func beginRead() -> UInt64 {
        readsInFlight[saves, default: 0] += 1
        return saves
    }

    /// Notes that the read that began at `readAt` has ended, and forgets the saves no read in flight
    /// can ask about.
    mutating func endRead(_ readAt: UInt64) {
        if let count = readsInFlight[readAt], count > 1 { readsInFlight[readAt] = count - 1 } else { readsInFlight[readAt] = nil }
        guard let oldest = readsInFlight.keys.min() else {
            lastSave.removeAll()
            return
        }
        lastSave = lastSave.filter { $0.value > oldest }
    }

    /// Notes a finished save that wrote (created, changed or deleted) `ids`.
    mutating func recordSave(of ids: some Sequence<AnyObjectID>) {
        saves += 1
        guard !readsInFlight.isEmpty else { return }
        for id in ids { lastSave[id] = saves }
    }

    /// The objects a save wrote after the read that began at `readAt` was sent.
    func objectsSaved(after readAt: UInt64) -> [AnyObjectID] {
        lastSave.filter { $0.value > readAt }.map(\.key)
    }
}
