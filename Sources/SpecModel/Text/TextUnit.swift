import InternalChecks
import TextFormats

/// A unit of text that the import's string routines walk: a byte of UTF-8 text, or a Unicode scalar.
///
/// Titles and names are ASCII in most exports, and walking their bytes skips both the decoding of
/// scalars and the Unicode property tables (a property lookup costs more than the rest of a title's
/// normalization). The routines are written once, generic over the unit, and give the same result
/// either way: an ASCII byte and its scalar answer every question alike
/// (`TextUnitTests.asciiBytesAndScalarsAgree`).
///
/// Bytes walk all-ASCII text, and, for the routines that only look at ASCII punctuation, whitespace
/// and the letters or digits next to a period (title normalization and whitespace collapsing), any
/// text whose whitespace is all ASCII: every byte of a multi-byte scalar is 0x80 or more, so it is
/// never taken for ASCII punctuation or whitespace, and a step that removes ASCII units keeps the text
/// valid UTF-8 (Decision D-111; `TextUnitTests.utf8BytesAndScalarsAgree`).
protocol TextUnit: Hashable {
    init(ascii byte: UInt8)
    /// Unicode's White_Space property (ASCII: tab, line feed, vertical tab, form feed, return, space).
    /// A byte of 0x80 or more is never whitespace: bytes walk only text whose whitespace is ASCII.
    var isSpace: Bool { get }
    /// `0` to `9`.
    var isASCIIDigit: Bool { get }
    /// `’`, the typographic apostrophe (never an ASCII byte).
    var isRightSingleQuotationMark: Bool { get }
    /// Unicode's Alphabetic property of the scalar whose last unit is `units[index]`.
    static func isAlphabetic(endingAt index: Int, in units: UnsafeBufferPointer<Self>) -> Bool
    /// Whether the scalar whose first unit is `units[index]` has a numeric value (any numeric type).
    static func isNumeric(startingAt index: Int, in units: UnsafeBufferPointer<Self>) -> Bool
    /// The text the units spell.
    static func string(_ units: some Collection<Self>) -> String
    /// Whether the units make more than `limit` characters once their whitespace is collapsed and trimmed.
    static func collapsedCharacterCount(_ units: UnsafeBufferPointer<Self>, exceeds limit: Int) -> Bool
}

/// How the text routines walk a string. The result never depends on it; the choice exists so tests
/// can prove that (`TextUnitTests`).
package enum TextWalk: Hashable, Sendable {
    /// Bytes when the text is all ASCII, Unicode scalars otherwise: the fast choice.
    case automatic
    /// Unicode scalars always.
    case unicodeScalars
}

