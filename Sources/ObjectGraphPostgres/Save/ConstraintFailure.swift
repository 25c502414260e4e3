#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// A failed statement (or commit) of a save as the error the runtime expects: uniqueness and NOT NULL
/// violations become ``ObjectGraphError`` values naming the object, entity, properties and values;
/// anything else stays a postgres-nio error, which the store turns into a ``PostgresStoreError``.
struct ConstraintFailure {
    /// An object a uniqueness violation may be about, with the attribute values the save gives it.
    typealias Candidate = (id: AnyObjectID, entityName: String, values: [AttributeValue])

    let error: PSQLError
    let schema: StoreSchema

    /// The error for a failed `INSERT` of `rows` of `layout`'s entity.
    func insertError(_ rows: [Snapshot], layout: EntityLayout) -> any Error {
        switch error.sqlState {
        case SQLState.notNullViolation:
            guard let column = error.serverInfo?[.columnName], let attribute = layout.attributeColumns.firstIndex(of: column),
                  let row = rows.first(where: { $0.values.indices.contains(attribute) && $0.values[attribute].isNull }) ?? rows.first else {
                return error
            }
            return ObjectGraphError.validationFailed([ValidationFailure(
                objectID: row.id, entityName: row.entityName, property: layout.entity.attributes[attribute].name, kind: .missingValue)])
        case SQLState.uniqueViolation, SQLState.exclusionViolation:
            return uniquenessError(candidates: rows.map { Candidate($0.id, $0.entityName, Array($0.values)) }) ?? error
        default:
            return error
        }
    }

    /// The error for a failed `UPDATE` of a batch of updates of `layout`'s entity (NOT NULL: the first
    /// update that sets the column to NULL).
    func updateError(_ batch: [UpdatedObject], layout: EntityLayout) -> any Error {
        switch error.sqlState {
        case SQLState.notNullViolation:
            guard let column = error.serverInfo?[.columnName], let attribute = layout.attributeColumns.firstIndex(of: column),
                  let updated = batch.first(where: { $0.attributes.contains { $0.index == attribute && $0.value.isNull } }) ?? batch.first else {
                return error
            }
            return ObjectGraphError.validationFailed([ValidationFailure(
                objectID: updated.id, entityName: updated.entityName, property: layout.entity.attributes[attribute].name,
                kind: .missingValue)])
        case SQLState.uniqueViolation, SQLState.exclusionViolation:
            return uniquenessError(candidates: batch.map { candidate($0, layout: layout) }) ?? error
        default:
            return error
        }
    }

    /// The error for a failed `COMMIT` (deferred uniqueness constraints) of `changes`.
    func commitError(_ changes: ChangeSet) -> any Error {
        guard error.sqlState == SQLState.uniqueViolation || error.sqlState == SQLState.exclusionViolation else { return error }
        var candidates = changes.inserted.map { Candidate($0.id, $0.entityName, Array($0.values)) }
        for updated in changes.updated {
            guard let layout = try? schema.layout(of: updated.entityName) else { continue }
            candidates.append(candidate(updated, layout: layout))
        }
        return uniquenessError(candidates: candidates) ?? error
    }

    /// An updated object's values as far as the update knows them (others NULL).
    private func candidate(_ updated: UpdatedObject, layout: EntityLayout) -> Candidate {
        var values = [AttributeValue](repeating: .null, count: layout.attributeColumns.count)
        for change in updated.attributes where values.indices.contains(change.index) { values[change.index] = change.value }
        return (updated.id, updated.entityName, values)
    }

    /// The uniqueness violation of the constraint the server names, blaming the candidate whose values the
    /// server's detail (`Key (name)=(Low) already exists.`) shows, or the first candidate the constraint covers.
    private func uniquenessError(candidates: [Candidate]) -> ObjectGraphError? {
        // A schema created before generated names holds a long constraint under the server's cut name.
        let dialect = SQLDialect.postgreSQL
        guard let name = error.serverInfo?[.constraintName],
              let index = schema.uniqueIndexes.first(where: { dialect.generatedName($0.name) == name || dialect.serverCutName($0.name) == name }) else {
            return nil
        }
        let covered = Set(schema.model.entityNames(inHierarchyOf: index.entity.name))
        let shown = Self.keyValues(in: error.serverInfo?[.detail] ?? "")
        let attributes = index.properties.compactMap { index.entity.attributeIndex(named: $0) }
        func constrained(_ values: [AttributeValue]) -> [AttributeValue] {
            attributes.map { values.indices.contains($0) ? values[$0] : .null }
        }
        let matching = candidates.filter { covered.contains($0.entityName) }
        guard let blamed = matching.first(where: { Self.text(constrained($0.values)) == shown }) ?? matching.first else { return nil }
        return ObjectGraphError.uniquenessViolation(
            entity: index.entity.name, properties: index.properties, values: constrained(blamed.values), object: blamed.id)
    }

    /// `Low, 1990` from `Key (name, formed)=(Low, 1990) already exists.`
    static func keyValues(in detail: String) -> String? {
        guard let start = detail.range(of: ")=(") else { return nil }
        let rest = detail[start.upperBound...]
        guard let end = rest.range(of: ")", options: .backwards) else { return nil }
        let values = rest[..<end.lowerBound]
        // An exclusion detail goes on: `…) conflicts with existing key (name)=(Low).`
        if let conflict = values.range(of: ") conflicts with existing key (") { return String(values[..<conflict.lowerBound]) }
        return String(values)
    }

    /// Values as PostgreSQL shows them in a key detail.
    static func text(_ values: [AttributeValue]) -> String {
        values.map { value in
            switch value {
            case .null: "null"
            case .string(let string): string
            case .integer(let integer): String(integer)
            case .bool(let bool): bool ? "t" : "f"
            case .double(let double): String(double)
            case .decimal(let decimal): "\(decimal)"
            case .uuid(let uuid): uuid.uuidString.lowercased()
            case .url(let url): url.absoluteString
            case .date(let date): "\(date)"
            case .data(let data): "\\x" + data.map { String(format: "%02x", $0) }.joined()
            }
        }.joined(separator: ", ")
    }
}
#endif
