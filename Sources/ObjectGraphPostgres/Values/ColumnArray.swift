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

        /// The bytes of every element of the kind, or `nil` when their sizes differ.
        var size: Int? {
            switch self {
            case .integer, .double, .date: 8
            case .bool: 1
            case .decimal, .string, .uuid, .bytes: nil
            }
        }
    }

    private let element: Element
    /// The bytes of each element of an array of fixed-size elements (integers, booleans, doubles, dates),
    /// `nil` for NULL, written out in ``encode(into:context:)`` in one pass: a `ByteBuffer` write costs
    /// about 300 instructions an element (its storage checks), and so do two appends of bytes to an array.
    private var fixedSize: [UInt64?] = []
    /// The elements of other arrays, each length-prefixed.
    private var elements: [UInt8] = []
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
        if element.size == nil { elements.reserveCapacity(capacity * 12) } else { fixedSize.reserveCapacity(capacity) }
    }

    /// Appends `value`; `false` (and nothing appended) when it is not a value of the column's type.
    mutating func append(_ value: AttributeValue) -> Bool {
        switch (element, value) {
        case (_, .null):
            if element.size == nil { writeLength(-1) } else { fixedSize.append(nil) }
            hasNulls = true
        case (.integer, .integer(let integer)): fixedSize.append(UInt64(bitPattern: integer))
        case (.bool, .bool(let bool)): fixedSize.append(bool ? 1 : 0)
        case (.double, .double(let double)): fixedSize.append(double.bitPattern)
        case (.date, .date(let date)):
            fixedSize.append(UInt64(bitPattern: Int64(date.timeIntervalSince(BinaryCell.postgresEpoch) * 1_000_000)))
        case (.string, .string(let string)): write(string)
        case (.string, .url(let url)): write(url.absoluteString)
        case (.uuid, .uuid(let uuid)):
            writeLength(16)
            withUnsafeBytes(of: uuid.uuid) { elements.append(contentsOf: $0) }
        case (.decimal, .decimal(let decimal)):
            var encoded = ByteBuffer()
            decimal.encode(into: &encoded, context: .default)
            writeLength(encoded.readableBytes)
            elements.append(contentsOf: encoded.readableBytesView)
        case (.bytes, .data(let data)):
            writeLength(data.count)
            elements.append(contentsOf: data)
        default:
            return false
        }
        count += 1
        return true
    }

    /// Writes an element's length, or -1 for NULL.
    private mutating func writeLength(_ length: Int) {
        withUnsafeBytes(of: Int32(length).bigEndian) { elements.append(contentsOf: $0) }
    }

    /// Writes a text element: its UTF-8 bytes.
    private mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeLength(utf8.count)
            elements.append(contentsOf: utf8)
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
        guard let size = element.size else {
            buffer.writeBytes(elements)
            return
        }
        let nulls = hasNulls ? fixedSize.reduce(0) { $1 == nil ? $0 + 1 : $0 } : 0
        let byteCount = fixedSize.count * (4 + size) - nulls * size
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: byteCount) { bytes in
            var offset = 0
            for value in fixedSize {
                guard let value else {
                    bytes.storeBytes(of: Int32(-1).bigEndian, toByteOffset: offset, as: Int32.self)
                    offset += 4
                    continue
                }
                bytes.storeBytes(of: Int32(size).bigEndian, toByteOffset: offset, as: Int32.self)
                if size == 1 {
                    bytes.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: offset + 4, as: UInt8.self)
                } else {
                    bytes.storeBytes(of: value.bigEndian, toByteOffset: offset + 4, as: UInt64.self)
                }
                offset += 4 + size
            }
            return offset
        }
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
