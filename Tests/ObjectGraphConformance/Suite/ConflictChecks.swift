import Foundation
import ObjectGraph
import Testing

extension Checks {
    /// A store that detects conflicts refuses a save of objects others changed or deleted since the context
    /// read them: by default with the conflicts, leaving store and context as they were; each
    /// ``MergePolicy`` resolves them as it says. A store that does not saves the last write over earlier ones.
    func conflicts() async throws {
        guard store.capabilities.detectsConflicts else { return try await lastWriteWins() }
        let (_, writer, band, name) = try await conflictingEdit(policy: .error)
        let error = await #expect(throws: ObjectGraphError.self) { try await writer.save() }
        guard case .mergeConflicts(let conflicts)? = error, let conflict = conflicts.first, conflicts.count == 1 else {
            Issue.record("expected one merge conflict, got \(String(describing: error))")
            return
        }
        #expect(conflict.objectID == band.objectID && conflict.entityName == "Band" && !conflict.isDeletion)
        #expect(conflict.storeVersion == conflict.readVersion + 1)
        let rating = try #require(conflict.properties.first { $0.name == "rating" })
        #expect(rating.storeValue == .attribute(.double(2)) && rating.contextValue == .attribute(.double(3)))
        #expect(rating.readValue == .attribute(.double(1)) && rating.changedInStore && rating.changedInContext)
        #expect(Set(conflict.properties.map(\.name)) == ["rating", "isActive", "website"])
        #expect(writer.hasChanges && band.rating == 3 && band.isActive && band.website != nil)
        #expect(try await storedBand(name) == StoredBand(rating: 2, isActive: false, hasWebsite: false))

        try await resolvesEachPolicy()
        try await deletionConflicts()
    }

    /// The store's state after each policy resolved the same conflicting edit: another context set rating 2
    /// and isActive false; the saving one rating 3 and a website.
    private func resolvesEachPolicy() async throws {
        let expected: [MergePolicy: StoredBand] = [
            .storeTrumps: StoredBand(rating: 2, isActive: false, hasWebsite: true),
            .objectTrumps: StoredBand(rating: 3, isActive: false, hasWebsite: true),
            .overwrite: StoredBand(rating: 3, isActive: true, hasWebsite: true),
            .rollback: StoredBand(rating: 2, isActive: false, hasWebsite: false),
        ]
        for (policy, stored) in expected.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            let (_, writer, band, name) = try await conflictingEdit(policy: policy)
            try await writer.save()
            #expect(try await storedBand(name) == stored, "\(policy)")
            #expect(StoredBand(band) == stored && !writer.hasChanges, "\(policy)")
            band.rating = 7
            try await writer.save()
            #expect(try await storedBand(name)?.rating == 7, "\(policy): the context knows the version it saved")
        }
    }

    /// Deleting an object another context changed, and changing one it deleted.
    private func deletionConflicts() async throws {
        let (_, writer, band, name) = try await conflictingEdit(policy: .error)
        writer.rollback()
        writer.delete(band)
        let error = await #expect(throws: ObjectGraphError.self) { try await writer.save() }
        guard case .mergeConflicts(let conflicts)? = error else {
            Issue.record("expected a merge conflict, got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.isDeletion) == [true] && band.isDeleted)
        writer.mergePolicy = .objectTrumps
        try await writer.save()
        #expect(try await storedBand(name) == nil)

        let (other, changing, _, survivor) = try await conflictingEdit(policy: .objectTrumps)
        let gone = try #require(try await Band.first(in: other, where: \.name == survivor))
        other.delete(gone)
        try await other.save()
        let refused = await #expect(throws: ObjectGraphError.self) { try await changing.save() }
        guard case .mergeConflicts(let deleted)? = refused else {
            Issue.record("expected a merge conflict, got \(String(describing: refused))")
            return
        }
        #expect(deleted.map(\.isDeletedInStore) == [true] && deleted.first?.properties == [] && changing.hasChanges)
    }

    /// Without conflict detection the later of two saves of the same object wins.
    private func lastWriteWins() async throws {
        let (_, writer, _, name) = try await conflictingEdit(policy: .error)
        try await writer.save()
        #expect(try await storedBand(name) == StoredBand(rating: 3, isActive: false, hasWebsite: true))
    }

    /// A saved band, then two contexts that do not merge each other's saves: `reader` set its rating to 2
    /// and isActive to false and saved; `writer`, which read it before as `band`, set rating 3 and a website,
    /// unsaved.
    private func conflictingEdit(
        policy: MergePolicy
    ) async throws -> (reader: ObjectContext, writer: ObjectContext, band: Band, name: String) {
        let name = "Conflicted \(policy) \(UUID().uuidString.prefix(6))"
        let setup = try context()
        let band = Band(context: setup, name: name)
        band.rating = 1
        try await setup.save()
        let reader = try context()
        let writer = try context()
        reader.automaticallyMergesChanges = false
        writer.automaticallyMergesChanges = false
        writer.mergePolicy = policy
        let first = try #require(try await Band.first(in: reader, where: \.name == name))
        let second = try #require(try await Band.first(in: writer, where: \.name == name))
        first.rating = 2
        first.isActive = false
        try await reader.save()
        second.rating = 3
        second.website = URL(string: "https://example.com/\(policy)")
        return (reader, writer, second, name)
    }

    /// The band called `name` as a new context reads it, or `nil`.
    private func storedBand(_ name: String) async throws -> StoredBand? {
        try await Band.first(in: try context(), where: \.name == name).map(StoredBand.init)
    }
}

/// The properties ``Checks/conflicts()`` edits.
private struct StoredBand: Equatable {
    let rating: Double
    let isActive: Bool
    let hasWebsite: Bool

    init(rating: Double, isActive: Bool, hasWebsite: Bool) {
        (self.rating, self.isActive, self.hasWebsite) = (rating, isActive, hasWebsite)
    }

    init(_ band: Band) {
        (rating, isActive, hasWebsite) = (band.rating, band.isActive, band.website != nil)
    }
}
