/// Lets one holder at a time through, across the suspension points of the ``CachingStore`` actor: one
/// cache write (two fetches that find the same new object must not both give it a cache row), one outbox
/// replay pass.
struct WriteGate {
    /// The store's gates.
    enum Name {
        /// Cache writes.
        case write
        /// Outbox replay passes.
        case replay
    }

    var isBusy = false
    var waiters: [CheckedContinuation<Void, Never>] = []
}

extension CachingStore {
    /// Runs `body` after every earlier write, before every later one.
    func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        try await through(.write, body)
    }

    /// The gate `name`.
    private subscript(gate name: WriteGate.Name) -> WriteGate {
        get {
            switch name {
            case .write: writeGate
            case .replay: replayGate
            }
        }
        set {
            switch name {
            case .write: writeGate = newValue
            case .replay: replayGate = newValue
            }
        }
    }

    /// Runs `body` after every earlier holder of the gate `gate`, before every later one.
    func through<T>(_ gate: WriteGate.Name, _ body: () async throws -> T) async throws -> T {
        if self[gate: gate].isBusy {
            await withCheckedContinuation { self[gate: gate].waiters.append($0) }
        } else {
            self[gate: gate].isBusy = true
        }
        defer {
            if self[gate: gate].waiters.isEmpty { self[gate: gate].isBusy = false } else { self[gate: gate].waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
