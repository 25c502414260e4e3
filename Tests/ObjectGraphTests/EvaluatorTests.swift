import Foundation
import ObjectGraph
import ObjectGraphConformance
import Testing

@Suite struct EvaluatorTests {
    @Test func typedPredicatesBuildTheUntypedTree() throws {
        let predicate: FetchPredicate<Album.Fields> = \.band.name == "Low" && \.year > 1990 && \.price != nil
        #expect(predicate.expression == .and([
            .compare(["band", "name"], .equal, .string("Low")),
            .compare(["year"], .greater, .integer(1990)),
            .compare(["price"], .notEqual, .null),
        ]))
        let any: FetchPredicate<Album.Fields> = .any(\.tracks, .like(\.title, "*x*", options: .caseInsensitive)) || !.always
        #expect(any.expression == .or([.any(["tracks"], .string(["title"], .like, "*x*", options: .caseInsensitive)), .not(.constant(true))]))
        let long: FetchPredicate<Album.Fields> = \.title == "Rue Royale" && \.band.name == "Low" && \.year > 1990
            && \.price != nil && \.isLive == false && \.rating >= 2.5 && \.band.formed < 2000 || \.year == 1
        #expect(long.expression.relationshipPathCount == 2)
        let sort = SortKey<Track.Fields>.descending(\.album.band.name)
        #expect(sort.expression == SortExpression(["album", "band", "name"], ascending: false))
        let request = FetchRequest<Album.Fields>(prefetching: [\.tracks, \.band, \.title])
        #expect(request.prefetching == [["tracks"], ["band"]])
        let data = try JSONEncoder().encode(predicate.expression)
        #expect(try JSONDecoder().decode(StorePredicate.self, from: data) == predicate.expression)
    }

    @Test func valuesOrderNullFirstAndNumbersAcrossKinds() {
        #expect(AttributeValue.order(.null, .integer(0)) == .orderedAscending)
        #expect(AttributeValue.order(.integer(2), .double(2.5)) == .orderedAscending)
        #expect(AttributeValue.order(.decimal(Decimal(string: "2.50")!), .double(2.5)) == .orderedSame)
        #expect(AttributeValue.order(.bool(true), .integer(1)) == .orderedSame)
        #expect(AttributeValue.order(.string("Z"), .string("a")) == .orderedAscending)
        #expect(AttributeValue.order(.string("e\u{301}"), .string("\u{e9}")) == .orderedAscending)
        #expect(AttributeValue.order(.integer(5), .string("5")) == .orderedAscending)
        #expect(AttributeValue.order(.date(Date(timeIntervalSince1970: 1)), .date(Date(timeIntervalSince1970: 0))) == .orderedDescending)
    }

    @Test func compilingRejectsUnknownNamesAndBadPatterns() {
        let model = MusicModel.model.schema
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "colour")) {
            _ = try CompiledPredicate(.compare(["colour"], .equal, .null), entity: Album.entity, model: model)
        }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Band", property: "nope")) {
            _ = try CompiledSort([SortExpression(["band", "nope"])], entity: Album.entity, model: model)
        }
        #expect(throws: ObjectGraphError.unknownProperty(entity: "Album", property: "tracks")) {
            _ = try CompiledPredicate(.compare(["tracks", "title"], .equal, .null), entity: Album.entity, model: model)
        }
        #expect(throws: ObjectGraphError.self) {
            _ = try CompiledPredicate(.string(["title"], .matches, "(", options: []), entity: Album.entity, model: model)
        }
    }

    @Test func capabilitiesAnswerPerExpression() {
        let model = MusicModel.model.schema
        var capabilities = StoreCapabilities.all
        capabilities.predicates.remove(.toOnePaths)
        capabilities.orderedTypes.remove(.decimal)
        #expect(capabilities.canEvaluate(.compare(["year"], .greater, .integer(1)), on: Album.entity, in: model))
        #expect(!capabilities.canEvaluate(.compare(["band", "name"], .equal, .string("x")), on: Album.entity, in: model))
        #expect(!capabilities.canEvaluate(.compare(["price"], .less, .integer(1)), on: Album.entity, in: model))
        #expect(capabilities.canEvaluate(.compare(["price"], .equal, .integer(1)), on: Album.entity, in: model))
        #expect(capabilities.canEvaluate(.any(["tracks"], .compare(["duration"], .less, .integer(9))), on: Album.entity, in: model))
        #expect(!capabilities.canSort([SortExpression(["price"])], on: Album.entity, in: model))
        #expect(!StoreCapabilities.none.canEvaluate(.constant(true), on: Album.entity, in: model))
        #expect(!StoreCapabilities.all.canEvaluate(.compare(["band"], .equal, .null), on: Album.entity, in: model))
        #expect(InMemoryStore(model: model).capabilities.canEvaluate(.compare(["band"], .equal, .null), on: Album.entity, in: model))
        #expect(!capabilities.canEvaluate(.compare(["band", "label"], .equal, .null), on: Album.entity, in: model))
        #expect(StoreCapabilities.all.canSort([SortExpression(["band", "name"])], on: Album.entity, in: model))
    }

    @Test func nullsFollowNSPredicateSemantics() async throws {
        let store = InMemoryStore(model: MusicModel.model.schema)
        let context = try ObjectContext(store: store, model: MusicModel.model)
        let album = Album(context: context, title: "A")
        album.price = 5
        _ = Album(context: context, title: "B")
        try await context.save()
        #expect(try await Album.fetch(in: context, where: \.price != 5).map(\.title) == ["B"])
        #expect(try await Album.fetch(in: context, where: \.price < 10).map(\.title) == ["A"])
        #expect(try await Album.fetch(in: context, where: !(\.price < 10)).map(\.title) == ["B"])
        #expect(try await Album.count(in: context, where: .between(\.price, 0, 10)) == 1)
    }
}

