import Synchronization

/// A value that later values of its kind can be folded into, so a slow reader gets one value saying
/// everything that happened since it last read.
protocol Coalescing: Sendable {
    /// Folds `later` into `self`.
    mutating func coalesce(with later: Self)
}

extension StoreChange: Coalescing {}

/// The buffer between one publisher and one reader: posting never waits, and what the reader has not
/// taken yet is coalesced into one value, so nothing is lost however slow the reader is and the buffer
/// holds at most one value. The reader waits for a value, a ring (a wake-up without a value), the end, or
/// the cancellation of its task.
final class Mailbox<Value: Coalescing>: Sendable {
    private struct State: Sendable {
        var pending: Value?
        var isRung = false
        var isFinished = false
        var waiter: CheckedContinuation<Void, Never>?

        mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
            defer { waiter = nil }
            return waiter
        }
    }

    private let state = Mutex(State())

    init() {}

    /// Adds `value` after what is pending; ignored once finished.
    func post(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.isFinished else { return nil }
            if state.pending == nil {
                state.pending = value
            } else {
                state.pending!.coalesce(with: value)
            }
            return state.takeWaiter()
        }
        waiter?.resume()
    }

    /// Wakes the reader without a value.
    func ring() {
        state.withLock { state in
            state.isRung = true
            return state.takeWaiter()
        }?.resume()
    }

    /// Ends the mailbox: the reader takes what is pending, then finds it finished.
    func finish() {
        state.withLock { state in
            state.isFinished = true
            return state.takeWaiter()
        }?.resume()
    }

    /// The pending value, removed.
    func take() -> Value? {
        state.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
    }

    /// Whether a value is pending.
    var hasPending: Bool { state.withLock { $0.pending != nil } }

    /// Whether ``finish()`` was called.
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Returns once a value is pending, the mailbox was rung (the ring is consumed) or finished, or the
    /// calling task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending != nil || state.isRung || state.isFinished || Task.isCancelled {
                        state.isRung = false
                        return true
                    }
                    // One reader at a time; a second one displaces the first, which returns and looks again.
                    let displaced = state.waiter
                    state.waiter = continuation
                    displaced?.resume()
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.takeWaiter() }?.resume()
        }
        state.withLock { $0.isRung = false }
    }
}
