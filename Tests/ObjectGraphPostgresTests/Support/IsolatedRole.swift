#if PostgreSQL
import Foundation

extension TestDatabase {
    /// A new login role whose transactions begin at `isolation` unless they name a level (the role's
    /// `default_transaction_isolation`), allowed to create schemas and to read and write every table and
    /// sequence, also those of schemas other roles created; returns its name.
    static func role(defaultIsolation isolation: String) async throws -> String {
        let role = "og_isolated_" + UUID().uuidString.prefix(8).lowercased()
        try await psql("CREATE ROLE \(role) LOGIN; GRANT CREATE ON DATABASE postgres TO \(role); "
            + "GRANT pg_read_all_data, pg_write_all_data TO \(role); "
            + "ALTER ROLE \(role) SET default_transaction_isolation = '\(isolation)'")
        return role
    }
}
#endif
