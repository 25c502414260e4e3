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
        switch (element, value) {
        case (_, .null):
            writeLength(-1)
            hasNulls = true
        case (.integer, .integer(let integer)): write(integer)
        case (.bool, .bool(let bool)): write(UInt8(bool ? 1 : 0))
        case (.double, .double(let double)): write(double.bitPattern)
        case (.date, .date(let date)): write(Int64(date.timeIntervalSince(BinaryCell.postgresEpoch) * 1_000_000))
        case (.string, .string(let string)):
            writeLength(string.utf8.count)
            elements.writeString(string)
        case (.string, .url(let url)):
            let string = url.absoluteString
            writeLength(string.utf8.count)
            elements.writeString(string)
        case (.uuid, .uuid(let uuid)):
            writeLength(16)
            elements.writeUUIDBytes(uuid)
        case (.decimal, .decimal(let decimal)):
            let lengthIndex = elements.writerIndex
            writeLength(0)
            decimal.encode(into: &elements, context: .default)
            elements.setInteger(Int32(elements.writerIndex - lengthIndex - 4), at: lengthIndex)
        case (.bytes, .data(let data)):
            writeLength(data.count)
            elements.writeBytes(data)
        default:
            return false
        }
        count += 1
        return true
    }

    /// Writes an element's length, or -1 for NULL.
    private mutating func writeLength(_ length: Int) {
        elements.writeWithUnsafeMutableBytes(minimumWritableBytes: 4) { buffer in
            buffer.storeBytes(of: Int32(length).bigEndian, toByteOffset: 0, as: Int32.self)
            return 4
        }
    }

    /// Writes a fixed-size element, length and big-endian value in one step (`writeInteger` copies
    /// each through a generic path).
    private mutating func write<Value: FixedWidthInteger>(_ value: Value) {
        let size = MemoryLayout<Value>.size
        elements.writeWithUnsafeMutableBytes(minimumWritableBytes: 4 + size) { buffer in
            buffer.storeBytes(of: Int32(size).bigEndian, toByteOffset: 0, as: Int32.self)
            buffer.storeBytes(of: value.bigEndian, toByteOffset: 4, as: Value.self)
            return 4 + size
        }
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
