#if PostgreSQL
/// What turns the rows of one statement over a table's row select list into one answer:
/// ``SnapshotReader`` into snapshots, ``ObjectReader`` into objects.
protocol RowBatchReader: SendableMetatype {
    associatedtype Batch: Sendable
    /// Reads `row`; on an error the reader holds the rows before it.
    mutating func read(_ row: RowCells) throws
    /// What the rows read became; the reader starts over.
    mutating func finish() -> Batch
}
#endif
