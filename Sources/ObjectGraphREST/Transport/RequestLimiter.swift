/// Lets at most a fixed number of requests run at once; the others wait in arrival order.
actor RequestLimiter {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `operation` once a slot is free.
    func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        if running < limit {
            running += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release() }
        return try await operation()
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
