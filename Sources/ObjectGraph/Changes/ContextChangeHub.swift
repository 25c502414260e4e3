import Synchronization

/// The observers of one context's changes (``ObjectContext/changes``), each with its own coalescing
/// ``Mailbox``. Sendable so an observation can end (and unregister) in any task.
final class ContextChangeHub: Sendable {
    private struct State: Sendable {
        var mailboxes: [Int: Mailbox<ContextChange>] = [:]
        var nextToken = 0
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Whether anyone observes.
    var hasObservers: Bool { state.withLock { !$0.mailboxes.isEmpty } }

    /// Registers an observer; after ``finish()`` its mailbox is finished at once.
    func subscribe() -> Subscription {
        let mailbox = Mailbox<ContextChange>()
        let token = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            defer { state.nextToken += 1 }
            state.mailboxes[state.nextToken] = mailbox
            return state.nextToken
        }
        if token == nil { mailbox.finish() }
        return Subscription(mailbox: mailbox) { [weak self] in
            guard let token else { return }
            self?.state.withLock { _ = $0.mailboxes.removeValue(forKey: token) }
        }
    }

    /// Delivers the change `make` returns to every observer; `make` runs only when there is one.
    func publish(_ make: () -> ContextChange) {
        state.withLock { state in
            guard !state.mailboxes.isEmpty else { return }
            let change = make()
            for mailbox in state.mailboxes.values { mailbox.post(change) }
        }
    }

    /// Wakes every observer without a change (the store changed: an observer merges it).
    func ringAll() {
        for mailbox in state.withLock({ Array($0.mailboxes.values) }) { mailbox.ring() }
    }

    /// Ends every observation: the context is gone.
    func finish() {
        let mailboxes = state.withLock { state in
            state.isFinished = true
            return Array(state.mailboxes.values)
        }
        for mailbox in mailboxes { mailbox.finish() }
    }

    /// One observer's registration; it ends when the last sequence or iterator using it goes away.
    final class Subscription: Sendable {
        let mailbox: Mailbox<ContextChange>
        private let cancel: @Sendable () -> Void

        init(mailbox: Mailbox<ContextChange>, cancel: @escaping @Sendable () -> Void) {
            self.mailbox = mailbox
            self.cancel = cancel
        }

        deinit {
            cancel()
        }
    }
}
