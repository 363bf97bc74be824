/// A unit of text that the import's string routines walk: a byte of an all-ASCII string, or a Unicode
/// scalar of any other.
///
/// Titles and names are ASCII in almost every export, and walking their bytes skips both the decoding
/// of scalars and the Unicode property tables (a property lookup costs more than the rest of a title's
/// normalization). The routines are written once, generic over the unit, and give the same result
/// either way: an ASCII byte and its scalar answer every question alike
/// (`TextUnitTests.asciiBytesAndScalarsAgree`).
protocol TextUnit: Hashable {
    init(ascii byte: UInt8)
    /// Unicode's White_Space property (ASCII: tab, line feed, vertical tab, form feed, return, space).
    var isSpace: Bool { get }
    /// Unicode's Alphabetic property.
    var isAlphabetic: Bool { get }
    /// Whether the unit has a numeric value (any numeric type).
    var isNumeric: Bool { get }
    /// `0` to `9`.
    var isASCIIDigit: Bool { get }
    /// `’`, the typographic apostrophe (never an ASCII byte).
    var isRightSingleQuotationMark: Bool { get }
    /// The text the units spell.
    static func string(_ units: some Collection<Self>) -> String
    /// The number of characters the units make once their whitespace is collapsed and trimmed.
    static func collapsedCharacterCount(_ units: [Self]) -> Int
}

/// How the text routines walk a string. The result never depends on it; the choice exists so tests
/// can prove that (`TextUnitTests`).
public enum TextWalk: Hashable, Sendable {
    /// Bytes when the text is all ASCII, Unicode scalars otherwise: the fast choice.
    case automatic
    /// Unicode scalars always.
    case unicodeScalars
}

/// Entry points that choose the unit for a string.
enum TextUnits {
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

    /// An ASCII byte lowercased (`A`–`Z` to `a`–`z`), as `String.lowercased()` does it.
    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
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
        do {
            var index = 0
            while index < bytes.count {
                let lead = UInt32(bytes[index])
                var value: UInt32
                switch lead {
                case ..<0x80:
                    value = lead
                    index += 1
                case ..<0xE0:
                    value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                case ..<0xF0:
                    value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                default:
                    value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                        | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                }
                // A String's bytes are valid UTF-8, so every sequence is whole and decodes to a scalar.
                scalars.append(Unicode.Scalar(tableValue: value))
            }
        }
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
}

extension UInt8: TextUnit {
    @inline(__always)
    init(ascii byte: UInt8) { self = byte }

    @inline(__always)
    var isSpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }

    @inline(__always)
    var isAlphabetic: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }

    @inline(__always)
    var isNumeric: Bool { isASCIIDigit }

    @inline(__always)
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }

    @inline(__always)
    var isRightSingleQuotationMark: Bool { false }

    static func string(_ units: some Collection<UInt8>) -> String {
        String(decoding: units, as: UTF8.self)
    }

    /// Collapsed text has no line breaks, so each byte is a character.
    static func collapsedCharacterCount(_ units: [UInt8]) -> Int {
        var count = 0
        var pendingSpace = false
        for unit in units {
            if unit.isSpace {
                pendingSpace = count > 0
                continue
            }
            count += pendingSpace ? 2 : 1
            pendingSpace = false
        }
        return count
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
            return offset
        }
    }

    static func collapsedCharacterCount(_ units: [Unicode.Scalar]) -> Int {
        string(TitleNormalization.collapsingWhitespace(units)).count
    }
}
