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
    /// The number of characters (grapheme clusters) the units make.
    static func characterCount(_ units: [Self]) -> Int
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
        return text.withUTF8 { bytes in
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
    }

    /// An ASCII byte lowercased (`A`–`Z` to `a`–`z`), as `String.lowercased()` does it.
    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// `text.lowercased()`, without its Unicode machinery for all-ASCII text, and without a copy when
    /// nothing changes.
    static func lowercased(_ text: String) -> String {
        guard isASCII(text) else { return text.lowercased() }
        guard text.utf8.contains(where: { $0 &- 0x41 < 26 }) else { return text }
        return String(decoding: text.utf8.map(asciiLowercased), as: UTF8.self)
    }

    /// `body` applied to the text's bytes if it is all ASCII and `walk` allows it, else `scalarBody`
    /// to its scalars.
    @inline(__always)
    static func walk<Result>(
        _ text: String, _ walk: TextWalk = .automatic, _ body: ([UInt8]) -> Result, _ scalarBody: ([Unicode.Scalar]) -> Result
    ) -> Result {
        walk == .automatic && isASCII(text) ? body(Array(text.utf8)) : scalarBody(Array(text.unicodeScalars))
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

    /// ASCII characters are one byte each, except `\r\n`, which is one character.
    static func characterCount(_ units: [UInt8]) -> Int {
        var count = units.count
        var index = 1
        while index < units.count {
            if units[index] == 0x0A, units[index - 1] == 0x0D { count -= 1 }
            index += 1
        }
        return count
    }
}

extension Unicode.Scalar: TextUnit {
    @inline(__always)
    init(ascii byte: UInt8) { self = Unicode.Scalar(byte) }

    var isSpace: Bool {
        value < 0x80 ? UInt8(truncatingIfNeeded: value).isSpace : properties.isWhitespace
    }

    var isAlphabetic: Bool {
        value < 0x80 ? UInt8(truncatingIfNeeded: value).isAlphabetic : properties.isAlphabetic
    }

    var isNumeric: Bool {
        value < 0x80 ? UInt8(truncatingIfNeeded: value).isASCIIDigit : properties.numericType != nil
    }

    @inline(__always)
    var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }

    @inline(__always)
    var isRightSingleQuotationMark: Bool { value == 0x2019 }

    static func string(_ units: some Collection<Unicode.Scalar>) -> String {
        // Encoded by hand into one buffer: appending scalars to a String one by one costs several times more.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 2)
        for scalar in units {
            UTF8Encoding.append(scalar.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func characterCount(_ units: [Unicode.Scalar]) -> Int {
        string(units).count
    }
}
