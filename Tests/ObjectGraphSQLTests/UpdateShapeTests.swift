import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQL
import Testing

/// The one rule both database stores use to decide which updates share a statement.
struct UpdateShapeTests {
    private static let notes = StoreSchema(model: ModelDescription(name: "Notes", entities: [
        EntityDescription(name: "Note", attributes: [
            AttributeDescription(name: "text", type: .string),
            AttributeDescription(name: "draft", type: .string, isTransient: true),
            AttributeDescription(name: "pinned", type: .boolean),
        ]),
    ]))
    private static let music = StoreSchema(model: MusicModel.model.schema)

    private static func update(_ entity: String, attributes: [Int], toOnes: [Int] = []) -> UpdatedObject {
        UpdatedObject(
            id: AnyObjectID(entityName: entity, key: .integer(1)), entityName: entity,
            attributes: SharedSlice(attributes.map { AttributeChange(index: $0, value: .null) }),
            toOnes: toOnes.map { ToOneChange(relationshipIndex: $0, destination: nil) })
    }

    @Test func transientAttributesNeitherHaveColumnsNorTellShapesApart() throws {
        let layout = try Self.notes.layout(of: "Note")
        let shape = try UpdateShape(Self.update("Note", attributes: [0, 1, 2]), layout: layout)
        #expect(shape.columns == ["text", "pinned"])
        #expect(shape.attributes == [0, 2])
        #expect(shape.fits(Self.update("Note", attributes: [0, 2])))
        let withoutDraft = try UpdateShape(Self.update("Note", attributes: [0, 2]), layout: layout)
        #expect(withoutDraft == shape && withoutDraft.hashValue == shape.hashValue)
        #expect(!shape.fits(Self.update("Note", attributes: [0])))
        #expect(!shape.fits(Self.update("Note", attributes: [0, 1, 2, 3])))
    }

    @Test func theEntityTheColumnsAndTheirOrderMustMatch() throws {
        let band = try Self.music.layout(of: "Band")
        let label = try #require(band.entity.relationshipIndex(named: "label"))
        let manager = try #require(band.entity.relationshipIndex(named: "manager"))
        let shape = try UpdateShape(Self.update("Band", attributes: [0, 2], toOnes: [label, manager]), layout: band)
        #expect(shape.columns == [band.attributeColumns[0], band.attributeColumns[2]].compactMap { $0 }
            + [label, manager].compactMap { band.entity.toOneSlot(forRelationshipAt: $0) }.map { band.toOneColumns[$0] })
        #expect(shape.fits(Self.update("Band", attributes: [0, 2], toOnes: [label, manager])))
        #expect(!shape.fits(Self.update("Band", attributes: [0, 2], toOnes: [manager, label])))
        #expect(!shape.fits(Self.update("Band", attributes: [2, 0], toOnes: [label, manager])))
        #expect(!shape.fits(Self.update("Band", attributes: [0, 2], toOnes: [label])))
        #expect(!shape.fits(Self.update("Album", attributes: [0, 2], toOnes: [label, manager])))
        let other = try UpdateShape(Self.update("Band", attributes: [0], toOnes: [label, manager]), layout: band)
        #expect(other != shape)
    }

    @Test func aRunEndsAtTheFirstUpdateOfAnotherShapeOrAtItsMaximumLength() throws {
        let layout = try Self.notes.layout(of: "Note")
        let updates = [[0], [0, 1], [0], [2], [0], [0]].map { Self.update("Note", attributes: $0) }
        let shape = try UpdateShape(updates[0], layout: layout)
        #expect(shape.endOfRun(in: updates, from: 0) == 3)
        #expect(shape.endOfRun(in: updates, from: 0, maximumLength: 2) == 2)
        #expect(shape.endOfRun(in: updates, from: 3) == 3)
        #expect(shape.endOfRun(in: updates, from: 4) == 6)
    }

    @Test func anAttributeOrToOneTheEntityLacksIsNamed() throws {
        let band = try Self.music.layout(of: "Band")
        let albums = try #require(band.entity.relationshipIndex(named: "albums"))
        #expect(throws: ObjectGraphError.inconsistentData("Band has no attribute at index 99")) {
            try UpdateShape(Self.update("Band", attributes: [99]), layout: band)
        }
        #expect(throws: ObjectGraphError.inconsistentData("Band has no to-one at index \(albums)")) {
            try UpdateShape(Self.update("Band", attributes: [], toOnes: [albums]), layout: band)
        }
        #expect(!(try UpdateShape(Self.update("Band", attributes: [0]), layout: band)).fits(Self.update("Band", attributes: [99])))
    }
}
