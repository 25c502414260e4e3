import Foundation

/// The JSON form of a ``Model`` that `modelgen dump` prints: pretty, with sorted keys, so that
/// the same model always gives the same text. Decoding it gives back an equal ``Model``.
public enum ModelDump {
    /// Encodes `model` as stable, pretty-printed JSON with sorted keys, ending in a newline.
    public static func json(_ model: Model) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(model)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Decodes the JSON that ``json(_:)`` produced.
    public static func model(fromJSON json: String) throws -> Model {
        try JSONDecoder().decode(Model.self, from: Data(json.utf8))
    }
}
