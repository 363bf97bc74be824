/// Author names as exports write them, cleaned for display and keyed for comparison.
///
/// Seed 004_…, User Story 1 (Goodreads' `Author`, LibraryThing's `AUTHOR (first, last)`, StoryGraph's
/// `Authors`) and "Duplicate Detection Algorithm" (tiers 1 and 3 compare authors). Goodreads writes
/// `Author` with runs of spaces (`Liz    Moore`), `Author l-f` as `Moore, Liz`, and
/// `Additional Authors` as a comma-separated list; StoryGraph's `Authors` is such a list with the
/// primary author first.
///
/// The import's engine reads names with `AuthorNamesEngine`, held to these by `PlainAgainstEngineTests`.
public enum AuthorNames {
    /// The name with each run of whitespace made one space, and trimmed (seed 004_…, User Story 1).
    public static func cleaned(_ name: String) -> String {
        TitleNormalization.collapsingWhitespace(name)
    }

    /// `Moore, Liz` → `Liz Moore` (seed 004_…, User Story 1: Goodreads' `Author l-f`, LibraryThing's
    /// later `Primary Author`, Decision D-065).
    ///
    /// The part before the first comma is the family name; a generational suffix after a second comma
    /// goes last: `King, Martin Luther, Jr.` → `Martin Luther King Jr.`. A name without a comma, or
    /// with nothing before it, is returned cleaned.
    public static func firstLast(fromLastFirst name: String) -> String {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false).map { cleaned(String($0)) }
        guard parts.count >= 2, !parts[0].isEmpty else { return cleaned(name) }
        var given = parts[1...].filter { !$0.isEmpty }
        var suffix: [String] = []
        if given.count > 1, let last = given.last, generationalSuffixes.contains(last.lowercased()) {
            suffix = [last]
            given.removeLast()
        }
        return ([given.joined(separator: " "), parts[0]] + suffix).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The suffixes `firstLast` puts after the family name.
    static let generationalSuffixes = ["jr.", "jr", "sr.", "sr", "ii", "iii", "iv"]

    /// A comma-separated list of names (seed 004_…, User Story 1: Goodreads' `Additional Authors`,
    /// StoryGraph's `Authors`), split at each comma character, each cleaned, empty ones dropped.
    public static func split(_ list: String) -> [String] {
        list.split(separator: ",").map { cleaned(String($0)) }.filter { !$0.isEmpty }
    }

    /// The comparison key (seed 004_…, "Duplicate Detection Algorithm", tiers 1 and 3; Decision D-034):
    /// the name lowercased, with periods, commas, hyphens, apostrophes (`'` and `’`) and whitespace
    /// as separators, each run of them one space, trimmed. `J.R.R. Tolkien` and `J. R. R. Tolkien`
    /// share the key `j r r tolkien`.
    public static func key(_ name: String) -> String {
        var key: [Unicode.Scalar] = []
        var spaceDue = false
        for scalar in name.lowercased().unicodeScalars {
            if isKeySeparator(scalar) {
                spaceDue = !key.isEmpty
                continue
            }
            if spaceDue { key.append(" ") }
            spaceDue = false
            key.append(scalar)
        }
        return TitleNormalization.string(key)
    }

    /// Whether a key turns the scalar into a space.
    static func isKeySeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || ".,-'’".unicodeScalars.contains(scalar)
    }
}

/// The fuzzy author match of duplicate detection's third tier (seed 004_…, "Duplicate Detection
/// Algorithm": "Normalized title + fuzzy author match (>80% similarity score)").
///
/// The metric (Decision D-034): on the two authors' keys (`AuthorNames.key`), the normalized
/// Levenshtein similarity `1 − distance / max(length)` over Unicode scalars, and the same on the keys'
/// words sorted, so `Moore Liz` meets `Liz Moore`; the score is the larger of the two, in 0…1, and
/// symmetric. The scalars are those of the keys' canonical composition (NFC), so keys Swift's `==`
/// calls equal score 1. A duplicate needs a score above `duplicateThreshold` (strictly: the seed's
/// ">80%").
///
/// The import's engine scores with `AuthorSimilarityEngine`, which stops as soon as a pair cannot
/// pass the threshold; `PlainAgainstEngineTests` holds it to this.
public enum AuthorSimilarity {
    /// The score a duplicate's authors must exceed: the seed's 80%.
    public static let duplicateThreshold = 0.8

    /// The similarity of two author names, 0 (nothing alike) to 1 (the same key).
    public static func score(_ first: String, _ second: String) -> Double {
        score(keys: AuthorNames.key(first), AuthorNames.key(second))
    }

    /// The similarity of two keys made by `AuthorNames.key`.
    public static func score(keys first: String, _ second: String) -> Double {
        Swift.max(similarity(first, second), similarity(sortedWords(first), sortedWords(second)))
    }

    /// `1 − distance / max(length)` over the scalars of the texts' canonical compositions; 1 for two
    /// empty texts.
    static func similarity(_ first: String, _ second: String) -> Double {
        let a = Array(canonicalComposition(first).unicodeScalars)
        let b = Array(canonicalComposition(second).unicodeScalars)
        let longest = Swift.max(a.count, b.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(levenshteinDistance(a, b)) / Double(longest)
    }

    /// A key's words (split at its spaces) in ascending order, joined by spaces.
    static func sortedWords(_ key: String) -> String {
        key.split(separator: " ").sorted().joined(separator: " ")
    }

    /// The fewest insertions, deletions and substitutions of one scalar that turn `a` into `b`.
    ///
    /// The classic table, a row at a time: `row[j]` is the distance from the first `i` scalars of `a`
    /// to the first `j` of `b`.
    static func levenshteinDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var next = [i + 1]
            for (j, y) in b.enumerated() {
                next.append(Swift.min(row[j + 1] + 1, next[j] + 1, row[j] + (x == y ? 0 : 1)))
            }
            row = next
        }
        return row[b.count]
    }

    /// The text in Unicode's canonical composition (NFC): the form by which Swift's `==` compares strings.
    package static func canonicalComposition(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}
