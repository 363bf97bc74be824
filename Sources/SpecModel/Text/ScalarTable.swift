import InternalChecks

/// The Unicode properties the import's text routines ask of non-ASCII scalars, answered from tables
/// rather than the standard library's property lookups.
///
/// A title or name with one accented letter is walked by Unicode scalars, and each scalar's
/// `properties.isWhitespace` or lowercase mapping is a lookup in the standard library's compressed
/// tables: for such titles, most of the import's text work (Decision D-109). Here White_Space is the
/// fixed list of its 25 code points, and the lowercase mapping, Alphabetic and numeric type of the
/// scalars of the cased blocks titles and names use (Latin, IPA, Greek, Cyrillic, Armenian, Latin
/// Extended Additional, Greek Extended, punctuation, letterlike symbols) are read from the standard
/// library into flat tables, one block at a time on first use (about a thousand scalars, a fraction of
/// a millisecond). The answers are the standard library's own, exactly: `ScalarTableTests` compares
/// every scalar of the tables and of the caseless ranges. Other scalars ask the standard library,
/// except in ranges known to have no case (CJK, kana, Hangul, emoji), whose lowercase is themselves.
package enum ScalarTable {
    /// A block of consecutive scalars and their properties.
    package struct Block: Sendable {
        package let start: UInt32
        /// Each scalar's lowercase when it is one scalar, else `noSingleLowercase`.
        package let lowercase: [UInt32]
        /// Each scalar's flags: `alphabeticFlag`, `numericFlag`.
        let flags: [UInt8]

        init(_ range: Range<UInt32>) {
            start = range.lowerBound
            lowercase = range.map { value in
                guard let scalar = Unicode.Scalar(value) else { return value }  // surrogates are not scalars
                let mapped = scalar.properties.lowercaseMapping.unicodeScalars
                return mapped.count == 1 ? mapped.first!.value : noSingleLowercase
            }
            flags = range.map { value in
                guard let scalar = Unicode.Scalar(value) else { return 0 }
                let properties = scalar.properties
                return (properties.isAlphabetic ? alphabeticFlag : 0) | (properties.numericType != nil ? numericFlag : 0)
            }
        }

        @inline(__always)
        func entry(_ value: UInt32) -> (lowercase: UInt32, flags: UInt8) {
            internalCheck(value >= start && Int(value - start) < lowercase.count, "ScalarTable: U+\(String(value, radix: 16)) is outside the block from U+\(String(start, radix: 16))")
            let index = Int(value - start)
            return (lowercase[index], flags[index])
        }
    }

    /// Latin-1 Supplement and Latin Extended-A and -B.
    package static let latin = Block(0x80..<0x250)
    /// IPA, spacing modifiers, combining diacritics, Greek and Coptic, Cyrillic, Armenian.
    package static let greekAndCyrillic = Block(0x250..<0x590)
    /// Latin Extended Additional, Greek Extended, general punctuation, super- and subscripts,
    /// currency, combining marks for symbols, letterlike symbols.
    package static let extended = Block(0x1E00..<0x2150)

    /// The lowercase entry and flags of `value` if a block holds it. (Read in place: returning the
    /// block itself would retain and release its tables for every scalar.)
    @inline(__always)
    static func entry(_ value: UInt32) -> (lowercase: UInt32, flags: UInt8)? {
        switch value {
        case 0x80..<0x250: return latin.entry(value)
        case 0x250..<0x590: return greekAndCyrillic.entry(value)
        case 0x1E00..<0x2150: return extended.entry(value)
        default: return nil
        }
    }

    /// Whether the scalar lies in a range beyond the blocks whose scalars have no lowercase other than
    /// themselves (checked scalar by scalar in `ScalarTableTests`). A switch: a loop over an array of
    /// ranges cost more than the rest of a lowercase.
    @inline(__always)
    package static func isCaseless(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x109F,  // Hebrew, Arabic, the Indic scripts, Thai, Lao, Tibetan, Myanmar
            0x3000...0xA63F,  // CJK symbols, kana, Bopomofo, Hangul compatibility jamo, CJK ideographs, Yi
            0xAC00...0xD7A3,  // Hangul syllables
            0x1_F000...0x1_FAFF,  // mahjong and domino tiles, cards, enclosed alphanumerics, emoji
            0x2_0000...0x3_134A:  // CJK ideographs, extensions B to G
            return true
        default:
            return false
        }
    }

    /// A lowercase that is not one scalar (`İ` lowercases to `i` and a combining dot), or unknown.
    static let noSingleLowercase: UInt32 = 0xFFFF_FFFF

    static let alphabeticFlag: UInt8 = 1
    static let numericFlag: UInt8 = 2

    /// Unicode's White_Space property: tab to carriage return, space, next line, no-break space, ogham
    /// space mark, the spaces from en quad to hair space, line and paragraph separators, the narrow
    /// no-break space, the medium mathematical space and the ideographic space.
    @inline(__always)
    package static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20: return true
        case ..<0x85: return false
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Unicode's Alphabetic property of a non-ASCII scalar.
    package static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        guard let entry = entry(scalar.value) else { return scalar.properties.isAlphabetic }
        return entry.flags & alphabeticFlag != 0
    }

    /// Whether a non-ASCII scalar has a numeric type.
    package static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        guard let entry = entry(scalar.value) else { return scalar.properties.numericType != nil }
        return entry.flags & numericFlag != 0
    }

    /// The scalar's lowercase when it is a single scalar the tables know, else `nil`.
    @inline(__always)
    package static func singleLowercase(_ value: UInt32) -> UInt32? {
        if value < 0x80 { return UInt32(TextUnits.asciiLowercased(UInt8(truncatingIfNeeded: value))) }
        if let entry = entry(value) {
            return entry.lowercase == noSingleLowercase ? nil : entry.lowercase
        }
        return isCaseless(value) ? value : nil
    }

    /// The scalars lowercased as `String.lowercased()` does, scalar by scalar, or `nil` when one of them
    /// has a lowercase the tables do not hold (the caller then asks the standard library).
    package static func lowercased(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var result = scalars
        for index in result.indices {
            guard let lower = singleLowercase(result[index].value) else { return nil }
            result[index] = Unicode.Scalar(tableValue: lower)
        }
        return result
    }
}

extension Unicode.Scalar {
    /// A scalar from a value known to be one (read from a table of scalars).
    @inline(__always)
    init(tableValue value: UInt32) {
        // `unsafelyUnwrapped` checks nothing in an optimised build.
        internalCheck(Unicode.Scalar(value) != nil, "Unicode.Scalar(tableValue:): \(value) is not a Unicode scalar value")
        self = Unicode.Scalar(value).unsafelyUnwrapped
    }
}
