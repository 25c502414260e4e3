/// A row's place in sectioned results: its section and its row in that section (what `IndexPath(row:section:)`
/// holds on Apple platforms).
public struct RowPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The row's index in its section.
    public var row: Int

    /// Creates a path.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Section first, then row.
    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `section.row`, e.g. `0.3`.
    public var description: String { "\(section).\(row)" }
}

/// The state of live results at one moment: sections in order, each with its name and the IDs of its
/// objects in the request's order. A value: cheap to copy (it shares storage with the results until
/// they change) and Sendable, so an update can carry it to any task.
///
/// ```swift
/// for section in snapshot.sections { print(section.name, section.count) }
/// let id = snapshot.id(at: RowPath(section: 0, row: 0))
/// ```
public struct SectionedSnapshot: Sendable, Hashable {
    /// One section: its name and how many rows it has.
    public struct Section: Sendable, Hashable {
        /// The section's name (the section key's value as the results name it).
        public var name: String
        /// The number of rows.
        public var count: Int
    }

    /// The sections in order; one unnamed section for unsectioned results with rows.
    public internal(set) var sections: [Section]
    var rows: ChunkedRows

    init(sections: [Section] = [], rows: ChunkedRows = ChunkedRows()) {
        self.sections = sections
        self.rows = rows
    }

    /// The total number of rows.
    public var count: Int { rows.count }

    /// The IDs of every row, section after section.
    public var ids: [AnyObjectID] { rows.all }

    /// The IDs of the rows of section `index`.
    public func ids(inSection index: Int) -> [AnyObjectID] {
        rows.ids(in: positions(ofSection: index))
    }

    /// The ID of the row at `path`.
    public func id(at path: RowPath) -> AnyObjectID {
        rows[position(of: path)]
    }

    /// The position among all rows of the row at `path`.
    func position(of path: RowPath) -> Int {
        precondition(sections.indices.contains(path.section) && path.row >= 0 && path.row < sections[path.section].count,
                     "no row at \(path)")
        return positions(ofSection: path.section).lowerBound + path.row
    }

    /// The positions among all rows of section `index`'s rows.
    func positions(ofSection index: Int) -> Range<Int> {
        let start = sections[..<index].reduce(0) { $0 + $1.count }
        return start ..< start + sections[index].count
    }

    /// The path of the row at `position` among all rows.
    func path(ofPosition position: Int) -> RowPath {
        var remaining = position
        for (index, section) in sections.enumerated() {
            if remaining < section.count { return RowPath(section: index, row: remaining) }
            remaining -= section.count
        }
        preconditionFailure("row \(position) out of 0..<\(count)")
    }

    /// The section names with their occurrence (`name`, 0) unless a name appears in several sections:
    /// what identifies a section between two snapshots.
    var sectionIdentities: [SectionIdentity] {
        var seen: [String: Int] = [:]
        return sections.map { section in
            defer { seen[section.name, default: 0] += 1 }
            return SectionIdentity(name: section.name, occurrence: seen[section.name, default: 0])
        }
    }
}

/// A section's name and which of the sections with that name it is.
struct SectionIdentity: Hashable {
    let name: String
    let occurrence: Int
}

/// What changed between two snapshots, in the form a table or collection view's batch update takes:
/// deletions at their old paths, insertions at their new paths, moves from old to new, updates at
/// old paths (rows that changed in place; a moved row may have changed too and wants configuring at its
/// new path). Rows of a deleted section are listed as deleted rows as well, as
/// `NSFetchedResultsController` reports them.
///
/// ```swift
/// tableView.performBatchUpdates {
///     tableView.deleteSections(IndexSet(diff.deletedSections), with: .fade)
///     tableView.insertSections(IndexSet(diff.insertedSections), with: .fade)
///     tableView.deleteRows(at: diff.deletedRows.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
///     // … insertedRows, movedRows, updatedRows likewise
/// }
/// ```
public struct SectionedDiff: Sendable, Hashable, CustomStringConvertible {
    /// A row that moved, by its old and new paths.
    public struct Move: Sendable, Hashable {
        /// The row's path before the change.
        public var from: RowPath
        /// The row's path after the change.
        public var to: RowPath

        /// Creates a move.
        public init(from: RowPath, to: RowPath) {
            self.from = from
            self.to = to
        }
    }

    /// Indices (in the old snapshot) of sections that are gone.
    public var deletedSections: [Int] = []
    /// Indices (in the new snapshot) of new sections.
    public var insertedSections: [Int] = []
    /// Old paths of rows that left the results.
    public var deletedRows: [RowPath] = []
    /// New paths of rows that entered the results.
    public var insertedRows: [RowPath] = []
    /// Rows whose sort or section key changed.
    public var movedRows: [Move] = []
    /// Old paths of rows that changed without moving.
    public var updatedRows: [RowPath] = []

    /// Creates a diff.
    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], deletedRows: [RowPath] = [],
        insertedRows: [RowPath] = [], movedRows: [Move] = [], updatedRows: [RowPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
        self.movedRows = movedRows
        self.updatedRows = updatedRows
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
            && movedRows.isEmpty && updatedRows.isEmpty
    }

    /// E.g. `-rows [0.1] +rows [0.0] moved [1.2→0.3] updated [0.4] +sections [2]`.
    public var description: String {
        var parts: [String] = []
        if !deletedSections.isEmpty { parts.append("-sections \(deletedSections)") }
        if !insertedSections.isEmpty { parts.append("+sections \(insertedSections)") }
        if !deletedRows.isEmpty { parts.append("-rows \(deletedRows)") }
        if !insertedRows.isEmpty { parts.append("+rows \(insertedRows)") }
        if !movedRows.isEmpty { parts.append("moved [" + movedRows.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]") }
        if !updatedRows.isEmpty { parts.append("updated \(updatedRows)") }
        return parts.isEmpty ? "no change" : parts.joined(separator: " ")
    }
}
