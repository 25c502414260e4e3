import Foundation
import ObjectGraph
import Testing

/// One query run against a SQL store and InMemoryStore over ``TranslationData``: a name for the test
/// output and the request.
public struct TranslationCase: Sendable, CustomTestStringConvertible {
    /// The name in the test output.
    public let name: String
    /// The request both stores answer.
    public let request: StoreFetchRequest

    /// The name.
    public var testDescription: String { name }

    /// A case fetching `entity` with `predicate` and the other parts of a request.
    public init(_ name: String, _ entity: String, _ predicate: StorePredicate?, sorts: [SortExpression] = [],
         limit: Int? = nil, offset: Int = 0, subentities: Bool = true) {
        self.name = name
        self.request = StoreFetchRequest(entityName: entity, includesSubentities: subentities, predicate: predicate,
                                         sortDescriptors: sorts, limit: limit, offset: offset)
    }

    /// Every predicate form SQLiteStore evaluates natively, with the values that make SQL and the
    /// runtime's semantics differ when translated naively (NULL, kinds, LIKE metacharacters, folding).
    public static let predicates: [TranslationCase] = [
        .init("integer ==", "Album", .compare(["year"], .equal, .integer(1991))),
        .init("integer != (null formed)", "Band", .compare(["formed"], .notEqual, .integer(1993))),
        .init("integer <", "Album", .compare(["year"], .less, .integer(2000))),
        .init("integer <=", "Album", .compare(["year"], .lessOrEqual, .integer(2001))),
        .init("integer >", "Band", .compare(["formed"], .greater, .integer(1980))),
        .init("integer >= double", "Album", .compare(["year"], .greaterOrEqual, .double(1997.5))),
        .init("double == integer", "Band", .compare(["rating"], .equal, .integer(0))),
        .init("float ==", "Album", .compare(["rating"], .equal, .double(4.5))),
        .init("float < (nulls)", "Album", .compare(["rating"], .less, .double(5))),
        .init("bool ==", "Band", .compare(["isActive"], .equal, .bool(false))),
        .init("bool == integer 1", "Album", .compare(["isLive"], .equal, .integer(1))),
        .init("date ==", "Album", .compare(["releaseDate"], .equal, .date(TranslationData.release))),
        .init("date >", "Album", .compare(["releaseDate"], .greater, .date(Date(timeIntervalSince1970: 0)))),
        .init("decimal ==", "Album", .compare(["price"], .equal, .decimal(Decimal(string: "9.99")!))),
        .init("decimal == integer", "Album", .compare(["price"], .equal, .integer(10))),
        .init("decimal !=", "Album", .compare(["price"], .notEqual, .decimal(11))),
        .init("uuid ==", "Track", .compare(["identifier"], .equal, .uuid(TranslationData.trackID))),
        .init("url ==", "Band", .compare(["website"], .equal, .url(TranslationData.website))),
        .init("== null", "Band", .compare(["formed"], .equal, .null)),
        .init("!= null", "Album", .compare(["price"], .notEqual, .null)),
        .init("< null", "Album", .compare(["year"], .less, .null)),
        .init("string == integer (kinds differ)", "Band", .compare(["name"], .equal, .integer(5))),
        .init("string != integer (kinds differ)", "Band", .compare(["name"], .notEqual, .integer(5))),
        .init("string <", "Band", .compare(["name"], .less, .string("M"))),
        .init("string > unicode", "Band", .compare(["name"], .greater, .string("Bj"))),
        .init("string ==[c]", "Band", .compare(["name"], .equal, .string("LOW"), options: .caseInsensitive)),
        .init("string ==[cd]", "Band", .compare(["name"], .equal, .string("bjork"), options: [.caseInsensitive, .diacriticInsensitive])),
        .init("string <[d]", "Band", .compare(["name"], .less, .string("Bjz"), options: .diacriticInsensitive)),
        .init("IN", "Album", .isIn(["year"], [.integer(1991), .integer(2018), .integer(1)])),
        .init("IN with null", "Band", .isIn(["formed"], [.integer(1993), .null])),
        .init("IN empty", "Band", .isIn(["name"], [])),
        .init("IN beyond the parameter limit", "Album", .isIn(["year"], (0..<40_000).map { .integer(Int64($0)) } + [.double(2018)])),
        .init("IN long string list with escapes", "Band",
              .isIn(["name"], (0..<2_000).map { .string("x\"\\\n\($0)") } + [.string("100% Pure_Evil\\"), .string("Low")])),
        .init("IN long list without JSON form", "Track", .isIn(["identifier"], (0..<600).map { _ in .uuid(UUID()) } + [.uuid(TranslationData.trackID)])),
        .init("IN [c]", "Band", .isIn(["name"], [.string("low"), .string("NIRVANA")], options: .caseInsensitive)),
        .init("BETWEEN", "Album", .between(["year"], .integer(1991), .integer(2001))),
        .init("BETWEEN dates", "Album", .between(["releaseDate"], .date(.distantPast), .date(.distantFuture))),
        .init("BETWEEN null bound", "Album", .between(["year"], .null, .integer(3000))),
        .init("CONTAINS", "Album", .string(["title"], .contains, "in")),
        .init("CONTAINS %", "Album", .string(["title"], .contains, "%")),
        .init("CONTAINS _", "Band", .string(["name"], .contains, "_")),
        .init("CONTAINS empty", "Band", .string(["name"], .contains, "")),
        .init("CONTAINS[c]", "Album", .string(["title"], .contains, "NEW", options: .caseInsensitive)),
        .init("CONTAINS[d]", "Track", .string(["title"], .contains, "oga", options: .diacriticInsensitive)),
        .init("BEGINSWITH", "Band", .string(["name"], .beginsWith, "100%")),
        .init("BEGINSWITH case-sensitive", "Band", .string(["name"], .beginsWith, "bj")),
        .init("BEGINSWITH[cd]", "Band", .string(["name"], .beginsWith, "BJO", options: [.caseInsensitive, .diacriticInsensitive])),
        .init("ENDSWITH backslash", "Band", .string(["name"], .endsWith, "\\")),
        .init("ENDSWITH", "Album", .string(["title"], .endsWith, "Fire")),
        .init("LIKE wildcards", "Album", .string(["title"], .like, "*e?a*")),
        .init("LIKE literal % _", "Album", .string(["title"], .like, "50% off_*")),
        .init("LIKE[c]", "Band", .string(["name"], .like, "L?W", options: .caseInsensitive)),
        .init("string op on integer", "Album", .string(["year"], .contains, "19")),
        .init("AND", "Album", .and([.compare(["year"], .greater, .integer(1990)), .compare(["isLive"], .equal, .bool(false))])),
        .init("OR", "Album", .or([.compare(["year"], .less, .integer(1992)), .compare(["price"], .equal, .null)])),
        .init("AND empty", "Tag", .and([])),
        .init("OR empty", "Tag", .or([])),
        .init("NOT over null", "Band", .not(.compare(["formed"], .greater, .integer(1980)))),
        .init("NOT ==", "Album", .not(.compare(["price"], .equal, .integer(10)))),
        .init("NOT NOT", "Band", .not(.not(.compare(["formed"], .less, .integer(1990))))),
        .init("constant true", "Label", .constant(true)),
        .init("constant false", "Label", .constant(false)),
        .init("to-one path", "Album", .compare(["band", "name"], .equal, .string("Low"))),
        .init("to-one path nil", "Album", .compare(["band", "name"], .equal, .null)),
        .init("NOT to-one path", "Album", .not(.compare(["band", "name"], .equal, .string("Low")))),
        .init("to-one == nil", "Album", .compare(["band"], .equal, .null)),
        .init("to-one != nil through a path", "Album", .compare(["band", "label"], .notEqual, .null)),
        .init("NOT to-one == nil", "Band", .not(.compare(["label"], .equal, .null))),
        .init("two to-one steps", "Track", .string(["album", "band", "name"], .beginsWith, "N")),
        .init("three to-one steps", "Track", .compare(["album", "band", "label", "name"], .equal, .string("Sub Pop"))),
        .init("ANY one-to-many", "Band", .any(["albums"], .compare(["year"], .greater, .integer(2010)))),
        .init("ALL one-to-many (empty is true)", "Band", .all(["albums"], .compare(["isLive"], .equal, .bool(false)))),
        .init("NOT ANY", "Band", .not(.any(["albums"], .compare(["price"], .notEqual, .null)))),
        .init("ANY ordered", "Album", .any(["tracks"], .compare(["duration"], .greater, .integer(300)))),
        .init("ANY many-to-many", "Track", .any(["tags"], .compare(["name"], .equal, .string("ambient")))),
        .init("ALL many-to-many", "Tag", .all(["tracks"], .compare(["duration"], .less, .integer(300)))),
        .init("ANY through to-one", "Track", .any(["album", "band", "albums"], .compare(["year"], .greater, .integer(2015)))),
        .init("ANY with to-one inside", "Label", .any(["bands"], .any(["albums"], .compare(["band", "formed"], .less, .integer(1990))))),
        .init("ALL through nil to-one", "Album", .all(["band", "albums"], .compare(["year"], .greater, .integer(1995)))),
        .init("subentities", "Media", .compare(["title"], .notEqual, .null)),
        .init("subentity only", "Media", .constant(true), subentities: false),
    ]

