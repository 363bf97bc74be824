import TextFormats

/// The seed's substring test the progress protocol's status messages use, as a pure function of the
/// string's bytes. Bounding a string's size is `TextExcerpt.prefix`.
enum ProgressText {
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
