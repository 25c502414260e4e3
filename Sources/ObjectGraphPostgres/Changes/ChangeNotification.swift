#if PostgreSQL
import Foundation
import ObjectGraph

/// The payload of the `NOTIFY` a save sends inside its transaction (so the server delivers it exactly when
/// the save commits, in commit order): the ``StoreChange`` the save made, as JSON, with the sending store's
/// identity so that the store does not take its own saves for foreign ones.
///
/// PostgreSQL limits a payload to 8,000 bytes. A change too large for that is sent as the names of the
/// entities it touched (``StoreChange/entitiesToRefetch``): observers refetch what they hold of them.
struct ChangeNotification: Codable, Equatable {
    /// The largest payload sent with objects listed; larger ones name entities instead.
    static let maximumPayloadSize = 7_900

    /// One changed object: kind (0 inserted, 1 updated, 2 deleted), entity, table and key of its ID, and
    /// for an update the changed attribute and to-one indices.
    struct Object: Codable, Equatable {
        var kind: Int
        var entity: String
        var table: String
        var key: Int64
        var attributes: [Int]?
        var toOnes: [Int]?
    }

    /// One to-many whose membership or order changed.
    struct ToMany: Codable, Equatable {
        var entity: String
        var table: String
        var key: Int64
        var relationship: Int
    }

    /// The identity of the store that saved.
    var origin: String
    var objects: [Object] = []
    var toManys: [ToMany] = []
    var entitiesToRefetch: [String] = []

    /// The JSON of a listed object without its names: the fewest bytes an object takes in a payload.
    private static let objectWithoutNames = #"{"entity":"","key":0,"kind":0,"table":""}"#.utf8.count

    /// The notification of the committed `changes` (the inserted objects' permanent IDs in `permanentIDs`)
    /// saved by the store `origin`: when the change set has more objects than could fit in
    /// ``maximumPayloadSize`` bytes, the names of its entities, found without making its ``StoreChange``
    /// (2,500 instructions an object); otherwise as ``init(_:origin:)`` makes it.
    init(committing changes: ChangeSet, permanentIDs: [AnyObjectID], origin: String) {
        let storedUpdates = changes.updated.reduce(0) { $1.id.isTemporary ? $0 : $0 + 1 }
        let fewestObjects = changes.inserted.count + max(storedUpdates, changes.deleted.count)
        guard fewestObjects * ChangeNotification.objectWithoutNames > ChangeNotification.maximumPayloadSize else {
            self = ChangeNotification(StoreChange(committing: changes, permanentIDs: permanentIDs), origin: origin)
            return
        }
        self.origin = origin
        var names: Set<String> = []
        func add(_ name: String, after previous: inout String?) {
            guard name != previous else { return }
            names.insert(name)
            previous = name
        }
        var previous: String?
        for snapshot in changes.inserted { add(snapshot.entityName, after: &previous) }
        for update in changes.updated { add(update.entityName, after: &previous) }
        for deletion in changes.deleted { add(deletion.entityName, after: &previous) }
        for change in changes.toManyChanges { add(change.entityName, after: &previous) }
        entitiesToRefetch = names.sorted()
    }

    /// The notification of `change`, saved by the store `origin`. When its objects and to-manys alone
    /// cannot fit in ``maximumPayloadSize`` bytes of JSON, it lists none of them and names their entities
    /// to refetch instead (found without listing them all first).
    init(_ change: StoreChange, origin: String) {
        self.origin = origin
        var size = 0
        for (id, object) in change.objects {
            guard let key = id.integerKey else { continue }
            size += Self.objectWithoutNames + object.entityName.utf8.count + id.entityName.utf8.count
            guard size <= Self.maximumPayloadSize else {
                self = ChangeNotification(namingEntitiesOf: change, origin: origin)
                return
            }
            let kind = switch object.kind { case .inserted: 0 case .updated: 1 case .deleted: 2 }
            objects.append(Object(
                kind: kind, entity: object.entityName, table: id.entityName, key: key,
                attributes: object.kind == .updated ? object.properties.attributes : nil,
                toOnes: object.kind == .updated ? object.properties.toOnes : nil))
        }
        for toMany in change.toManys {
            guard let key = toMany.ownerID.integerKey else { continue }
            size += #"{"entity":"","key":0,"relationship":0,"table":""}"#.utf8.count + toMany.entityName.utf8.count
                + toMany.ownerID.entityName.utf8.count
            guard size <= Self.maximumPayloadSize else {
                self = ChangeNotification(namingEntitiesOf: change, origin: origin)
                return
            }
            toManys.append(ToMany(entity: toMany.entityName, table: toMany.ownerID.entityName, key: key,
                                  relationship: toMany.relationshipIndex))
        }
        entitiesToRefetch = change.entitiesToRefetch.sorted()
    }

    /// The notification that names the entities of `change`'s objects and to-manys to refetch.
    private init(namingEntitiesOf change: StoreChange, origin: String) {
        self.origin = origin
        var names = change.entitiesToRefetch
        for object in change.objects.values { names.insert(object.entityName) }
        for toMany in change.toManys { names.insert(toMany.entityName) }
        entitiesToRefetch = names.sorted()
    }

    /// The JSON text sent, never longer than ``maximumPayloadSize`` bytes: the entities to refetch when the
    /// objects do not fit, `*` (every entity) when their names do not fit either.
    func payload() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let full = String(decoding: try encoder.encode(self), as: UTF8.self)
        if full.utf8.count <= Self.maximumPayloadSize { return full }
        var names = Set(entitiesToRefetch)
        names.formUnion(objects.map(\.entity))
        names.formUnion(toManys.map(\.entity))
        var summary = ChangeNotification(StoreChange(), origin: origin)
        summary.entitiesToRefetch = names.sorted()
        let short = String(decoding: try encoder.encode(summary), as: UTF8.self)
        if short.utf8.count <= Self.maximumPayloadSize { return short }
        // Too many entity names with long names: every entity may have changed.
        summary.entitiesToRefetch = ["*"]
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }

    /// The notification in `payload`, or `nil` when it is not one.
    static func decode(_ payload: String) -> ChangeNotification? {
        try? JSONDecoder().decode(ChangeNotification.self, from: Data(payload.utf8))
    }

    /// The change this notification describes, for a store of `model` (`*` names every entity).
    func change(in model: ModelDescription) -> StoreChange {
        var change = StoreChange()
        for object in objects {
            let kind: StoreChange.Kind = switch object.kind { case 0: .inserted case 1: .updated default: .deleted }
            change.record(AnyObjectID(entityName: object.table, key: .integer(object.key)), StoreChange.Object(
                kind: kind, entityName: object.entity,
                properties: ChangedProperties(attributes: object.attributes ?? [], toOnes: object.toOnes ?? [])))
        }
        for toMany in toManys {
            change.record(StoreChange.ToMany(
                ownerID: AnyObjectID(entityName: toMany.table, key: .integer(toMany.key)), entityName: toMany.entity,
                relationshipIndex: toMany.relationship))
        }
        if entitiesToRefetch.contains("*") {
            change.recordEntitiesToRefetch(Set(model.entities.map(\.name)))
        } else {
            change.recordEntitiesToRefetch(Set(entitiesToRefetch))
        }
        return change
    }
}
#endif
