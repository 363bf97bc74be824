/// Cleans imported titles for metadata searches, exactly as the seed's five steps; the original title
/// is what the library keeps and shows.
///
/// Seed 004_…, "Title Normalization for Better Enrichment":
/// 1. Remove series markers `\s*\([^)]*,\s*#\d+\)`: `(Harry Potter, #1)`.
/// 2. Remove edition markers `\s*\[[^\]]*\]`: `[Special Edition]`.
/// 3. Strip subtitles after `:` if the title is longer than 10 characters: `Title: Subtitle` → `Title`.
/// 4. Remove abbreviation periods: `Dept.` → `Dept`.
/// 5. Normalize whitespace: runs of whitespace become one space; trim.
///
/// The patterns are matched by hand over Unicode scalars (Swift's `Regex` costs tens of microseconds
/// a title; the import's budget is a few microseconds a row). Edge cases decided (Decision D-033):
/// - Step 1 follows the regular expression's leftmost, non-overlapping matching: the marker runs from
///   the leftmost `(` whose text up to the next `)` ends with `,` spaces `#` digits; markers with a
///   decimal or a range (`#0.5`, `#1-3`) do not match and stay (series detection reads them, issue 6);
///   the whitespace before a marker goes with it. Every marker in the title is removed.
/// - Step 2 removes every bracketed part, with the whitespace before it; an unclosed `[` stays.
/// - Step 3 measures the title as it stands after steps 1 and 2, with whitespace collapsed and trimmed,
///   in characters (grapheme clusters), and splits at the first `:`. If nothing but whitespace comes
///   before the colon, the title is kept whole.
/// - Step 4 removes a period that follows a letter, unless a digit follows it (decimals such as `2.0`
///   keep theirs): `Dept.` → `Dept`, `J.R.R.` → `JRR`, `Wait...` → `Wait`, `Vol. 2` → `Vol 2`.
/// - Step 5 treats every Unicode whitespace and newline as whitespace.
/// Each step's result is the input of the next. When a round's later step exposes a marker an earlier
/// step missed, the five steps run again until the title stops changing, so normalizing twice gives the
/// same title (`TitleNormalizationTests.normalizationIsIdempotent`).
public enum TitleNormalization {
    /// The longest title (in characters) whose subtitle is kept.
    public static let subtitleKeptLengthMax = 10

    /// The title as the enrichment search uses it.
    ///
    /// - Complexity: O(length) a round; one round when nothing changes, two for most titles that do.
    /// - Parameter walk: how the title's text is walked; the result is the same either way.
    public static func normalizedForSearch(_ title: String, walk: TextWalk = .automatic) -> String {
        TextUnits.walk(title, walk, normalized, normalized)
    }

    /// The most rounds of the five steps; every changing round shortens the title, so far fewer are needed.
    static let roundsMax = 16

    static func normalized<Unit: TextUnit>(_ units: [Unit]) -> String {
        // One round is the seed's five steps. A later step can expose a marker an earlier one missed
        // (`(A, [x]#1)`: removing `[x]` leaves `(A,#1)`), so rounds repeat until nothing changes. A round
        // that changes the title shortens it, so this ends; ordinary titles take one round.
        var current = units
        for _ in 0..<roundsMax {
            let next = round(current)
            if next == current { break }
            current = next
        }
        return Unit.string(current)
    }

    /// The seed's five steps, once; the result has its whitespace collapsed (step 5).
    static func round<Unit: TextUnit>(_ title: [Unit]) -> [Unit] {
        var units = removingSeriesMarkers(title)
        units = removingEditionMarkers(units)
        units = strippingSubtitle(units)
        units = removingAbbreviationPeriods(units)
        return collapsingWhitespace(units)
    }

