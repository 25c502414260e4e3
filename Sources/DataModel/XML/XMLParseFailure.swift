/// Why an XML document could not be read, with the position of the problem.
struct XMLParseFailure: Error, Sendable, Equatable {
    /// What went wrong, in one sentence.
    var message: String
    /// Where it went wrong, when the parser knows.
    var location: SourceLocation?
}
