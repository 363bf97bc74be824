extension TitleNormalizationEngine {
    /// The subtitle and series position of a title, as tier 3 compares them (`TitleDistinctions`).
    ///
    /// Steps 1 and 2 run on the title as the first round of `normalizedForSearch` runs them; the
    /// series position is read from the leftmost marker step 1 removes, and the subtitle is what step 3
    /// would strip from what steps 1 and 2 leave. A title that `normalizedForSearch` leaves unchanged
    /// has neither part.
    ///
    /// - Complexity: O(length); a title without `(` or `:` is only scanned for them.
    package static func distinctions(of title: String) -> TitleDistinctions {
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
