#if PostgreSQL
import PostgresNIO
import Synchronization

/// The rows of one statement, handed from its connection's event loop, which receives them, to the task
/// that reads them, in batches: the reader takes every row received so far, and a reader waiting for rows
/// is woken once per turn of the event loop that received some, not once per row. Cancelling the reading
/// task (``cancel()``) wakes it at once: it stops with `CancellationError`.
final class RowHandOff: Sendable {
    private struct State {
        var rows: [PostgresRow] = []
        /// How the statement ended, once it has.
        var end: Result<Void, any Error>?
        var waitingReader: UnsafeContinuation<Void, Never>?
        var wakeIsScheduled = false
        var readerStopped = false
        var isCancelled = false

        /// What a reader finds.
        enum Taken {
            case rows([PostgresRow])
            case ended
            case nothingYet
        }

        /// The rows received, else whether the statement has ended.
        /// - Throws: `CancellationError` once the reader is cancelled, else the statement's error, once its
        ///   rows are taken.
        mutating func take() throws -> Taken {
            if isCancelled { throw CancellationError() }
            if !rows.isEmpty {
                let taken = rows
                rows = []
                rows.reserveCapacity(taken.count)
                return .rows(taken)
            }
            switch end {
            case nil: return .nothingYet
            case .success: return .ended
            case .failure(let error): throw error
            }
        }
    }

    /// What ``deliver(_:)`` throws once the reader has stopped: it ends the statement's rows.
    struct ReaderStopped: Error {}

    private let state = Mutex(State())
    private let eventLoop: any EventLoop

    /// A hand-off for a statement on the connection whose event loop is `eventLoop`.
    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Hands `row` to the reader (on the event loop).
    /// - Throws: ``ReaderStopped`` once the reader has stopped.
    func deliver(_ row: PostgresRow) throws {
        let wakesReader = try state.withLock { state throws -> Bool in
            guard !state.readerStopped else { throw ReaderStopped() }
            state.rows.append(row)
            guard state.waitingReader != nil, !state.wakeIsScheduled else { return false }
            state.wakeIsScheduled = true
            return true
        }
        if wakesReader { eventLoop.execute { self.wakeReader() } }
    }

    /// Ends the rows with the statement's `result`.
    func end(_ result: Result<Void, any Error>) {
        state.withLock { state in
            state.end = result
            return state.waitingReader.take()
        }?.resume()
    }

    /// The rows received since the last call, waiting for some if there are none; `nil` once the statement
    /// has ended and every row was taken.
    /// - Throws: `CancellationError` once ``cancel()`` was called, else the statement's error, after the
    ///   rows received before it.
    func next() async throws -> [PostgresRow]? {
        while true {
            switch try state.withLock({ try $0.take() }) {
            case .rows(let rows): return rows
            case .ended: return nil
            case .nothingYet:
                await withUnsafeContinuation { reader in
                    let isReady = state.withLock { state in
                        guard state.rows.isEmpty, state.end == nil, !state.isCancelled else { return true }
                        state.waitingReader = reader
                        return false
                    }
                    if isReady { reader.resume() }
                }
            }
        }
    }

    /// Stops reading: the statement's further rows are dropped, and its row stream ends.
    func stop() {
        state.withLock { state in
            state.readerStopped = true
            state.rows = []
        }
    }

    /// Cancels the reader: its further rows are dropped, and a reader waiting for rows wakes and, like any
    /// later call of ``next()``, throws `CancellationError`.
    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            state.readerStopped = true
            state.rows = []
            return state.waitingReader.take()
        }?.resume()
    }

    /// Whether the statement has ended (answered, failed, or its connection closed).
    var hasEnded: Bool {
        state.withLock { $0.end != nil }
    }

    private func wakeReader() {
        state.withLock { state in
            state.wakeIsScheduled = false
            return state.waitingReader.take()
        }?.resume()
    }
}
#endif
