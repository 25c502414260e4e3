import Foundation

/// Transformable and composite attributes: `Codable` values stored as JSON ``AttributeValue/data(_:)``.
///
/// Generated code uses these in its attribute switches:
///
/// ```swift
/// case 3: nicknames.map(encodeJSON) ?? .null               // attributeValue(at:)
/// case 3: nicknames = try decodeJSON(value, at: 3)          // setAttributeValue(_:at:), optional attribute
/// case 6: credits = try decodeRequiredJSON(value, at: 6)    // non-optional attribute
/// ```
extension ManagedObject {
    /// `value` as JSON data with sorted keys (so equal values give equal data); ``AttributeValue/null``
    /// if it cannot be encoded.
    public final func encodeJSON<T: Encodable>(_ value: T) -> AttributeValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? encoder.encode(value)).map(AttributeValue.data) ?? .null
    }

    /// The value decoded from JSON data, or `nil` for ``AttributeValue/null``.
    /// - Throws: ``ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` when `value` is not
    ///   JSON data of a `T`.
    public final func decodeJSON<T: Decodable>(_ value: AttributeValue, at index: Int) throws -> T? {
        if value.isNull { return nil }
        return try decodeRequiredJSON(value, at: index)
    }

    /// The value decoded from JSON data.
    /// - Throws: ``ObjectGraphError/typeMismatch(entity:attribute:expected:value:)`` when `value` is null
    ///   or not JSON data of a `T`.
    public final func decodeRequiredJSON<T: Decodable>(_ value: AttributeValue, at index: Int) throws -> T {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard case .data(let data) = value, let decoded = try? decoder.decode(T.self, from: data) else {
            throw typeMismatch(value, at: index)
        }
        return decoded
    }
}
