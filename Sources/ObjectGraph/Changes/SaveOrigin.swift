/// Which context's save a store is running, so that the change the store publishes for it is not merged
/// back into the context that made it. ``ObjectContext/save()`` sets it around its store call; a
/// ``StoreChangeBroadcaster`` reads it when the store publishes.
enum SaveOrigin {
    @TaskLocal static var current: ObjectIdentifier?
}
