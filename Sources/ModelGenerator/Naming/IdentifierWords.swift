/// Splits names into words and joins words into Swift identifiers.
///
/// Words break at every character that is not a letter or digit (spaces, `_`, `-`, `.`, ...), at a
/// lower-to-upper case change (`fullName` -> `full`, `Name`) and before the last capital of an acronym
/// followed by a lower-case letter (`URLSession` -> `URL`, `Session`). Digits stay with the word they follow.
public enum IdentifierWords {
    /// The words of `name`, in order, case preserved: `"avatar_URL.v2"` -> `["avatar", "URL", "v2"]`.
    public static func split(_ name: String) -> [String] {
        var words: [String] = []
        var word: [Character] = []
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush(&word, into: &words)
                continue
            }
            if let previous = word.last, character.isUppercase {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let endsAcronym = previous.isUppercase && (next?.isLowercase ?? false)
                if previous.isLowercase || previous.isNumber || endsAcronym {
                    flush(&word, into: &words)
                }
            }
            word.append(character)
        }
        flush(&word, into: &words)
        return words
    }

    private static func flush(_ word: inout [Character], into words: inout [String]) {
        if !word.isEmpty { words.append(String(word)) }
        word.removeAll()
    }

    /// `name` with its first character upper-cased: `"tracks"` -> `"Tracks"`, for accessors like `addToTracks`.
    public static func capitalizingFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// A word as the first word of a lowerCamelCase name: an all-capitals acronym is lower-cased whole
    /// (`URL` -> `url`), any other word only its first character (`Full` -> `full`).
    static func lowercasingFirstWord(_ word: String) -> String {
        if word.count > 1, word.allSatisfy({ !$0.isLowercase }) { return word.lowercased() }
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// Words joined as lowerCamelCase: `["URL", "string"]` -> `"urlString"`.
    static func lowerCamelCase(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return lowercasingFirstWord(first) + words.dropFirst().map(capitalizingFirst).joined()
    }
}
