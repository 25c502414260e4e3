import Synchronization

extension PersistentStore {
    /// One batch: the whole answer of ``fetch(_:)``, fetched when the stream is first asked for an
    /// element. Stores that read rows one at a time (SQLite) deliver several batches instead.
    public func fetchInBatches(_ request: StoreFetchRequest) -> AsyncThrowingStream<[Snapshot], any Error> {
        let isDelivered = Mutex(false)
        return AsyncThrowingStream {
            guard !isDelivered.withLock({ delivered in defer { delivered = true }; return delivered }) else { return nil }
            return try await fetch(request)
        }
    }
}
