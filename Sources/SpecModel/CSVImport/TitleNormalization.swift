/// Cleans an imported title for the metadata search by the seed's five steps; the library keeps and
/// shows the title as written.
///
/// Seed 004_…, "Title Normalization for Better Enrichment":
/// 1. Remove series markers `\s*\([^)]*,\s*#\d+\)`: `(Harry Potter, #1)`.
/// 2. Remove edition markers `\s*\[[^\]]*\]`: `[Special Edition]`.
/// 3. Strip subtitles after `:` if the title is longer than 10 characters: `Title: Subtitle` → `Title`.
/// 4. Remove abbreviation periods: `Dept.` → `Dept`.
/// 5. Normalize whitespace: runs of whitespace become one space; trim.
///
/// Each step is a function from the title's Unicode scalars to the next step's, the regular
/// expressions matched by hand. Edge cases decided (Decision D-033):
/// - Step 1 matches as the expression does, leftmost first and never overlapping: a marker runs from
///   a `(` to the first `)` after it, and what lies between must end with `,` whitespace `#` digits.
///   `\d` is an ASCII digit, so `#0.5` and `#1-3` are no markers and stay (series detection reads
///   them). `\s` is Unicode's White_Space, here and in every step.
/// - Step 2 removes every bracketed part with the whitespace before it; an unclosed `[` stays.
/// - Step 3 measures the title after steps 1 and 2, whitespace collapsed and trimmed, in characters
///   (grapheme clusters), and splits at the first `:`; with nothing but whitespace before the colon
///   the title stays whole.
/// - Step 4 removes a period that follows a letter (Unicode's Alphabetic) unless a number follows it
///   (`2.0` keeps its period): `J.R.R.` → `JRR`, `Wait...` → `Wait` (each period follows the letter
///   once the one before it is gone), `Vol. 2` → `Vol 2`.
/// When a later step exposes a marker an earlier step missed (`(A, [x]#1)` loses `[x]` in step 2 and
/// becomes a series marker), the five steps run again, until the title stops changing, so normalizing
/// twice gives the same title.
///
/// The import's engine normalizes titles with `TitleNormalizationEngine`, which walks bytes in place
/// and is held to this by `PlainAgainstEngineTests`.
public enum TitleNormalization {
    public static let subtitleKeptLengthMax = ImportLimits.subtitleKeptLengthMax

    public static let roundsMax = ImportLimits.titleNormalizationRoundsMax

    /// The title as the enrichment search uses it: the five steps, in rounds until it stops changing.
    public static func normalizedForSearch(_ title: String) -> String {
        var scalars = Array(title.unicodeScalars)
        for _ in 0..<roundsMax {
            let next = fiveSteps(scalars)
            if next == scalars { break }
            scalars = next
        }
        return string(scalars)
    }

    /// One round: the seed's five steps in order, each taking the previous one's result.
    static func fiveSteps(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var title = title
        title = removingSeriesMarkers(title)
        title = removingEditionMarkers(title)
        title = strippingSubtitle(title)
        title = removingAbbreviationPeriods(title)
        title = collapsingWhitespace(title)
        return title
    }

    // MARK: - The steps

    /// Step 1: removes every `\s*\([^)]*,\s*#\d+\)`.
    static func removingSeriesMarkers(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        removingMarkers(title, opening: "(", end: seriesMarkerEnd)
    }

    /// Where `\([^)]*,\s*#\d+\)` matches from the `(` at `start`: the index after its `)`, or `nil`.
    ///
    /// `[^)]*` cannot pass a `)`, so the match ends at the first `)`; before it, reading backwards,
    /// come one or more ASCII digits, `#`, any whitespace, and `,` (all after the `(`).
    static func seriesMarkerEnd(_ title: [Unicode.Scalar], openingAt start: Int) -> Int? {
        guard let close = title[(start + 1)...].firstIndex(of: ")") else { return nil }
        var inside = title[(start + 1)..<close]
        let digits = inside.reversed().prefix(while: isASCIIDigit).count
        guard digits > 0 else { return nil }
        inside = inside.dropLast(digits)
        guard inside.last == "#" else { return nil }
        inside = inside.dropLast()
        while let last = inside.last, isWhitespace(last) { inside = inside.dropLast() }
        guard inside.last == "," else { return nil }
        return close + 1
    }

    /// Step 2: removes every `\s*\[[^\]]*\]`.
    static func removingEditionMarkers(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        removingMarkers(title, opening: "[") { title, start in
            title[(start + 1)...].firstIndex(of: "]").map { $0 + 1 }
        }
    }

    /// Removes, leftmost first, every marker that opens with `open` and that `end` finds (the index
    /// after it), with the whitespace before it.
    static func removingMarkers(
        _ title: [Unicode.Scalar], opening open: Unicode.Scalar, end: ([Unicode.Scalar], Int) -> Int?
    ) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < title.count {
            if title[index] == open, let after = end(title, index) {
                while let last = kept.last, isWhitespace(last) { kept.removeLast() }
                index = after
            } else {
                kept.append(title[index])
                index += 1
            }
        }
        return kept
    }

    /// Step 3: the title up to its first `:`, when it is longer than `subtitleKeptLengthMax`
    /// characters once its whitespace is collapsed, and something but whitespace precedes the colon.
    static func strippingSubtitle(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let colon = title.firstIndex(of: ":") else { return title }
        guard string(collapsingWhitespace(title)).count > subtitleKeptLengthMax else { return title }
        guard title[..<colon].contains(where: { !isWhitespace($0) }) else { return title }
        return Array(title[..<colon])
    }

    /// Step 4: removes each period that follows a letter, unless a number follows it.
    static func removingAbbreviationPeriods(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        for (index, scalar) in title.enumerated() {
            let followsLetter = kept.last?.properties.isAlphabetic == true
            let precedesNumber = index + 1 < title.count && title[index + 1].properties.numericType != nil
            if scalar == ".", followsLetter, !precedesNumber { continue }
            kept.append(scalar)
        }
        return kept
    }

    /// Step 5: each run of whitespace becomes one space, and whitespace at either end goes.
    static func collapsingWhitespace(_ title: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var spaceDue = false
        for scalar in title {
            if isWhitespace(scalar) {
                spaceDue = !kept.isEmpty
                continue
            }
            if spaceDue { kept.append(" ") }
            spaceDue = false
            kept.append(scalar)
        }
        return kept
    }

    /// `text` with each run of whitespace made one space, and trimmed (step 5 alone).
    static func collapsingWhitespace(_ text: String) -> String {
        string(collapsingWhitespace(Array(text.unicodeScalars)))
    }

    // MARK: - Scalars

    /// `\s`: Unicode's White_Space property.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// `\d`: `0` to `9`.
    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The text of some scalars.
    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