/// Entry points that choose the unit for a string.
package enum TextUnits {
    /// Whether every byte of `text` is ASCII.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isASCII)
    }

    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes at a time: any byte with its high bit set is not ASCII.
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Eight ASCII bytes (each below 0x80) lowercased at once, as `asciiLowercased` does each: a byte
    /// plus 0x3F reaches 0x80 from `A` on, plus 0x25 from the byte after `Z` on, and neither carries
    /// out of its byte; the letters between get 0x20 set.
    @inline(__always)
    package static func asciiLowercased(word: UInt64) -> UInt64 {
        let fromA = word &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = word &+ 0x2525_2525_2525_2525
        return word | ((fromA & ~pastZ & 0x8080_8080_8080_8080) &>> 2)
    }

    /// An ASCII byte lowercased (`A`–`Z` to `a`–`z`), as `String.lowercased()` does it.
    @inline(__always)
    package static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// `text.lowercased()`, without its Unicode machinery for all-ASCII text, and without a copy when
    /// nothing changes.
    static func lowercased(_ text: String) -> String {
        guard isASCII(text) else { return Unicode.Scalar.string(lowercased(scalars(of: text), of: text)) }
        guard text.utf8.contains(where: { $0 &- 0x41 < 26 }) else { return text }
        return String(decoding: text.utf8.map(asciiLowercased), as: UTF8.self)
    }

    /// The scalars of `text.lowercased()`, given `text`'s scalars: from `ScalarTable` when it knows every
    /// scalar's lowercase, else from the standard library.
    static func lowercased(_ scalars: [Unicode.Scalar], of text: String) -> [Unicode.Scalar] {
        ScalarTable.lowercased(scalars) ?? self.scalars(of: text.lowercased())
    }

    /// The Unicode scalars of `text`, decoded from its bytes in one pass. (`Array(text.unicodeScalars)`
    /// walks the text twice, once to count.)
    static func scalars(of text: String) -> [Unicode.Scalar] {
        var text = text
        return text.withUTF8 { bytes in
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)
            appendScalars(of: bytes, to: &scalars)
            return scalars
        }
    }

    /// Appends the Unicode scalars of valid UTF-8 `bytes` to `scalars`.
    static func appendScalars(of bytes: UnsafeBufferPointer<UInt8>, to scalars: inout [Unicode.Scalar]) {
        // A String's bytes are valid UTF-8, so every sequence is whole and decodes to a scalar.
        var index = 0
        while index < bytes.count {
            let scalar = scalar(at: index, in: bytes)
            scalars.append(scalar)
            index += UTF8Encoding.length(of: scalar.value)
        }
    }

    /// Whether a scalar above ASCII is whitespace (`Character.isWhitespace`): the scalars
    /// `hasNonASCIIWhitespace` looks for.
    @inline(__always)
    package static func isNonASCIIWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Whether valid UTF-8 `bytes` hold a whitespace scalar beyond ASCII (U+0085, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000); `TextUnitTests` checks every scalar.
    package static func hasNonASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII eight bytes at a time.
            if let base = bytes.baseAddress, index &+ 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                internalCheck(index >= 0 && index + 8 <= bytes.count, "TextUnits.hasNonASCIIWhitespace: a word at \(index) of \(bytes.count) bytes")
                index &+= 8
                continue
            }
            let byte = bytes[index]
            index += 1
            guard byte >= 0xC2, byte <= 0xE3, index < count else { continue }
            let second = bytes[index]
            switch byte {
            case 0xC2:
                if second == 0x85 || second == 0xA0 { return true }
            case 0xE1, 0xE2, 0xE3:
                guard index + 1 < count else { continue }
                let third = bytes[index + 1]
                switch (byte, second) {
                case (0xE1, 0x9A): if third == 0x80 { return true }
                case (0xE2, 0x80): if third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF { return true }
                case (0xE2, 0x81): if third == 0x9F { return true }
                case (0xE3, 0x80): if third == 0x80 { return true }
                default: break
                }
            default:
                break
            }
        }
        return false
    }

    /// Whether a non-ASCII scalar is one that is not whitespace and never joins the character before it
    /// (it is no extending mark, joiner or spacing mark), nor the one after it (no prepended mark): the
    /// Latin, Greek, Cyrillic, Hebrew and Arabic letters, kana, CJK ideographs and Hangul syllables.
    /// `false` says nothing: the caller asks `String`. (`TextUnitTests.characterStartsAreKnownFromScalars`
    /// checks every scalar it accepts.)
    package static func isStandaloneNonSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0: return false
        case 0x80..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x5D0..<0x5EB, 0x620..<0x64B, 0x3041..<0x3097, 0x30A1..<0x30FB,
            0x4E00..<0xA000, 0xAC00..<0xD7A4:
            return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 sequence ends at `bytes[index]`, in valid UTF-8.
    static func scalar(endingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        internalCheck(index >= 0 && index < bytes.count, "TextUnits.scalar(endingAt:): index \(index) of \(bytes.count) bytes")
        var start = index
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: bytes)
    }

    /// The scalar whose UTF-8 sequence starts at `bytes[index]`, in valid UTF-8.
    @inline(__always)
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        // The bytes are valid UTF-8 and `index` is where a scalar starts, so the lead byte says how
        // many continuation bytes follow, and they are there.
        internalCheck(index >= 0 && index < bytes.count, "TextUnits.scalar(at:): index \(index) of \(bytes.count) bytes")
        internalCheck(bytes[index] & 0xC0 != 0x80, "TextUnits.scalar(at:): byte \(index) is a continuation byte, not a scalar's start")
        internalCheck(
            index + (bytes[index] < 0x80 ? 1 : bytes[index] < 0xE0 ? 2 : bytes[index] < 0xF0 ? 3 : 4) <= bytes.count,
            "TextUnits.scalar(at:): the scalar at \(index) runs past \(bytes.count) bytes")
        let lead = UInt32(bytes[index])
        let value: UInt32
        switch lead {
        case ..<0x80:
            value = lead
        case ..<0xE0:
            value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case ..<0xF0:
            value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default:
            value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F)
        }
        return Unicode.Scalar(tableValue: value)
    }

    /// Lowercases ASCII bytes in place; returns whether any changed.
    @inline(__always)
    static func lowercaseASCII(_ bytes: inout [UInt8]) -> Bool {
        var changed = false
        for index in bytes.indices where bytes[index] &- 0x41 < 26 {
            bytes[index] |= 0x20
            changed = true
        }
        return changed
    }

    /// `text` rewritten in place: by `bytes` on its bytes when it is all ASCII and `walk` allows it
    /// (returned as it was, without a copy, when `bytes` reports no change), else by `scalars` on its
    /// Unicode scalars.
    @inline(__always)
    static func rewrite(
        _ text: String, _ walk: TextWalk, bytes: (inout [UInt8]) -> Bool, scalars: (inout [Unicode.Scalar]) -> Void
    ) -> String {
        if walk == .automatic, isASCII(text) {
            var units = Array(text.utf8)
            return bytes(&units) ? UInt8.string(units) : text
        }
        var units = TextUnits.scalars(of: text)
        scalars(&units)
        return Unicode.Scalar.string(units)
    }

    /// `text` rewritten: by `bytes` on a copy of its UTF-8 bytes when its whitespace is all ASCII and
    /// `walk` allows it (`bytes` returns how many bytes it kept at the front and whether they changed;
    /// the text is returned as it was, without a copy, when they did not), else by `scalars` on its
    /// Unicode scalars. Only for rules that look at nothing of a non-ASCII scalar but `TextUnit`'s
    /// context questions (see `TextUnit`). The copy is a temporary buffer (on the stack for short text).
    @inline(__always)
    static func rewriteUTF8(
        _ text: String, _ walk: TextWalk, bytes: (UnsafeMutableBufferPointer<UInt8>) -> (kept: Int, changed: Bool),
        scalars: (inout [Unicode.Scalar]) -> Void
    ) -> String {
        if walk == .automatic {
            var text = text
            let rewritten: String?? = text.withUTF8 { source in
                guard !hasNonASCIIWhitespace(source) else { return nil }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: source.count) { units in
                    _ = units.initialize(fromContentsOf: source)
                    let (kept, changed) = bytes(units)
                    internalCheck(kept >= 0 && kept <= units.count, "TextUnits.rewriteUTF8: a rule kept \(kept) of \(units.count) bytes")
                    return .some(changed ? String(checkedUTF8: UnsafeBufferPointer(rebasing: units[..<kept])) : nil)
                }
            }
            if let rewritten { return rewritten ?? text }
        }
        var units = TextUnits.scalars(of: text)
        scalars(&units)
        return Unicode.Scalar.string(units)
    }
}

