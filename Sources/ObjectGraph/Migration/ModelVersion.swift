/// One version of a model in its ``ModelVersionHistory``: its name in the bundle, its schema hash, and
/// its schema.
///
/// Older versions carry their schema (entities, stored attributes with types and optionality,
/// relationships, constraints, indexes), which a store needs to read data written by that version.
/// The current version may leave `schema` out: it is the model the history belongs to.
///
/// ```swift
/// let v1 = ModelVersion(name: "Moody", schema: ModelDescription(name: "Moody", entities: [mood, country]))
/// let current = ModelVersion.current("Moody 6")   // the model this history belongs to
/// ```
public struct ModelVersion: Sendable {
    /// The version's name (its `.xcdatamodel` folder without the extension): `"Moody 2"`.
    public let name: String
    /// The version's ``ModelDescription/versionHash``: what a store records to know which version wrote
    /// its data.
    public let versionHash: String
    /// The version's schema; `nil` for the current version, whose schema is the model itself.
    public let schema: ModelDescription?

    /// A version with its schema; the hash is the schema's.
    public init(name: String, schema: ModelDescription) {
        self.name = name
        self.versionHash = schema.versionHash
        self.schema = schema
    }

    /// A version known by its hash only: the current version, whose schema is the model itself.
    public init(name: String, versionHash: String) {
        self.name = name
        self.versionHash = versionHash
        self.schema = nil
    }

    /// The current version, named `name`: its hash is filled in from the model that carries the history
    /// (``ModelDescription/init(name:entities:history:)``), so generated code need not repeat it.
    ///
    /// ```swift
    /// ModelVersionHistory(versions: [ModelVersion(name: "Moody", schema: moody1), .current("Moody 2")], stages: [stage])
    /// ```
    public static func current(_ name: String) -> ModelVersion {
        ModelVersion(name: name, versionHash: "")
    }

    /// This version with `hash` when it is a ``current(_:)`` version without one.
    func resolvingHash(_ hash: String) -> ModelVersion {
        schema == nil && versionHash.isEmpty ? ModelVersion(name: name, versionHash: hash) : self
    }
}
