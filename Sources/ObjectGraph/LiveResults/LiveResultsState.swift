import Foundation

/// The rows of live results in order, with each row's sort key values, and the sections they form;
/// applies changes row by row (a binary search and one chunk's move each) and says what changed as a
/// ``SectionedDiff``.
///
/// Rows are ordered by the sort keys, then by object key (``ObjectKey/precedesAmongTies(_:)``, the order
/// stores give ties). Sections are the runs of rows with the same section name, as
/// `NSFetchedResultsController` forms them; the section key is the first sort key.
struct LiveResultsState {
    /// Whether each sort key sorts ascending.
    let ascending: [Bool]
    /// Names a row's section from its first sort key value; `nil` for one section.
    let sectionName: (@Sendable (AttributeValue) -> String)?
    private(set) var snapshot = SectionedSnapshot()
    /// The sort key values of every row.
    private(set) var keys: [AnyObjectID: [AttributeValue]] = [:]

    init(ascending: [Bool], sectionName: (@Sendable (AttributeValue) -> String)?) {
        self.ascending = ascending
        self.sectionName = sectionName
    }

    /// Whether row `lhs` comes before row `rhs`.
    func precedes(_ lhs: (id: AnyObjectID, keys: [AttributeValue]), _ rhs: (id: AnyObjectID, keys: [AttributeValue])) -> Bool {
        for (index, isAscending) in ascending.enumerated() {
            let order = AttributeValue.order(lhs.keys[index], rhs.keys[index])
            if order != .orderedSame { return (order == .orderedAscending) == isAscending }
        }
        return lhs.id.key.precedesAmongTies(rhs.id.key)
    }

    /// The section name of a row with `keys`.
    private func name(of keys: [AttributeValue]) -> String {
        guard let sectionName, let first = keys.first else { return "" }
        return sectionName(first)
    }

    /// The position of the row `id` with `keys`, or where it would go.
    private func position(of id: AnyObjectID, keys rowKeys: [AttributeValue]) -> Int {
        snapshot.rows.partitionPoint { candidate in
            candidate != id && precedes((candidate, keys[candidate] ?? []), (id, rowKeys))
        }
    }

    // MARK: Replacing every row

    /// Makes `fetched` (IDs with their sort key values, in the store's order) the rows, and returns the
    /// difference: rows that left, entered or whose keys changed, and rows in `touched` (changed
    /// objects) that stayed as updates.
    mutating func replace(with fetched: FetchedIDs, touched: Set<AnyObjectID>) -> SectionedDiff {
        var rows: [(id: AnyObjectID, keys: [AttributeValue])] = []
        rows.reserveCapacity(fetched.ids.count)
        for (row, id) in fetched.ids.enumerated() { rows.append((id, Array(fetched.values(ofRow: row)))) }
        // The store sorted already; sort again only where its order differs from the evaluator's.
        if zip(rows, rows.dropFirst()).contains(where: { !precedes($0, $1) }) {
            rows.sort(by: precedes)
        }
        var newKeys: [AnyObjectID: [AttributeValue]] = [:]
        newKeys.reserveCapacity(rows.count)
        var sections: [SectionedSnapshot.Section] = []
        for row in rows {
            newKeys[row.id] = row.keys
            let rowName = name(of: row.keys)
            if sections.last?.name == rowName { sections[sections.count - 1].count += 1 } else { sections.append(.init(name: rowName, count: 1)) }
        }
        let old = snapshot
        let oldKeys = keys
        snapshot = SectionedSnapshot(sections: sections, rows: ChunkedRows(rows.map(\.id)))
        keys = newKeys
        var diff = sectionDiff(from: old)
        var oldPositions: [AnyObjectID: Int] = [:]
        for (position, id) in old.rows.all.enumerated() { oldPositions[id] = position }
        for (position, row) in rows.enumerated() {
            guard let oldPosition = oldPositions.removeValue(forKey: row.id) else {
                diff.insertedRows.append(snapshot.path(ofPosition: position))
                continue
            }
            if oldKeys[row.id] != row.keys {
                diff.movedRows.append(.init(from: old.path(ofPosition: oldPosition), to: snapshot.path(ofPosition: position)))
            } else if touched.contains(row.id) {
                diff.updatedRows.append(old.path(ofPosition: oldPosition))
            }
        }
        diff.deletedRows = oldPositions.values.sorted().map { old.path(ofPosition: $0) }
        diff.updatedRows.sort()
        return diff
    }

    // MARK: Changing some rows

