import Foundation
import ObjectGraph

/// Random attribute values of every type, biased towards the values that break conversions: extremes,
/// empty and odd strings (decomposed characters, NUL, quotes, LIKE wildcards), negative zero, infinities,
/// long decimals, empty data. Every value is one a typed Swift property of the type holds exactly
/// (a `Float` attribute's values are `Float`s), so a round trip must give it back unchanged.
enum RandomValues {
    /// A value for a non-null attribute of `type` (`compositeMembers` for a composite).
    static func value(for type: AttributeType, compositeMembers: [RandomModel.Attribute] = [], using random: inout SeededGenerator) -> AttributeValue {
        switch type {
        case .string: return .string(string(&random))
        case .integer16: return .integer(Int64(integer(Int16.self, &random)))
        case .integer32: return .integer(Int64(integer(Int32.self, &random)))
        case .integer64: return .integer(integer(Int64.self, &random))
        case .decimal: return .decimal(decimal(&random))
        case .double: return .double(double(&random))
        case .float: return .double(Double(float(&random)))
        case .boolean: return .bool(random.chance(0.5))
        case .date: return .date(date(&random))
        case .binary: return .data(data(&random))
        case .uuid: return .uuid(uuid(&random))
        case .uri: return .url(url(&random))
        case .transformable: return .data(json((0..<Int.random(in: 0...4, using: &random)).map { _ in string(&random) }))
        case .composite: return .data(json(composite(compositeMembers, &random)))
        case .undefined: return .null
        }
    }

    /// A default value as the model file can declare it, for the types whose defaults the generator reads.
    static func defaultValue(for type: AttributeType, using random: inout SeededGenerator) -> AttributeValue? {
        switch type {
        case .string: .string(random.pick(["", "none", "Zoë", "a b"]))
        case .integer16, .integer32, .integer64: .integer(Int64.random(in: -100...100, using: &random))
        case .decimal: .decimal(Decimal(string: random.pick(["0", "9.99", "-1.5", "100"]))!)
        case .double, .float: .double(random.pick([0, 2.5, -1, 0.1]))
        case .boolean: .bool(random.chance(0.5))
        case .date: .date(Date(timeIntervalSinceReferenceDate: random.pick([0, 86_400.5, -3_600])))
        default: nil
        }
    }

    private static let strings = [
        "", " ", "a", "Low", "Zoë", "Zoe\u{308}", "e\u{301}", "\u{E9}", "🎸🥁", "tab\there", "line\nbreak",
        "quote's \"double\"", "100%_off", "back\\slash", "NUL\u{0}inside", "\u{FEFF}bom", "ﬁ", "İstanbul", "ß",
        "<xml attr=\"&amp;\">", "'); DROP TABLE x; --", "null", "NULL", "0", "-0", "1e5",
    ]

