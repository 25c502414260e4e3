/// What a fetch request returns (`resultType`).
public enum FetchResultType: Int, Sendable, Equatable, Codable, CaseIterable {
    /// Managed objects (the default; `resultType` missing or `0`).
    case managedObject = 0
    /// Object IDs (`1`).
    case managedObjectID = 1
    /// Dictionaries (`2`).
    case dictionary = 2
    /// A count (`4`).
    case count = 4
}

/// A fetch request: a model-level `<fetchRequest>` template, or the request of a fetched property.
///
/// The flags keep Xcode's XML spelling (`includeSubentities`, `returnDistinctResults` without
/// the "s" of the API names, but `includesPendingChanges` with it).
public struct FetchRequestTemplate: Sendable, Equatable, Codable {
    /// The template name (`fetchedPropertyFetchRequest` inside fetched properties).
    public var name: String
    /// The entity fetched.
    public var entityName: String
    /// The NSPredicate format string, when there is one (none means all objects).
    public var predicateString: String?
    /// The `$NAME` substitution variables of the predicate, without `$`, in order of first use.
    public var substitutionVariables: [String]
    /// The fetch limit, when written.
    public var fetchLimit: Int?
    /// The batch size, when written.
    public var fetchBatchSize: Int?
    /// What the request returns.
    public var resultType: FetchResultType
    /// `includeSubentities="YES"`.
    public var includeSubentities: Bool
    /// `includePropertyValues="YES"`.
    public var includePropertyValues: Bool
    /// `includesPendingChanges="YES"`.
    public var includesPendingChanges: Bool
    /// `returnObjectsAsFaults="YES"`.
    public var returnObjectsAsFaults: Bool
    /// `returnDistinctResults="YES"`.
    public var returnDistinctResults: Bool
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<fetchRequest>` element starts.
    public var location: SourceLocation

    /// Creates a template that fetches managed objects with every flag off.
    public init(name: String, entityName: String, location: SourceLocation) {
        self.name = name
        self.entityName = entityName
        self.substitutionVariables = []
        self.resultType = .managedObject
        self.includeSubentities = false
        self.includePropertyValues = false
        self.includesPendingChanges = false
        self.returnObjectsAsFaults = false
        self.returnDistinctResults = false
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}
