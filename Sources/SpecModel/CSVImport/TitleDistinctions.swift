/// What the normalized title leaves out that still tells two books apart: the subtitle step 3
/// strips, and the position of the title's series marker.
///
/// Seed 004_…, "Duplicate Detection Algorithm", tier 3, with Decision D-121.
///
/// Normalization makes "Dune: Messiah" and "Dune: Children" both "Dune", and "Naruto (Naruto, #1)"
/// and "Naruto (Naruto, #2)" both "Naruto", which is right for the enrichment search and wrong for
/// duplicate detection: tier 3 takes two books whose subtitles, or whose series positions, are both
/// present and differ for different books. A part present on one side only tells nothing: "Dune:
/// Deluxe Edition" may be "Dune".
public struct TitleDistinctions: Hashable, Sendable {
    /// The subtitle step 3 strips, itself normalized by the five steps and lowercased (so case,
    /// spacing and abbreviation periods do not tell two subtitles apart); `nil` when step 3 strips
    /// nothing (no colon, a title of at most `TitleNormalization.subtitleKeptLengthMax` characters, or
    /// nothing before the colon) or the subtitle normalizes to nothing.
    public let subtitle: String?
    /// The number of the title's first series marker (the digits of `#12`, leading zeros dropped, so
    /// `#01` is `1`); `nil` when step 1 finds no marker.
    public let seriesPosition: String?

    /// A value with the given parts.
    public init(subtitle: String?, seriesPosition: String?) {
        self.subtitle = subtitle
        self.seriesPosition = seriesPosition
    }

    public static let none = TitleDistinctions(subtitle: nil, seriesPosition: nil)

    /// Whether the parts allow two books to be one: neither part is present on both sides with
    /// different values.
    public func allowsSameBook(as other: TitleDistinctions) -> Bool {
        if let mine = subtitle, let theirs = other.subtitle, mine != theirs { return false }
        if let mine = seriesPosition, let theirs = other.seriesPosition, mine != theirs { return false }
        return true
    }
}

extension TitleNormalization {
    /// The subtitle and series position of a title, as tier 3 compares them (`TitleDistinctions`).
    ///
    /// Seed 004_…, "Title Normalization for Better Enrichment", steps 1 to 3, and Decision D-121. The
    /// series position is the number of the leftmost marker step 1 removes; the subtitle is what step 3
    /// strips from what steps 1 and 2 leave, normalized by the five steps and lowercased.
    public static func distinctions(of title: String) -> TitleDistinctions {
        let scalars = Array(title.unicodeScalars)
        let unmarked = removingEditionMarkers(removingSeriesMarkers(scalars))
        let main = strippingSubtitle(unmarked)
        var subtitle: String?
        if main.count < unmarked.count {
            // Step 3 keeps what precedes the colon; the subtitle follows it.
            let normalized = normalizedForSearch(string(unmarked[(main.count + 1)...])).lowercased()
            subtitle = normalized.isEmpty ? nil : normalized
        }
        return TitleDistinctions(subtitle: subtitle, seriesPosition: firstSeriesPosition(scalars))
    }

    /// The digits of the leftmost series marker step 1 matches, without leading zeros (`#007` is `7`,
    /// `#0` is `0`), or `nil`.
    static func firstSeriesPosition(_ title: [Unicode.Scalar]) -> String? {
        for start in title.indices where title[start] == "(" {
            guard let end = seriesMarkerEnd(title, openingAt: start) else { continue }
            // The marker ends `#`, digits, `)`.
            let digits = title[..<(end - 1)].reversed().prefix(while: isASCIIDigit).reversed()
            let significant = digits.drop(while: { $0 == "0" })
            return significant.isEmpty ? "0" : string(significant)
        }
        return nil
    }
}
