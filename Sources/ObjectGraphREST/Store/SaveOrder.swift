import ObjectGraph

/// The order in which a save sends its requests.
enum SaveOrder {
    /// `ids` ordered so that each comes after the IDs it depends on (as far as cycles allow), keeping
    /// the given order otherwise.
    static func dependenciesFirst(_ ids: [AnyObjectID], dependencies: (AnyObjectID) -> [AnyObjectID]) -> [AnyObjectID] {
        let members = Set(ids)
        var ordered: [AnyObjectID] = []
        var state: [AnyObjectID: Bool] = [:]
        func visit(_ id: AnyObjectID) {
            guard state[id] == nil else { return }
            state[id] = false
            for dependency in dependencies(id) where members.contains(dependency) { visit(dependency) }
            state[id] = true
            ordered.append(id)
        }
        ids.forEach(visit)
        return ordered
    }
}
