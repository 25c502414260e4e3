import Foundation
import Mustache
import ModelGenerator
import Testing

/// Render speed of a realistic entity class template on 1,000 entities x 20 properties.
///
/// Off by default; run in release with
/// `MODELGEN_BENCHMARK=1 swift test -c release --filter RenderBenchmark`.
@Suite("Render benchmark", .enabled(if: ProcessInfo.processInfo.environment["MODELGEN_BENCHMARK"] != nil))
struct RenderBenchmark {
    static let entityCount = 1_000

    @Test func mirrorLookupVersusCustomLookup() throws {
        let renderer = try TemplateRenderer(sources: TemplateSources(BenchmarkTemplates.texts))
        let entities = (0..<Self.entityCount).map(BenchmarkEntity.synthetic)
        let parents = entities.map(FastEntity.init)

        let (mirrorLines, mirrorTime) = try Self.measure { try entities.map { try renderer.render("class", $0) } }
        let (fastLines, fastTime) = try Self.measure { try parents.map { try renderer.render("class", $0) } }
        #expect(try entities.prefix(3).map { try renderer.render("class", $0) }
            == parents.prefix(3).map { try renderer.render("class", $0) })

        #expect(mirrorLines == fastLines)
        print("render benchmark: \(Self.entityCount) entities x 20 properties, \(mirrorLines) lines")
        print("render benchmark: Mirror lookup (stored properties): \(mirrorTime)")
        print("render benchmark: MustacheParent lookup:             \(fastTime)")
    }

    /// Best of three runs of `render`, with the number of lines rendered.
    private static func measure(_ render: () throws -> [String]) throws -> (Int, Duration) {
        var best = Duration.seconds(1_000)
        var lines = 0
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let files = try render()
            best = min(best, ContinuousClock.now - start)
            lines = files.reduce(0) { $0 + $1.count { $0 == "\n" } }
        }
        return (lines, best)
    }
}

/// Stored-property view model of one entity, read by swift-mustache through `Mirror`.
struct BenchmarkEntity {
    struct Attribute {
        let name: String
        let attributeType: String
        let swiftType: String
        let isOptional: Bool
        let jsonKey: String
    }

    struct Relationship {
        let name: String
        let capitalizedName: String
        let destination: String
        let inverseName: String
        let isToMany: Bool
    }

    let modelFileName = "Synthetic.xcdatamodel"
    let imports = ["ObjectGraph"]
    let className: String
    let entityName: String
    let attributes: [Attribute]
    let requiredAttributes: [Attribute]
    let relationships: [Relationship]

    static func synthetic(_ index: Int) -> BenchmarkEntity {
        let types = [("string", "String"), ("integer64", "Int64"), ("double", "Double"), ("date", "Date"), ("boolean", "Bool")]
        let attributes = (0..<15).map { number in
            let (attributeType, swiftType) = types[number % types.count]
            return Attribute(name: "attribute\(number)Value", attributeType: attributeType, swiftType: swiftType,
                             isOptional: number % 3 == 0, jsonKey: "attribute\(number)_value")
        }
        let relationships = (0..<5).map { number in
            Relationship(name: "related\(number)", capitalizedName: "Related\(number)",
                         destination: "Entity\((index + number + 1) % RenderBenchmark.entityCount)",
                         inverseName: "inverse\(number)", isToMany: number % 2 == 0)
        }
        return BenchmarkEntity(className: "Entity\(index)", entityName: "Entity\(index)", attributes: attributes,
                               requiredAttributes: attributes.filter { !$0.isOptional }, relationships: relationships)
    }
}

/// A value answering swift-mustache's lookups from a table of field readers instead of `Mirror`.
struct Lookup<Base>: MustacheParent {
    let base: Base
    let fields: [String: @Sendable (Base) -> Any]

    func child(named name: String) -> Any? { fields[name].map { $0(base) } }
}

/// The benchmark entity with custom lookups all the way down.
struct FastEntity: MustacheParent {
    static let attributeFields: [String: @Sendable (BenchmarkEntity.Attribute) -> Any] = [
        "name": { $0.name }, "attributeType": { $0.attributeType }, "swiftType": { $0.swiftType },
        "isOptional": { $0.isOptional }, "jsonKey": { $0.jsonKey },
    ]
    static let relationshipFields: [String: @Sendable (BenchmarkEntity.Relationship) -> Any] = [
        "name": { $0.name }, "capitalizedName": { $0.capitalizedName }, "destination": { $0.destination },
        "inverseName": { $0.inverseName }, "isToMany": { $0.isToMany },
    ]

    let base: BenchmarkEntity
    let attributes: [Lookup<BenchmarkEntity.Attribute>]
    let requiredAttributes: [Lookup<BenchmarkEntity.Attribute>]
    let relationships: [Lookup<BenchmarkEntity.Relationship>]

    init(_ base: BenchmarkEntity) {
        self.base = base
        attributes = base.attributes.map { Lookup(base: $0, fields: Self.attributeFields) }
        requiredAttributes = base.requiredAttributes.map { Lookup(base: $0, fields: Self.attributeFields) }
        relationships = base.relationships.map { Lookup(base: $0, fields: Self.relationshipFields) }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "modelFileName": base.modelFileName
        case "imports": base.imports
        case "className": base.className
        case "entityName": base.entityName
        case "attributes": attributes
        case "requiredAttributes": requiredAttributes
        case "relationships": relationships
        default: nil
        }
    }
}
