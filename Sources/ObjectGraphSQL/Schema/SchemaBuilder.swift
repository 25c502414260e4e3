import ObjectGraph

/// Builds a ``StoreSchema`` in passes: columns of every entity, position columns of ordered
/// one-to-many relationships, relationship storage, then indexes.
package struct SchemaBuilder {
    package let model: ModelDescription
    private(set) var tables: [TableLayout] = []
    private(set) var links: [LinkTable] = []
    private(set) var uniqueIndexes: [UniqueIndex] = []
    private(set) var indexes: [(name: String, table: String, columns: [IndexedColumn])] = []
    private(set) var layouts: [String: EntityLayout] = [:]

    private var allocators: [String: ColumnAllocator] = [:]
    private var attributeColumns: [String: [String?]] = [:]
    private var relationshipColumns: [String: [Int: String]] = [:]
    private var positionColumns: [String: String] = [:]
    private var linkByKey: [String: LinkTable] = [:]
    /// Link table names in use, so two relationships never share one.
    private var linkNames = SQLNameSet()
    private let codes: [String: Int64]

    package init(model: ModelDescription) {
        self.model = model
        let names = model.entities.map(\.name).sorted()
        codes = Dictionary(names.enumerated().map { ($0.element, Int64($0.offset)) }, uniquingKeysWith: { first, _ in first })
    }

    package mutating func build() {
        let ordered = model.entities.filter { model.rootEntityName(of: $0.name) == $0.name }
            .flatMap { model.entityNames(inHierarchyOf: $0.name) }.compactMap { model.entity(named: $0) }
        for entity in ordered { allocateColumns(of: entity) }
        for entity in ordered { allocatePositionColumns(of: entity) }
        for entity in ordered { layouts[entity.name] = layout(of: entity) }
        for root in ordered where model.rootEntityName(of: root.name) == root.name {
            let hierarchy = model.entityNames(inHierarchyOf: root.name)
            tables.append(TableLayout(name: root.name, columns: allocators[root.name]?.columns ?? [],
                                      entityCodes: hierarchy.compactMap { codes[$0] }))
        }
        for entity in ordered { addIndexes(of: entity) }
    }

    private func parent(of entity: EntityDescription) -> EntityDescription? {
        entity.parentName.flatMap { model.entity(named: $0) }
    }

    /// The entity that declares the relationship at `index` of `entity` (inherited ones come first).
    private func declaringEntity(of entity: EntityDescription, relationshipAt index: Int) -> EntityDescription {
        var current = entity
        while let parent = parent(of: current), parent.relationships.count > index { current = parent }
        return current
    }

    private mutating func allocateColumns(of entity: EntityDescription) {
        let table = model.rootEntityName(of: entity.name)
        let isRoot = table == entity.name
        let inherited = parent(of: entity)
        var allocator = allocators[table] ?? ColumnAllocator()
        var attributes: [String?] = []
        for (index, attribute) in entity.attributes.enumerated() {
            if let inherited, index < inherited.attributes.count {
                attributes.append(attributeColumns[inherited.name]?[index] ?? nil)
            } else if attribute.isTransient {
                attributes.append(nil)
            } else {
                attributes.append(allocator.column(
                    key: "A|\(entity.name)|\(attribute.name)", preferred: attribute.name, owner: entity.name,
                    type: .attribute(attribute.type), isRequired: isRoot && !attribute.isOptional))
            }
        }
        var relationships: [Int: String] = [:]
        for index in entity.toOneRelationshipIndices {
            let declaring = declaringEntity(of: entity, relationshipAt: index)
            let name = entity.relationships[index].name
            let destination = model.rootEntityName(of: entity.relationships[index].destinationEntityName)
            relationships[index] = allocator.column(
                key: "R|\(declaring.name)|\(name)", preferred: name, owner: declaring.name, type: .key(referencing: destination))
        }
        allocators[table] = allocator
        attributeColumns[entity.name] = attributes
        relationshipColumns[entity.name] = relationships
    }

    /// The inverse of a to-many `relationship` when it is a to-one, with the entity holding it.
    private func toOneInverse(of relationship: RelationshipDescription) -> (EntityDescription, Int)? {
        guard let inverse = model.inverse(of: relationship), !inverse.isToMany,
              let destination = model.entity(named: relationship.destinationEntityName),
              let index = destination.relationshipIndex(named: inverse.name) else { return nil }
        return (destination, index)
    }

    private mutating func allocatePositionColumns(of entity: EntityDescription) {
        for (index, relationship) in entity.relationships.enumerated()
        where relationship.isToMany && relationship.isOrdered && declaringEntity(of: entity, relationshipAt: index) == entity {
            guard let (destination, inverseIndex) = toOneInverse(of: relationship) else { continue }
            let table = model.rootEntityName(of: destination.name)
            let declaring = declaringEntity(of: destination, relationshipAt: inverseIndex)
            let inverseName = destination.relationships[inverseIndex].name
            positionColumns["\(declaring.name)|\(inverseName)"] = allocators[table, default: ColumnAllocator()].column(
                key: "P|\(declaring.name)|\(inverseName)", preferred: "\(inverseName)_position",
                owner: declaring.name, type: .position)
        }
    }

    private mutating func layout(of entity: EntityDescription) -> EntityLayout {
        let table = model.rootEntityName(of: entity.name)
        let columns = allocators[table]?.columns ?? []
        func selectIndex(_ name: String?) -> Int32? {
            name.flatMap { name in columns.firstIndex { $0.name == name }.map { Int32($0 + 2) } }
        }
        let attributes = attributeColumns[entity.name] ?? []
        let reads = zip(attributes, entity.attributes).map { name, attribute -> ColumnRead? in
            guard let name, let position = columns.firstIndex(where: { $0.name == name }) else { return nil }
            return ColumnRead(index: Int32(position + 2), type: attribute.type, isNullable: !columns[position].isRequired)
        }
        let toOneColumns = entity.toOneRelationshipIndices.map { relationshipColumns[entity.name]?[$0] ?? "" }
        let relationships = entity.relationships.indices.map { self.storage(of: entity, relationshipAt: $0) }
        return EntityLayout(
            entity: entity, code: codes[entity.name] ?? -1, table: table,
            attributeColumns: attributes, attributeReads: reads,
            toOneColumns: toOneColumns, toOneSelectIndices: toOneColumns.map { selectIndex($0) ?? 0 },
            toOneDestinationTables: entity.toOneRelationshipIndices.map {
                model.rootEntityName(of: entity.relationships[$0].destinationEntityName)
            },
            relationships: relationships)
    }

    private mutating func storage(of entity: EntityDescription, relationshipAt index: Int) -> RelationshipStorage {
        let relationship = entity.relationships[index]
        let destinationTable = model.rootEntityName(of: relationship.destinationEntityName)
        if !relationship.isToMany {
            return .foreignKey(column: relationshipColumns[entity.name]?[index] ?? "", destinationTable: destinationTable)
        }
        if let (destination, inverseIndex) = toOneInverse(of: relationship) {
            let declaring = declaringEntity(of: destination, relationshipAt: inverseIndex)
            let inverseName = destination.relationships[inverseIndex].name
            return .inverseForeignKey(
                destinationTable: destinationTable,
                column: relationshipColumns[destination.name]?[inverseIndex] ?? "",
                positionColumn: relationship.isOrdered ? positionColumns["\(declaring.name)|\(inverseName)"] : nil)
        }
        let ownKey = "\(declaringEntity(of: entity, relationshipAt: index).name)|\(relationship.name)"
        var otherKey = ownKey
        if let inverse = model.inverse(of: relationship), let destination = model.entity(named: relationship.destinationEntityName),
           let inverseIndex = destination.relationshipIndex(named: inverse.name) {
            otherKey = "\(declaringEntity(of: destination, relationshipAt: inverseIndex).name)|\(inverse.name)"
        }
        let side: LinkTable.Side = ownKey <= otherKey ? .a : .b
        let key = min(ownKey, otherKey)
        if let link = linkByKey[key] { return .link(link, side: side) }
        let ownerTable = model.rootEntityName(of: entity.name)
        // `_link_A_b`, unless another link (`A|B` and `A|b`, or `A_b|c` and `A|b_c`) has that name already.
        let link = LinkTable(name: linkNames.claim("_link_" + key.replacingOccurrences(of: "|", with: "_")),
                             aTable: side == .a ? ownerTable : destinationTable,
                             bTable: side == .a ? destinationTable : ownerTable)
        linkByKey[key] = link
        links.append(link)
        return .link(link, side: side)
    }

    /// Foreign key indexes, `indexed` attributes, fetch indexes and UNIQUE indexes declared by `entity`.
    private mutating func addIndexes(of entity: EntityDescription) {
        guard let layout = layouts[entity.name] else { return }
        let table = layout.table
        let inherited = parent(of: entity)
        for (index, column) in zip(entity.toOneRelationshipIndices, layout.toOneColumns)
        where declaringEntity(of: entity, relationshipAt: index) == entity {
            indexes.append((name: "\(table)_fk_\(column)", table: table, columns: [IndexedColumn(name: column)]))
        }
        for (index, attribute) in entity.attributes.enumerated()
        where attribute.isIndexed && index >= (inherited?.attributes.count ?? 0) {
            guard let column = layout.attributeColumns[index] else { continue }
            indexes.append((name: "\(table)_index_\(column)", table: table, columns: [IndexedColumn(name: column)]))
        }
        for fetchIndex in entity.indexes {
            let columns = fetchIndex.elements.compactMap { element in
                column(named: element.property, in: layout).map { IndexedColumn(name: $0, ascending: element.ascending) }
            }
            guard columns.count == fetchIndex.elements.count, !columns.isEmpty else { continue }
            indexes.append((name: "\(table)_\(entity.name)_\(fetchIndex.name)", table: table, columns: columns))
        }
        let isRoot = table == entity.name
        let covered = model.entityNames(inHierarchyOf: entity.name).compactMap { codes[$0] }
        for (number, constraint) in entity.uniquenessConstraints.enumerated() {
            let columns = constraint.compactMap { name in
                entity.attributeIndex(named: name).flatMap { layout.attributeColumns[$0] }
            }
            guard !columns.isEmpty else { continue }
            uniqueIndexes.append(UniqueIndex(
                name: "\(table)_unique_\(entity.name)_\(number)", table: table, entity: entity,
                properties: constraint.filter { entity.attributeIndex(named: $0) != nil }, columns: columns,
                partialCodes: isRoot ? nil : covered))
        }
    }

    /// The column of an attribute or to-one called `name`.
    private func column(named name: String, in layout: EntityLayout) -> String? {
        if let index = layout.entity.attributeIndex(named: name) { return layout.attributeColumns[index] }
        guard let index = layout.entity.relationshipIndex(named: name),
              let slot = layout.entity.toOneSlot(forRelationshipAt: index) else { return nil }
        return layout.toOneColumns[slot]
    }
}
