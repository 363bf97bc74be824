/// The app's title cleaning for metadata searches, written from the seed's five steps (seed 004,
/// "Title Normalization for Better Enrichment") without the specification's code.
public enum TitleCleaner {
    /// The title as the search uses it.
    public static func searchTitle(_ title: String) -> String {
        var scalars = Array(title.unicodeScalars)
        // A later step can expose a marker an earlier one missed, so the steps repeat until nothing changes.
        for _ in 0..<16 {
            var next = removeMarkers(scalars, open: "(", isMarker: isSeriesMarker)
            next = removeMarkers(next, open: "[", isMarker: { _ in true })
            next = stripSubtitle(next)
            next = removeAbbreviationPeriods(next)
            next = collapseWhitespace(next)
            if next == scalars { break }
            scalars = next
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Steps 1 and 2: `\s*\(…\)` and `\s*\[…\]` up to the first closing mark, when `isMarker` accepts
    /// what lies between; the whitespace before a marker goes with it.
    static func removeMarkers(_ scalars: [Unicode.Scalar], open: Unicode.Scalar, isMarker: ([Unicode.Scalar]) -> Bool) -> [Unicode.Scalar] {
        let close: Unicode.Scalar = open == "(" ? ")" : "]"
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == open, let end = scalars[(index + 1)...].firstIndex(of: close), isMarker(Array(scalars[(index + 1)..<end])) {
                while let last = kept.last, last.properties.isWhitespace { kept.removeLast() }
                index = end + 1
                continue
            }
            kept.append(scalars[index])
            index += 1
        }
        return kept
    }

    /// Whether the text inside parentheses ends with `,` spaces `#` and ASCII digits.
    static func isSeriesMarker(_ inside: [Unicode.Scalar]) -> Bool {
        var end = inside.count
        var digits = 0
        while end > 0, ("0"..."9").contains(inside[end - 1]) {
            end -= 1
            digits += 1
        }
        guard digits > 0, end > 0, inside[end - 1] == "#" else { return false }
        end -= 1
        while end > 0, inside[end - 1].properties.isWhitespace { end -= 1 }
        return end > 0 && inside[end - 1] == ","
    }

    /// Step 3: a title longer than 10 characters (spaces collapsed) loses what follows its first colon,
    /// unless nothing but spaces comes before it.
    static func stripSubtitle(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let colon = scalars.firstIndex(of: ":") else { return scalars }
        var collapsed = String.UnicodeScalarView()
        collapsed.append(contentsOf: collapseWhitespace(scalars))
        guard String(collapsed).count > 10 else { return scalars }
        guard scalars[..<colon].contains(where: { !$0.properties.isWhitespace }) else { return scalars }
        return Array(scalars[..<colon])
    }

    /// Step 4: a period after a letter goes, unless a digit follows it.
    static func removeAbbreviationPeriods(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        for (index, scalar) in scalars.enumerated() {
            if scalar == ".", let last = kept.last, last.properties.isAlphabetic {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if next?.properties.numericType == nil { continue }
            }
            kept.append(scalar)
        }
        return kept
    }

    /// Step 5: runs of whitespace become one space; the ends are trimmed.
    static func collapseWhitespace(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in scalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !kept.isEmpty
                continue
            }
            if pendingSpace {
                kept.append(" ")
                pendingSpace = false
            }
            kept.append(scalar)
        }
        return kept
    }
}
