/// A `<fetchedProperty>`: a read-only property whose value is the result of a fetch request.
public struct FetchedProperty: Sendable, Equatable, Codable {
    /// The property name.
    public var name: String
    /// Core Data's `optional` flag.
    public var isOptional: Bool
    /// The request (Xcode always names it `fetchedPropertyFetchRequest`); `nil` when the file
    /// has no `<fetchRequest>` child.
    public var fetchRequest: FetchRequestTemplate?
    /// The fetched property's user info.
    public var userInfo: UserInfo
    /// XML attributes the reader does not know, by name.
    public var unknownAttributes: [String: String]
    /// Child elements the reader does not know.
    public var unknownElements: [UnknownElement]
    /// Where the `<fetchedProperty>` element starts.
    public var location: SourceLocation

    /// Creates a required fetched property without a request.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.isOptional = false
        self.userInfo = UserInfo()
        self.unknownAttributes = [:]
        self.unknownElements = []
        self.location = location
    }
}