    /// Sorts, paging and counts.
    public static let sorted: [TranslationCase] = [
        .init("sort by integer desc", "Album", nil, sorts: [SortExpression(["year"], ascending: false)]),
        .init("sort nulls first", "Band", nil, sorts: [SortExpression(["formed"])]),
        .init("sort nulls last desc", "Band", nil, sorts: [SortExpression(["formed"], ascending: false)]),
        .init("sort strings by scalars", "Band", nil, sorts: [SortExpression(["name"])]),
        .init("sort ties keep insertion order", "Album", nil, sorts: [SortExpression(["isLive"])]),
        .init("sort through to-one", "Album", nil, sorts: [SortExpression(["band", "name"]), SortExpression(["title"])]),
        .init("sort float with nulls", "Album", nil, sorts: [SortExpression(["rating"], ascending: false)]),
        .init("sort dates", "Album", nil, sorts: [SortExpression(["releaseDate"])]),
        .init("limit", "Album", nil, sorts: [SortExpression(["title"])], limit: 3),
        .init("offset", "Album", nil, sorts: [SortExpression(["title"])], offset: 2),
        .init("limit and offset", "Track", .compare(["duration"], .greater, .integer(250)),
              sorts: [SortExpression(["duration"])], limit: 2, offset: 1),
        .init("offset past the end", "Tag", nil, offset: 10),
        .init("limit zero", "Tag", nil, limit: 0),
        .init("negative limit", "Tag", nil, limit: -1),
        .init("natural order", "Track", nil),
    ]
}

extension Snapshot {
    /// The snapshot as a store that keeps no versions returns it (``Snapshot/version`` 0), to compare the
    /// answers of stores with and without versions.
    public var unversioned: Snapshot {
        var snapshot = self
        snapshot.version = 0
        return snapshot
    }
}
