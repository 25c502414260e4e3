/// Lets one cache write run at a time, across the suspension points of the ``CachingStore`` actor: two
/// fetches that find the same new object must not both give it a cache row.
struct WriteGate {
    var isBusy = false
    var waiters: [CheckedContinuation<Void, Never>] = []
}

extension CachingStore {
    /// Runs `body` after every earlier write, before every later one.
    func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        if writeGate.isBusy {
            await withCheckedContinuation { writeGate.waiters.append($0) }
        } else {
            writeGate.isBusy = true
        }
        defer {
            if writeGate.waiters.isEmpty { writeGate.isBusy = false } else { writeGate.waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
