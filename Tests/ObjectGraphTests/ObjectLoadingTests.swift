import Foundation
import Testing
@testable import ObjectGraph
import ObjectGraphConformance

/// A class written by hand without `loadAttributes(from:)`: the runtime loads it attribute by attribute.
private final class Note: ManagedObject, ManagedEntity {
    static let entity = EntityDescription(
        name: "Note",
        attributes: [
            AttributeDescription(name: "text", type: .string, isOptional: false),
            AttributeDescription(name: "draft", type: .string, isTransient: true),
            AttributeDescription(name: "stars", type: .integer16, isOptional: false, defaultValue: .integer(0)),
        ])

    var text: String {
        get { _text }
        set { willChange(attributeAt: 0); _text = newValue }
        _modify { willChange(attributeAt: 0); yield &_text }
    }
    private var _text = ""
    var draft: String? {
        get { _draft }
        set { willChange(attributeAt: 1); _draft = newValue }
        _modify { willChange(attributeAt: 1); yield &_draft }
    }
    private var _draft: String?
    var stars: Int16 {
        get { _stars }
        set { willChange(attributeAt: 2); _stars = newValue }
        _modify { willChange(attributeAt: 2); yield &_stars }
    }
    private var _stars: Int16 = 0

    override func attributeValue(at index: Int) -> AttributeValue {
        switch index {
        case 0: text.attributeValue
        case 1: draft.attributeValue
        case 2: stars.attributeValue
        default: super.attributeValue(at: index)
        }
    }

    override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        switch index {
        case 0: text = try decode(value, at: 0)
        case 1: draft = try decode(value, at: 1)
        case 2: stars = try decode(value, at: 2)
        default: try super.setAttributeValue(value, at: index)
        }
    }

    struct Fields: FieldSet {
        typealias Object = Note
        let keyPathPrefix: [String]
        init(prefix: [String]) { keyPathPrefix = prefix }
        var stars: AttributeField<Int16> { attribute("stars") }
    }
}

/// How loaded objects get their values and how fetched arrays get their element type.
@Suite struct ObjectLoadingTests {
    @Test func aClassWithoutBulkLoadingLoadsEveryStoredAttributeOneByOne() async throws {
        let model = ManagedObjectModel(name: "Notes", classes: [Note.self])
        let store = InMemoryStore(model: model.schema)
        let writer = try ObjectContext(store: store, model: model)
        let note = Note(entity: Note.entity)
        note.text = "buy strings"
        note.draft = "not saved"
        note.stars = 3
        writer.insert(note)
        try await writer.save()

        let reader = try ObjectContext(store: store, model: model)
        let loaded = try #require(try await reader.fetch(Note.self, where: \.stars == 3).first)
        #expect(loaded.text == "buy strings" && loaded.stars == 3)
        #expect(loaded.draft == nil)
        #expect(!reader.hasChanges)
    }

    @Test func generatedBulkLoadingFillsInheritedAndOwnAttributes() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let podcast = Podcast(context: writer, title: "Song Exploder", identifier: UUID())
        podcast.episodeCount = 250
        podcast.published = Date(timeIntervalSinceReferenceDate: 86_400)
        try await writer.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let loaded = try #require(try await Podcast.fetch(in: reader).first)
        #expect(loaded.title == "Song Exploder" && loaded.published == podcast.published)
        #expect(loaded.episodeCount == 250 && loaded.identifier == podcast.identifier)
        #expect(!loaded.isUpdated && !reader.hasChanges)
        loaded.episodeCount += 1
        #expect(loaded.isUpdated)
    }

    @Test func aTypedArrayOfExactInstancesHoldsTheSameObjectsAndCanGrow() throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let bands: [ManagedObject] = [Band(context: context, name: "Low"), Band(context: context, name: "Codeine")]
        var typed = try ObjectContext.cast(bands, to: Band.self)
        #expect(typed.map(\.name) == ["Low", "Codeine"])
        #expect(zip(typed, bands).allSatisfy { $0 === $1 })
        typed.append(Band(context: context, name: "Galaxie 500"))
        typed[0].name = "LOW"
        #expect(typed.map(\.name) == ["LOW", "Codeine", "Galaxie 500"])
        #expect(bands.count == 2)
    }

    @Test func aTypedArrayOfSubclassInstancesKeepsTheirClasses() throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let media: [ManagedObject] = [Podcast(context: context, title: "Song Exploder", identifier: UUID()),
                                      Audiobook(context: context, title: "Just Kids")]
        let typed = try ObjectContext.cast(media, to: Media.self)
        #expect(typed.map(\.title) == ["Song Exploder", "Just Kids"])
        #expect(typed[0] is Podcast && typed[1] is Audiobook)
    }

    @Test func anObjectOfAnotherClassIsATypedErrorNamingIt() throws {
        let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
        let band = Band(context: context, name: "Low")
        let mixed: [ManagedObject] = [band, Album(context: context, title: "C'mon")]
        #expect {
            try ObjectContext.cast(mixed, to: Band.self)
        } throws: { error in
            guard case ObjectGraphError.inconsistentData(let message) = error else { return false }
            return message.contains("Album") && message.contains("is not a Band")
        }
    }
}