    private static func string(_ random: inout SeededGenerator) -> String {
        if random.chance(0.15) {
            let length = Int.random(in: 0...300, using: &random)
            return String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 32...126, using: &random))) })
        }
        if random.chance(0.1) {
            // Random scalars from the whole range (no surrogates).
            return String(String.UnicodeScalarView((0..<Int.random(in: 1...8, using: &random)).compactMap { _ in
                UnicodeScalar(UInt32.random(in: 1...0x10FFFF, using: &random))
            }))
        }
        return random.pick(strings)
    }

    private static func integer<T: FixedWidthInteger>(_ type: T.Type, _ random: inout SeededGenerator) -> T {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: T.min
        case 1: T.max
        case 2: 0
        case 3: -1
        default: T.random(in: T.min...T.max, using: &random)
        }
    }

    private static func decimal(_ random: inout SeededGenerator) -> Decimal {
        if random.chance(0.4) {
            return Decimal(string: random.pick([
                "0", "-0.5", "1", "0.0001", "12345678901234567890.123456789", "-99999999999999999999999999999999999999",
                "3.14159265358979323846264338327950288", "1E+20", "0.000000000000000000000000000001",
            ]))!
        }
        let mantissa = Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random)
        return Decimal(sign: mantissa < 0 ? .minus : .plus, exponent: Int.random(in: -20...20, using: &random), significand: Decimal(mantissa.magnitude))
    }

    private static func double(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: -0.0
        case 1: random.pick([Double.infinity, -Double.infinity])
        case 2: random.pick([Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude])
        case 3: random.pick([Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 0.1, 1e-300])
        case 4: Double(Int64.random(in: Int64.min...Int64.max, using: &random))
        default: Double(bitPattern: random.next()).finiteOr(1.5)
        }
    }

    private static func float(_ random: inout SeededGenerator) -> Float {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: -0.0
        case 1: random.pick([Float.infinity, -Float.infinity, Float.greatestFiniteMagnitude, Float.leastNonzeroMagnitude])
        case 2: 0.1
        default: Float(Double.random(in: -1e6...1e6, using: &random))
        }
    }

    private static func date(_ random: inout SeededGenerator) -> Date {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: Date(timeIntervalSinceReferenceDate: random.pick([0, -0.0, -978_307_200, 1e-6]))
        case 1: random.pick([Date.distantPast, Date.distantFuture])
        default: Date(timeIntervalSinceReferenceDate: Double.random(in: -4e9...4e9, using: &random))
        }
    }

    private static func data(_ random: inout SeededGenerator) -> Data {
        Data((0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    private static func uuid(_ random: inout SeededGenerator) -> UUID {
        let high = random.next(), low = random.next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    private static let urls = [
        "https://example.com/", "https://example.com/a/b?c=d&e=%20f#frag", "file:///tmp/with%20space/x.txt",
        "mailto:someone@example.com", "urn:isbn:0451450523", "http://[::1]:8080/path", "ftp://user:pass@host/dir/",
        "https://example.com/%F0%9F%8E%B8", "data:text/plain,hello", "x-custom-scheme:opaque",
    ]

    private static func url(_ random: inout SeededGenerator) -> URL {
        URL(string: random.pick(urls))!
    }

    /// JSON as the generated code writes it: sorted keys, infinities as strings.
    static func json<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }

    /// A composite value: each member present unless optional and left out.
    private static func composite(_ members: [RandomModel.Attribute], _ random: inout SeededGenerator) -> [String: CompositeMember] {
        var result: [String: CompositeMember] = [:]
        for member in members where !member.isOptional || random.chance(0.6) {
            switch member.type {
            case .string: result[member.name] = .string(string(&random))
            case .integer64: result[member.name] = .integer(integer(Int64.self, &random))
            case .double: result[member.name] = .double(Double.random(in: -1e9...1e9, using: &random))
            default: result[member.name] = .bool(random.chance(0.5))
            }
        }
        return result
    }

    /// One member value of a composite, encoded as a bare JSON value.
    enum CompositeMember: Encodable {
        case string(String), integer(Int64), double(Double), bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            }
        }
    }
}

extension Double {
    /// The value, or `replacement` when it is infinite or NaN.
    fileprivate func finiteOr(_ replacement: Double) -> Double { isFinite ? self : replacement }
}

extension RandomValues {
    /// The value a required attribute of `type` starts with when the model gives no default.
    static func zero(of type: AttributeType) -> AttributeValue {
        switch type {
        case .string: .string("")
        case .integer16, .integer32, .integer64: .integer(0)
        case .decimal: .decimal(0)
        case .double, .float: .double(0)
        case .boolean: .bool(false)
        case .date: .date(Date(timeIntervalSinceReferenceDate: 0))
        case .binary: .data(Data())
        case .uuid: .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        case .uri: .url(URL(string: "file:///")!)
        case .transformable: .data(Data("[]".utf8))
        case .composite: .data(Data("{}".utf8))
        case .undefined: .null
        }
    }
}
