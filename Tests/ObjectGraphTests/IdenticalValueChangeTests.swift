import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

/// Found by the property round trips: a change between values that Swift's `==` finds equal but a store
/// keeps apart (a precomposed string and its decomposed form, `0.0` and `-0.0`) was dropped from the
/// change set, so the save kept the old value without an error.
@Suite struct IdenticalValueChangeTests {
    @Test func aStringChangedToItsDecomposedFormIsSaved() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let band = Band(context: writer, name: "Zo\u{EB}")
        try await writer.save()

        let editor = try ObjectContext(store: store, model: MusicModel.model)
        let loaded = try await editor.existingObject(with: band.typedID)
        loaded.name = "Zoe\u{308}"
        #expect(editor.hasChanges)
        try await editor.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let stored = try await reader.existingObject(with: band.typedID).name
        #expect(Array(stored.unicodeScalars) == Array("Zoe\u{308}".unicodeScalars))
    }

    @Test func negativeZeroAfterZeroIsSaved() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let writer = try ObjectContext(store: store, model: MusicModel.model)
        let album = Album(context: writer, title: "C'mon")
        album.rating = 0
        try await writer.save()

        let editor = try ObjectContext(store: store, model: MusicModel.model)
        try await editor.existingObject(with: album.typedID).rating = -0.0
        try await editor.save()

        let reader = try ObjectContext(store: store, model: MusicModel.model)
        let rating = try #require(try await reader.existingObject(with: album.typedID).rating)
        #expect(rating == 0 && rating.sign == .minus)
    }

    @Test func identityIsStricterThanEquality() {
        #expect(AttributeValue.double(-0.0) == .double(0.0))
        #expect(!AttributeValue.double(-0.0).isIdentical(to: .double(0.0)))
        #expect(AttributeValue.double(.nan).isIdentical(to: .double(.nan)))
        #expect(!AttributeValue.string("e\u{301}").isIdentical(to: .string("\u{E9}")))
        #expect(!AttributeValue.date(Date(timeIntervalSinceReferenceDate: -0.0)).isIdentical(to: .date(Date(timeIntervalSinceReferenceDate: 0))))
        #expect(AttributeValue.integer(3).isIdentical(to: .integer(3)))
        #expect(!AttributeValue.integer(1).isIdentical(to: .bool(true)))
    }
}
