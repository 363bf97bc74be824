/// Why a document is not accepted: what was expected, what was found, and at which byte.
///
/// Offsets count bytes from the start of the document, starting at 0. Each case is the first
/// problem the parser met; the parser stops there.
public enum JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document is longer than `JSONParseLimits.bytesMax`; nothing was read.
    case documentTooLarge(bytes: Int, bytesMax: Int)
    /// The document starts with a UTF-8 byte order mark (EF BB BF), which RFC 8259 §8.1 forbids
    /// senders to add; the parser rejects it rather than guess what else the sender got wrong.
    case byteOrderMark
    /// A byte (or the end of the document) that the grammar does not allow here.
    case unexpected(expected: Expectation, found: Found, offset: Int)
    /// A digit after a leading `0` (`01`, `-00`); `offset` is that digit's.
    case leadingZero(offset: Int)
    /// An integer (no fraction, no exponent) outside the `Int64` range. Integers are kept exactly,
    /// never rounded; `offset` is the number's first byte.
    case integerOutOfRange(offset: Int)
    /// A number whose magnitude is too large for a finite `Double` (`1e400`); `offset` is its first byte.
    case doubleOutOfRange(offset: Int)
    /// A number whose text is longer than `JSONParseLimits.numberBytesMax`.
    case numberTooLong(bytes: Int, numberBytesMax: Int, offset: Int)
    /// Bytes inside a string that are not well-formed UTF-8; `offset` is the sequence's first byte.
    case invalidUTF8(UTF8Defect, offset: Int)
    /// A control character (U+0000–U+001F) written raw inside a string; it must be escaped.
    case controlCharacterInString(UInt8, offset: Int)
    /// A `\uD800`–`\uDFFF` escape that is not a high surrogate followed by a low one; `offset` is
    /// the backslash of the offending escape (of the high surrogate, when its partner is missing).
    case loneSurrogate(UInt16, offset: Int)
    /// A string longer than `JSONParseLimits.stringBytesMax` once unescaped; `offset` is its opening quote.
    case stringTooLong(stringBytesMax: Int, offset: Int)
    /// An array or object that would nest deeper than `JSONParseLimits.depthMax`; `offset` is its
    /// opening bracket.
    case nestingTooDeep(depthMax: Int, offset: Int)
    /// An array element or object member beyond `JSONParseLimits.membersMax`; `offset` is its first byte.
    case tooManyMembers(membersMax: Int, offset: Int)
    /// A key that an object already has (compared by UTF-8 bytes); `offset` is the second key's
    /// opening quote.
    case duplicateKey(String, offset: Int)

    /// What the grammar allowed where the parser stopped.
    public enum Expectation: Sendable, Hashable, CustomStringConvertible {
        /// Any value: at the top level, after `,` in an array, after `:` in an object.
        case value
        /// A value or `]`, just after `[`.
        case valueOrArrayEnd
        /// `,` or `]` after an array element.
        case arrayCommaOrEnd
        /// A string key or `}`, just after `{`.
        case keyOrObjectEnd
        /// A string key, after `,` in an object.
        case key
        /// `:` after an object key.
        case colon
        /// `,` or `}` after an object member.
        case objectCommaOrEnd
        /// A digit at the start of a number's integer part (after `-`).
        case integerDigit
        /// A digit after a number's decimal point.
        case fractionDigit
        /// A digit in a number's exponent (after `e`, `e+` or `e-`).
        case exponentDigit
        /// One of `" \ / b f n r t u` after a backslash in a string.
        case escapeCharacter
        /// A hexadecimal digit in a `\u` escape.
        case hexDigit
        /// The rest of the literal `true`, `false` or `null`.
        case literal(String)
        /// More string content or its closing `"`.
        case stringEnd
        /// The end of the document: only whitespace may follow the top-level value.
        case documentEnd

        public var description: String {
            switch self {
            case .value: return "a value"
            case .valueOrArrayEnd: return "a value or ']'"
            case .arrayCommaOrEnd: return "',' or ']' after an array element"
            case .keyOrObjectEnd: return "a string key or '}'"
            case .key: return "a string key after ',' in an object"
            case .colon: return "':' after an object key"
            case .objectCommaOrEnd: return "',' or '}' after an object member"
            case .integerDigit: return "a digit to start the number"
            case .fractionDigit: return "a digit after the decimal point"
            case .exponentDigit: return "a digit in the exponent"
            case .escapeCharacter: return "an escape character (one of \" \\ / b f n r t u) after '\\'"
            case .hexDigit: return "a hexadecimal digit in a \\u escape"
            case let .literal(name): return "the literal \(name)"
            case .stringEnd: return "a closing '\"'"
            case .documentEnd: return "the end of the document (only whitespace may follow the top-level value)"
            }
        }
    }

    /// What the parser found instead.
    public enum Found: Sendable, Hashable, CustomStringConvertible {
        /// This byte, at the error's offset.
        case byte(UInt8)
        /// The end of the input.
        case end

        public var description: String {
            switch self {
            case let .byte(byte) where (0x21...0x7E).contains(byte): return "'\(Character(Unicode.Scalar(byte)))'"
            case .byte(0x20): return "a space"
            case let .byte(byte): return "byte " + JSONParseError.hex(byte)
            case .end: return "the end of the document"
            }
        }
    }

    /// The byte where the problem was found; for `documentTooLarge`, the first byte beyond `bytesMax`.
    public var offset: Int {
        switch self {
        case let .documentTooLarge(_, bytesMax): return bytesMax
        case .byteOrderMark: return 0
        case let .unexpected(_, _, offset), let .leadingZero(offset), let .integerOutOfRange(offset),
            let .doubleOutOfRange(offset), let .numberTooLong(_, _, offset), let .invalidUTF8(_, offset),
            let .controlCharacterInString(_, offset), let .loneSurrogate(_, offset),
            let .stringTooLong(_, offset), let .nestingTooDeep(_, offset), let .tooManyMembers(_, offset),
            let .duplicateKey(_, offset):
            return offset
        }
    }

    public var description: String {
        switch self {
        case let .documentTooLarge(bytes, bytesMax):
            return "document of \(bytes) bytes exceeds bytesMax \(bytesMax)"
        case .byteOrderMark:
            return "byte order mark (EF BB BF) at byte 0: JSON sent over a network must not start with one (RFC 8259 §8.1); remove it"
        case let .unexpected(expected, found, offset):
            return "expected \(expected) at byte \(offset), found \(found)"
        case let .leadingZero(offset):
            return "digit after a leading zero at byte \(offset): numbers are written 0, 0.5 or 10, never 01"
        case let .integerOutOfRange(offset):
            return "integer at byte \(offset) is outside the Int64 range \(Int64.min)...\(Int64.max); integers are kept exactly, so send a larger number with a fraction or an exponent (as a double)"
        case let .doubleOutOfRange(offset):
            return "number at byte \(offset) is too large for a Double (magnitude above \(Double.greatestFiniteMagnitude))"
        case let .numberTooLong(bytes, numberBytesMax, offset):
            return "number of \(bytes) bytes at byte \(offset) exceeds numberBytesMax \(numberBytesMax)"
        case let .invalidUTF8(defect, offset):
            return "invalid UTF-8 at byte \(offset): \(defect)"
        case let .controlCharacterInString(byte, offset):
            return "control character \(JSONParseError.hex(byte)) in a string at byte \(offset): escape it (\\n, \\t, \\u00XX)"
        case let .loneSurrogate(unit, offset):
            return "lone surrogate escape \\u\(JSONParseError.hex4(unit)) at byte \(offset): a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape, and a low surrogate cannot stand alone"
        case let .stringTooLong(stringBytesMax, offset):
            return "string at byte \(offset) is longer than stringBytesMax \(stringBytesMax) bytes"
        case let .nestingTooDeep(depthMax, offset):
            return "nesting deeper than \(depthMax) at byte \(offset)"
        case let .tooManyMembers(membersMax, offset):
            return "more than membersMax \(membersMax) elements or members in one array or object at byte \(offset)"
        case let .duplicateKey(key, offset):
            return "duplicate key \(JSONParseError.quoted(key)) at byte \(offset): each key may appear once in an object"
        }
    }

    /// The most characters of a key a message shows; a longer key is cut, its length given, so that
    /// every message stays short whatever the document holds (found by the JSON fuzz target).
    static let keyShownMax = 60

    /// `"key"`, or `"its first keyShownMax characters…" (N characters)`.
    static func quoted(_ key: String) -> String {
        let scalars = key.unicodeScalars
        guard scalars.count > keyShownMax else { return "\"\(key)\"" }
        return "\"\(String(String.UnicodeScalarView(scalars.prefix(keyShownMax))))…\" (\(scalars.count) characters)"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    static func hex4(_ unit: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return (0..<4).map { String(digits[Int((unit >> UInt16(12 - 4 * $0)) & 0x0F)]) }.joined()
    }
}
