/// The names generated code must not use as written.
public enum ReservedNames {
    /// Swift keywords that can be used as names only inside backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Names that stay ambiguous or illegal even inside backticks, because Swift reads them specially after
    /// a dot (`x.self`, `x.init`, `T.Type`, `P.Protocol`) or as a declaration (`deinit`, `subscript`): they
    /// are always renamed.
    public static let unusableEvenEscaped: Set<String> = [
        "self", "Self", "init", "deinit", "subscript", "super", "Type", "Protocol", "_",
    ]

    /// Standard library, Concurrency, Foundation and ObjectGraph type names an entity class must not shadow,
    /// because generated code refers to them.
    public static let typeNames: Set<String> = [
        "Any", "AnyObject", "AnyHashable", "Array", "Bool", "Character", "ClosedRange", "Codable", "Collection",
        "Comparable", "Decodable", "Dictionary", "Double", "Encodable", "Equatable", "Error", "Float", "Hashable",
        "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "Never", "Optional", "Range", "Result", "Sendable",
        "Sequence", "Set", "String", "Substring", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void",
        "Actor", "AsyncSequence", "AsyncStream", "Clock", "Duration", "MainActor", "Task", "TaskGroup",
        "Bundle", "Calendar", "Data", "Date", "DateComponents", "Decimal", "Expression", "FileManager", "IndexPath",
        "IndexSet", "JSONDecoder", "JSONEncoder", "Locale", "Measurement", "Notification", "NotificationCenter",
        "NSNull", "NSNumber", "NSObject", "Operation", "OperationQueue", "Predicate", "Progress", "SortDescriptor",
        "Thread", "TimeInterval", "TimeZone", "Timer", "Unit", "URL", "URLComponents", "URLRequest", "URLSession",
        "UUID", "ObjectGraph", "ManagedObject", "ObjectContext", "ObjectID", "EntityDescription",
        "AttributeDescription", "RelationshipDescription", "FetchRequest", "PersistentStore", "InMemoryStore",
        "AnyObjectID", "AttributeField", "AttributeType", "AttributeValue", "AttributeValueConvertible", "DeleteRule",
        "FetchPredicate", "FieldSet", "Fields", "Object", "IndexDescription", "ManagedEntity", "ManagedObjectModel",
        "ModelDescription", "ObjectGraphError", "SharedSlice", "SortKey", "StoredRow", "StringOptions", "ToManyField", "UserInfo",
    ]

    /// Members every generated object already has (from the runtime or the standard library), which a
    /// model property must not redeclare.
    public static let runtimeMembers: Set<String> = [
        "context", "objectID", "entity", "hash", "hashValue", "description", "debugDescription", "id",
        "isInserted", "isUpdated", "isDeleted", "isFault", "hasChanges", "changedValues", "managedObjectContext",
        "typedID", "attributeValue", "setAttributeValue", "loadAttributes", "willChange", "markChanged", "decode", "encodeJSON", "decodeJSON",
        "decodeRequiredJSON", "toOne", "toMany", "set", "add", "insert", "remove", "keyPathPrefix", "path",
        "attribute", "Object", "Fields",
    ]
}
