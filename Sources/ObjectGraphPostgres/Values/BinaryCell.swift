#if PostgreSQL
import Foundation
import ObjectGraph
import PostgresNIO

/// The binary forms of the column types the store creates, read in place from a cell's bytes by type OID:
/// the fast path of ``PostgresColumnReader``, which falls back to postgres-nio's decoders for every
/// other type and format. Each read gives what postgres-nio's decoder of the same type gives.
enum BinaryCell {
    /// Type OIDs (`pg_type.oid`), compared as numbers: postgres-nio's named types are globals, which
    /// cost a lazy-initialization check on every comparison.
    private enum OID {
        static let bool: UInt32 = 16, int8: UInt32 = 20, int2: UInt32 = 21, int4: UInt32 = 23, text: UInt32 = 25
        static let float4: UInt32 = 700, float8: UInt32 = 701, varchar: UInt32 = 1043
        static let timestamp: UInt32 = 1114, timestamptz: UInt32 = 1184
    }

    /// Microseconds from this date are PostgreSQL's timestamps (read here and written by ``ColumnArray``
    /// as postgres-nio reads and writes a `Date`).
    static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)

    /// The integer in `bytes` of a `bigint`, `integer` or `smallint` column; `nil` for another type.
    static func integer(_ bytes: ByteBuffer, type: PostgresDataType) -> Int64? {
        switch (type.rawValue, bytes.readableBytes) {
        case (OID.int8, 8): bytes.getInteger(at: bytes.readerIndex, as: Int64.self)
        case (OID.int4, 4): bytes.getInteger(at: bytes.readerIndex, as: Int32.self).map(Int64.init)
        case (OID.int2, 2): bytes.getInteger(at: bytes.readerIndex, as: Int16.self).map(Int64.init)
        default: nil
        }
    }

    /// The Boolean in `bytes` of a `boolean` column; `nil` for another type or a byte other than 0 or 1.
    static func bool(_ bytes: ByteBuffer, type: PostgresDataType) -> Bool? {
        guard type.rawValue == OID.bool, bytes.readableBytes == 1 else { return nil }
        switch bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// The number in `bytes` of a `double precision` or `real` column; `nil` for another type.
    static func double(_ bytes: ByteBuffer, type: PostgresDataType) -> Double? {
        switch (type.rawValue, bytes.readableBytes) {
        case (OID.float8, 8): bytes.getInteger(at: bytes.readerIndex, as: UInt64.self).map { Double(bitPattern: $0) }
        case (OID.float4, 4): bytes.getInteger(at: bytes.readerIndex, as: UInt32.self).map { Double(Float(bitPattern: $0)) }
        default: nil
        }
    }

    /// The date in `bytes` of a `timestamptz` or `timestamp` column; `nil` for another type.
    static func date(_ bytes: ByteBuffer, type: PostgresDataType) -> Date? {
        guard type.rawValue == OID.timestamptz || type.rawValue == OID.timestamp, bytes.readableBytes == 8,
              let microseconds = bytes.getInteger(at: bytes.readerIndex, as: Int64.self) else { return nil }
        return Date(timeInterval: Double(microseconds) / 1_000_000, since: postgresEpoch)
    }

    /// The text in `bytes` of a `text` or `varchar` column; `nil` for another type.
    static func string(_ bytes: ByteBuffer, type: PostgresDataType) -> String? {
        guard type.rawValue == OID.text || type.rawValue == OID.varchar else { return nil }
        return bytes.getString(at: bytes.readerIndex, length: bytes.readableBytes)
    }

    /// The bytes of a `bytea` column, or of any column as they are: what postgres-nio's `ByteBuffer`
    /// decoder gives for every type.
    static func data(_ bytes: ByteBuffer) -> Data {
        Data(bytes.readableBytesView)
    }

    /// The value in `bytes` as an attribute of `attributeType` stores it; `nil` when the column's type is
    /// not one this reads.
    static func value(_ bytes: ByteBuffer, type: PostgresDataType, attributeType: AttributeType) -> AttributeValue? {
        switch attributeType {
        case .integer16, .integer32, .integer64: integer(bytes, type: type).map { .integer($0) }
        case .boolean: bool(bytes, type: type).map { .bool($0) }
        case .double, .float: double(bytes, type: type).map { .double($0) }
        case .date: date(bytes, type: type).map { .date($0) }
        case .string: string(bytes, type: type).map { .string($0) }
        case .binary, .transformable, .composite, .undefined: .data(data(bytes))
        case .decimal, .uri, .uuid: nil
        }
    }
}
#endif
