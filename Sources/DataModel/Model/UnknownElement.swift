/// An XML element the reader does not know, kept as written so that nothing in the file is lost.
///
/// Xcode adds elements from time to time; the reader reports each unknown one as a warning.
public struct UnknownElement: Sendable, Equatable, Codable {
    /// The element name.
    public var name: String
    /// Its XML attributes.
    public var attributes: [String: String]
    /// Its child elements.
    public var children: [UnknownElement]
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an unknown element.
    public init(name: String, attributes: [String: String], children: [UnknownElement], location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.location = location
    }
}
