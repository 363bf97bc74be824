import InternalChecks
import TextFormats

/// The import's author names: `AuthorNames` on the bytes of ASCII text and on Unicode scalars
/// otherwise, in place (Decisions D-069, D-109, D-111). `PlainAgainstEngineTests` holds it to
/// `AuthorNames`, walking bytes and walking scalars.
package enum AuthorNamesEngine {
    /// `AuthorNames.cleaned(name)`.
    /// - Parameter walk: how the name's text is walked; the result is the same either way.
    package static func cleaned(_ name: String, walk: TextWalk = .automatic) -> String {
        TitleNormalizationEngine.collapsingWhitespace(name, walk: walk)
    }

    /// `AuthorNames.firstLast(fromLastFirst: name)`, cleaning by the engine.
    package static func firstLast(fromLastFirst name: String) -> String {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false).map { cleaned(String($0)) }
        guard parts.count >= 2, !parts[0].isEmpty else { return cleaned(name) }
        var given = Array(parts[1...]).filter { !$0.isEmpty }
        var suffix: [String] = []
        if let last = given.last, given.count > 1, AuthorNames.generationalSuffixes.contains(last.lowercased()) {
            suffix = [last]
            given.removeLast()
        }
        return ([given.joined(separator: " "), parts[0]] + suffix).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `AuthorNames.split(list)`.
    package static func split(_ list: String) -> [String] {
        // A comma byte is a comma character when neither scalar beside it joins it: an ASCII one never
        // does (only CR LF joins two ASCII bytes in one character), nor one `TextUnits.isStandaloneNonSpace`
        // accepts. Then the bytes split where the characters would, without walking graphemes;
        // otherwise the characters decide.
        var list = list
        let commasAreCharacters = list.withUTF8 { bytes in
            for index in bytes.indices where bytes[index] == UInt8(ascii: ",") {
                if index > 0, bytes[index - 1] >= 0x80,
                    !TextUnits.isStandaloneNonSpace(TextUnits.scalar(endingAt: index - 1, in: bytes).value)
                {
                    return false
                }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80,
                    !TextUnits.isStandaloneNonSpace(TextUnits.scalar(at: index + 1, in: bytes).value)
                {
                    return false
                }
            }
            return true
        }
        if commasAreCharacters {
            return list.utf8.split(separator: UInt8(ascii: ",")).compactMap { part in
                let name = cleaned(String(Substring(part)))
                return name.isEmpty ? nil : name
            }
        }
        return list.split(separator: ",").map { cleaned(String($0)) }.filter { !$0.isEmpty }
    }

    /// `AuthorNames.key(name)`.
    /// - Parameter walk: how the name's text is walked; the result is the same either way.
    package static func key(_ name: String, walk: TextWalk = .automatic) -> String {
        TextUnits.rewrite(
            name, walk,
            bytes: keyRule,
            scalars: { scalars in
                scalars = TextUnits.lowercased(scalars, of: name)
                makeKey(&scalars)
            }
        )
    }

    /// `key` on the bytes of ASCII text, in place; returns whether they changed.
    static func keyRule(_ bytes: inout [UInt8]) -> Bool {
        let lowered = TextUnits.lowercaseASCII(&bytes)
        return makeKey(&bytes) || lowered
    }

    /// Makes lowercased units a key in place; returns whether they changed.
    @discardableResult
    static func makeKey<Unit: TextUnit>(_ units: inout [Unit]) -> Bool {
        TitleNormalizationEngine.collapse(&units) { isKeySeparator($0) }
    }

    /// Makes the lowercased front of a buffer a key in place; returns the number of units kept.
    static func makeKey<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> Int {
        TitleNormalizationEngine.collapse(units) { isKeySeparator($0) }.kept
    }

    /// Whether the key turns the unit into a space.
    @inline(__always)
    static func isKeySeparator<Unit: TextUnit>(_ unit: Unit) -> Bool {
        unit.isSpace || unit == Unit(ascii: UInt8(ascii: ".")) || unit == Unit(ascii: UInt8(ascii: ","))
            || unit == Unit(ascii: UInt8(ascii: "-")) || unit == Unit(ascii: UInt8(ascii: "'")) || unit.isRightSingleQuotationMark
    }
}

