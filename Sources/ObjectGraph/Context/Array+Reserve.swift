extension Array {
    /// Makes room for `count` more elements, at least doubling the capacity when it grows, so that
    /// reserving batch after batch stays linear.
    mutating func reserveCapacity(forAdding count: Int) {
        let needed = self.count + count
        if needed > capacity { reserveCapacity(Swift.max(needed, capacity * 2)) }
    }
}
