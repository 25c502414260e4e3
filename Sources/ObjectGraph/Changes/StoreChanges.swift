/// The changes a store commits, as an `AsyncSequence`: one ``StoreChange`` per committed save, in commit
/// order, or, for an observer that reads more slowly than the store saves, the saves committed since its
/// last read coalesced into one value. Nothing is lost, and the store never waits for an observer.
///
/// The observation starts when ``PersistentStore/changes()`` returns it, not when iteration starts, and
/// ends when the store goes away, when the iterating task is cancelled, or when the sequence and its
/// iterator are released. Iterate it from one task.
///
/// ```swift
/// let changes = try store.changes()
/// Task {
///     for await change in changes {
///         print(change.ids(.inserted), change.ids(.deleted))
///     }
/// }
/// ```
public struct StoreChanges: AsyncSequence, Sendable {
    /// Each element is one or more committed saves.
    public typealias Element = StoreChange
    /// Observing never fails.
    public typealias Failure = Never

    let subscription: StoreChangeBroadcaster.Subscription

    /// Returns the iterator; the sequence has one observation, so iterate it once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: subscription)
    }

    /// Waits for the next change.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let subscription: StoreChangeBroadcaster.Subscription

        /// The next change (everything committed since the last one was read), or `nil` once the
        /// observation ended.
        public mutating func next() async -> StoreChange? {
            await next(isolation: nil)
        }

        /// Like ``next()``, in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> StoreChange? {
            let mailbox = subscription.mailbox
            while true {
                if let change = mailbox.take() { return change }
                if mailbox.isFinished || Task.isCancelled { return nil }
                await mailbox.wait()
            }
        }
    }
}
