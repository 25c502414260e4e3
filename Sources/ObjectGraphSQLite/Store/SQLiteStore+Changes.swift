import ObjectGraph

/// The store's change stream: its own saves, and saves other connections (another ``SQLiteStore`` on the
/// same file, in this or another process) commit.
///
/// SQLite cannot say which rows another connection changed, only that it committed something:
/// `PRAGMA data_version` on the store's own connection changes exactly when another connection commits.
/// The store checks it on its own thread every ``otherWritersPollingInterval`` and, when it changed,
/// publishes a change whose ``StoreChange/entitiesToRefetch`` names every entity.
extension SQLiteStore {
    /// How often a file store checks whether another connection committed.
    public static let otherWritersPollingInterval: Duration = .milliseconds(100)

    /// Observes every save from now on, in commit order: this store's saves with their objects, and
    /// other connections' saves as entities to refetch (within ``otherWritersPollingInterval``).
    ///
    /// ```swift
    /// for await change in store.changes() {
    ///     if !change.entitiesToRefetch.isEmpty { print("another connection wrote the file") }
    /// }
    /// ```
    public nonisolated func changes() -> StoreChanges {
        broadcaster.changes()
    }

    /// Reads the first `data_version`, then checks it periodically from a task that ends with the store.
    func watchOtherWriters() {
        dataVersion = currentDataVersion()
        Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.otherWritersPollingInterval)
                guard let store = self else { return }
                await store.checkForOtherWriters()
            }
        }
    }

    /// Publishes "every entity may have changed" when another connection committed since the last check.
    func checkForOtherWriters() {
        guard let version = currentDataVersion() else { return }
        defer { dataVersion = version }
        guard let previous = dataVersion, previous != version else { return }
        broadcaster.publish { StoreChange(entitiesToRefetch: Set(model.entities.map(\.name))) }
    }

    private func currentDataVersion() -> Int64? {
        (try? withConnection { try $0.text("PRAGMA data_version") }).flatMap { $0.flatMap { Int64($0) } }
    }
}
