import Foundation
import ObjectGraph

/// The values the differential data set and its predicates draw from: ordinary ones, and the ones that
/// break naive translations (case and diacritic variants, decomposed characters, LIKE wildcards and
/// escapes, empty strings, extreme numbers, negative zero).
enum DifferentialValues {
    /// Words for string attributes; repeated on purpose, so equality and ordering meet ties.
    static let words = [
        "Low", "low", "LOW", "Björk", "bjork", "BJÖRK", "Bjo\u{308}rk", "Ébène", "ebene", "straße", "STRASSE",
        "İstanbul", "istanbul", "ﬁre", "fire", "50% off", "under_score", "back\\slash", "star*", "what?", "a", "A",
        "", " ", "日本語", "🎸 Guitar", "naïve", "NAÏVE", "Zoë", "zoe", "Ωmega", "ωmega", "Nevermind", "Sub Pop",
        "a%b", "a_b", "x'y", "quote\"d", "tab\there", "Grouper", "C'mon",
    ]
    /// Substrings and wildcard patterns for string operators.
    static let patterns = [
        "", "o", "O", "ö", "Bj", "bj", "rk", "e", "É", "%", "_", "\\", "*", "?", "a*", "*o*", "?o?", "B*k",
        "*", "??", "s*e", "ss", "ß", "İ", "i", "fi", "ﬁ", "🎸", "Ω", "ω", "'", "\"", "*%*", "a_b", "a?b", "x", "Low",
    ]
    /// Tag names: `[a-z][a-z0-9-]*`.
    static let tagWords = ["rock", "jazz", "ambient", "a", "a-1", "zz", "slowcore", "grunge", "x9", "b-b"]
    static let doubles: [Double] = [0, -0.0, 4.5, 4.7, 2.5, -1, 1e300, -1e-300, 3.141592653589793, 0.1, 100, 1]
    static let decimals: [Decimal] = [
        Decimal(string: "9.99")!, 10, Decimal(string: "12.5")!, 0, Decimal(string: "-3.25")!, Decimal(string: "0.00001")!,
        Decimal(string: "123456789.123456789")!, 7, 1,
    ]
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 567_993_600), Date(timeIntervalSince1970: 1_536_883_200),
        Date(timeIntervalSince1970: 1_536_883_200.5), Date(timeIntervalSince1970: -86_400), Date(timeIntervalSinceReferenceDate: 0),
    ]
    static let uuids: [UUID] = [
        UUID(uuidString: "5B0E2C1A-8F0E-4D2B-9C55-1D2A3B4C5D6E")!, UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
        UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, UUID(uuidString: "12345678-1234-1234-1234-123456789ABC")!,
    ]
    static let urls: [URL] = [
        URL(string: "https://low.example")!, URL(string: "https://Low.example")!, URL(string: "http://a/b?c=d")!,
        URL(string: "mailto:x@y")!, URL(string: "https://low.example/")!,
    ]
    static let datas: [Data] = [Data(), Data([0]), Data([1, 2, 3]), Data([255]), Data([1, 2])]
    static let integers: [Int64] = [0, 1, -1, 1900, 1993, 2000, 2100, 300, 3600, 32767, -32768, Int64.max, Int64.min, 2]

    /// A random value of `type`, or null for an optional attribute now and then.
    static func value(of attribute: AttributeDescription, using random: inout SeededGenerator) -> AttributeValue {
        if attribute.isOptional && random.chance(0.2) { return .null }
        switch attribute.type {
        case .string: return .string(random.pick(words))
        case .integer16, .integer32, .integer64:
            let low = attribute.minimum.flatMap(\.integer) ?? Int64(Int16.min)
            let high = attribute.maximum.flatMap(\.integer) ?? Int64(Int16.max)
            let candidates = integers.filter { (low...high).contains($0) }
            return .integer(random.chance(0.5) && !candidates.isEmpty ? random.pick(candidates) : Int64.random(in: low...high, using: &random))
        case .double: return .double(random.pick(doubles))
        case .float: return .double(Double(Float(random.pick(doubles))))
        case .decimal: return .decimal(random.pick(decimals))
        case .boolean: return .bool(random.chance(0.5))
        case .date: return .date(random.pick(dates))
        case .uuid: return .uuid(random.pick(uuids))
        case .uri: return .url(random.pick(urls))
        case .binary: return .data(random.pick(datas))
        case .transformable, .composite: return .data(Data("[\"\(random.pick(tagWords))\"]".utf8))
        case .undefined: return .null
        }
    }

    /// A value of any kind, for comparisons across kinds.
    static func anyValue(using random: inout SeededGenerator) -> AttributeValue {
        switch Int.random(in: 0..<11, using: &random) {
        case 0: .null
        case 1: .bool(random.chance(0.5))
        case 2: .integer(random.pick(integers))
        case 3: .double(random.pick(doubles))
        case 4: .decimal(random.pick(decimals))
        case 5, 6: .string(random.pick(words))
        case 7: .date(random.pick(dates))
        case 8: .data(random.pick(datas))
        case 9: .uuid(random.pick(uuids))
        default: .url(random.pick(urls))
        }
    }
}

extension AttributeValue {
    /// The integer of an ``AttributeValue/integer(_:)``.
    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}
