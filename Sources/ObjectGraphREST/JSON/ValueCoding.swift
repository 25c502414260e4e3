import Foundation
import ObjectGraph

/// Conversions between JSON values and attribute values, checked against the attribute's type.
enum ValueCoding {
    /// The attribute value for a non-null JSON value, or `nil` when it does not fit `type`.
    static func attributeValue(_ json: JSONValue, type: AttributeType, format: RESTValueFormat) -> AttributeValue? {
        switch (type, json) {
        case (_, .null): .null
        case (.string, .string(let text)): .string(text)
        case (.integer16, .integer(let number)): Int16(exactly: number).map { .integer(Int64($0)) }
        case (.integer32, .integer(let number)): Int32(exactly: number).map { .integer(Int64($0)) }
        case (.integer64, .integer(let number)): .integer(number)
        case (.double, .integer(let number)), (.float, .integer(let number)): .double(Double(number))
        case (.double, .double(let number)): .double(number)
        case (.float, .double(let number)): number.magnitude <= Double(Float.greatestFiniteMagnitude) ? .double(number) : nil
        case (.decimal, .integer(let number)): .decimal(Decimal(number))
        case (.decimal, .double(let number)): decimal(String(number))
        case (.decimal, .string(let text)): decimal(text)
        case (.boolean, .bool(let flag)): .bool(flag)
        case (.date, _): date(json, format: format).map(AttributeValue.date)
        case (.binary, .string(let text)): Data(base64Encoded: text).map(AttributeValue.data)
        case (.uuid, .string(let text)): UUID(uuidString: text).map(AttributeValue.uuid)
        case (.uri, .string(let text)): URL(string: text).map(AttributeValue.url)
        case (.transformable, _), (.composite, _): .data(json.data)
        default: nil
        }
    }

    /// The decimal `text` spells, `nil` when it is not a number or beyond `Decimal`'s range.
    private static func decimal(_ text: String) -> AttributeValue? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
        return .decimal(value)
    }

    /// The JSON spelling of an attribute value.
    static func json(_ value: AttributeValue, type: AttributeType, format: RESTValueFormat) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .decimal(let number): .string(number.description)
        case .string(let text): .string(text)
        case .date(let date): json(date, format: format)
        case .data(let data) where type == .transformable || type == .composite:
            (try? JSONParser.parse(data)) ?? .string(data.base64EncodedString())
        case .data(let data): .string(data.base64EncodedString())
        case .uuid(let uuid): .string(uuid.uuidString)
        case .url(let url): .string(url.absoluteString)
        }
    }

    /// A value as URL text (for placeholders and query parameters), `nil` for null.
    static func text(_ value: AttributeValue) -> String? {
        switch value {
        case .null: nil
        case .string(let text): text
        case .date(let date): iso8601(date)
        case .data(let data): data.base64EncodedString()
        default:
            switch json(value, type: .undefined, format: .standard) {
            case .string(let text): text
            case .integer(let number): String(number)
            case .double(let number): String(number)
            case .bool(let flag): String(flag)
            default: nil
            }
        }
    }

    private static func date(_ json: JSONValue, format: RESTValueFormat) -> Date? {
        switch (format, json) {
        case (.standard, .string(let text)):
            (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text))
        case (.secondsSince1970, .integer(let seconds)): Date(timeIntervalSince1970: TimeInterval(seconds))
        case (.secondsSince1970, .double(let seconds)): Date(timeIntervalSince1970: seconds)
        case (.millisecondsSince1970, .integer(let milliseconds)): Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        case (.millisecondsSince1970, .double(let milliseconds)): Date(timeIntervalSince1970: milliseconds / 1000)
        default: nil
        }
    }

    private static func json(_ date: Date, format: RESTValueFormat) -> JSONValue {
        let seconds = date.timeIntervalSince1970
        switch format {
        case .standard:
            return .string(iso8601(date))
        case .secondsSince1970:
            return seconds.rounded() == seconds ? .integer(Int64(seconds)) : .double(seconds)
        case .millisecondsSince1970:
            let milliseconds = seconds * 1000
            return milliseconds.rounded() == milliseconds ? .integer(Int64(milliseconds)) : .double(milliseconds)
        }
    }

    private static func iso8601(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }
}
