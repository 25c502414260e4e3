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

/// The same values answering lookups with a `switch` instead of `Mirror`.
struct FastEntity: MustacheParent {
    struct Attribute: MustacheParent {
        let base: BenchmarkEntity.Attribute
        func child(named name: String) -> Any? {
            switch name {
            case "name": base.name
            case "attributeType": base.attributeType
            case "swiftType": base.swiftType
            case "isOptional": base.isOptional
            case "jsonKey": base.jsonKey
            default: nil
            }
        }
    }

    struct Relationship: MustacheParent {
        let base: BenchmarkEntity.Relationship
        func child(named name: String) -> Any? {
            switch name {
            case "name": base.name
            case "capitalizedName": base.capitalizedName
            case "destination": base.destination
            case "inverseName": base.inverseName
            case "isToMany": base.isToMany
            default: nil
            }
        }
    }

    let base: BenchmarkEntity
    let attributes: [Attribute]
    let requiredAttributes: [Attribute]
    let relationships: [Relationship]

    init(_ base: BenchmarkEntity) {
        self.base = base
        attributes = base.attributes.map(Attribute.init)
        requiredAttributes = base.requiredAttributes.map(Attribute.init)
        relationships = base.relationships.map(Relationship.init)
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
