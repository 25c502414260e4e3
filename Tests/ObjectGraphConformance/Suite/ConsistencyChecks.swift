import Foundation
import ObjectGraph
import Testing

extension Checks {
    /// A save the store refuses leaves the store and the context as they were, pending changes kept.
    func atomicFailedSave() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        low.rating = 1
        let duplicate = Band(context: context, name: "Nirvana")
        let album = Album(context: context, title: "Extra")
        album.setBand(duplicate)
        let bleach = try #require(try await Album.first(in: context, where: \.title == "Bleach"))
        context.delete(bleach)
        let temporaryID = duplicate.objectID
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .uniquenessViolation(let entity, let properties, _, let object)? = error else {
            Issue.record("expected a uniqueness violation, got \(String(describing: error))")
            return
        }
        #expect(entity == "Band" && properties == ["name"] && object == temporaryID)
        #expect(context.hasChanges && duplicate.objectID == temporaryID && duplicate.isInserted)
        #expect(bleach.isDeleted && low.isUpdated && low.rating == 1)
        #expect(try await duplicate.albums.map(\.title) == ["Extra"])

        let reader = try self.context()
        #expect(try await Band.count(in: reader) == 4)
        #expect(try await Album.count(in: reader) == 9)
        #expect(try await Band.first(in: reader, where: \.name == "Low")?.rating == 4.5)

        duplicate.name = "Nirvana II"
        try await context.save()
        let after = try self.context()
        #expect(try await Band.count(in: after) == 5)
        #expect(try await Album.count(in: after) == 9)
        #expect(try await Album.first(in: after, where: \.title == "Extra")?.band?.name == "Nirvana II")
        #expect(try await Band.first(in: after, where: \.name == "Low")?.rating == 1)
    }

    func rollbackAndRefresh() async throws {
        let context = try await seeded()
        let low = try #require(try await Band.first(in: context, where: \.name == "Low"))
        let albums = try await low.albums
        low.rating = 0
        let inserted = Album(context: context, title: "Unsaved")
        inserted.setBand(low)
        context.delete(albums[0])
        context.rollback()
        #expect(!context.hasChanges && low.rating == 4.5 && !albums[0].isDeleted)
        #expect(inserted.context == nil)
        #expect(titleSet(try await low.albums) == ["Things We Lost in the Fire", "C'mon", "Double Negative"])
        #expect(try await Album.count(in: context) == 9)

        let other = try self.context()
        let otherLow = try #require(try await Band.first(in: other, where: \.name == "Low"))
        otherLow.rating = 3
        try await other.save()
        low.formed = 2000
        try await context.refresh(low)
        #expect(low.rating == 3 && low.formed == 1993 && !context.hasChanges)
        other.delete(otherLow)
        try await other.save()
        await #expect(throws: ObjectGraphError.objectNotFound(low.objectID)) { try await context.refresh(low) }
    }

    /// Two contexts on one store see each other's saved changes.
    func twoContexts() async throws {
        let first = try await seeded()
        let second = try self.context()
        let inFirst = try #require(try await Band.first(in: first, where: \.name == "Grouper"))
        let inSecond = try #require(try await Band.first(in: second, where: \.name == "Grouper"))
        #expect(inFirst !== inSecond && inFirst.objectID == inSecond.objectID)
        inFirst.rating = 2
        _ = Tag(context: first, name: "drone")
        try await first.save()
        #expect(try await Band.first(in: second, where: \.name == "Grouper")?.rating == 2)
        #expect(try await Tag.count(in: second) == 4)
        inSecond.isActive = false
        try await second.save()
        #expect(try await Band.first(in: first, where: \.isActive == false && \.name == "Grouper") === inFirst)
        #expect(inFirst.isActive == false)
    }
}
