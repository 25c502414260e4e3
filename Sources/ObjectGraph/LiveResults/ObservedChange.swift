/// What live results learn about one change of their context's objects: the IDs of objects inserted or
/// updated, of objects deleted, and the entities whose rows may have changed without the IDs being known
/// (root entity names; a store that cannot tell which rows another process changed says so).
struct ObservedChange: Sendable {
    var upserted: Set<AnyObjectID> = []
    var deleted: Set<AnyObjectID> = []
    var unknownChanges: Set<String> = []
}
