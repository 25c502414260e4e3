/// What a store evaluates natively. The context sends a store only the predicates and sorts its
/// capabilities accept and evaluates the rest in memory over what the store returns, so every store
/// answers every query identically.
///
/// ```swift
/// // A SQL store that cannot fold case or diacritics like Swift does, nor order decimals:
/// var capabilities = StoreCapabilities.all
/// capabilities.predicates.subtract([.caseInsensitive, .diacriticInsensitive])
/// capabilities.orderedTypes.remove(.decimal)
/// ```
public struct StoreCapabilities: Sendable, Hashable {
    /// Predicate forms a store may support.
    public struct PredicateFeatures: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates features from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `==`, `!=` and nil checks.
        public static let equality = PredicateFeatures(rawValue: 1 << 0)
        /// `<`, `<=`, `>`, `>=`.
        public static let ordering = PredicateFeatures(rawValue: 1 << 1)
        /// `IN`.
        public static let inList = PredicateFeatures(rawValue: 1 << 2)
        /// `BETWEEN`.
        public static let between = PredicateFeatures(rawValue: 1 << 3)
        /// `CONTAINS`, `BEGINSWITH`, `ENDSWITH`.
        public static let substring = PredicateFeatures(rawValue: 1 << 4)
        /// `LIKE` wildcards.
        public static let like = PredicateFeatures(rawValue: 1 << 5)
        /// `MATCHES` regular expressions.
        public static let regularExpressions = PredicateFeatures(rawValue: 1 << 6)
        /// The `[c]` option.
        public static let caseInsensitive = PredicateFeatures(rawValue: 1 << 7)
        /// The `[d]` option.
        public static let diacriticInsensitive = PredicateFeatures(rawValue: 1 << 8)
        /// `AND`, `OR`, `NOT` and constants.
        public static let compound = PredicateFeatures(rawValue: 1 << 9)
        /// Key paths through to-one relationships.
        public static let toOnePaths = PredicateFeatures(rawValue: 1 << 10)
        /// `ANY` / `ALL` over to-many relationships.
        public static let quantifiers = PredicateFeatures(rawValue: 1 << 11)
        /// `== null` / `!= null` on a to-one relationship (whether it is empty). Opt-in: not part of
        /// ``all``, so stores written before it existed keep receiving only forms they know.
        public static let relationshipNilChecks = PredicateFeatures(rawValue: 1 << 12)

        /// Every form of the original store API (all but the opt-in ``relationshipNilChecks``).
        public static let all: PredicateFeatures = [
            .equality, .ordering, .inList, .between, .substring, .like, .regularExpressions,
            .caseInsensitive, .diacriticInsensitive, .compound, .toOnePaths, .quantifiers,
        ]
    }

    /// Predicate forms evaluated natively.
    public var predicates: PredicateFeatures
    /// Whether sorts on plain attributes are evaluated natively.
    public var sortsByAttribute: Bool
    /// Whether sorts through to-one key paths are evaluated natively.
    public var sortsThroughToOne: Bool
    /// Attribute types whose ordering (`<`, `BETWEEN`, sorting) the store evaluates natively.
    public var orderedTypes: Set<AttributeType>
    /// By entity name, the key paths whose `==` values the store needs to fetch that entity at all, or
    /// uses to fetch it more directly (a REST list URL's placeholders, such as `repository.fullName` in
    /// `/repos/:repository.fullName/issues`, and an object URL's, such as `login` in `/users/:login`). The context always sends the store the top-level `AND`
    /// conjuncts of a fetch that compare one of these key paths `==` a non-null value, even when
    /// ``predicates`` lacks their form or pending changes make the context filter the fetch in memory;
    /// the store must evaluate them exactly.
    public var requiredEqualityPaths: [String: Set<[String]>]
    /// By entity name, the to-many relationships the store cannot load (a REST to-many with no URL and
    /// no identifier array, such as a label's issues). For delete rules they are unknown rather than an
    /// error: the context applies the rule to the destinations it already knows and does not ask the
    /// store; the store, or the server behind it, applies its own rules to the rest. Empty for stores
    /// that load every relationship.
    public var unloadableRelationships: [String: Set<String>]
    /// Whether the store keeps a version per object and refuses updates and deletions of objects that
    /// changed since the context read them (see ``ChangeSet``), so that ``ObjectContext/mergePolicy``
    /// applies. Stores without it apply the last save over earlier ones.
    public var detectsConflicts: Bool

    /// Creates capabilities.
    public init(
        predicates: PredicateFeatures,
        sortsByAttribute: Bool,
        sortsThroughToOne: Bool,
        orderedTypes: Set<AttributeType> = Set(AttributeType.allCases.filter(\.isOrdered)),
        requiredEqualityPaths: [String: Set<[String]>] = [:],
        unloadableRelationships: [String: Set<String>] = [:],
        detectsConflicts: Bool = false
    ) {
        self.predicates = predicates
        self.sortsByAttribute = sortsByAttribute
        self.sortsThroughToOne = sortsThroughToOne
        self.orderedTypes = orderedTypes
        self.requiredEqualityPaths = requiredEqualityPaths
        self.unloadableRelationships = unloadableRelationships
        self.detectsConflicts = detectsConflicts
    }

    /// A store that evaluates every form in ``PredicateFeatures/all`` and every sort.
    public static let all = StoreCapabilities(predicates: .all, sortsByAttribute: true, sortsThroughToOne: true)

    /// A store that only lists objects of an entity; the context filters and sorts.
    public static let none = StoreCapabilities(
        predicates: [], sortsByAttribute: false, sortsThroughToOne: false, orderedTypes: [])
}
