import Foundation
import ObjectGraph

extension SQL {
    /// `value` as a SQL literal in its storage form (see ``Statement``), for the `DEFAULT` of an
    /// `ALTER TABLE … ADD COLUMN`, where parameters are not allowed.
    package static func literal(_ value: AttributeValue) -> String {
        switch value {
        case .null: "NULL"
        case .bool(let bool): bool ? "1" : "0"
        case .integer(let integer): String(integer)
        case .double(let double): double.isFinite ? "\(double)" : "NULL"
        case .decimal(let decimal): text(decimal.description)
        case .string(let string): text(string)
        case .date(let date): "\(date.timeIntervalSinceReferenceDate)"
        case .data(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        case .uuid(let uuid): "X'" + withUnsafeBytes(of: uuid.uuid) { $0.map { String(format: "%02X", $0) }.joined() } + "'"
        case .url(let url): text(url.absoluteString)
        }
    }

    /// `'text'` with embedded quotes doubled.
    package static func text(_ string: String) -> String {
        "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