    /// Applies the new state of some objects: for each, its sort key values when it matches the request
    /// now, `nil` when it does not (or no longer exists). Costs a binary search and a chunk's move per
    /// changed row that entered, left or moved, plus a walk over the sections.
    mutating func apply(_ changes: [AnyObjectID: [AttributeValue]?]) -> SectionedDiff {
        let old = snapshot
        var leaving: [(id: AnyObjectID, position: Int)] = []
        var entering: [(id: AnyObjectID, keys: [AttributeValue])] = []
        var moving: Set<AnyObjectID> = []
        var updatedPositions: [Int] = []
        for (id, newKeys) in changes {
            let oldKeys = keys[id]
            switch (oldKeys, newKeys) {
            case (nil, nil):
                continue
            case (let oldKeys?, let newKeys?) where oldKeys == newKeys:
                updatedPositions.append(position(of: id, keys: oldKeys))
            case (let oldKeys?, let newKeys):
                leaving.append((id, position(of: id, keys: oldKeys)))
                if let newKeys {
                    entering.append((id, newKeys))
                    moving.insert(id)
                }
            case (nil, let newKeys?):
                entering.append((id, newKeys))
            }
        }
        var diff = SectionedDiff()
        diff.updatedRows = updatedPositions.sorted().map { old.path(ofPosition: $0) }
        var oldPaths: [AnyObjectID: RowPath] = [:]
        for (id, position) in leaving.sorted(by: { $0.position > $1.position }) {
            let path = old.path(ofPosition: position)
            if moving.contains(id) { oldPaths[id] = path } else { diff.deletedRows.append(path) }
            removeRow(at: position)
            keys[id] = nil
        }
        diff.deletedRows.sort()
        for row in entering {
            keys[row.id] = row.keys
            insertRow(row.id, named: name(of: row.keys), at: position(of: row.id, keys: row.keys))
        }
        for row in entering {
            let path = snapshot.path(ofPosition: position(of: row.id, keys: row.keys))
            if let from = oldPaths[row.id] { diff.movedRows.append(.init(from: from, to: path)) } else { diff.insertedRows.append(path) }
        }
        diff.insertedRows.sort()
        diff.movedRows.sort { $0.to < $1.to }
        let sections = sectionDiff(from: old)
        diff.deletedSections = sections.deletedSections
        diff.insertedSections = sections.insertedSections
        return diff
    }

    /// The section that holds `position`, and the position of its first row.
    private func section(containing position: Int) -> (index: Int, start: Int)? {
        var start = 0
        for (index, section) in snapshot.sections.enumerated() {
            if position < start + section.count { return (index, start) }
            start += section.count
        }
        return nil
    }

    private mutating func removeRow(at position: Int) {
        guard let (index, _) = section(containing: position) else { return }
        snapshot.rows.remove(at: position)
        snapshot.sections[index].count -= 1
        guard snapshot.sections[index].count == 0 else { return }
        snapshot.sections.remove(at: index)
        // Two runs of one name that the removed section separated are one section now.
        if index > 0, index < snapshot.sections.count, snapshot.sections[index - 1].name == snapshot.sections[index].name {
            snapshot.sections[index - 1].count += snapshot.sections[index].count
            snapshot.sections.remove(at: index)
        }
    }

    private mutating func insertRow(_ id: AnyObjectID, named rowName: String, at position: Int) {
        let left = position > 0 ? section(containing: position - 1) : nil
        let right = section(containing: position)
        snapshot.rows.insert(id, at: position)
        if let left, snapshot.sections[left.index].name == rowName {
            snapshot.sections[left.index].count += 1
        } else if let right, snapshot.sections[right.index].name == rowName {
            snapshot.sections[right.index].count += 1
        } else if let left, let right, left.index == right.index {
            // Inside a section of another name (section names out of sort order): split it around the row.
            let before = position - left.start
            let after = snapshot.sections[left.index].count - before
            snapshot.sections[left.index].count = before
            snapshot.sections.insert(contentsOf: [.init(name: rowName, count: 1), .init(name: snapshot.sections[left.index].name, count: after)],
                                     at: left.index + 1)
        } else {
            snapshot.sections.insert(.init(name: rowName, count: 1), at: right?.index ?? snapshot.sections.count)
        }
    }

    /// Sections of `old` that are gone and sections of the current snapshot that are new.
    private func sectionDiff(from old: SectionedSnapshot) -> SectionedDiff {
        let before = old.sectionIdentities
        let after = snapshot.sectionIdentities
        let beforeSet = Set(before)
        let afterSet = Set(after)
        var diff = SectionedDiff()
        diff.deletedSections = before.indices.filter { !afterSet.contains(before[$0]) }
        diff.insertedSections = after.indices.filter { !beforeSet.contains(after[$0]) }
        return diff
    }
}
