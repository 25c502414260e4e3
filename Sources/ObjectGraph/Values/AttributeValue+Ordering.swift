import Foundation

extension AttributeValue {
    /// The order the runtime (and every store) gives attribute values: `null` first, then numbers
    /// (Booleans as 0/1, integers, doubles and decimals compared numerically), strings by Unicode
    /// scalars, dates, data by bytes, UUIDs, URLs. Values of different kinds order by that kind rank.
    ///
    /// ```swift
    /// AttributeValue.order(.integer(2), .double(2.5)) // .orderedAscending
    /// ```
    public static func order(_ lhs: AttributeValue, _ rhs: AttributeValue) -> ComparisonResult {
        if let result = lhs.compared(to: rhs) { return result }
        return compare(lhs.kindRank, rhs.kindRank)
    }

    /// Compares two values of comparable kinds; `nil` when either is `null` or the kinds differ.
    func compared(to other: AttributeValue) -> ComparisonResult? {
        switch (self, other) {
        case (.null, _), (_, .null):
            return nil
        case (.string(let a), .string(let b)):
            return Self.compareScalars(a, b)
        case (.date(let a), .date(let b)):
            return Self.compare(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        case (.data(let a), .data(let b)):
            return a.elementsEqual(b) ? .orderedSame : (a.lexicographicallyPrecedes(b) ? .orderedAscending : .orderedDescending)
        case (.uuid(let a), .uuid(let b)):
            return Self.compare(a.uuidString, b.uuidString)
        case (.url(let a), .url(let b)):
            return Self.compareScalars(a.absoluteString, b.absoluteString)
        default:
            return compareNumbers(with: other)
        }
    }

    /// Integers (and Booleans) compare exactly; a decimal with an integer or a decimal as decimals; a
    /// double with anything as doubles (a decimal rounded to the nearest double), as SQL compares a REAL.
    private func compareNumbers(with other: AttributeValue) -> ComparisonResult? {
        guard kindRank == 1, other.kindRank == 1 else { return nil }
        if let a = integerValue, let b = other.integerValue { return Self.compare(a, b) }
        if !isDouble, !other.isDouble, let a = decimalValue, let b = other.decimalValue { return Self.compare(a, b) }
        guard let a = doubleValue ?? integerValue.map(Double.init), let b = other.doubleValue ?? other.integerValue.map(Double.init) else {
            return nil
        }
        return Self.compare(a, b)
    }

    private var isDouble: Bool {
        if case .double = self { return true }
        return false
    }

    /// The value as a `Decimal`, for a decimal, an integer or a Boolean.
    private var decimalValue: Decimal? {
        switch self {
        case .decimal(let value): value
        case .integer(let value): Decimal(value)
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    private var kindRank: Int {
        switch self {
        case .null: 0
        case .bool, .integer, .double, .decimal: 1
        case .string: 2
        case .date: 3
        case .data: 4
        case .uuid: 5
        case .url: 6
        }
    }

    static func compareScalars(_ a: String, _ b: String) -> ComparisonResult {
        if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return .orderedSame }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? .orderedAscending : .orderedDescending
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
    }
}

extension String {
    /// The string folded as `options` ask (case, diacritics), for string predicates.
    func folded(_ options: StringOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? self : self.folding(options: folding, locale: nil)
    }
}
