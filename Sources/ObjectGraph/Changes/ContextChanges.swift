/// What changes in an ``ObjectContext``, as an `AsyncSequence` of ``ContextChange`` values in the order
/// they happened; an observer that reads more slowly than the context changes gets the changes since its
/// last read coalesced into one value, and the context never waits for an observer.
///
/// Iterate it in the context's isolation (it is not Sendable). The observation starts when
/// ``ObjectContext/changes`` returns it and ends, after the pending change, when the context is released,
/// when the iterating task is cancelled, or when the sequence and its iterator are released.
///
/// ```swift
/// @MainActor func watch(_ context: ObjectContext) async throws {
///     for try await change in context.changes {
///         print(change.causes, change.committed.objects.count)
///     }
/// }
/// ```
public struct ContextChanges: AsyncSequence {
    /// One or more changes.
    public typealias Element = ContextChange
    /// The error that ended the observation.
    public typealias Failure = any Error

    weak var context: ObjectContext?
    let subscription: ContextChangeHub.Subscription

    /// Returns the iterator; the sequence has one observation, so iterate it once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(context: context, subscription: subscription)
    }

    /// Waits for the next change, in the caller's isolation.
    public struct Iterator: AsyncIteratorProtocol {
        weak var context: ObjectContext?
        let subscription: ContextChangeHub.Subscription

        /// The next change, or `nil` once the observation ended.
        public mutating func next() async throws -> ContextChange? {
            try await next(isolation: #isolation)
        }

        /// The next change, or `nil` once the observation ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> ContextChange? {
            let mailbox = subscription.mailbox
            while true {
                if let change = mailbox.take() { return change }
                if mailbox.isFinished || context == nil || Task.isCancelled { return nil }
                await mailbox.wait()
            }
        }
    }
}
