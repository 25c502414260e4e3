#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphConformance
import ObjectGraphPostgres
import Testing

/// A PostgreSQL schema of its own, written by one model version and opened by later ones, for the
/// migration tests.
struct MigrationSchema {
    let configuration: PostgresStore.Configuration
    var name: String { configuration.schema ?? "" }

    init() throws { configuration = try TestDatabase.configuration() }

    /// A store of `model` on the schema, migrating it with `customSteps` when it is older.
    func open(_ model: ModelDescription, customSteps: [CustomMigrationStep] = []) async throws -> PostgresStore {
        try await PostgresStore(configuration: configuration, model: model, customMigrationSteps: customSteps)
    }

    /// Creates the schema with `model` and inserts `objects` in one save (a relationship names other
    /// objects by their positions); returns their keys in order.
    @discardableResult
    func create(_ model: ModelDescription, _ objects: [Seed]) async throws -> [Int64] {
        let store = try await open(model)
        defer { store.close() }
        let ids = objects.map { AnyObjectID.temporary(entityName: model.rootEntityName(of: $0.entity)) }
        let snapshots = try objects.enumerated().map { position, object in
            let entity = try #require(model.entity(named: object.entity))
            let values = entity.attributes.map { object.values[$0.name] ?? $0.defaultValue ?? .null }
            let toOnes = entity.toOneRelationshipIndices.map { index in object.toOnes[entity.relationships[index].name].map { ids[$0] } }
            return Snapshot(id: ids[position], entityName: object.entity, values: values, toOneIDs: toOnes)
        }
        let links = try objects.enumerated().flatMap { position, object in
            let entity = try #require(model.entity(named: object.entity))
            return try object.toManys.sorted { $0.key < $1.key }.map { name, members in
                ToManyChange(ownerID: ids[position], entityName: object.entity,
                             relationshipIndex: try #require(entity.relationshipIndex(named: name)), added: members.map { ids[$0] }, removed: [])
            }
        }
        return try await store.save(ChangeSet(inserted: snapshots, toManyChanges: links)).map { id in
            guard case .integer(let key) = id.key else { throw MigrationTestError("non-integer key \(id)") }
            return key
        }
    }

    /// Expects opening with `current` to fail with a `MigrationError`, leaving the schema as it was.
    func expectFailure(_ current: ModelDescription, customSteps: [CustomMigrationStep] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> MigrationError? {
        let before = try await dump()
        let error = await #expect(throws: MigrationError.self, sourceLocation: sourceLocation) {
            _ = try await open(current, customSteps: customSteps)
        }
        #expect(try await dump() == before, "a failed migration changed the schema", sourceLocation: sourceLocation)
        return error
    }

    /// The schema's tables, constraints, sequences and rows as `pg_dump` writes them.
    func dump() async throws -> String {
        try await ToolProcess.output(of: "pg_dump", [TestDatabase.url ?? "", "--schema", name, "--no-owner"])
            .split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") }
            .joined(separator: "\n")
    }

    /// The first column of the rows of `sql`, run in the schema.
    func column(_ sql: String) async throws -> [String] {
        try await ToolProcess.output(of: "psql", [TestDatabase.url ?? "", "-tA", "-v", "ON_ERROR_STOP=1", "-c", "SET search_path TO \"\(name)\"", "-c", sql])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty && $0 != "SET" }
    }

    /// The OID of table `table` (it changes when a migration rebuilds the table).
    func tableOID(_ table: String) async throws -> String? {
        try await column("SELECT to_regclass('\"\(table)\"')::oid").first
    }

    /// One object to insert: concrete entity, attribute values by name (others take their default),
    /// to-ones and to-manys by name as positions of other seed objects.
    struct Seed {
        let entity: String
        var values: [String: AttributeValue] = [:]
        var toOnes: [String: Int] = [:]
        var toManys: [String: [Int]] = [:]
    }
}

struct MigrationTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
#endif
