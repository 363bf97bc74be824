import InternalChecks

/// How a byte sequence fails to be UTF-8 (RFC 3629, and Unicode's Table 3-7). The CSV and JSON
/// parsers report it with the offset of the sequence's first byte.
public enum UTF8Defect: Error, Hashable, Sendable, CustomStringConvertible {
    /// A continuation byte (0x80–0xBF) where a character should start.
    case unexpectedContinuationByte
    /// A byte that never appears in UTF-8 (0xF5–0xFF).
    case invalidLeadByte
    /// A longer encoding than the character needs (C0, C1, E0 80–9F, F0 80–8F).
    case overlongEncoding
    /// A UTF-16 surrogate (U+D800–U+DFFF) encoded as UTF-8 (ED A0–BF).
    case encodedSurrogate
    /// A code point above U+10FFFF (F4 90–BF).
    case beyondUnicode
    /// A multi-byte sequence cut short by a byte that is not a continuation byte, or by the end.
    case truncatedSequence

    public var description: String {
        switch self {
        case .unexpectedContinuationByte: return "a continuation byte with no lead byte"
        case .invalidLeadByte: return "a byte that never appears in UTF-8 (0xF5-0xFF)"
        case .overlongEncoding: return "an overlong encoding"
        case .encodedSurrogate: return "a UTF-16 surrogate encoded as UTF-8"
        case .beyondUnicode: return "a code point above U+10FFFF"
        case .truncatedSequence: return "a truncated multi-byte sequence"
        }
    }
}

/// What the lead byte of a multi-byte UTF-8 sequence says about the bytes that must follow it
/// (Unicode's Table 3-7): how many continuation bytes, the narrower range the second byte must fall
/// in for some leads, and what a continuation byte outside that range means.
struct UTF8Lead {
    /// The continuation bytes that must follow (1 to 3).
    var continuations: Int
    /// The range of the byte right after the lead.
    var secondLow: UInt8
    var secondHigh: UInt8
    /// The defect when the second byte is a continuation byte (0x80–0xBF) outside that range.
    var outsideSecond: UTF8Defect

    /// Classifies `lead`, a byte of 0x80 or more; throws the defect when it cannot start a sequence.
    @inline(__always)
    static func classify(_ lead: UInt8) throws(UTF8Defect) -> UTF8Lead {
        switch lead {
        case 0x80...0xBF: throw .unexpectedContinuationByte
        case 0xC0, 0xC1: throw .overlongEncoding
        case 0xC2...0xDF: return UTF8Lead(continuations: 1, secondLow: 0x80, secondHigh: 0xBF, outsideSecond: .truncatedSequence)
        case 0xE0: return UTF8Lead(continuations: 2, secondLow: 0xA0, secondHigh: 0xBF, outsideSecond: .overlongEncoding)
        case 0xED: return UTF8Lead(continuations: 2, secondLow: 0x80, secondHigh: 0x9F, outsideSecond: .encodedSurrogate)
        case 0xE1...0xEF: return UTF8Lead(continuations: 2, secondLow: 0x80, secondHigh: 0xBF, outsideSecond: .truncatedSequence)
        case 0xF0: return UTF8Lead(continuations: 3, secondLow: 0x90, secondHigh: 0xBF, outsideSecond: .overlongEncoding)
        case 0xF1...0xF3: return UTF8Lead(continuations: 3, secondLow: 0x80, secondHigh: 0xBF, outsideSecond: .truncatedSequence)
        case 0xF4: return UTF8Lead(continuations: 3, secondLow: 0x80, secondHigh: 0x8F, outsideSecond: .beyondUnicode)
        default: throw .invalidLeadByte
        }
    }

    /// The defect of `byte` found where a continuation byte is expected, `position` bytes after the
    /// lead (1 for the second byte), or `nil` when it is acceptable there.
    @inline(__always)
    func defect(of byte: UInt8, atPosition position: Int) -> UTF8Defect? {
        let low = position == 1 ? secondLow : 0x80
        let high = position == 1 ? secondHigh : 0xBF
        if byte >= low, byte <= high { return nil }
        return (0x80...0xBF).contains(byte) ? outsideSecond : .truncatedSequence
    }
}

/// Encoding scalars as UTF-8 (RFC 3629, §3).
package enum UTF8Encoding {
    /// Appends `scalar`, a Unicode scalar value (never a surrogate), as one to four bytes.
    @inlinable @inline(__always)
    package static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: scalar))
        case ..<0x800:
            bytes.append(0xC0 | UInt8(truncatingIfNeeded: scalar >> 6))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        case ..<0x1_0000:
            bytes.append(0xE0 | UInt8(truncatingIfNeeded: scalar >> 12))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(truncatingIfNeeded: scalar >> 18))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        }
    }

    /// The bytes `scalar` takes in UTF-8.
    @inlinable @inline(__always)
    package static func length(of scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x1_0000 ? 3 : 4
    }

    /// Writes `scalar` into `buffer` at `offset`; returns the offset after it.
    @inlinable @inline(__always)
    package static func write(_ scalar: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        internalCheck(Unicode.Scalar(scalar) != nil, "UTF8Encoding.write: \(scalar) is not a Unicode scalar value")
        internalCheck(offset >= 0 && offset + length(of: scalar) <= buffer.count, "UTF8Encoding.write: \(length(of: scalar)) bytes at \(offset) of \(buffer.count)")
        switch scalar {
        case ..<0x80:
            buffer[offset] = UInt8(truncatingIfNeeded: scalar)
            return offset + 1
        case ..<0x800:
            buffer[offset] = 0xC0 | UInt8(truncatingIfNeeded: scalar >> 6)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return offset + 2
        case ..<0x1_0000:
            buffer[offset] = 0xE0 | UInt8(truncatingIfNeeded: scalar >> 12)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
            buffer[offset + 2] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return offset + 3
        default:
            buffer[offset] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
            buffer[offset + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
            buffer[offset + 2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
            buffer[offset + 3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
            return offset + 4
        }
    }
}

extension String {
    /// The most UTF-8 bytes a String holds inline, without a heap allocation (on 64-bit platforms).
    @usableFromInline static let smallBytesMax = 15

    /// The text of bytes already checked to be UTF-8 (by the parser that read them).
    ///
    /// A short text is copied straight into a small string, which skips the second validation
    /// `String(decoding:as:)` makes of ASCII text; a longer one, where the standard library has
    /// `UTF8Span` (the 26 releases), is copied from a span the bytes are declared valid for, which skips
    /// the validation too. Decoding repairs nothing either way.
    @inlinable
    package init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        // A String holding bytes that are not UTF-8 breaks the standard library's own assumptions.
        internalCheck(isValidUTF8(bytes), "String(checkedUTF8:) was given \(bytes.count) bytes that are not UTF-8")
        let count = bytes.count
        if count > Self.smallBytesMax, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            assert((try? UTF8Span(validating: bytes.span)) != nil, "String(checkedUTF8:) was given bytes that are not UTF-8")
            self.init(copying: UTF8Span(unchecked: bytes.span))
        } else if count <= Self.smallBytesMax, #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *), let source = bytes.baseAddress {
            self.init(unsafeUninitializedCapacity: count) { target in
                UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: source, byteCount: count)
                return count
            }
        } else {
            self.init(decoding: bytes, as: UTF8.self)
        }
    }
}