extension UInt8: TextUnit {
    @inline(__always)
    init(ascii byte: UInt8) { self = byte }

    @inline(__always)
    var isSpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }

    /// An ASCII letter.
    @inline(__always)
    var isAlphabetic: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }

    @inline(__always)
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }

    @inline(__always)
    var isRightSingleQuotationMark: Bool { false }

    static func isAlphabetic(endingAt index: Int, in units: UnsafeBufferPointer<UInt8>) -> Bool {
        internalCheck(index >= 0 && index < units.count, "UInt8.isAlphabetic(endingAt:): index \(index) of \(units.count)")
        let last = units[index]
        if last < 0x80 { return last.isAlphabetic }
        return ScalarTable.isAlphabetic(TextUnits.scalar(endingAt: index, in: units))
    }

    static func isNumeric(startingAt index: Int, in units: UnsafeBufferPointer<UInt8>) -> Bool {
        internalCheck(index >= 0 && index < units.count, "UInt8.isNumeric(startingAt:): index \(index) of \(units.count)")
        let first = units[index]
        if first < 0x80 { return first.isASCIIDigit }
        return ScalarTable.isNumeric(TextUnits.scalar(at: index, in: units))
    }

    static func string(_ units: some Collection<UInt8>) -> String {
        String(decoding: units, as: UTF8.self)
    }

    /// Collapsed text has no line breaks, and a scalar below U+0300 is a character of its own (none
    /// of them extends or joins another; `©` and `®` join only after a joiner, which is not below
    /// U+0300), so text of such scalars has a character per scalar, and a run of them that starts the
    /// text has at least as many characters as scalars. Other text asks `String`.
    static func collapsedCharacterCount(_ units: UnsafeBufferPointer<UInt8>, exceeds limit: Int) -> Bool {
        var count = 0
        var pendingSpace = false
        for unit in units {
            if unit.isSpace {
                pendingSpace = count > 0
                continue
            }
            if unit & 0xC0 != 0x80 {  // the first byte of a scalar
                if unit >= 0xCC {  // U+0300 or beyond
                    return TitleNormalizationEngine.collapsingWhitespace(Array(units)).withUnsafeBufferPointer { String(checkedUTF8: $0) }.count > limit
                }
                count += pendingSpace ? 2 : 1
                if count > limit { return true }
            }
            pendingSpace = false
        }
        return false
    }
}

