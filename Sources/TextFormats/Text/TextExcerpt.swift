/// Bounded excerpts of untrusted text, for error messages and logs.
///
/// Every error message that quotes its input quotes at most a bounded number of UTF-8 bytes of it
/// (issue 22), so a hostile input cannot swell a message. The bound is in bytes, not `Character`s:
/// one `Character` may hold any number of combining marks, so sixty of them can be a megabyte.
public enum TextExcerpt {
    /// The longest prefix of `text` that ends on a Unicode scalar boundary and has at most
    /// `utf8BytesMax` UTF-8 bytes; `text` itself when it fits.
    ///
    /// The cut is at a scalar boundary, not a grapheme-cluster (`Character`) boundary: grapheme rules
    /// change with the Unicode version of the standard library, so a `Character` cut could differ
    /// between toolchains, while a scalar cut depends on the bytes alone and still leaves valid
    /// UTF-8. The price is that a cut may separate a letter from a following combining mark, or split
    /// an emoji sequence, at the very end of an over-long text (D-084).
    ///
    /// - Precondition: `utf8BytesMax` is not negative.
    /// - Complexity: O(*n*) in `utf8BytesMax` once the text is over the bound.
    public static func prefix(_ text: String, utf8BytesMax: Int) -> String {
        precondition(utf8BytesMax >= 0, "a byte bound must not be negative, got \(utf8BytesMax)")
        // The text itself, not a copy: the encoder calls this for every title it writes.
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

    /// `text` cut to `utf8BytesMax` bytes as by `prefix(_:utf8BytesMax:)`, with "…" after a cut.
    ///
    /// - Precondition: `utf8BytesMax` is not negative.
    public static func shown(_ text: String, utf8BytesMax: Int) -> String {
        let kept = prefix(text, utf8BytesMax: utf8BytesMax)
        return kept.utf8.count == text.utf8.count ? kept : kept + "…"
    }
}
