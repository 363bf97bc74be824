/// What the normalized title leaves out that still tells two books apart: the subtitle step 3
/// strips, and the position of the title's series marker (Decision D-121).
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

    /// No subtitle and no series position.
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
    /// Steps 1 and 2 run on the title as the first round of `normalizedForSearch` runs them; the
    /// series position is read from the leftmost marker step 1 removes, and the subtitle is what step 3
    /// would strip from what steps 1 and 2 leave. A title that `normalizedForSearch` leaves unchanged
    /// has neither part.
    ///
    /// - Complexity: O(length); a title without `(` or `:` is only scanned for them.
    public static func distinctions(of title: String) -> TitleDistinctions {
        var title = title
        let raw: (subtitle: String?, position: String?)? = title.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ":") }) else { return (nil, nil) }
            // Bytes walk text whose whitespace is ASCII, as normalization does (`TextUnits.rewriteUTF8`).
            guard !TextUnits.hasNonASCIIWhitespace(bytes) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { units in
                _ = units.initialize(fromContentsOf: bytes)
                return distinctions(units)
            }
        }
        let parts: (subtitle: String?, position: String?)
        if let raw {
            parts = raw
        } else {
            var scalars = TextUnits.scalars(of: title)
            parts = scalars.withUnsafeMutableBufferPointer { distinctions($0) }
        }
        let subtitle = parts.subtitle.map { TextUnits.lowercased(normalizedForSearch($0)) }
        return TitleDistinctions(subtitle: subtitle?.isEmpty == false ? subtitle : nil, seriesPosition: parts.position)
    }

    /// The raw subtitle (as steps 1 and 2 leave it, not yet normalized) and the series position of
    /// the title in `units`, which it rewrites.
    static func distinctions<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> (subtitle: String?, position: String?) {
        let position = firstSeriesPosition(units)
        var count = removeSeriesMarkers(units)
        count = removeEditionMarkers(UnsafeMutableBufferPointer(rebasing: units[..<count]))
        let kept = stripSubtitle(UnsafeMutableBufferPointer(rebasing: units[..<count]))
        guard kept < count else { return (nil, position) }
        // `stripSubtitle` keeps the units before the colon: the subtitle follows it.
        return (Unit.string(units[(kept + 1)..<count]), position)
    }

    /// The digits of the leftmost series marker step 1 matches, leading zeros dropped, or `nil`.
    static func firstSeriesPosition<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> String? {
        let open = Unit(ascii: UInt8(ascii: "("))
        for start in units.indices where units[start] == open {
            guard let end = seriesMarkerEnd(units, openingAt: start) else { continue }
            // The marker ends `#` digits `)`: the digits run back from before the `)`.
            let close = end - 1
            var first = close
            while units[first - 1].isASCIIDigit { first -= 1 }
            while first < close - 1, units[first] == Unit(ascii: UInt8(ascii: "0")) { first += 1 }
            return Unit.string(units[first..<close])
        }
        return nil
    }
}
