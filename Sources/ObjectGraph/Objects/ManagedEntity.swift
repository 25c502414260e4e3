/// What every generated entity class adopts: its schema and its typed ``FieldSet``.
///
/// A class without a parent entity declares `public static let entity = EntityDescription(…)`; classes in
/// an inheritance hierarchy declare `class var entity` (overridden by each subclass) so the runtime
/// always reaches the concrete entity. Swift fixes `Fields` for a whole class hierarchy at the class that
/// first adopts `ManagedEntity`, so generic APIs such as ``ObjectContext/fetch(_:where:sortedBy:limit:offset:prefetching:)``
/// see the root's fields for a subentity class; generated static methods (`Podcast.fetch(in:where:)`) and
/// `FetchRequest<Podcast.Fields>` use the subentity's own fields.
///
/// ```swift
/// public final class Band: ManagedObject, ManagedEntity {
///     public static let entity = EntityDescription(name: "Band", attributes: [...])
///     public struct Fields: FieldSet { ... }
/// }
/// ```
public protocol ManagedEntity: ManagedObject {
    /// The typed fields used in predicates and sorts.
    associatedtype Fields: FieldSet
    /// The class's (concrete) entity description.
    static var entity: EntityDescription { get }
}

extension ManagedEntity {
    /// The object's typed ID.
    public var typedID: ObjectID<Self> { ObjectID(objectID) }
}

/// A model as the runtime needs it: the ``ModelDescription`` plus the class to instantiate for each
/// entity. Generated code declares one as a static constant listing every entity class.
///
/// ```swift
/// public enum MusicModel {
///     public static let model = ManagedObjectModel(name: "Music", classes: [Band.self, Album.self, Track.self])
/// }
/// let context = try ObjectContext(store: InMemoryStore(model: MusicModel.model.schema), model: MusicModel.model)
/// ```
public struct ManagedObjectModel: Sendable {
    /// The schema.
    public let schema: ModelDescription
    private let classesByEntity: [String: any ManagedEntity.Type]
    /// Whether each entity's objects are instances of the class whose ``ManagedEntity/entity`` it is, so
    /// that what a class states about its own storage (``EntityDescription/attributesNeverNull``) holds
    /// for them: true for a model made from classes, false for one made from a schema and one class.
    let instantiatesEntityClasses: Bool

    /// Creates a model from entity classes; each class contributes its ``ManagedEntity/entity``.
    /// `history` is the model's version history (its last version is this model), which stores use to
    /// migrate data written by older versions:
    ///
    /// ```swift
    /// static let model = ManagedObjectModel(name: "Moody", classes: [Continent.self, Country.self, Mood.self],
    ///                                       history: MoodyModel.history)
    /// ```
    public init(name: String, classes: [any ManagedEntity.Type], history: ModelVersionHistory? = nil) {
        self.schema = ModelDescription(name: name, entities: classes.map { $0.entity }, history: history)
        var table: [String: any ManagedEntity.Type] = [:]
        for type in classes where table[type.entity.name] == nil {
            table[type.entity.name] = type
        }
        self.classesByEntity = table
        self.instantiatesEntityClasses = true
    }

    /// Creates a model for a schema known only at run time (tools, property tests): every entity of
    /// `schema` is instantiated as `objectClass`, whose ``ManagedObject/init(entity:)`` receives the
    /// concrete entity and which must keep its values by index itself (its ``ManagedEntity/entity`` is not
    /// consulted).
    ///
    /// ```swift
    /// let model = ManagedObjectModel(schema: schema, objectClass: DynamicRecord.self)
    /// let context = try ObjectContext(store: InMemoryStore(model: schema), model: model)
    /// let record = try context.insertObject(ofEntity: "Band")
    /// ```
    public init(schema: ModelDescription, objectClass: any ManagedEntity.Type) {
        self.schema = schema
        self.classesByEntity = Dictionary(schema.entities.map { ($0.name, objectClass) }, uniquingKeysWith: { first, _ in first })
        self.instantiatesEntityClasses = false
    }

    /// What makes objects of the entity called `entityName`, to look the entity up once for many objects.
    func objectFactory(entityName: String) throws -> ObjectFactory {
        guard let type = classesByEntity[entityName], let entity = schema.entity(named: entityName) else {
            throw ObjectGraphError.unknownEntity(entityName)
        }
        return ObjectFactory(type: type, entity: entity)
    }
}

/// The class and entity description of one entity: makes its detached objects.
struct ObjectFactory {
    let type: any ManagedEntity.Type
    let entity: EntityDescription

    /// A new detached instance.
    func make() -> ManagedObject {
        type.init(entity: entity)
    }
}

/// The typed identity of an object of `Object`'s entity: a Sendable, Codable value to hand an object
/// to another context or task.
///
/// ```swift
/// let id = band.typedID                       // ObjectID<Band>
/// let again = try await otherContext.existingObject(with: id)
/// ```
public struct ObjectID<Object: ManagedEntity>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The untyped ID.
    public let untyped: AnyObjectID

    /// Wraps an untyped ID.
    public init(_ untyped: AnyObjectID) {
        self.untyped = untyped
    }

    /// Whether the ID is temporary.
    public var isTemporary: Bool { untyped.isTemporary }

    /// E.g. `Band/12`.
    public var description: String { untyped.description }
}
