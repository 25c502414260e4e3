/// One broken rule found while validating an object before a save.
public struct ValidationFailure: Sendable, Hashable, CustomStringConvertible {
    /// What rule was broken.
    public enum Kind: Sendable, Hashable {
        /// A required attribute is nil or a required to-one is empty.
        case missingValue
        /// A value is below the model's minimum.
        case belowMinimum(AttributeValue, minimum: AttributeValue)
        /// A value is above the model's maximum.
        case aboveMaximum(AttributeValue, maximum: AttributeValue)
        /// A string or data value is shorter than allowed.
        case tooShort(length: Int, minimum: Int)
        /// A string or data value is longer than allowed.
        case tooLong(length: Int, maximum: Int)
        /// A string does not match the attribute's regular expression.
        case patternMismatch(String, pattern: String)
        /// A to-many has fewer objects than its minimum count.
        case tooFewObjects(count: Int, minimum: Int)
        /// A to-many has more objects than its maximum count.
        case tooManyObjects(count: Int, maximum: Int)
    }

    /// The object's ID.
    public let objectID: AnyObjectID
    /// The object's entity.
    public let entityName: String
    /// The attribute or relationship.
    public let property: String
    /// The rule broken.
    public let kind: Kind

    /// Creates a failure.
    public init(objectID: AnyObjectID, entityName: String, property: String, kind: Kind) {
        self.objectID = objectID
        self.entityName = entityName
        self.property = property
        self.kind = kind
    }

    /// E.g. `Album.title of Album/3: "" is shorter than 1 characters`.
    public var description: String {
        let subject = "\(entityName).\(property) of \(objectID)"
        switch kind {
        case .missingValue: return "\(subject): a value is required"
        case .belowMinimum(let value, let minimum): return "\(subject): \(value) is below the minimum \(minimum)"
        case .aboveMaximum(let value, let maximum): return "\(subject): \(value) is above the maximum \(maximum)"
        case .tooShort(let length, let minimum): return "\(subject): length \(length) is below the minimum \(minimum)"
        case .tooLong(let length, let maximum): return "\(subject): length \(length) is above the maximum \(maximum)"
        case .patternMismatch(let value, let pattern): return "\(subject): \"\(value)\" does not match /\(pattern)/"
        case .tooFewObjects(let count, let minimum): return "\(subject): \(count) objects, at least \(minimum) required"
        case .tooManyObjects(let count, let maximum): return "\(subject): \(count) objects, at most \(maximum) allowed"
        }
    }
}
