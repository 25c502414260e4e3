#if PostgreSQL
import ObjectGraph
import PostgresNIO

/// Receives the saves of other stores on the same database and schema (this process or another machine)
/// and publishes them through the store's broadcaster.
///
/// It holds one connection of its own (`LISTEN` needs a session that stays open, so not a pooled one) and
/// ignores notifications whose origin is its own store, whose saves are published when they commit. When
/// the connection is lost it reconnects (waiting 0.1 s, doubling up to 2 s) and then publishes that every
/// entity may have changed, since notifications sent meanwhile are lost.
enum ChangeListener {
    /// What a listener needs to know.
    struct Setup: Sendable {
        let configuration: PostgresStore.Configuration
        let channel: String
        let origin: String
        let model: ModelDescription
        let broadcaster: StoreChangeBroadcaster
    }

    /// Starts listening and returns once the server listens, so that every save committed after the
    /// store opened reaches it; the task runs until cancelled.
    /// - Throws: the store's connection errors when the first connection fails.
    static func start(_ setup: Setup) async throws -> Task<Void, Never> {
        let (ready, readyContinuation) = AsyncStream<Result<Void, any Error>>.makeStream()
        let task = Task.detached {
            await listen(setup) { readyContinuation.yield($0) }
            readyContinuation.finish()
        }
        for await result in ready {
            do {
                try result.get()
            } catch {
                task.cancel()
                throw error
            }
            return task
        }
        throw CancellationError()
    }

    /// The listening loop; `report` learns whether the first connection listens.
    private static func listen(_ setup: Setup, report: @escaping @Sendable (Result<Void, any Error>) -> Void) async {
        var isFirst = true
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            let connection: PostgresConnection
            do {
                connection = try await setup.configuration.connect()
            } catch {
                if isFirst {
                    report(.failure(error))
                    return
                }
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
                continue
            }
            do {
                try await withTaskCancellationHandler {
                    try await connection.listen(on: setup.channel) { notifications in
                        if isFirst {
                            isFirst = false
                            report(.success(()))
                        } else {
                            setup.broadcaster.publish { StoreChange(entitiesToRefetch: Set(setup.model.entities.map(\.name))) }
                        }
                        delay = .milliseconds(100)
                        for try await notification in notifications {
                            guard let received = ChangeNotification.decode(notification.payload), received.origin != setup.origin else {
                                continue
                            }
                            setup.broadcaster.publish { received.change(in: setup.model) }
                        }
                    }
                } onCancel: {
                    Task { try? await connection.close() }
                }
            } catch {
                if isFirst {
                    try? await connection.close()
                    report(.failure(error))
                    return
                }
            }
            // Closed in every case: postgres-nio requires it before a connection goes away.
            try? await connection.close()
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    /// The notification channel of the stores using `schema` (`nil`: the search path's): a fixed prefix
    /// and a hash of the schema name, so any name makes a valid, short channel identifier.
    static func channel(schema: String?) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (schema ?? "").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "og_changes_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
#endif
