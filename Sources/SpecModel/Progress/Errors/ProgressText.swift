/// Text routines the progress protocol's errors and status messages share: bounding a string's size
/// and the seed's substring test, both as pure functions of the string's bytes.
enum ProgressText {
    /// The longest prefix of `text` that ends on a Unicode scalar boundary and has at most
    /// `utf8BytesMax` UTF-8 bytes; `text` itself when it fits.
    ///
    /// The cut is at a scalar boundary, not a grapheme-cluster (`Character`) boundary: grapheme rules
    /// change with the Unicode version of the standard library, so a `Character` cut could differ
    /// between toolchains, while a scalar cut depends on the bytes alone and still leaves valid
    /// UTF-8. The price is that a cut may separate a letter from a following combining mark, or split
    /// an emoji sequence, at the very end of an over-long text (D-084).
    ///
    /// - Complexity: O(*n*) in `utf8BytesMax` once the text is over the bound.
    static func prefix(_ text: String, utf8BytesMax: Int) -> String {
        precondition(utf8BytesMax >= 0, "a byte bound must not be negative, got \(utf8BytesMax)")
        if text.utf8.count <= utf8BytesMax { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if bytes + width > utf8BytesMax { break }
            bytes += width
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Whether `text` contains `needle`, comparing ASCII letters without regard to case and every
    /// other byte exactly.
    ///
    /// - Precondition: `needle` is ASCII.
    /// - Complexity: O(*n* × *m*) in the lengths; the needles are short words.
    static func containsIgnoringASCIICase(_ text: String, _ needle: String) -> Bool {
        precondition(needle.utf8.allSatisfy { $0 < 0x80 }, "the needle \"\(needle)\" must be ASCII")
        let pattern = needle.utf8.map(TextUnits.asciiLowercased)
        if pattern.isEmpty { return true }
        let bytes = Array(text.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) {
            var matches = true
            for offset in 0..<pattern.count where TextUnits.asciiLowercased(bytes[start + offset]) != pattern[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }
}
