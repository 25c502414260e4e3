import Foundation
import ObjectGraph

/// A class in the generated shape with an attribute of every declared type the store reads, required
/// and optional, for comparing decoding straight from rows with decoding from snapshots.
package final class Sample: ManagedObject, ManagedEntity {
    package static let entity = EntityDescription(
        name: "Sample",
        attributes: [
            AttributeDescription(name: "small", type: .integer16, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "medium", type: .integer32, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "large", type: .integer64, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "flag", type: .boolean, isOptional: false, defaultValue: .bool(false)),
            AttributeDescription(name: "real", type: .double, isOptional: false, defaultValue: .double(0)),
            AttributeDescription(name: "single", type: .float, isOptional: false, defaultValue: .double(0)),
            AttributeDescription(name: "text", type: .string, isOptional: false),
            AttributeDescription(name: "when", type: .date, isOptional: false),
            AttributeDescription(name: "bytes", type: .binary, isOptional: false),
            AttributeDescription(name: "identifier", type: .uuid),
            AttributeDescription(name: "amount", type: .decimal),
            AttributeDescription(name: "link", type: .uri),
            AttributeDescription(name: "note", type: .string),
            AttributeDescription(name: "count", type: .integer32),
            AttributeDescription(name: "ratio", type: .float),
            AttributeDescription(name: "scratch", type: .string, isTransient: true),
            AttributeDescription(name: "level", type: .boolean),
            AttributeDescription(name: "code", type: .integer64),
            AttributeDescription(name: "tags", type: .transformable),
            AttributeDescription(name: "place", type: .composite),
            AttributeDescription(name: "blob", type: .transformable),
        ])

    package var small: Int16 {
        get { _small }
        set { willChange(attributeAt: 0); _small = newValue }
        _modify { willChange(attributeAt: 0); yield &_small }
    }
    private var _small: Int16 = 0
    package var medium: Int32 {
        get { _medium }
        set { willChange(attributeAt: 1); _medium = newValue }
        _modify { willChange(attributeAt: 1); yield &_medium }
    }
    private var _medium: Int32 = 0
    package var large: Int64 {
        get { _large }
        set { willChange(attributeAt: 2); _large = newValue }
        _modify { willChange(attributeAt: 2); yield &_large }
    }
    private var _large: Int64 = 0
    package var flag: Bool {
        get { _flag }
        set { willChange(attributeAt: 3); _flag = newValue }
        _modify { willChange(attributeAt: 3); yield &_flag }
    }
    private var _flag: Bool = false
    package var real: Double {
        get { _real }
        set { willChange(attributeAt: 4); _real = newValue }
        _modify { willChange(attributeAt: 4); yield &_real }
    }
    private var _real: Double = 0
    package var single: Float {
        get { _single }
        set { willChange(attributeAt: 5); _single = newValue }
        _modify { willChange(attributeAt: 5); yield &_single }
    }
    private var _single: Float = 0
    package var text: String {
        get { _text }
        set { willChange(attributeAt: 6); _text = newValue }
        _modify { willChange(attributeAt: 6); yield &_text }
    }
    private var _text: String = ""
    package var when: Date {
        get { _when }
        set { willChange(attributeAt: 7); _when = newValue }
        _modify { willChange(attributeAt: 7); yield &_when }
    }
    private var _when: Date = Date(timeIntervalSinceReferenceDate: 0)
    package var bytes: Data {
        get { _bytes }
        set { willChange(attributeAt: 8); _bytes = newValue }
        _modify { willChange(attributeAt: 8); yield &_bytes }
    }
    private var _bytes: Data = Data()
    package var identifier: UUID? {
        get { _identifier }
        set { willChange(attributeAt: 9); _identifier = newValue }
        _modify { willChange(attributeAt: 9); yield &_identifier }
    }
    private var _identifier: UUID?
    package var amount: Decimal? {
        get { _amount }
        set { willChange(attributeAt: 10); _amount = newValue }
        _modify { willChange(attributeAt: 10); yield &_amount }
    }
    private var _amount: Decimal?
    package var link: URL? {
        get { _link }
        set { willChange(attributeAt: 11); _link = newValue }
        _modify { willChange(attributeAt: 11); yield &_link }
    }
    private var _link: URL?
    package var note: String? {
        get { _note }
        set { willChange(attributeAt: 12); _note = newValue }
        _modify { willChange(attributeAt: 12); yield &_note }
    }
    private var _note: String?
    package var count: Int32? {
        get { _count }
        set { willChange(attributeAt: 13); _count = newValue }
        _modify { willChange(attributeAt: 13); yield &_count }
    }
    private var _count: Int32?
    package var ratio: Float? {
        get { _ratio }
        set { willChange(attributeAt: 14); _ratio = newValue }
        _modify { willChange(attributeAt: 14); yield &_ratio }
    }
    private var _ratio: Float?
    package var scratch: String? {
        get { _scratch }
        set { willChange(attributeAt: 15); _scratch = newValue }
        _modify { willChange(attributeAt: 15); yield &_scratch }
    }
    private var _scratch: String?
    /// A Boolean attribute kept in an integer property (as a `swift.type` would).
    package var level: Int16? {
        get { _level }
        set { willChange(attributeAt: 16); _level = newValue }
        _modify { willChange(attributeAt: 16); yield &_level }
    }
    private var _level: Int16?
    /// An integer attribute kept in a string property, which no stored integer fits.
    package var code: String? {
        get { _code }
        set { willChange(attributeAt: 17); _code = newValue }
        _modify { willChange(attributeAt: 17); yield &_code }
    }
    private var _code: String?
    /// A transformable attribute stored as JSON.
    package var tags: [String]? {
        get { _tags }
        set { willChange(attributeAt: 18); _tags = newValue }
        _modify { willChange(attributeAt: 18); yield &_tags }
    }
    private var _tags: [String]?
    /// A composite attribute, stored as JSON.
    package var place: SamplePlace? {
        get { _place }
        set { willChange(attributeAt: 19); _place = newValue }
        _modify { willChange(attributeAt: 19); yield &_place }
    }
    private var _place: SamplePlace?
    /// A transformable attribute kept as its bytes.
    package var blob: Data? {
        get { _blob }
        set { willChange(attributeAt: 20); _blob = newValue }
        _modify { willChange(attributeAt: 20); yield &_blob }
    }
    private var _blob: Data?

    package override func attributeValue(at index: Int) -> AttributeValue {
        switch index {
        case 0: small.attributeValue
        case 1: medium.attributeValue
        case 2: large.attributeValue
        case 3: flag.attributeValue
        case 4: real.attributeValue
        case 5: single.attributeValue
        case 6: text.attributeValue
        case 7: when.attributeValue
        case 8: bytes.attributeValue
        case 9: identifier.attributeValue
        case 10: amount.attributeValue
        case 11: link.attributeValue
        case 12: note.attributeValue
        case 13: count.attributeValue
        case 14: ratio.attributeValue
        case 15: scratch.attributeValue
        case 16: level.attributeValue
        case 17: code.attributeValue
        case 18: tags.map(encodeJSON) ?? .null
        case 19: place.map(encodeJSON) ?? .null
        case 20: blob.attributeValue
        default: super.attributeValue(at: index)
        }
    }

    package override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        switch index {
        case 0: small = try decode(value, at: 0)
        case 1: medium = try decode(value, at: 1)
        case 2: large = try decode(value, at: 2)
        case 3: flag = try decode(value, at: 3)
        case 4: real = try decode(value, at: 4)
        case 5: single = try decode(value, at: 5)
        case 6: text = try decode(value, at: 6)
        case 7: when = try decode(value, at: 7)
        case 8: bytes = try decode(value, at: 8)
        case 9: identifier = try decode(value, at: 9)
        case 10: amount = try decode(value, at: 10)
        case 11: link = try decode(value, at: 11)
        case 12: note = try decode(value, at: 12)
        case 13: count = try decode(value, at: 13)
        case 14: ratio = try decode(value, at: 14)
        case 15: scratch = try decode(value, at: 15)
        case 16: level = try decode(value, at: 16)
        case 17: code = try decode(value, at: 17)
        case 18: tags = try decodeJSON(value, at: 18)
        case 19: place = try decodeJSON(value, at: 19)
        case 20: blob = try decode(value, at: 20)
        default: try super.setAttributeValue(value, at: index)
        }
    }

    package override func loadAttributes(from values: SharedSlice<AttributeValue>) throws {
        _small = try decode(values, at: 0)
        _medium = try decode(values, at: 1)
        _large = try decode(values, at: 2)
        _flag = try decode(values, at: 3)
        _real = try decode(values, at: 4)
        _single = try decode(values, at: 5)
        _text = try decode(values, at: 6)
        _when = try decode(values, at: 7)
        _bytes = try decode(values, at: 8)
        _identifier = try decode(values, at: 9)
        _amount = try decode(values, at: 10)
        _link = try decode(values, at: 11)
        _note = try decode(values, at: 12)
        _count = try decode(values, at: 13)
        _ratio = try decode(values, at: 14)
        _level = try decode(values, at: 16)
        _code = try decode(values, at: 17)
        _tags = try decodeJSON(values[18], at: 18)
        _place = try decodeJSON(values[19], at: 19)
        _blob = try decode(values, at: 20)
    }

    package override func loadAttributes(from row: any StoredRow) throws {
        _small = try decode(row, at: 0)
        _medium = try decode(row, at: 1)
        _large = try decode(row, at: 2)
        _flag = try decode(row, at: 3)
        _real = try decode(row, at: 4)
        _single = try decode(row, at: 5)
        _text = try decode(row, at: 6)
        _when = try decode(row, at: 7)
        _bytes = try decode(row, at: 8)
        _identifier = try decode(row, at: 9)
        _amount = try decode(row, at: 10)
        _link = try decode(row, at: 11)
        _note = try decode(row, at: 12)
        _count = try decode(row, at: 13)
        _ratio = try decode(row, at: 14)
        _level = try decode(row, at: 16)
        _code = try decode(row, at: 17)
        _tags = try decodeJSON(row.value(at: 18), at: 18)
        _place = try decodeJSON(row.value(at: 19), at: 19)
        _blob = try decode(row, at: 20)
    }

    package struct Fields: FieldSet {
        package typealias Object = Sample
        package let keyPathPrefix: [String]
        package init(prefix: [String]) { keyPathPrefix = prefix }
        package var large: AttributeField<Int64> { attribute("large") }
    }
}

