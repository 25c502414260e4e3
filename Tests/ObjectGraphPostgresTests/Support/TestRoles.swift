#if PostgreSQL
import Foundation

extension TestDatabase {
    /// A new login role named `prefix` and a random suffix, created with `options` (`PASSWORD …`, `IN ROLE …`),
    /// allowed to create schemas in the test database and then changed by the statements `settings` makes of
    /// its name; returns its name.
    ///
    /// Roles are created one at a time, under an advisory transaction lock: every new role is granted `CREATE`
    /// on the same database, and two grants on one database at once make the later fail with "tuple
    /// concurrently updated" (the server rewrites the database's catalog row without waiting for the other).
    static func role(_ prefix: String, options: String = "",
                     settings: (String) -> [String] = { _ in [] }) async throws -> String {
        let role = prefix + UUID().uuidString.prefix(8).lowercased()
        let statements = ["BEGIN", "SELECT pg_advisory_xact_lock(\(roleCreationLock))",
                          "CREATE ROLE \(role) LOGIN \(options)", "GRANT CREATE ON DATABASE postgres TO \(role)"]
            + settings(role) + ["COMMIT"]
        try await psql(statements.joined(separator: "; "))
        return role
    }

    /// A new login role whose transactions begin at `isolation` unless they name a level (the role's
    /// `default_transaction_isolation`), allowed to create schemas and to read and write every table and
    /// sequence, also those of schemas other roles created; returns its name.
    static func role(defaultIsolation isolation: String) async throws -> String {
        try await role("og_isolated_") { role in
            ["GRANT pg_read_all_data, pg_write_all_data TO \(role)",
             "ALTER ROLE \(role) SET default_transaction_isolation = '\(isolation)'"]
        }
    }

    /// The advisory lock key that serializes ``role(_:options:settings:)`` across test processes.
    private static let roleCreationLock: Int64 = 0x6F67_726F_6C65
}
#endif
