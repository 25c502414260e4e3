import ObjectGraph
@testable import ObjectGraphREST

extension ObjectCache {
    /// Stores `objects` (`nil`: removes the object) as a save stages and applies them.
    mutating func stage(_ objects: [AnyObjectID: CachedObject?]) {
        var overlay = CacheOverlay(over: self)
        for (id, object) in objects { overlay.stage(object, id: id) }
        apply(overlay.takeChanges())
    }
}
