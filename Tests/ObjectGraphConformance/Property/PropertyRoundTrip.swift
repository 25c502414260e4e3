import Foundation
import ObjectGraph

/// Property-based round trips: a random valid model (``RandomModel``), random object graphs of it
/// saved through a store and read back in a fresh context, compared value for value and relationship
/// for relationship (order too for ordered ones), then random updates, relinks, reorders and deletions,
/// saved and compared again.
///
/// Store-neutral like the conformance suite: a store's tests pass a factory. In process the objects are
/// ``PropertyObject``s over the model's schema values; `Scripts/property-roundtrip.sh` runs the same
/// round trips with the classes `modelgen generate` writes for the model's `contents` XML.
///
/// ```swift
/// let roundTrip = PropertyRoundTrip { schema in try await SQLiteStore(at: .inMemory, model: schema) }
/// let report = try await roundTrip.run(seed: 7)   // throws PropertyRoundTrip.Failure with the first difference
/// ```
public struct PropertyRoundTrip: Sendable {
    /// What one run did.
    public struct Report: Sendable, CustomStringConvertible {
        /// Objects inserted.
        public var objects = 0
        /// Saves made (each followed by a comparison).
        public var saves = 0
        /// Attribute values compared after reading back.
        public var values = 0
        /// Relationship destinations compared after reading back.
        public var links = 0

        /// An empty report.
        public init() {}

        /// `12 objects, 3 saves, 240 values, 31 links compared`.
        public var description: String { "\(objects) objects, \(saves) saves, \(values) values, \(links) links compared" }

        /// Adds another run's counts.
        public mutating func add(_ other: Report) {
            objects += other.objects
            saves += other.saves
            values += other.values
            links += other.links
        }
    }

    /// A round trip that did not give back what was saved.
    public struct Failure: Error, CustomStringConvertible {
        /// The model's seed.
        public var seed: UInt64
        /// What was being checked.
        public var phase: String
        /// The first difference (or the error thrown).
        public var difference: String

        /// `seed 7, after save 2 (fresh context): Item/3 Item.score (double): expected …, got …`.
        public var description: String { "seed \(seed), \(phase): \(difference)" }
    }

    /// Makes a new, empty store for a schema.
    public let makeStore: @Sendable (ModelDescription) async throws -> any PersistentStore
    /// Update rounds after the first save.
    public var updateRounds = 2
    /// Whether the store must give back `-0.0` (not `0.0`) for a double, float or date saved as `-0.0`.
    /// SQLite cannot: a REAL column stores a value without a fractional part as an integer.
    public var keepsSignOfZero = true

    /// Creates a runner over a store factory; each run gets a new store.
    /// Opens the store of a run again, on the data `makeStore`'s store wrote, before each comparison in a
    /// fresh context (a file database: checks what was written to the file, and reopening it); `nil` to
    /// keep the one store.
    public var reopen: (@Sendable (ModelDescription) async throws -> any PersistentStore)?

    /// Creates a runner over a store factory; each run gets a new store (opened again with `reopen`
    /// before each fresh context, when given).
    public init(
        keepsSignOfZero: Bool = true,
        reopen: (@Sendable (ModelDescription) async throws -> any PersistentStore)? = nil,
        _ makeStore: @escaping @Sendable (ModelDescription) async throws -> any PersistentStore
    ) {
        self.keepsSignOfZero = keepsSignOfZero
        self.reopen = reopen
        self.makeStore = makeStore
    }

    /// Runs the round trip of `seed`'s model with ``PropertyObject``s.
    public func run(seed: UInt64) async throws -> Report {
        let model = RandomModel(seed: seed)
        return try await run(model: model, objectModel: ManagedObjectModel(schema: model.schema, objectClass: PropertyObject.self))
    }

    /// Runs the round trip of `model` with the classes of `objectModel` (generated code), after checking
    /// that their schema is the model's.
    /// - Throws: ``Failure`` naming the seed, the phase and the first difference.
    public func run(model: RandomModel, objectModel: ManagedObjectModel) async throws -> Report {
        if let difference = SchemaComparison.firstDifference(expected: model.schema, actual: objectModel.schema) {
            throw Failure(seed: model.seed, phase: "schema of the classes", difference: difference)
        }
        var state = RoundTripState(model: model, objectModel: objectModel, store: try await makeStore(objectModel.schema),
                                   keepsSignOfZero: keepsSignOfZero, reopen: reopen)
        do {
            try await state.insertGraph()
            for round in 0..<updateRounds { try await state.update(round: round + 1) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(seed: model.seed, phase: state.phase, difference: "\(type(of: error)): \(error)")
        }
        return state.report
    }
}
