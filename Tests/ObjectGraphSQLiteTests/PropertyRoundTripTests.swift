import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphSQLite
import Testing

/// Random valid models and random object graphs through `SQLiteStore` and back, value for value and
/// link for link (`PropertyRoundTrip`; a failure names the seed, the phase and the first difference).
@Suite struct SQLitePropertyRoundTripTests {
    /// SQLite gives `0.0` back for `-0.0`: a REAL column stores a value without a fractional part as an
    /// integer (documented in ARCHITECTURE.md), so the sign of zero is not compared here.
    static let roundTrip = PropertyRoundTrip(keepsSignOfZero: false) { schema in try await SQLiteStore(at: .inMemory, model: schema) }

    @Test func fixedSeedsRoundTrip() async {
        let report = await Self.roundTrip.check(seeds: 1...60)
        #expect(report.objects > 600 && report.links > 500, "\(report)")
    }

    /// The same through a database file, opened again before each comparison in a fresh context.
    @Test func fileDatabasesReopenedRoundTrip() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let open: @Sendable (ModelDescription) async throws -> any PersistentStore = { schema in
            try await SQLiteStore(at: .file(directory.appendingPathComponent("\(schema.name).sqlite").path), model: schema)
        }
        let report = await PropertyRoundTrip(keepsSignOfZero: false, reopen: open, open).check(seeds: 101...115)
        #expect(report.objects > 100, "\(report)")
    }

    /// A longer run on demand: `MODELGEN_PROPERTY_SEEDS=61-2000 swift test --filter PropertyRoundTripTests`.
    @Test(.enabled(if: PropertySeeds.fromEnvironment("MODELGEN_PROPERTY_SEEDS") != nil))
    func seedsFromTheEnvironment() async {
        _ = await Self.roundTrip.check(seeds: PropertySeeds.fromEnvironment("MODELGEN_PROPERTY_SEEDS") ?? 0...0)
    }
}
