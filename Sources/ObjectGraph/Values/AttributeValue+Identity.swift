import Foundation

extension AttributeValue {
    /// Whether two values are the same value of the same case, bit for bit where Swift's `==` is looser:
    /// `==` finds negative zero equal to zero and canonically equivalent strings (`"é"` and `"e\u{301}"`)
    /// equal, but a store keeps them apart, so a change from one to the other is a change to save.
    /// NaN is identical to NaN.
    ///
    /// ```swift
    /// AttributeValue.double(-0.0) == .double(0.0)                       // true
    /// AttributeValue.double(-0.0).isIdentical(to: .double(0.0))         // false
    /// AttributeValue.string("e\u{301}").isIdentical(to: .string("é"))   // false
    /// ```
    public func isIdentical(to other: AttributeValue) -> Bool {
        // One switch over `self` and a match of `other` per case: a switch over the pair copied both.
        switch self {
        case .double(let left):
            guard case .double(let right) = other else { return false }
            return left.bitPattern == right.bitPattern || (left.isNaN && right.isNaN)
        case .date(let left):
            guard case .date(let right) = other else { return false }
            return left.timeIntervalSinceReferenceDate.bitPattern == right.timeIntervalSinceReferenceDate.bitPattern
        case .string(let left):
            guard case .string(let right) = other else { return false }
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case .url(let left):
            guard case .url(let right) = other else { return false }
            return left.absoluteString.unicodeScalars.elementsEqual(right.absoluteString.unicodeScalars)
        default:
            return self == other
        }
    }
}
