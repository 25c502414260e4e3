@testable import ObjectGraph
import ObjectGraphConformance
import Testing

/// The identity map's table of objects with integer keys finds exactly the objects a dictionary keyed by
/// ID would, through growth, removals (tombstones) and rebuilds, with equal keys in different entities.
@Suite struct IntegerKeyedObjectsTests {
    private static func object(_ entityName: String, _ key: Int64) -> ManagedObject {
        let object = ManagedObject(entity: MusicModel.model.schema.entity(named: entityName)!)
        object.objectID = AnyObjectID(entityName: entityName, key: .integer(key))
        return object
    }

    @Test func equalKeysOfDifferentEntitiesAreDifferentObjects() {
        var table = IntegerKeyedObjects()
        let band = Self.object("Band", 5)
        let album = Self.object("Album", 5)
        table.insertNew(band, key: 5)
        #expect(table.object(forKey: 5, entityName: "Album") == nil)
        let (found, created) = table.object(forKey: 5, entityName: "Album") { album }
        #expect(created && found === album)
        #expect(table.object(forKey: 5, entityName: "Band") === band)
        #expect(table.object(forKey: 5, entityName: "Album") === album)
        table.removeObject(forKey: 5, entityName: "Band")
        #expect(table.object(forKey: 5, entityName: "Band") == nil)
        #expect(table.object(forKey: 5, entityName: "Album") === album)
        #expect(table.count == 1)
    }

    @Test func removingByIdentityLeavesAnotherObjectUnderTheSameID() {
        var table = IntegerKeyedObjects()
        let old = Self.object("Band", 1)
        let new = Self.object("Band", 1)
        table.insertNew(new, key: 1)
        table.remove(Unmanaged.passUnretained(old).toOpaque(), key: 1)
        #expect(table.object(forKey: 1, entityName: "Band") === new)
        table.remove(Unmanaged.passUnretained(new).toOpaque(), key: 1)
        #expect(table.object(forKey: 1, entityName: "Band") == nil)
        #expect(table.count == 0)
    }

    @Test func randomRegistrationsAndRemovalsMatchADictionary() {
        var generator = SystemRandomNumberGenerator()
        var table = IntegerKeyedObjects()
        var expected: [AnyObjectID: ManagedObject] = [:]
        let entities = ["Band", "Album"]
        for step in 0..<20_000 {
            let entityName = entities[Int.random(in: 0..<2, using: &generator)]
            // Keys far apart and close together, negative ones too.
            let key = Int64.random(in: -300...300, using: &generator) * (step % 3 == 0 ? 1 << 40 : 1)
            let id = AnyObjectID(entityName: entityName, key: .integer(key))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let (object, created) = table.object(forKey: key, entityName: entityName) { Self.object(entityName, key) }
                #expect(created == (expected[id] == nil))
                if let known = expected[id] { #expect(object === known) }
                expected[id] = object
            case 1:
                if let known = expected.removeValue(forKey: id) {
                    table.remove(Unmanaged.passUnretained(known).toOpaque(), key: key)
                }
            default:
                #expect(table.object(forKey: key, entityName: entityName) === expected[id])
            }
            if step % 5_000 == 0 { table.reserveCapacity(table.count + 1_000) }
        }
        #expect(table.count == expected.count)
        #expect(Set(table.objects.map(ObjectIdentifier.init)) == Set(expected.values.map(ObjectIdentifier.init)))
        for (id, object) in expected {
            guard case .integer(let key) = id.key else { continue }
            #expect(table.object(forKey: key, entityName: id.entityName) === object)
        }
    }
}

/// Objects loaded, released and loaded again are registered once each, also when every object of a
/// large fetch leaves the map in its `deinit`.
@Suite struct IdentityMapDeallocationTests {
    @Test func objectsReleasedAfterAFetchAreLoadedAgainAsNewInstancesAndStayUnique() async throws {
        let store = try await storeWithBands(500)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        var kept: [Band] = []
        do {
            let first = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
            kept = first.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
        }
        #expect(context.registeredObjects.count == kept.count)
        let second = try await context.fetch(Band.self, sortedBy: [.ascending(\.name)])
        let keptIDs = Set(kept.map(ObjectIdentifier.init))
        #expect(second.count == 500)
        #expect(second.filter { keptIDs.contains(ObjectIdentifier($0)) }.count == kept.count)
        for band in second {
            #expect(context.registeredObject(for: band.objectID) === band)
        }
        #expect(context.registeredObjects.count == 500)
    }
}
