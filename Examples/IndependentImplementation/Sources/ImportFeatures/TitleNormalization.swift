import Foundation

// String+TitleNormalization (seed 004, "Title Normalization for Better Enrichment").
//
// The original title stays in `work.title`; the normalized one is only used for API searches and for
// tier-3 duplicate detection.

extension String {
    /// The title as the enrichment search uses it: series markers, edition markers, a subtitle (when the
    /// title is longer than 10 characters) and abbreviation periods removed, whitespace normalized.
    public var normalizedTitleForSearch: String {
        TitleNormalizer.normalize(self)
    }
}

/// The five-step title cleaning algorithm, and the pieces of a title that duplicate detection needs.
public enum TitleNormalizer {
    /// Step 1: `(Harry Potter, #1)`. The seed's pattern is `\s*\([^)]*,\s*#\d+\)`; Goodreads also writes
    /// novellas as `#0.5` and omnibuses as `#1-3`, so a decimal part and a range are accepted too.
    static let seriesMarker = try! NSRegularExpression(
        pattern: #"\s*\([^)]*,\s*#([0-9]+(?:\.[0-9]+)?(?:\s*-\s*[0-9]+(?:\.[0-9]+)?)?)\)"#
    )
    /// Step 2: `[Special Edition]`.
    static let editionMarker = try! NSRegularExpression(pattern: #"\s*\[[^\]]*\]"#)

    /// Step 3 applies when the title (after steps 1 and 2) is longer than this many characters.
    static let subtitleMinimumTitleLength = 10

    /// Runs the five steps in order. A title that the steps would empty entirely (e.g. `[Boxed Set]`)
    /// falls back to its whitespace-normalized original, so that a search never goes out empty.
    public static func normalize(_ title: String) -> String {
        var text = removeMarkers(title)                 // steps 1 and 2
        text = stripSubtitle(text)                      // step 3
        text = removeAbbreviationPeriods(text)          // step 4
        text = collapseWhitespace(text)                 // step 5
        if text.isEmpty { return collapseWhitespace(title) }
        return text
    }

    /// Steps 1 and 2: every series marker, then every edition marker.
    static func removeMarkers(_ title: String) -> String {
        let afterSeries = replaceAll(seriesMarker, in: title, with: "")
        return replaceAll(editionMarker, in: afterSeries, with: "")
    }

    /// Step 3: `Title: Subtitle` → `Title` when the title is longer than 10 characters. The first colon
    /// splits; a colon with nothing before it is not a subtitle separator.
    static func stripSubtitle(_ title: String) -> String {
        let trimmed = trimWhitespace(title)
        guard trimmed.count > subtitleMinimumTitleLength, let colon = trimmed.firstIndex(of: ":") else { return title }
        let head = trimWhitespace(String(trimmed[..<colon]))
        return head.isEmpty ? title : head
    }

    /// Step 4: `Dept.` → `Dept`, `Mr. Mercedes` → `Mr Mercedes`, `U.S.A.` → `USA`. A period is an
    /// abbreviation period when it follows a letter and either ends a word (whitespace, punctuation other
    /// than another period, or the end follows) or closes a one-letter initial followed by a letter.
    /// Periods after digits (`1.5`, `2.0`) and ellipses (`Wait...`) are kept.
    static func removeAbbreviationPeriods(_ title: String) -> String {
        let chars = Array(title)
        var out = String()
        out.reserveCapacity(title.utf8.count)
        for i in chars.indices {
            let c = chars[i]
            guard c == "." else { out.append(c); continue }
            let previous: Character? = i > 0 ? chars[i - 1] : nil
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            guard let previous, previous.isLetter else { out.append(c); continue }
            if let next {
                if next == "." { out.append(c); continue }            // ellipsis
                if next.isLetter || next.isNumber {
                    // Inside a word ("Node.js") unless it closes a one-letter initial ("U.S.A").
                    let beforePrevious: Character? = i > 1 ? chars[i - 2] : nil
                    let isInitial = beforePrevious.map { !($0.isLetter || $0.isNumber) } ?? true
                    if isInitial && next.isLetter { continue }
                    out.append(c)
                    continue
                }
            }
            // Ends a word: drop it.
        }
        return out
    }

    /// Step 5: every run of whitespace becomes one space; leading and trailing whitespace goes.
    public static func collapseWhitespace(_ text: String) -> String {
        var out = String()
        var pendingSpace = false
        for c in text {
            if c.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(c)
            }
        }
        return out
    }

    static func trimWhitespace(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    static func replaceAll(_ regex: NSRegularExpression, in text: String, with template: String) -> String {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.stringByReplacingMatches(in: text, options: [], range: range, withTemplate: template)
    }

    // MARK: - Pieces used by duplicate detection

    /// The series positions written in the title's series markers (`(Harry Potter, #1)` → `["1"]`), in
    /// order, normalized (`#01` → `1`, `#1 - 3` → `1-3`).
    public static func seriesPositions(in title: String) -> [String] {
        let range = NSRange(title.startIndex..<title.endIndex, in: title)
        return seriesMarker.matches(in: title, options: [], range: range).compactMap { match in
            guard let r = Range(match.range(at: 1), in: title) else { return nil }
            return title[r].split(separator: "-").map { part -> String in
                let p = trimWhitespace(String(part))
                if let value = Decimal(string: p, locale: Locale(identifier: "en_US_POSIX")) { return "\(value)" }
                return p
            }.joined(separator: "-")
        }
    }

    /// The subtitle: the text after the first colon of the title once its series and edition markers are
    /// gone, whitespace-normalized; `nil` when there is none.
    public static func subtitle(of title: String) -> String? {
        let text = removeMarkers(title)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let head = trimWhitespace(String(text[..<colon]))
        let tail = collapseWhitespace(String(text[text.index(after: colon)...]))
        if head.isEmpty || tail.isEmpty { return nil }
        return tail
    }
}
