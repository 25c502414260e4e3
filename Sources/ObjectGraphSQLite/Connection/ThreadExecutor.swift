import Foundation
import Synchronization

/// A serial executor that runs every job on one dedicated thread, so blocking SQLite calls never occupy
/// a thread of Swift's cooperative pool.
final class ThreadExecutor: SerialExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let name: String

    /// Starts the thread, named `name` for debuggers and profilers.
    init(name: String) {
        self.name = name
        let thread = Thread { [self] in
            run()
        }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        state.withLock { $0.jobs.append(unowned) }
        wakeUp.signal()
    }

    /// Lets the thread finish the queued jobs and exit; it keeps the executor alive until then.
    func stop() {
        state.withLock { $0.isStopped = true }
        wakeUp.signal()
    }

    /// Whether the calling code runs on this executor's thread.
    var isCurrentThread: Bool {
        (Thread.current.threadDictionary[Self.threadKey] as? String) == "\(ObjectIdentifier(self).hashValue)"
    }

    private static let threadKey = "ObjectGraphSQLite.ThreadExecutor"

    private func run() {
        let unownedExecutor = asUnownedSerialExecutor()
        Thread.current.name = name
        Thread.current.threadDictionary[Self.threadKey] = "\(ObjectIdentifier(self).hashValue)"
        while true {
            wakeUp.wait()
            let (jobs, isStopped) = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return (state.jobs, state.isStopped)
            }
            for job in jobs { job.runSynchronously(on: unownedExecutor) }
            if isStopped { return }
        }
    }
}
