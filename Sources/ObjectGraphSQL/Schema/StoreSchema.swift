import ObjectGraph

/// The relational shape of a model: tables, per-entity column layouts, link tables and indexes.
///
/// Entity codes are positions in the sorted list of entity names, which the model's version hash fixes.
package struct StoreSchema: Sendable {
    package let model: ModelDescription
    package let tables: [TableLayout]
    package let links: [LinkTable]
    package let uniqueIndexes: [UniqueIndex]
    /// Plain indexes: name, table and columns.
    package let indexes: [(name: String, table: String, columns: [IndexedColumn])]
    private let layoutByName: [String: EntityLayout]
    private let layoutByCode: [EntityLayout]
    private let tableByName: [String: TableLayout]

    package init(model: ModelDescription) {
        var builder = SchemaBuilder(model: model)
        builder.build()
        self.model = model
        self.tables = builder.tables
        self.links = builder.links
        self.uniqueIndexes = builder.uniqueIndexes
        self.indexes = builder.indexes
        self.layoutByName = builder.layouts
        self.layoutByCode = builder.layouts.values.sorted { $0.code < $1.code }
        self.tableByName = Dictionary(builder.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The layout of the entity called `name`.
    package func layout(of name: String) throws -> EntityLayout {
        guard let layout = layoutByName[name] else { throw ObjectGraphError.unknownEntity(name) }
        return layout
    }

    /// The layout of the entity with `code`, if any.
    package func layout(code: Int64) -> EntityLayout? {
        layoutByCode.indices.contains(Int(code)) ? layoutByCode[Int(code)] : nil
    }

    /// The table named `name` (a root entity's name).
    package func table(named name: String) throws -> TableLayout {
        guard let table = tableByName[name] else { throw ObjectGraphError.unknownEntity(name) }
        return table
    }

    /// The codes of the entities a fetch of `entity` covers, or `nil` when that is the whole table.
    package func entityCodes(for entity: EntityDescription, includingSubentities: Bool) throws -> [Int64]? {
        let layout = try layout(of: entity.name)
        let names = includingSubentities ? model.entityNames(inHierarchyOf: entity.name) : [entity.name]
        let codes = try names.map { try self.layout(of: $0).code }
        return codes.count == (try table(named: layout.table)).entityCodes.count ? nil : codes
    }

    /// `1, 4`: the codes of the entity called `name` and its subentities, or `nil` when that is its whole
    /// table (members of a one-to-many whose inverse an ancestor declares are filtered with it).
    package func memberCodeList(of name: String) throws -> String? {
        try entityCodes(for: try layout(of: name).entity, includingSubentities: true)?.map(String.init).joined(separator: ", ")
    }
}