/// The import's author similarity: `AuthorSimilarity`'s score, computed only as far as the threshold
/// needs (Decisions D-070, D-113, D-114). `PlainAgainstEngineTests` holds it to `AuthorSimilarity`.
package enum AuthorSimilarityEngine {
    /// `AuthorSimilarity.duplicateThreshold`.
    static let duplicateThreshold = AuthorSimilarity.duplicateThreshold

    /// `AuthorSimilarity.score(keys: first, second)`.
    package static func score(keys first: String, _ second: String) -> Double {
        if first == second { return 1 }
        return score(AuthorKeyForms(key: first), AuthorKeyForms(key: second), above: -1) ?? 0
    }

    /// The score of two keys' forms if it is above `threshold`, else `nil`; cheaper than the exact score
    /// when the keys are far apart, as most are.
    ///
    /// Two keys whose lengths differ by more than the edit distance allowed cannot score above the
    /// threshold, and the edit distance stops as soon as every cell of a row exceeds the allowance.
    package static func score(_ first: AuthorKeyForms, _ second: AuthorKeyForms, above threshold: Double) -> Double? {
        if first.direct == second.direct { return 1 }
        let direct = similarity(first.direct, second.direct, above: threshold)
        let sorted = first.sortedWords == first.direct && second.sortedWords == second.direct
            ? direct : similarity(first.sortedWords, second.sortedWords, above: threshold)
        switch (direct, sorted) {
        case let (direct?, sorted?): return Swift.max(direct, sorted)
        case let (direct?, nil): return direct
        case let (nil, sorted?): return sorted
        case (nil, nil): return nil
        }
    }

    /// `1 − distance / max(length)` if it is above `threshold`, else `nil`; 1 for two empty sequences.
    static func similarity(_ a: [UInt32], _ b: [UInt32], above threshold: Double) -> Double? {
        let longest = Swift.max(a.count, b.count)
        guard longest > 0 else { return 1 > threshold ? 1 : nil }
        guard let allowed = allowedDistance(longest: longest, above: threshold) else { return nil }
        guard let distance = levenshteinDistance(a, b, atMost: allowed) else { return nil }
        return 1 - Double(distance) / Double(longest)
    }

    /// The largest edit distance between sequences at most `longest` long (at least 1) whose similarity
    /// is still above `threshold`, computed exactly as the similarity itself is, so the bound never
    /// disagrees with it; `nil` when not even equal sequences are.
    package static func allowedDistance(longest: Int, above threshold: Double) -> Int? {
        if threshold == duplicateThreshold, longest < duplicateAllowedDistances.count { return duplicateAllowedDistances[longest] }
        return computedAllowedDistance(longest: longest, above: threshold)
    }

    /// `allowedDistance` at the duplicate threshold for lengths below 128, worked out once (index 0,
    /// which no caller passes, holds length 1's).
    static let duplicateAllowedDistances: [Int?] = (0..<128).map { computedAllowedDistance(longest: Swift.max($0, 1), above: duplicateThreshold) }

    package static func computedAllowedDistance(longest: Int, above threshold: Double) -> Int? {
        var allowed = Swift.min(longest, Swift.max(0, Int(Double(longest) * (1 - threshold)) - 1))
        while allowed > 0, !(1 - Double(allowed) / Double(longest) > threshold) { allowed -= 1 }
        while allowed < longest, 1 - Double(allowed + 1) / Double(longest) > threshold { allowed += 1 }
        return 1 - Double(allowed) / Double(longest) > threshold ? allowed : nil
    }

    /// Edit distance (insertions, deletions, substitutions) if it is at most `limit`, else `nil`; two
    /// rows of O(min) memory, stopping at the first row whose every cell exceeds `limit`.
    static func levenshteinDistance(_ a: [UInt32], _ b: [UInt32], atMost limit: Int) -> Int? {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        if long.count - short.count > limit { return nil }
        if short.isEmpty { return long.count }
        let width = short.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * width) { rows in
            // A temporary allocation of at least two elements always has a base address.
            let base = rows.baseAddress!
            var previous = base
            var current = base + width
            // Each row pointer is the start of one of the two rows, never both the same; every index
            // used with them is below `width`.
            internalCheck(rows.count >= 2 * width, "AuthorSimilarityEngine.levenshteinDistance: \(rows.count) cells for two rows of \(width)")
            for j in 0...short.count { previous[j] = j }
            for (i, x) in long.enumerated() {
                internalCheck(
                    (previous == base && current == base + width) || (previous == base + width && current == base),
                    "AuthorSimilarityEngine.levenshteinDistance: the rows at \(previous - base) and \(current - base), not 0 and \(width)")
                current[0] = i + 1
                var rowMinimum = current[0]
                for (j, y) in short.enumerated() {
                    internalCheck(j + 1 < width, "AuthorSimilarityEngine.levenshteinDistance: cell \(j + 1) of a row of \(width)")
                    let cell = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
                    current[j + 1] = cell
                    rowMinimum = Swift.min(rowMinimum, cell)
                }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            let distance = previous[short.count]
            return distance <= limit ? distance : nil
        }
    }
}

