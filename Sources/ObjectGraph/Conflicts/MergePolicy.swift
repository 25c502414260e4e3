/// What ``ObjectContext/save()`` does when a store that detects conflicts
/// (``StoreCapabilities/detectsConflicts``) refuses it because others changed objects it updates or
/// deletes since the context read them: Core Data's merge policies.
///
/// A resolving policy changes the conflicting objects in the context as it says, takes the store's
/// versions and saves again (up to ``ObjectContext/conflictRetryLimit`` times, as each retry may meet newer
/// saves). An object another save deleted is never resolved: every policy reports it as a
/// ``MergeConflict`` (``MergeConflict/isDeletedInStore``). When the save fails in the end, the conflicting
/// objects are as they were before it and nothing is written.
///
/// ```swift
/// context.mergePolicy = .storeTrumps
/// try await context.save()   // properties others changed keep their values; the context's others are saved
/// ```
public enum MergePolicy: Sendable, Hashable, CaseIterable {
    /// Fail the save with ``ObjectGraphError/mergeConflicts(_:)`` (Core Data's `NSErrorMergePolicy`, the default).
    case error
    /// Per property, the store's value wins where another save changed it; the context's other changes are
    /// saved (`NSMergeByPropertyStoreTrumpMergePolicy`). A deletion is saved.
    case storeTrumps
    /// Per property, the context's changes win; properties only others changed take the store's values
    /// (`NSMergeByPropertyObjectTrumpMergePolicy`). A deletion is saved.
    case objectTrumps
    /// The context's whole state of each object is written over the store's, including properties it did
    /// not change (`NSOverwriteMergePolicy`). A deletion is saved.
    case overwrite
    /// The context's changes to each conflicting object are discarded for the store's state, a deletion
    /// included; its changes to other objects are saved (`NSRollbackMergePolicy`).
    case rollback
}
