/// One element of a parsed XML document: its name, attributes in document order, children and
/// the location of its start tag. Text content is dropped: model files carry none.
struct XMLElementNode: Sendable {
    /// The qualified element name (`prefix:local` when a prefix is present).
    var name: String
    /// The attributes in document order, with entity and character references already replaced.
    var attributes: [(name: String, value: String)]
    /// Where the start tag begins.
    var location: SourceLocation
    /// The child elements in document order.
    var children: [XMLElementNode] = []
}
