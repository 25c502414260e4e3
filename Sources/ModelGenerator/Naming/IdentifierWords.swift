/// Splits names into words and joins words into Swift identifiers.
///
/// Words break at every character that is not a letter or digit (spaces, `_`, `-`, `.`, ...), at a
/// lower-to-upper case change (`fullName` -> `full`, `Name`) and before the last capital of an acronym
/// followed by a lower-case letter (`URLSession` -> `URL`, `Session`). Digits stay with the word they follow.
public enum IdentifierWords {
    /// The words of `name`, in order, case preserved: `"avatar_URL.v2"` -> `["avatar", "URL", "v2"]`.
    public static func split(_ name: String) -> [String] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return splitASCII(Array(name.utf8)) }
        let characters = Array(name)
        return wordRanges(of: characters.map(NameCharacter.init)).map { String(characters[$0]) }
    }

    /// ``split(_:)`` of ASCII text, byte by byte: each byte is one `Character` of the same kind (a
    /// `"\r\n"` is one `Character`, but two separators split words as one does).
    private static func splitASCII(_ bytes: [UInt8]) -> [String] {
        wordRanges(of: bytes.map(NameCharacter.init(ascii:))).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where the words are among characters of the given kinds.
    private static func wordRanges(of kinds: [NameCharacter]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var wordStart: Int?
        for (index, kind) in kinds.enumerated() {
            guard kind.isWordPart else {
                if let start = wordStart { words.append(start..<index) }
                wordStart = nil
                continue
            }
            if let start = wordStart, kind.isUppercase {
                let previous = kinds[index - 1]
                let endsAcronym = previous.isUppercase && index + 1 < kinds.count && kinds[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || endsAcronym {
                    words.append(start..<index)
                    wordStart = index
                }
            }
            if wordStart == nil { wordStart = index }
        }
        if let start = wordStart { words.append(start..<kinds.count) }
        return words
    }

    /// `name` with its first character upper-cased: `"tracks"` -> `"Tracks"`, for accessors like `addToTracks`.
    public static func capitalizingFirst(_ name: String) -> String {
        if let ascii = replacingFirstASCIIByte(of: name, with: { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }) { return ascii }
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `name` with its first byte changed by `change`, when `name` is ASCII and not empty (a byte is then a
    /// `Character`, whose case mapping for ASCII letters is the byte's); nil otherwise.
    static func replacingFirstASCIIByte(of name: String, with change: (UInt8) -> UInt8) -> String? {
        guard let first = name.utf8.first, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes = Array(name.utf8)
        bytes[0] = change(first)
        return String(decoding: bytes, as: UTF8.self)
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
            self.init(ascii: ascii)
        } else {
            self.init(isLetter: character.isLetter, isNumber: character.isNumber,
                      isUppercase: character.isUppercase, isLowercase: character.isLowercase)
        }
    }

    /// The kind of an ASCII byte.
    init(ascii: UInt8) {
        let isUppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
        let isLowercase = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
        self.init(isLetter: isUppercase || isLowercase, isNumber: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii),
                  isUppercase: isUppercase, isLowercase: isLowercase)
    }

    private init(isLetter: Bool, isNumber: Bool, isUppercase: Bool, isLowercase: Bool) {
        self.isLetter = isLetter
        self.isNumber = isNumber
        self.isUppercase = isUppercase
        self.isLowercase = isLowercase
    }
}
