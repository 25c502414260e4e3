import ObjectGraph

/// The store's change stream: its own saves, and objects a response showed changed on the server
/// (values that differ from what the store had cached). A REST API does not announce what other clients
/// change, so an object the store does not request again is not reported.
extension RESTStore {
    /// Observes the store from now on: every save, and every cached object a later response showed
    /// changed.
    ///
    /// ```swift
    /// for await change in store.changes() {
    ///     print(change.ids(.updated))   // e.g. issues whose state another client changed
    /// }
    /// ```
    public nonisolated func changes() -> StoreChanges {
        broadcaster.changes()
    }

    /// Publishes the objects the cache holds whose values or to-ones differ in `changed` (what a response
    /// wrote, before it is applied), as updates of the properties that differ.
    func publishDifferences(_ changed: [(id: AnyObjectID, entry: CacheOverlay.ObjectEntry)]) {
        broadcaster.publish {
            var change = StoreChange()
            for (id, entry) in changed {
                guard let before = cache.objects[id], let after = entry.object, after != before else { continue }
                let attributes = after.values.indices.filter { index in
                    index >= before.values.count || before.values[index] != after.values[index]
                }
                var toOnes: [Int] = []
                if let entity = model.entity(named: after.entityName) {
                    for (slot, index) in entity.toOneRelationshipIndices.enumerated()
                    where slot >= before.toOneIDs.count || slot >= after.toOneIDs.count || before.toOneIDs[slot] != after.toOneIDs[slot] {
                        toOnes.append(index)
                    }
                }
                change.record(id, StoreChange.Object(
                    kind: .updated, entityName: after.entityName, properties: ChangedProperties(attributes: attributes, toOnes: toOnes)))
            }
            return change
        }
    }
}