    /// Step 1: `\s*\([^)]*,\s*#\d+\)`, leftmost, non-overlapping, all occurrences.
    static func removingSeriesMarkers<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        let open = Unit(ascii: UInt8(ascii: "("))
        guard units.contains(open) else { return units }
        var result: [Unit] = []
        result.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            if units[index] == open, let end = seriesMarkerEnd(units, openingAt: index) {
                while let last = result.last, last.isSpace { result.removeLast() }
                index = end
                continue
            }
            result.append(units[index])
            index += 1
        }
        return result
    }

    /// The index after the `)` of a series marker opening at `start`, or `nil`.
    ///
    /// `[^)]*` runs to the first `)`; the marker matches if the text before that `)` ends with
    /// `,` `\s*` `#` `\d+` (the regex backtracks to exactly that split). `\d` is an ASCII digit here.
    static func seriesMarkerEnd<Unit: TextUnit>(_ units: [Unit], openingAt start: Int) -> Int? {
        guard let close = units[(start + 1)...].firstIndex(of: Unit(ascii: UInt8(ascii: ")"))) else { return nil }
        var cursor = close - 1
        var digits = 0
        while cursor > start, units[cursor].isASCIIDigit {
            digits += 1
            cursor -= 1
        }
        guard digits > 0, cursor > start, units[cursor] == Unit(ascii: UInt8(ascii: "#")) else { return nil }
        cursor -= 1
        while cursor > start, units[cursor].isSpace { cursor -= 1 }
        guard cursor > start, units[cursor] == Unit(ascii: UInt8(ascii: ",")) else { return nil }
        return close + 1
    }

    /// Step 2: `\s*\[[^\]]*\]`, all occurrences.
    static func removingEditionMarkers<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        let open = Unit(ascii: UInt8(ascii: "["))
        guard units.contains(open) else { return units }
        let close = Unit(ascii: UInt8(ascii: "]"))
        var result: [Unit] = []
        result.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            if units[index] == open, let closing = units[(index + 1)...].firstIndex(of: close) {
                while let last = result.last, last.isSpace { result.removeLast() }
                index = closing + 1
                continue
            }
            result.append(units[index])
            index += 1
        }
        return result
    }

    /// Step 3: strip from the first `:` when the title is longer than `subtitleKeptLengthMax`.
    static func strippingSubtitle<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        guard let colon = units.firstIndex(of: Unit(ascii: UInt8(ascii: ":"))) else { return units }
        guard Unit.characterCount(collapsingWhitespace(units)) > subtitleKeptLengthMax else { return units }
        let head = units[..<colon]
        guard head.contains(where: { !$0.isSpace }) else { return units }
        return Array(head)
    }

    /// Step 4: a period after a letter goes, unless a digit follows it.
    static func removingAbbreviationPeriods<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        let period = Unit(ascii: UInt8(ascii: "."))
        guard units.contains(period) else { return units }
        var result: [Unit] = []
        result.reserveCapacity(units.count)
        for (index, unit) in units.enumerated() {
            if unit == period, let previous = result.last, previous.isAlphabetic {
                if index + 1 < units.count, units[index + 1].isNumeric { result.append(unit) }
                continue
            }
            result.append(unit)
        }
        return result
    }

    /// Step 5: runs of whitespace become one space; leading and trailing whitespace goes.
    static func collapsingWhitespace<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        collapsing(units) { $0.isSpace }
    }

    /// `units` with every run of separators made one space, and none at either end.
    @inline(__always)
    static func collapsing<Unit: TextUnit>(_ units: [Unit], separators isSeparator: (Unit) -> Bool) -> [Unit] {
        var result: [Unit] = []
        result.reserveCapacity(units.count)
        var pendingSpace = false
        for unit in units {
            if isSeparator(unit) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(Unit(ascii: 0x20))
                pendingSpace = false
            }
            result.append(unit)
        }
        return result
    }

    /// `text` with runs of whitespace made one space, and trimmed.
    static func collapsingWhitespace(_ text: String, walk: TextWalk = .automatic) -> String {
        TextUnits.walk(text, walk, { UInt8.string(collapsingWhitespace($0)) }, { Unicode.Scalar.string(collapsingWhitespace($0)) })
    }
}
