import ObjectGraph
import ObjectGraphConformance
import Testing

/// Linking objects finds each relationship's inverse at the index a model resolved when it was built,
/// and by name wherever that index does not answer: destinations of a subentity, entities shared by
/// models whose destinations differ, objects linked before any model was built, and objects of an
/// entity that is not the destination. Models are built by hand, as tools build them.
@Suite struct InverseIndexTests {
    private static func item(ownerEntity: String = "Owner") -> EntityDescription {
        EntityDescription(name: "Item", relationships: [RelationshipDescription(name: "owner", destination: ownerEntity, inverse: "items")])
    }

    private static let items = RelationshipDescription(name: "items", destination: "Item", inverse: "owner", isToMany: true)
    private static let notes = RelationshipDescription(name: "notes", destination: "Note", isToMany: true)

    private func context(_ entities: [EntityDescription]) throws -> ObjectContext {
        let schema = ModelDescription(name: "Inverses", entities: entities)
        return try ObjectContext(store: InMemoryStore(model: schema), model: ManagedObjectModel(schema: schema, objectClass: PropertyObject.self))
    }

    private func members(_ owner: ManagedObject, at index: Int) async throws -> [ManagedObject] {
        try await owner.toMany(at: index) as [PropertyObject]
    }

    @Test func anEntitySharedByModelsWhoseDestinationsDifferFindsTheInverseInEach() async throws {
        let item = Self.item()
        let first = try context([item, EntityDescription(name: "Owner", relationships: [Self.items])])
        // Built last: its `Owner` has the inverse at another index.
        let second = try context([item, EntityDescription(name: "Owner", relationships: [Self.notes, Self.items]), EntityDescription(name: "Note")])
        for (context, itemsIndex) in [(first, 0), (second, 1)] {
            let owner = try context.insertObject(ofEntity: "Owner")
            let linked = try context.insertObject(ofEntity: "Item")
            linked.set(owner, toOneAt: 0)
            #expect(try await members(owner, at: itemsIndex).map(\.objectID) == [linked.objectID])
            if itemsIndex == 1 { #expect(try await members(owner, at: 0).isEmpty) }
            linked.set(nil, toOneAt: 0)
            #expect(try await members(owner, at: itemsIndex).isEmpty)
        }
    }

    @Test func aDestinationOfASubentityFindsTheInheritedInverse() async throws {
        let context = try context([
            Self.item(),
            EntityDescription(name: "Owner", relationships: [Self.items]),
            EntityDescription(name: "Shop", parent: "Owner", relationships: [Self.items, Self.notes]),
            EntityDescription(name: "Note"),
        ])
        let shop = try context.insertObject(ofEntity: "Shop")
        let owner = try context.insertObject(ofEntity: "Owner")
        let linked = try context.insertObject(ofEntity: "Item")
        linked.set(shop, toOneAt: 0)
        #expect(try await members(shop, at: 0).map(\.objectID) == [linked.objectID])
        linked.set(owner, toOneAt: 0)
        #expect(try await members(shop, at: 0).isEmpty)
        #expect(try await members(owner, at: 0).map(\.objectID) == [linked.objectID])
        shop.add(linked, toManyAt: 0)
        #expect(try await members(owner, at: 0).isEmpty)
        #expect(try await (linked.toOne(at: 0) as PropertyObject?) === shop)
    }

    @Test func anObjectOfAnEntityThatIsNotTheDestinationGetsNoInverse() async throws {
        let context = try context([
            Self.item(),
            EntityDescription(name: "Owner", relationships: [Self.items]),
            // Its relationship 0 is not the inverse: linking an item to it must leave it alone.
            EntityDescription(name: "Stranger", relationships: [RelationshipDescription(name: "friends", destination: "Item", isToMany: true)]),
            EntityDescription(name: "Loner"),
        ])
        let linked = try context.insertObject(ofEntity: "Item")
        let stranger = try context.insertObject(ofEntity: "Stranger")
        linked.set(stranger, toOneAt: 0)
        #expect(try await members(stranger, at: 0).isEmpty)
        linked.set(try context.insertObject(ofEntity: "Loner"), toOneAt: 0)
        linked.set(nil, toOneAt: 0)
        #expect(try await members(stranger, at: 0).isEmpty)
    }

    @Test func anInverseTheDestinationLacksIsNotMaintained() async throws {
        let context = try context([
            EntityDescription(name: "Item", relationships: [RelationshipDescription(name: "owner", destination: "Owner", inverse: "gone")]),
            EntityDescription(name: "Owner", relationships: [RelationshipDescription(name: "items", destination: "Item", isToMany: true)]),
        ])
        let owner = try context.insertObject(ofEntity: "Owner")
        let linked = try context.insertObject(ofEntity: "Item")
        linked.set(owner, toOneAt: 0)
        #expect(try await (linked.toOne(at: 0) as PropertyObject?) === owner)
        #expect(try await members(owner, at: 0).isEmpty)
    }

    @Test func objectsLinkedBeforeAnyModelIsBuiltFindTheirInverseByName() async throws {
        let item = Self.item()
        let ownerEntity = EntityDescription(name: "Owner", relationships: [Self.items])
        let owner = PropertyObject(entity: ownerEntity)
        let linked = PropertyObject(entity: item)
        linked.set(owner, toOneAt: 0)
        owner.add(PropertyObject(entity: item), toManyAt: 0)
        let context = try context([item, ownerEntity])
        context.insert(owner)
        let all = try await members(owner, at: 0)
        #expect(all.count == 2)
        #expect(all.first === linked)
        for member in all {
            #expect(try await (member.toOne(at: 0) as PropertyObject?) === owner)
        }
    }
}
