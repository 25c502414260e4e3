/// Why a predicate format string could not become typed predicate code.
struct PredicateTranslationError: Error {
    /// An unknown key or a type mismatch (an error), or a form the runtime's typed predicates cannot express (a warning).
    enum Kind {
        case invalid
        case unsupported
    }

    let kind: Kind
    let message: String
    /// Where in the predicate string.
    let location: PredicateLocation

    static func invalid(_ message: String, at location: PredicateLocation) -> PredicateTranslationError {
        PredicateTranslationError(kind: .invalid, message: message, location: location)
    }

    static func unsupported(_ message: String, at location: PredicateLocation) -> PredicateTranslationError {
        PredicateTranslationError(kind: .unsupported, message: message, location: location)
    }
}
