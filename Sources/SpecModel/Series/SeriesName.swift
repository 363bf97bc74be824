/// Series names: how a name is cleaned for display, checked, and reduced to the key that decides
/// whether two names are the same series.
///
/// Seed: 002_…, "CreateOrLink: Series Already Exists?" and the open question "Series Merge". Detection
/// links a book to an existing series with the same Google Books series ID or the same name *after
/// normalization* (Decision D-098); the key is that normalization:
///
/// 1. letters are lowercased (`Character.lowercased()`); letters and digits are kept, whatever script;
/// 2. apostrophes (`'`, `’`, `ʼ`) are dropped, so "Ender's" and "Enders" agree;
/// 3. every other character is a separator: runs of separators become one space, none at either end;
/// 4. a leading "the" and a trailing "series" go when a word is left: "The Expanse Series" is
///    "expanse", like "Expanse" and "the expanse".
///
/// Nothing fuzzier is matched ("Did you mean...?" prompts for typos are a UI concern): two series
/// whose names differ by a letter stay two series, which is the seed's "no false positives".
public enum SeriesName {
    public static let utf8BytesMax = SeriesLimits.nameUTF8BytesMax

    /// Why a name is refused.
    public enum Problem: Error, Hashable, Sendable {
        /// Nothing but spaces and punctuation: no key to find the series by.
        case empty
        /// Longer than `utf8BytesMax` bytes once cleaned.
        case tooLong(utf8Bytes: Int)
    }

    /// The name as shown: whitespace runs made one space, trimmed.
    public static func cleaned(_ name: String) -> String {
        TitleNormalizationEngine.collapsingWhitespace(name)
    }

    /// The cleaned name, or why it is refused.
    public static func validated(_ name: String) -> Result<String, Problem> {
        let cleaned = cleaned(name)
        if cleaned.utf8.count > utf8BytesMax { return .failure(.tooLong(utf8Bytes: cleaned.utf8.count)) }
        if key(cleaned).isEmpty { return .failure(.empty) }
        return .success(cleaned)
    }

    /// The key two names share when they name the same series; empty for a name with no letter or digit.
    ///
    /// - Complexity: O(length).
    public static func key(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        for character in name {
            if character == "'" || character == "\u{2019}" || character == "\u{02BC}" { continue }
            if character.isLetter || character.isNumber {
                word += character.lowercased()
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        if words.count > 1, words[0] == "the" { words.removeFirst() }
        if words.count > 1, words[words.count - 1] == "series" { words.removeLast() }
        return words.joined(separator: " ")
    }
}
