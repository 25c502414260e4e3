/// Names that generated Swift code cannot use as they are.
enum ReservedNames {
    /// Swift keywords that need backticks when used as a declaration name.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Standard library and Foundation types that an entity class name would shadow.
    static let libraryTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Bundle", "Calendar", "Character", "Codable", "Collection",
        "Comparable", "Data", "Date", "DateComponents", "Decimal", "Decoder", "Dictionary", "Double", "Encoder",
        "Equatable", "Error", "Expression", "Float", "Hashable", "Identifiable", "IndexPath", "IndexSet", "Int",
        "Int16", "Int32", "Int64", "Int8", "JSONDecoder", "JSONEncoder", "Locale", "Measurement", "Never",
        "Notification", "NotificationCenter", "NSObject", "Operation", "Optional", "Predicate",
        "Process", "Protocol", "Range", "Result", "Sequence", "Set", "SortDescriptor", "String", "Substring",
        "Task", "Thread", "TimeInterval", "TimeZone", "Timer", "Type", "UInt", "URL", "URLRequest", "UUID", "Void",
    ]

    /// Types of the ObjectGraph runtime that generated code refers to.
    static let runtimeTypes: Set<String> = [
        "EntityDescription", "FetchRequest", "ManagedObject", "ObjectContext", "ObjectID", "PersistentStore",
    ]

    /// Members that every generated class has (from the runtime, `NSObject`-style protocols or
    /// `Identifiable`); a property with one of these names would collide with it.
    static let runtimeMembers: Set<String> = [
        "changedValues", "context", "debugDescription", "description", "entity", "hasChanges", "hash",
        "hashValue", "id", "isDeleted", "isFault", "isInserted", "isUpdated", "objectID",
    ]

    /// Whether `name` is a valid Swift identifier as it is (ASCII letters, digits and `_`, not
    /// starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}