extension StorePredicate {
    /// The number of comparisons that go through a to-one.
    var relationshipPathCount: Int {
        switch self {
        case .compare(let path, _, _, _): path.count > 1 ? 1 : 0
        case .and(let parts), .or(let parts): parts.map(\.relationshipPathCount).reduce(0, +)
        default: 0
        }
    }
}

@Suite struct SchemaAndValueTests {
    @Test func versionHashIgnoresOrderAndValidationButNotShape() {
        let a = AttributeDescription(name: "a", type: .string)
        let b = AttributeDescription(name: "b", type: .integer64, isOptional: false)
        let first = ModelDescription(name: "M", entities: [EntityDescription(name: "X", attributes: [a, b]), EntityDescription(name: "Y")])
        let reordered = ModelDescription(name: "M", entities: [EntityDescription(name: "Y"), EntityDescription(name: "X", attributes: [b, a])])
        let validated = ModelDescription(name: "M", entities: [
            EntityDescription(name: "X", attributes: [AttributeDescription(name: "a", type: .string, maximum: .integer(3), userInfo: ["k": "v"]), b]),
            EntityDescription(name: "Y"),
        ])
        let retyped = ModelDescription(name: "M", entities: [
            EntityDescription(name: "X", attributes: [AttributeDescription(name: "a", type: .uuid), b]), EntityDescription(name: "Y"),
        ])
        #expect(first.versionHash == reordered.versionHash && first.versionHash == validated.versionHash)
        #expect(first.versionHash != retyped.versionHash && first.versionHash.count == 64)
    }

    @Test func modelHierarchyHelpers() {
        let model = MusicModel.model.schema
        #expect(model.rootEntityName(of: "Podcast") == "Media")
        #expect(model.entityNames(inHierarchyOf: "Media") == ["Media", "Podcast", "Audiobook"])
        #expect(model.isEntity("Audiobook", kindOf: "Media") && !model.isEntity("Media", kindOf: "Podcast"))
        #expect(model.inverse(of: Album.entity.relationships[1])?.name == "album")
        #expect(Album.entity.toOneRelationshipIndices == [0] && Album.entity.toOneSlot(forRelationshipAt: 1) == nil)
        #expect(UserInfo(["a": "1", "b": "2"].sorted { $0.key < $1.key }.map { .init(key: $0.key, value: $0.value) })["b"] == "2")
    }

    @Test func conversionsAreExactOrFail() {
        #expect(Int16(attributeValue: .integer(70_000)) == nil)
        #expect(Int32(attributeValue: .integer(-5)) == -5)
        #expect(Double(attributeValue: .integer(3)) == 3)
        #expect(Float(attributeValue: .double(1.5)) == 1.5)
        #expect(Bool(attributeValue: .integer(1)) == true && Bool(attributeValue: .integer(2)) == nil)
        #expect(String?(attributeValue: .null) == .some(nil))
        #expect(String?(attributeValue: .integer(1)) == nil)
        #expect(Decimal(attributeValue: .integer(7)) == 7)
        enum Mood: String, AttributeValueConvertible { case calm, loud }
        #expect(Mood(attributeValue: .string("loud")) == .loud && Mood.calm.attributeValue == .string("calm"))
        #expect(Mood(attributeValue: .string("sad")) == nil)
    }

    @Test func errorsDescribeWhatAndWhere() {
        let id = AnyObjectID(entityName: "Band", key: .integer(3))
        #expect(id.description == "Band/3")
        #expect(ObjectGraphError.deleteDenied(object: id, entity: "Label", relationship: "bands", destinationCount: 2)
            .description.contains("relationship bands"))
        let failure = ValidationFailure(objectID: id, entityName: "Band", property: "name", kind: .tooShort(length: 0, minimum: 1))
        #expect(ObjectGraphError.validationFailed([failure]).description.contains("Band.name of Band/3"))
        #expect(ObjectGraphError.typeMismatch(entity: "Band", attribute: "formed", expected: .integer16, value: .string("x"))
            .description == "Band.formed expects a value of type integer16, got string \"x\".")
    }
}
