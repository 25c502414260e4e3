#if PostgreSQL
import Foundation
import ObjectGraph
import ObjectGraphSQL
import PostgresNIO

/// One column of a batch as a PostgreSQL array argument (binary, NULL elements allowed), filled value by
/// value: the arguments of ``WriteSQL/insertFromArrays(_:)`` and ``WriteSQL/updateFromArrays(table:columns:)``.
/// Elements have the types ``PostgresBindings/append(_:)`` binds single values as.
struct ColumnArray: PostgresDynamicTypeEncodable {
    /// The kind of value an array holds.
    private enum Element {
        case integer, bool, double, decimal, string, date, uuid, bytes
    }

    private let element: Element
    private var elements: ByteBuffer
    private var count: Int32 = 0
    private var hasNulls = false

    /// An empty array for the values of a column of `type`, with room for `capacity` of them.
    init(_ type: ColumnType, capacity: Int) {
        switch type {
        case .key, .position: element = .integer
        case .attribute(let attribute):
            switch attribute {
            case .integer16, .integer32, .integer64: element = .integer
            case .boolean: element = .bool
            case .double, .float: element = .double
            case .decimal: element = .decimal
            case .string, .uri: element = .string
            case .date: element = .date
            case .uuid: element = .uuid
            case .binary, .transformable, .composite, .undefined: element = .bytes
            }
        }
        elements = ByteBufferAllocator().buffer(capacity: capacity * 12)
    }

    /// Appends `value`; `false` (and nothing appended) when it is not a value of the column's type.
    mutating func append(_ value: AttributeValue) -> Bool {
        let context = PostgresEncodingContext.default
        let lengthIndex = elements.writerIndex
        elements.writeInteger(Int32(0))
        let start = elements.writerIndex
        switch (element, value) {
        case (_, .null):
            elements.setInteger(Int32(-1), at: lengthIndex)
            count += 1
            hasNulls = true
            return true
        case (.integer, .integer(let integer)): integer.encode(into: &elements, context: context)
        case (.bool, .bool(let bool)): bool.encode(into: &elements, context: context)
        case (.double, .double(let double)): double.encode(into: &elements, context: context)
        case (.decimal, .decimal(let decimal)): decimal.encode(into: &elements, context: context)
        case (.string, .string(let string)): string.encode(into: &elements, context: context)
        case (.string, .url(let url)): url.absoluteString.encode(into: &elements, context: context)
        case (.date, .date(let date)): date.encode(into: &elements, context: context)
        case (.uuid, .uuid(let uuid)): uuid.encode(into: &elements, context: context)
        case (.bytes, .data(let data)): elements.writeBytes(data)
        default:
            elements.moveWriterIndex(to: lengthIndex)
            return false
        }
        elements.setInteger(Int32(elements.writerIndex - start), at: lengthIndex)
        count += 1
        return true
    }

    var psqlType: PostgresDataType {
        switch element {
        case .integer: .int8Array
        case .bool: .boolArray
        case .double: .float8Array
        case .decimal: .numericArray
        case .string: .textArray
        case .date: .timestamptzArray
        case .uuid: .uuidArray
        case .bytes: .byteaArray
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    /// The array in PostgreSQL's binary format: dimensions, NULL flag, element type, length and lower
    /// bound, then the elements, each length-prefixed (-1: NULL).
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(Int32(1))
        buffer.writeInteger(Int32(hasNulls ? 1 : 0))
        buffer.writeInteger(elementType.rawValue)
        buffer.writeInteger(count)
        buffer.writeInteger(Int32(1))
        var elements = elements
        buffer.writeBuffer(&elements)
    }

    private var elementType: PostgresDataType {
        switch element {
        case .integer: .int8
        case .bool: .bool
        case .double: .float8
        case .decimal: .numeric
        case .string: .text
        case .date: .timestamptz
        case .uuid: .uuid
        case .bytes: .bytea
        }
    }
}
#endif
