import Foundation

/// How the app shows series names and decides that two names are one series (seed 002, "Series Already
/// Exists?" and the open "Series Merge" question).
public enum SeriesNames {
    /// The longest name kept, in UTF-8 bytes; a longer one is metadata garbage.
    public static let utf8BytesMax = 200

    /// The name as shown: runs of whitespace made one space, trimmed.
    public static func cleaned(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The key two names of the same series share: case, accents, punctuation and spacing ignored,
    /// apostrophes dropped ("Ender's" = "Enders"), a leading "The" and a trailing "Series" ignored
    /// ("The Expanse Series" = "Expanse"). Empty when the name has no letter or digit.
    public static func key(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var words: [String] = []
        var word = ""
        for character in folded {
            if character == "'" || character == "’" || character == "ʼ" { continue }
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        if words.count > 1, words.first == "the" { words.removeFirst() }
        if words.count > 1, words.last == "series" { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The cleaned name when it can name a series: some letter or digit, at most `utf8BytesMax` bytes.
    public static func validated(_ name: String) -> String? {
        let clean = cleaned(name)
        guard !key(clean).isEmpty, clean.utf8.count <= utf8BytesMax else { return nil }
        return clean
    }
}
