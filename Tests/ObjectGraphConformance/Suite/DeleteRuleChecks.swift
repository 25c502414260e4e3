import Foundation
import ObjectGraph
import Testing

extension Checks {
    func deleteCascade() async throws {
        let context = try await seeded()
        let nirvana = try #require(try await Band.first(in: context, where: \.name == "Nirvana"))
        context.delete(nirvana)
        try await context.save()
        let reader = try self.context()
        #expect(try await Album.count(in: reader) == 6)
        #expect(try await Album.count(in: reader, where: \.title == "Nevermind") == 0)
        #expect(try await Track.count(in: reader) == 6)
        #expect(try await Tag.first(in: reader, where: \.name == "grunge")?.tracks.isEmpty == true)
        #expect(try await Label.first(in: reader, where: \.name == "Sub Pop")?.bands.map(\.name) == ["Low"])
    }

    func deleteNullify() async throws {
        let context = try await seeded()
        let ruins = try #require(try await Album.first(in: context, where: \.title == "Ruins"))
        let grouper = try #require(try await ruins.band)
        #expect(try await grouper.albums.count == 1)
        context.delete(ruins)
        try await context.save()
        #expect(try await grouper.albums.isEmpty)
        let ambient = try #require(try await Tag.first(in: context, where: \.name == "ambient"))
        let quorum = try #require(try await Track.first(in: context, where: \.title == "Quorum"))
        context.delete(ambient)
        try await context.save()
        #expect(try await quorum.tags.map(\.name) == ["slowcore"])

        let reader = try self.context()
        #expect(try await Band.first(in: reader, where: \.name == "Grouper")?.albums.isEmpty == true)
        #expect(try await Track.first(in: reader, where: \.title == "Quorum")?.tags.map(\.name) == ["slowcore"])
        #expect(try await Track.count(in: reader, where: \.title == "Call Across Rooms") == 0)
    }

    func deleteDeny() async throws {
        let context = try await seeded()
        let kranky = try #require(try await Label.first(in: context, where: \.name == "Kranky"))
        context.delete(kranky)
        await #expect(throws: ObjectGraphError.deleteDenied(object: kranky.objectID, entity: "Label", relationship: "bands", destinationCount: 1)) {
            try await context.save()
        }
        #expect(context.hasChanges && kranky.isDeleted)
        #expect(try await Label.count(in: try self.context()) == 2)
        let grouper = try #require(try await Band.first(in: context, where: \.name == "Grouper"))
        grouper.setLabel(nil)
        try await context.save()
        let reader = try self.context()
        #expect(try await Label.fetch(in: reader).map(\.name) == ["Sub Pop"])
        #expect(try await Band.first(in: reader, where: \.name == "Grouper")?.label == nil)
    }
}