/// The two forms of an author key the similarity compares: the scalars of its canonical composition
/// (NFC), and those of its words sorted.
package struct AuthorKeyForms: Hashable, Sendable {
    let direct: [UInt32]
    let sortedWords: [UInt32]

    package init(key: String) {
        self.init(canonicalKey: AuthorSimilarity.canonicalComposition(key))
    }

    /// The forms of a key already in NFC (as the key interner holds keys).
    init(canonicalKey key: String) {
        direct = key.unicodeScalars.map(\.value)
        sortedWords = AuthorSimilarity.sortedWords(key).unicodeScalars.map(\.value)
    }
}

/// What a cheap lower bound on two author keys' edit distance needs: the key's length in scalars and
/// the set of its scalars folded into 64 bits, 16 bytes kept with each author group of the duplicate
/// index, so tier 3 passes most groups under a common title without reading their keys.
///
/// An edit removes at most one scalar and adds at most one, so it changes the length by at most one
/// and the folded set by at most two bits: two keys are at least `max(|Δlength|, ⌈bits differing / 2⌉)`
/// edits apart. The sorted-words form of a key has the same scalars (its words, joined by the same
/// number of single spaces), so the bound holds for both of the similarity's forms, provided the key
/// has no space at an edge or two in a row, as no `AuthorNames.key` has; a key that does is given no
/// bound (`length` is `UInt32.max`) and is always compared in full.
package struct AuthorKeySketch: Hashable, Sendable {
    let length: UInt32
    let scalars: UInt64

    package init(key: String) {
        var key = key
        self = key.withUTF8 { AuthorKeySketch(utf8: $0) }
    }

    /// The sketch of a key's UTF-8 bytes (valid UTF-8).
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var length: UInt32 = 0
        var scalars: UInt64 = 0
        var previousIsSpace = true
        var index = 0
        var bounded = true
        while index < bytes.count {
            let value = bytes[index] < 0x80 ? UInt32(bytes[index]) : TextUnits.scalar(at: index, in: bytes).value
            index += UTF8Encoding.length(of: value)
            let isSpace = value == 0x20
            if isSpace && previousIsSpace { bounded = false }
            previousIsSpace = isSpace
            length += 1
            scalars |= 1 << UInt64(value & 63)
        }
        if previousIsSpace && length > 0 { bounded = false }
        self.length = bounded ? length : .max
        self.scalars = scalars
    }

    /// Whether two keys are certainly too far apart for either form's similarity to be above
    /// `threshold`; `false` when they may not be.
    package func excludes(_ other: AuthorKeySketch, above threshold: Double) -> Bool {
        guard length != .max, other.length != .max else { return false }
        let longest = Int(Swift.max(length, other.length))
        guard longest > 0 else { return false }
        guard let allowed = AuthorSimilarityEngine.allowedDistance(longest: longest, above: threshold) else { return true }
        let lengths = Int(Swift.max(length, other.length) - Swift.min(length, other.length))
        let letters = ((scalars ^ other.scalars).nonzeroBitCount + 1) / 2
        return Swift.max(lengths, letters) > allowed
    }
}
