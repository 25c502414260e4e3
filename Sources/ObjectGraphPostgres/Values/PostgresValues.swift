#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

extension PostgresQuery {
    /// `sql` with `arguments` bound in order, each as the PostgreSQL type of its kind of value.
    init(_ sql: String, _ arguments: [AttributeValue]) throws {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { try bindings.append(argument) }
        self.init(unsafeSQL: sql, binds: bindings)
    }
}

extension PostgresBindings {
    /// Binds `value`: integers as `bigint`, doubles as `double precision`, decimals as `numeric`, dates as
    /// `timestamptz`, URLs as their text, data as `bytea`.
    mutating func append(_ value: AttributeValue) throws {
        switch value {
        case .null: appendNull()
        case .integer(let integer): append(integer)
        case .bool(let bool): append(bool)
        case .double(let double): append(double)
        case .decimal(let decimal): try append(decimal)
        case .string(let string): append(string)
        case .date(let date): append(date)
        case .uuid(let uuid): append(uuid)
        case .url(let url): append(url.absoluteString)
        case .data(let data): append(ByteBuffer(bytes: data))
        }
    }
}

/// Reads cells into values: the binary forms of the store's column types in place (``BinaryCell``),
/// anything else through postgres-nio's decoders.
enum PostgresColumnReader {
    /// The value of `cell` as an attribute of `type` stores it; `nil` when it does not decode.
    static func value(_ cell: PostgresCell, type: AttributeType) -> AttributeValue? {
        guard let bytes = cell.bytes else { return .null }
        if cell.format == .binary, let value = BinaryCell.value(bytes, type: cell.dataType, attributeType: type) { return value }
        return decodedValue(cell, type: type)
    }

    /// The value of the non-NULL `cell` through postgres-nio's decoders (for the types and formats
    /// ``BinaryCell`` does not read); `nil` when it does not decode.
    static func decodedValue(_ cell: PostgresCell, type: AttributeType) -> AttributeValue? {
        do {
            switch type {
            case .integer16, .integer32, .integer64: return .integer(try cell.decode(Int64.self))
            case .boolean: return .bool(try cell.decode(Bool.self))
            case .double, .float: return .double(try cell.decode(Double.self))
            case .date: return .date(try cell.decode(Date.self))
            case .string: return .string(try cell.decode(String.self))
            case .decimal: return .decimal(try cell.decode(Decimal.self))
            case .uri: return URL(string: try cell.decode(String.self)).map { .url($0) }
            case .uuid: return .uuid(try cell.decode(UUID.self))
            case .binary, .transformable, .composite, .undefined: return .data(BinaryCell.data(try cell.decode(ByteBuffer.self)))
            }
        } catch {
            return nil
        }
    }
}
#endif