/// The composite of `Sample.place`.
package struct SamplePlace: Codable, Sendable, Hashable {
    package var name: String
    package var latitude: Double

    package init(name: String, latitude: Double) {
        self.name = name
        self.latitude = latitude
    }
}

/// A class written by hand without either `loadAttributes` override: rows reach it through
/// `setAttributeValue(_:at:)`, one `AttributeValue` at a time.
package final class PlainSample: ManagedObject, ManagedEntity {
    package static let entity = EntityDescription(
        name: "PlainSample",
        attributes: [
            AttributeDescription(name: "title", type: .string, isOptional: false),
            AttributeDescription(name: "stars", type: .integer16, isOptional: false, defaultValue: .integer(0)),
            AttributeDescription(name: "draft", type: .string, isTransient: true),
        ])

    package var title: String {
        get { _title }
        set { willChange(attributeAt: 0); _title = newValue }
        _modify { willChange(attributeAt: 0); yield &_title }
    }
    private var _title: String = ""
    package var stars: Int16 {
        get { _stars }
        set { willChange(attributeAt: 1); _stars = newValue }
        _modify { willChange(attributeAt: 1); yield &_stars }
    }
    private var _stars: Int16 = 0
    package var draft: String? {
        get { _draft }
        set { willChange(attributeAt: 2); _draft = newValue }
        _modify { willChange(attributeAt: 2); yield &_draft }
    }
    private var _draft: String?

    package override func attributeValue(at index: Int) -> AttributeValue {
        switch index {
        case 0: title.attributeValue
        case 1: stars.attributeValue
        case 2: draft.attributeValue
        default: super.attributeValue(at: index)
        }
    }

    package override func setAttributeValue(_ value: AttributeValue, at index: Int) throws {
        switch index {
        case 0: title = try decode(value, at: 0)
        case 1: stars = try decode(value, at: 1)
        case 2: draft = try decode(value, at: 2)
        default: try super.setAttributeValue(value, at: index)
        }
    }

    package struct Fields: FieldSet {
        package typealias Object = PlainSample
        package let keyPathPrefix: [String]
        package init(prefix: [String]) { keyPathPrefix = prefix }
        package var stars: AttributeField<Int16> { attribute("stars") }
    }
}

package enum SampleModel {
    package static let model = ManagedObjectModel(name: "Samples", classes: [Sample.self, PlainSample.self])
}
