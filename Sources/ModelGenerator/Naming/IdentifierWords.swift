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
        let kinds = characters.map(NameCharacter.init)
        for (index, kind) in kinds.enumerated() {
            guard kind.isWordPart else {
                flush(&word, into: &words)
                continue
            }
            if !word.isEmpty, kind.isUppercase {
                let previous = kinds[index - 1]
                let endsAcronym = previous.isUppercase && index + 1 < kinds.count && kinds[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || endsAcronym {
                    flush(&word, into: &words)
                }
            }
            word.append(characters[index])
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

/// The properties of a character that naming looks at, read without Unicode tables for ASCII (those
/// look-ups were most of the time spent naming a large model).
struct NameCharacter {
    let isLetter: Bool
    let isNumber: Bool
    let isUppercase: Bool
    let isLowercase: Bool

    /// Letters and digits make words; everything else separates them.
    var isWordPart: Bool { isLetter || isNumber }

    init(_ character: Character) {
        if let ascii = character.asciiValue {
            isUppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
            isLowercase = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
            isLetter = isUppercase || isLowercase
            isNumber = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
        } else {
            isLetter = character.isLetter
            isNumber = character.isNumber
            isUppercase = character.isUppercase
            isLowercase = character.isLowercase
        }
    }
}
