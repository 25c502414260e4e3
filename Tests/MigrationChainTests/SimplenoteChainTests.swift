import Foundation
import ObjectGraph
import Testing

/// Simplenote's chain (`Simplenote 2` → `Simplenote 7`) through the history modelgen generated from the
/// real bundle (`Generated/Simplenote`): a file written by each older version, with a few hundred
/// objects of every entity that version has, migrates to `Simplenote 7` with every value kept, every
/// attribute added since taking its default, and the entities added since empty — on SQLite and, when
/// a server is set, on PostgreSQL, row for row the same.
@Suite struct SimplenoteChainTests {
    static let counts = ["Note": 300, "Tag": 200, "Settings": 200, "Preferences": 200]

    @Test(arguments: ChainBackend.available, 0..<5) func migratesToTheLastVersion(on backend: ChainBackend, from start: Int) async throws {
        let history = SimplenoteModel.history
        let database = try ChainDatabase(backend)
        let schema = try #require(history.versions[start].schema)
        let entities = schema.entities.filter { !$0.isAbstract }
        var seeds: [SeedObject] = []
        for entity in entities {
            for index in 0..<(Self.counts[entity.name] ?? 0) {
                var values: [String: AttributeValue] = [:]
                for attribute in entity.attributes { values[attribute.name] = SeedValues.value(of: attribute, in: entity.name, index: index) }
                seeds.append(SeedObject(entity: entity.name, values: values))
            }
        }
        #expect(Set(entities.map(\.name)).isSubset(of: Self.counts.keys) && seeds.count >= 500)
        let keys = try await database.create(schema: schema, objects: seeds)

        let store = try await database.open(SimplenoteModel.model.schema)
        let context = try ObjectContext(store: store, model: SimplenoteModel.model)
        let fetched: [String: [ManagedObject]] = [
            "Note": try await context.fetch(Note.self), "Tag": try await context.fetch(Tag.self),
            "Settings": try await context.fetch(Settings.self), "Preferences": try await context.fetch(Preferences.self),
        ]
        let current = SimplenoteModel.model.schema.entities.filter { !$0.isAbstract }
        #expect(Set(current.map(\.name)) == Set(fetched.keys))
        for entity in current {
            let objects = fetched[entity.name] ?? []
            let expected = seeds.indices.filter { seeds[$0].entity == entity.name }
            #expect(objects.count == expected.count, "\(history.versions[start].name): \(entity.name) objects")
            let byKey = Dictionary(uniqueKeysWithValues: objects.map { ($0.objectID.key, $0) })
            for (index, position) in expected.enumerated() {
                let object = try #require(byKey[.integer(keys[position])], "\(entity.name) \(index) is missing")
                for (attributeIndex, attribute) in entity.attributes.enumerated() {
                    let value = seeds[position].values[attribute.name] ?? attribute.defaultValue ?? .null
                    #expect(object.attributeValue(at: attributeIndex) == value, "\(entity.name) \(index).\(attribute.name)")
                }
            }
        }
        // Added in Simplenote 7 as required with default NO: every older preference takes NO, and the
        // column refuses no value.
        #expect(try await database.column("SELECT DISTINCT was_sustainer FROM \"Preferences\"").allSatisfy { $0 == "0" || $0 == "f" })
        #expect(try await database.isRequired(column: "was_sustainer", of: "Preferences"))
        #expect(try await database.column("SELECT value FROM _og_metadata WHERE key = 'modelVersion'") == ["Simplenote 7"])
        if backend == .sqlite { #expect(try await database.column("PRAGMA integrity_check") == ["ok"]) }
        #expect(try await database.tableNames(startingWith: "_og_old").isEmpty)
    }
}

/// Deterministic values of every attribute type, some left empty where the attribute is optional.
enum SeedValues {
    static func value(of attribute: AttributeDescription, in entity: String, index i: Int) -> AttributeValue {
        if attribute.isOptional, (i + attribute.name.count) % 5 == 0 { return .null }
        switch attribute.type {
        case .string: return .string("\(entity).\(attribute.name) #\(i) — ünïcødé")
        case .integer16: return .integer(Int64(i % 30_000) - 15_000)
        case .integer32: return .integer(Int64(i) * 65_537 - 1_000_000)
        case .integer64: return .integer(Int64(i) * 4_294_967_311)
        case .double: return .double(Double(i) / 3)
        case .float: return .double(Double(Float(i) / 3))
        case .decimal: return .decimal(Decimal(i) / 8)
        case .boolean: return .bool(i % 2 == 0)
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(i) * 3_600.5))
        case .binary, .transformable: return .data(Data("\(entity) \(i)".utf8))
        case .uuid: return .uuid(UUID(uuid: (UInt8(i % 256), UInt8(i / 256), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
        case .uri: return .url(URL(string: "https://example.com/\(entity)/\(i)")!)
        case .composite, .undefined: return .null
        }
    }
}
