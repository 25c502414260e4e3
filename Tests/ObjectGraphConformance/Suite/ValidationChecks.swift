import Foundation
import ObjectGraph
import Testing

extension Checks {
    func validation() async throws {
        let context = try await seeded()
        let band = Band(context: context, name: "")
        band.formed = 1800
        let album = Album(context: context, title: "Two\nLines")
        album.year = 2200
        let tag = Tag(context: context, name: "Not A Slug")
        let manager = Manager(context: context, name: "M")
        manager.email = "nobody"
        manager.photo = Data(count: 2000)
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .validationFailed(let failures)? = error else {
            Issue.record("expected validation failures, got \(String(describing: error))")
            return
        }
        let found = Set(failures.map { "\($0.entityName).\($0.property)" })
        #expect(found == ["Band.name", "Band.formed", "Album.title", "Album.year", "Tag.name", "Manager.email", "Manager.photo"])
        #expect(failures.contains { $0.property == "name" && $0.kind == .tooShort(length: 0, minimum: 1) })
        #expect(failures.contains { $0.kind == .belowMinimum(.integer(1800), minimum: .integer(1900)) })
        #expect(failures.contains { $0.kind == .aboveMaximum(.integer(2200), maximum: .integer(2100)) })
        #expect(failures.contains { $0.kind == .tooLong(length: 2000, maximum: 1024) })
        #expect(failures.contains { $0.kind == .patternMismatch("nobody", pattern: "[^@ ]+@[^@ ]+") })
        #expect(context.insertedObjects.count == 4 && band.objectID.isTemporary)
        #expect(try await Band.count(in: try self.context()) == 4)

        band.name = "Fixed"
        band.formed = 1990
        album.title = "One line"
        album.year = 2000
        tag.name = "a-slug"
        manager.email = "m@example.com"
        manager.photo = nil
        try await context.save()
        #expect(try await Band.count(in: try self.context()) == 5)
    }

    func requiredToOneAndCounts() async throws {
        let context = try await seeded()
        let orphan = Track(context: context, title: "Orphan")
        let album = Album(context: context, title: "Long Player")
        for number in 1...31 {
            album.addToTracks(Track(context: context, title: "Track \(number)"))
        }
        let error = await #expect(throws: ObjectGraphError.self) { try await context.save() }
        guard case .validationFailed(let failures)? = error else {
            Issue.record("expected validation failures, got \(String(describing: error))")
            return
        }
        #expect(failures.count == 2)
        #expect(failures.contains { $0.objectID == orphan.objectID && $0.property == "album" && $0.kind == .missingValue })
        #expect(failures.contains { $0.property == "tracks" && $0.kind == .tooManyObjects(count: 31, maximum: 30) })
        orphan.setAlbum(album)
        let tracks = try await album.tracks
        #expect(tracks.count == 32 && tracks.last === orphan)
        context.delete(tracks[0])
        context.delete(tracks[1])
        try await context.save()
        #expect(try await album.tracks.count == 30)
        #expect(try await Album.first(in: try self.context(), where: \.title == "Long Player")?.tracks.count == 30)
    }
}
