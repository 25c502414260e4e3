/// The order of a bundle's version names: Xcode names versions `Moody`, `Moody 2`, … `Moody 10`, so
/// runs of digits compare as numbers (`zmessaging2.9` before `zmessaging2.10`) and the rest as text.
///
/// ```swift
/// ["Moody 10", "Moody 2", "Moody"].sorted(by: VersionOrder.precedes)   // ["Moody", "Moody 2", "Moody 10"]
/// ```
public enum VersionOrder {
    /// Whether the version called `lhs` comes before the one called `rhs`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = chunks(of: lhs), right = chunks(of: rhs)
        for (a, b) in zip(left, right) where a != b {
            switch (a, b) {
            case (.number(let x, let xText), .number(let y, let yText)):
                return x != y ? x < y : xText < yText
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let x), .text(let y)): return x < y
            }
        }
        return left.count != right.count ? left.count < right.count : lhs < rhs
    }

    /// `names` in version order.
    public static func sorted(_ names: [String]) -> [String] {
        names.sorted(by: precedes)
    }

    private enum Chunk: Equatable {
        /// A run of digits: its value (saturating) and its text (so `02` and `2` still differ).
        case number(UInt64, String)
        case text(String)
    }

    private static func chunks(of name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let value = current.reduce(UInt64(0)) { total, digit in
                    let (times, overflow) = total.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit.wholeNumberValue ?? 0))
                    return overflow || overflow2 ? .max : sum
                }
                result.append(.number(value, current))
            } else {
                result.append(.text(current))
            }
            current = ""
        }
        for character in name {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != inDigits {
                flush()
                inDigits = isDigit
            }
            current.append(character)
        }
        flush()
        return result
    }
}
