/// The IDs of a fetch, in order, stored compactly: when every ID is an integer key of one root entity
/// (what SQLite and the in-memory store return) the list keeps 8 bytes per ID instead of a whole
/// ``AnyObjectID``, so the IDs of a million rows take 8 MB.
///
/// ```swift
/// let ids = ObjectIDList(entityName: "Event", integerKeys: [1, 2, 3])
/// print(ids[1])   // Event/2
/// ```
public struct ObjectIDList: RandomAccessCollection, Sendable, Hashable {
    private enum Storage: Sendable, Hashable {
        case integers(entityName: String, keys: [Int64])
        case ids([AnyObjectID])
    }

    private var storage: Storage

    /// The IDs `Entity/key` for each key, all of the hierarchy rooted at `entityName`.
    public init(entityName: String, integerKeys: [Int64]) {
        storage = .integers(entityName: entityName, keys: integerKeys)
    }

    /// A list of arbitrary IDs, kept compactly when they are integer keys of one root entity.
    public init(_ ids: some Sequence<AnyObjectID>) {
        let ids = Array(ids)
        var keys: [Int64] = []
        keys.reserveCapacity(ids.count)
        for id in ids {
            guard case .integer(let key) = id.key, id.entityName == ids[0].entityName else {
                storage = .ids(ids)
                return
            }
            keys.append(key)
        }
        storage = .integers(entityName: ids.first?.entityName ?? "", keys: keys)
    }

    /// The position of the first ID.
    public var startIndex: Int { 0 }

    /// One past the position of the last ID.
    public var endIndex: Int {
        switch storage {
        case .integers(_, let keys): keys.count
        case .ids(let ids): ids.count
        }
    }

    /// The ID at `position`.
    public subscript(position: Int) -> AnyObjectID {
        switch storage {
        case .integers(let entityName, let keys): AnyObjectID(entityName: entityName, key: .integer(keys[position]))
        case .ids(let ids): ids[position]
        }
    }
}