extension Unicode.Scalar: TextUnit {
    @inline(__always)
    init(ascii byte: UInt8) { self = Unicode.Scalar(byte) }

    @inline(__always)
    var isSpace: Bool { ScalarTable.isWhitespace(value) }

    var isAlphabetic: Bool {
        value < 0x80 ? UInt8(truncatingIfNeeded: value).isAlphabetic : ScalarTable.isAlphabetic(self)
    }

    var isNumeric: Bool {
        value < 0x80 ? UInt8(truncatingIfNeeded: value).isASCIIDigit : ScalarTable.isNumeric(self)
    }

    @inline(__always)
    var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }

    @inline(__always)
    var isRightSingleQuotationMark: Bool { value == 0x2019 }

    static func isAlphabetic(endingAt index: Int, in units: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        internalCheck(index >= 0 && index < units.count, "Unicode.Scalar.isAlphabetic(endingAt:): index \(index) of \(units.count)")
        return units[index].isAlphabetic
    }

    static func isNumeric(startingAt index: Int, in units: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        internalCheck(index >= 0 && index < units.count, "Unicode.Scalar.isNumeric(startingAt:): index \(index) of \(units.count)")
        return units[index].isNumeric
    }

    static func string(_ units: some Collection<Unicode.Scalar>) -> String {
        // Encoded by hand straight into the string's storage: appending scalars to a String one by one
        // costs several times more, and decoding a byte array validates what is valid already.
        let count = units.reduce(0) { $0 + UTF8Encoding.length(of: $1.value) }
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            for scalar in units { UTF8Encoding.append(scalar.value, to: &bytes) }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for scalar in units { offset = UTF8Encoding.write(scalar.value, into: buffer, at: offset) }
            internalCheck(offset == count, "Unicode.Scalar.string: \(offset) bytes written of the \(count) counted")
            return offset
        }
    }

    static func collapsedCharacterCount(_ units: UnsafeBufferPointer<Unicode.Scalar>, exceeds limit: Int) -> Bool {
        string(TitleNormalizationEngine.collapsingWhitespace(Array(units))).count > limit
    }
}
