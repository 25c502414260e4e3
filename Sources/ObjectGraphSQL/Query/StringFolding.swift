import Foundation

/// Folds case (bit 1) and diacritics (bit 2) exactly as the runtime's in-memory evaluator does; SQLite's
/// `og_fold` function and the values compared with it go through here.
package func foldForComparison(_ string: String, options: Int) -> String {
    var folding: String.CompareOptions = []
    if options & 1 != 0 { folding.insert(.caseInsensitive) }
    if options & 2 != 0 { folding.insert(.diacriticInsensitive) }
    return folding.isEmpty ? string : string.folding(options: folding, locale: nil)
}
