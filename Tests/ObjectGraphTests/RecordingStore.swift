import ObjectGraph
import Synchronization

/// A store that keeps every change set it is asked to save.
final class RecordingStore: ForwardingStore {
    let base: InMemoryStore
    let saved = Mutex<[ChangeSet]>([])
    init(model: ModelDescription) { base = InMemoryStore(model: model) }
    func save(_ changes: ChangeSet) async throws -> [AnyObjectID] {
        saved.withLock { $0.append(changes) }
        return try await base.save(changes)
    }
}
