import struct ObjectGraphConformance.TestServerSlots
import Synchronization
import Testing

/// The ``TestServerSlots`` trait lets no more than ``TestServerSlots/count`` marked cases run at once,
/// counting the cases of every marked suite that run beside these.
@Suite(.testServerSlot) struct TestServerSlotsTests {
    private static let running = Mutex((now: 0, most: 0))

    @Test(arguments: 0..<(3 * TestServerSlots.count))
    func casesBeyondTheSlotsWait(_ index: Int) async throws {
        let now = Self.running.withLock { running in
            running.now += 1
            running.most = max(running.most, running.now)
            return running.now
        }
        #expect(now <= TestServerSlots.count, "case \(index) ran beside \(now - 1) others")
        try await Task.sleep(for: .milliseconds(20))
        Self.running.withLock { $0.now -= 1 }
    }
}
