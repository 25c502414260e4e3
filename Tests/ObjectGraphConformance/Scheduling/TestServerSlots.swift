import Testing

/// A trait for tests that run local HTTP test servers: each test case holds one of
/// ``TestServerSlots/count`` slots while it runs, so at most that many such cases run at once, however
/// many suites and arguments there are.
///
/// A FlyingFox server's event loop blocks one Dispatch worker thread for as long as the server runs, and
/// Dispatch has at most 255 of them on Linux. Swift Testing starts every case at once, and the REST and
/// caching suites have some six hundred cases that run servers (a conformance check may run several):
/// unthrottled they took every worker, URLSession's own queues never ran again, and the whole test run
/// hung until CI killed it. With 24 slots and at most a few servers per case, the servers hold about a
/// hundred workers at worst.
///
/// ```swift
/// @Suite(.testServerSlot) struct GitHubTests {
///     @Test func issuesOfARepository() async throws {
///         let server = try await TestServer.start(GitHubAPI())
///         …
///     }
/// }
/// ```
public struct TestServerSlots: TestTrait, SuiteTrait, TestScoping {
    /// How many cases marked with this trait run at once.
    public static let count = 24

    private static let slots = AsyncSemaphore(count: count)

    /// Every test of a marked suite, and every case of each, is throttled.
    public var isRecursive: Bool { true }

    /// Scopes only test cases: a suite or a parameterized test as a whole holds no slot.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the case once it holds a slot, and gives the slot back when the case ends, however it ends.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.slots.wait()
        do {
            try await function()
        } catch {
            await Self.slots.signal()
            throw error
        }
        await Self.slots.signal()
    }
}

extension Trait where Self == TestServerSlots {
    /// Each case holds one of ``TestServerSlots/count`` slots while it runs (see ``TestServerSlots``).
    public static var testServerSlot: TestServerSlots { TestServerSlots() }
}

/// A counting semaphore for tasks: ``wait()`` suspends, without blocking a thread, until a unit is free,
/// and waiters are served in arrival order.
actor AsyncSemaphore {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A semaphore with `count` units free.
    init(count: Int) {
        available = count
    }

    /// Takes a unit, suspending until one is free.
    func wait() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Gives a unit back, to the longest waiter if there is one.
    func signal() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
