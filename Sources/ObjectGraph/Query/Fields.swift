/// Something that names a property path from a fetched entity: an attribute, a to-one (a ``FieldSet``
/// with a prefix) or a to-many.
public protocol FieldPath: Sendable {
    /// Property names from the fetched entity, e.g. `["band", "name"]`.
    var path: [String] { get }
}

/// The typed, key-path-addressable view of an entity's properties that generated code nests in every
/// entity class as `Fields`. Typed predicates and sorts are written as key paths on it.
///
/// Attributes are ``AttributeField`` values, to-ones the destination's `Fields` with the path extended,
/// to-manys ``ToManyField`` values:
///
/// ```swift
/// public struct Fields: FieldSet {
///     public typealias Object = Album
///     public let keyPathPrefix: [String]
///     public init(prefix: [String]) { keyPathPrefix = prefix }
///     public var title: AttributeField<String> { attribute("title") }
///     public var band: Band.Fields { toOne("band") }
///     public var tracks: ToManyField<Track.Fields> { toMany("tracks") }
/// }
/// ```
public protocol FieldSet: RelationshipFieldPath {
    /// The entity class whose objects these fields describe.
    associatedtype Object: ManagedEntity
    /// The path from the fetched entity to this entity (empty at the root); named to stay clear of
    /// model attributes such as `prefix` or `path`, which generated fields declare alongside it.
    var keyPathPrefix: [String] { get }
    /// Creates the fields reached through `prefix`.
    init(prefix: [String])
}

extension FieldSet {
    /// The path from the fetched entity to this entity.
    public var path: [String] { keyPathPrefix }

    /// The attribute called `name` of this entity.
    public func attribute<Value>(_ name: String) -> AttributeField<Value> {
        AttributeField(path: keyPathPrefix + [name])
    }

    /// The destination fields of the to-one relationship called `name`.
    public func toOne<Destination: FieldSet>(_ name: String) -> Destination {
        Destination(prefix: keyPathPrefix + [name])
    }

    /// The to-many relationship called `name`.
    public func toMany<Destination: FieldSet>(_ name: String) -> ToManyField<Destination> {
        ToManyField(path: keyPathPrefix + [name])
    }
}

/// A typed attribute in a ``FieldSet``: what key paths in typed predicates and sorts point at.
public struct AttributeField<Value: AttributeValueConvertible>: FieldPath {
    /// Property names from the fetched entity.
    public let path: [String]

    /// Creates a field for `path`.
    public init(path: [String]) {
        self.path = path
    }
}

/// A to-many relationship in a ``FieldSet``, used with ``FetchPredicate/any(_:_:)``, ``FetchPredicate/all(_:_:)``
/// and prefetching.
public struct ToManyField<Destination: FieldSet>: FieldPath {
    /// Property names from the fetched entity.
    public let path: [String]

    /// Creates a field for `path`.
    public init(path: [String]) {
        self.path = path
    }
}

extension FieldSet {
    /// The path a key path on these fields points at.
    static func path<Value: FieldPath>(of keyPath: KeyPath<Self, Value>) -> [String] {
        Self(prefix: [])[keyPath: keyPath].path
    }
}
