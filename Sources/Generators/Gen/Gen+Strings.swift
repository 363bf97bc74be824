// Characters, Unicode scalars and strings.
//
// Every character choice is one recorded index whose order is the shrink order:
//
//     index:   0…25   26…35   36…61   62      63…94         95…127           128…1_112_063
//     value:   a…z    0…9     A…Z     space   !"#…~ (ASCII)  \t \n \r, other  every other scalar,
//                                              punctuation    controls, DEL    in scalar order
//
// So a failing string shrinks toward "a", a failing punctuation mark toward "!", and a failing
// non-ASCII scalar toward U+0080. The ASCII generators draw their index uniformly. The Unicode
// generators choose a *scalar* from a distribution biased toward the troublemakers (combining
// marks, zero-width and bidi controls, RTL scripts, CJK, astral emoji, NUL, U+FFFD, U+10FFFF) and
// record the index that denotes it, through a bijection between indices and scalars; replay reads
// the index back, so the recorded choices alone decide the value.
//
// Strings are built from `Gen.array`, one span per element, so the shrinker deletes characters.
// Swift's `String` counts grapheme clusters, not scalars: "e" followed by U+0301 is one `Character`,
// and so is "\r\n". The `count` of the string generators therefore counts generated elements
// (scalars or characters), which can be more than the resulting `String.count`; tests that care
// should compare `unicodeScalars`.

// MARK: - The shrink order

/// The bijection between character choice indices and Unicode scalars, and its inverse.
///
/// Indices `0..<128` are ASCII in shrink order (lowercase, digits, uppercase, space, punctuation,
/// then control characters with tab, newline and carriage return first); indices from 128 are every
/// other scalar in scalar order, surrogates (U+D800–U+DFFF) skipped, up to U+10FFFF.
public enum CharacterOrder {
    /// The number of printable ASCII characters (U+0020–U+007E), indices `0..<95`.
    public static let printableASCIICount = 95
    /// The number of ASCII characters, indices `0..<128`.
    public static let asciiCount = 128
    /// The number of Unicode scalars (every code point except the 2,048 surrogates).
    public static let scalarCount = 0x11_0000 - 0x800
    /// The number of non-ASCII scalars below the surrogates, U+0080–U+D7FF.
    static let belowSurrogatesCount = 0xD800 - 0x80

    /// ASCII scalar values listed by shrink index.
    static let asciiByIndex: [UInt8] = {
        var order: [UInt8] = []
        order += Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
        order += Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        order += Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        order.append(UInt8(ascii: " "))
        order += (0x21...0x7E).filter { byte in !order.contains(byte) }
        order += [0x09, 0x0A, 0x0D]
        order += (0x00...0x1F).filter { byte in !order.contains(byte) }
        order.append(0x7F)
        precondition(order.count == 128 && Set(order).count == 128, "the ASCII shrink order must list each ASCII value once")
        return order
    }()

    /// Shrink indices listed by ASCII scalar value: the inverse of `asciiByIndex`.
    static let indexByASCII: [UInt8] = {
        var inverse = [UInt8](repeating: 0, count: 128)
        for (index, value) in asciiByIndex.enumerated() { inverse[Int(value)] = UInt8(index) }
        return inverse
    }()

    /// Returns the scalar that choice `index` denotes.
    /// - Precondition: `index < scalarCount`.
    public static func scalar(forIndex index: Int) -> Unicode.Scalar {
        precondition(index >= 0 && index < scalarCount, "character index \(index) is outside 0..<\(scalarCount)")
        let value: UInt32
        if index < asciiCount {
            value = UInt32(asciiByIndex[index])
        } else if index < asciiCount + belowSurrogatesCount {
            value = UInt32(index - asciiCount + 0x80)
        } else {
            value = UInt32(index - asciiCount - belowSurrogatesCount + 0xE000)
        }
        // Surrogates are never produced: the last branch starts above them.
        return Unicode.Scalar(value)!
    }

    /// Returns the choice index that denotes `scalar`: the inverse of `scalar(forIndex:)`.
    public static func index(for scalar: Unicode.Scalar) -> Int {
        let value = Int(scalar.value)
        if value < asciiCount { return Int(indexByASCII[value]) }
        if value < 0xD800 { return asciiCount + value - 0x80 }
        return asciiCount + belowSurrogatesCount + value - 0xE000
    }
}

// MARK: - Biased scalar choice

/// Where generation looks for Unicode scalars, with weights out of `total`.
///
/// The weights favour text that breaks software: a uniform draw over 1.1 million scalars is almost
/// always an unassigned or CJK code point and would never produce a combining mark after a letter.
enum ScalarNeighbourhoods {
    /// A contiguous run of scalar values and its weight.
    struct Block {
        let weight: UInt64
        let values: ClosedRange<UInt32>
    }

    /// Blocks of interesting scalars; `uniformWeight` more goes to any scalar at all.
    static let blocks: [Block] = [
        Block(weight: 30, values: 0x20...0x7E),          // printable ASCII
        Block(weight: 4, values: 0x00...0x1F),           // ASCII controls, NUL included
        Block(weight: 8, values: 0xA0...0xFF),           // Latin-1: NBSP, accented letters, ×, ÷
        Block(weight: 4, values: 0x100...0x17F),         // Latin Extended-A: ł, ő, š, œ
        Block(weight: 8, values: 0x300...0x36F),         // combining diacritical marks
        Block(weight: 4, values: 0x5D0...0x5EA),         // Hebrew letters (right to left)
        Block(weight: 4, values: 0x620...0x64A),         // Arabic letters (right to left)
        Block(weight: 4, values: 0x3040...0x309F),       // Hiragana
        Block(weight: 6, values: 0x4E00...0x9FFF),       // CJK unified ideographs
        Block(weight: 6, values: 0x1F300...0x1FAFF),     // emoji and pictographs (astral plane)
        Block(weight: 1, values: 0x1F1E6...0x1F1FF),     // regional indicators (flags)
    ]

    /// Single scalars worth trying often: zero-width and bidi controls, separators, specials, edges.
    static let specials: [UInt32] = [
        0x0000, 0x200B, 0x200C, 0x200D, 0xFEFF,          // NUL, zero-width space / non-joiner / joiner, BOM
        0x200E, 0x200F, 0x202E, 0x2066, 0x2069,          // LRM, RLM, RLO, LRI, PDI
        0xFE0F, 0x00AD, 0x0085, 0x2028, 0x2029,          // VS16, soft hyphen, NEL, line/paragraph separators
        0xFFFD, 0xFFFE, 0xFFFF, 0xE000, 0xD7FF,          // replacement, noncharacters, private use, surrogate edges
        0x10FFFF, 0x10000, 0x007F, 0x0080, 0x00A0,       // largest scalar, first astral, DEL, C1, NBSP
    ]
    static let specialsWeight: UInt64 = 9
    static let uniformWeight: UInt64 = 12

    static let total: UInt64 = blocks.reduce(specialsWeight + uniformWeight) { $0 + $1.weight }

    /// Chooses a scalar's choice index with the generation distribution.
    static func index(using rng: inout Xoshiro256StarStar) -> UInt64 {
        var roll = rng.nextBounded(below: total)
        for block in blocks {
            if roll < block.weight {
                let width = UInt64(block.values.upperBound - block.values.lowerBound)
                let value = block.values.lowerBound + UInt32(rng.nextBounded(through: width))
                return UInt64(CharacterOrder.index(for: Unicode.Scalar(value)!))
            }
            roll -= block.weight
        }
        if roll < specialsWeight {
            let value = specials[Int(rng.nextBounded(below: UInt64(specials.count)))]
            return UInt64(CharacterOrder.index(for: Unicode.Scalar(value)!))
        }
        return rng.nextBounded(below: UInt64(CharacterOrder.scalarCount))
    }
}


// MARK: - Scalars

extension Gen where Value == Unicode.Scalar {
    /// Generates scalars in `range`, surrogates skipped, shrinking toward the lower bound.
    ///
    /// Generation is biased like `Gen.integer(in:)`: the range's edges and small offsets come often.
    public static func scalar(in range: ClosedRange<Unicode.Scalar>) -> Gen {
        let lower = range.lowerBound.value
        let upper = range.upperBound.value
        // The offsets skip the surrogate gap when the range spans it.
        let gap: UInt32 = (lower < 0xD800 && upper > 0xDFFF) ? 0x800 : 0
        let kind = ChoiceKind(offsetMax: UInt64(upper - lower - gap))
        return Gen { source throws(GenerationStop) in
            var value = lower + UInt32(try source.drawInteger(kind, lowerBits: UInt64(lower)))
            if gap > 0, value >= 0xD800 { value += gap }
            return Unicode.Scalar(value)!
        }
    }

    /// Generates printable ASCII scalars (U+0020–U+007E) uniformly, shrinking toward "a".
    public static var asciiScalar: Gen { shrinkOrdered(count: CharacterOrder.printableASCIICount) }

    /// Generates ASCII scalars (U+0000–U+007F, control characters included), shrinking toward "a".
    public static var fullASCIIScalar: Gen { shrinkOrdered(count: CharacterOrder.asciiCount) }

    /// Generates any Unicode scalar (never a surrogate), shrinking toward "a" through ASCII first.
    ///
    /// Generation is biased toward scalars that break text handling: ASCII, Latin-1 and accented
    /// letters, combining marks U+0300–U+036F, zero-width U+200B–U+200D and U+FEFF, bidi controls,
    /// Hebrew and Arabic, Hiragana and CJK, astral-plane emoji, NUL, U+FFFD, noncharacters and the
    /// largest scalar U+10FFFF; about one draw in eight is uniform over all 1,112,064 scalars, so every
    /// scalar can be reached. See `CharacterOrder` for the shrink order.
    public static var unicodeScalar: Gen {
        let kind = ChoiceKind(offsetMax: UInt64(CharacterOrder.scalarCount - 1))
        return Gen { source throws(GenerationStop) in
            let index = try source.drawIndex(kind) { rng in ScalarNeighbourhoods.index(using: &rng) }
            return CharacterOrder.scalar(forIndex: Int(index))
        }
    }

    /// The first `count` scalars of the shrink order, drawn uniformly.
    static func shrinkOrdered(count: Int) -> Gen {
        Gen { source throws(GenerationStop) in
            CharacterOrder.scalar(forIndex: try source.drawIndex(below: count))
        }
    }
}

// MARK: - Characters

extension Gen where Value == Character {
    /// Generates characters whose single scalar lies in `range`, shrinking toward the lower bound.
    ///
    ///     Gen.character(in: "a"..."z")
    public static func character(in range: ClosedRange<Unicode.Scalar>) -> Gen {
        Gen<Unicode.Scalar>.scalar(in: range).map { Character($0) }
    }

    /// Generates printable ASCII characters (U+0020–U+007E), shrinking toward "a".
    public static var asciiCharacter: Gen { Gen<Unicode.Scalar>.asciiScalar.map { Character($0) } }

    /// Generates ASCII characters including control characters, shrinking toward "a".
    public static var fullASCIICharacter: Gen { Gen<Unicode.Scalar>.fullASCIIScalar.map { Character($0) } }

    /// Generates single-scalar characters from `Gen.unicodeScalar` (a lone combining mark included).
    public static var unicodeCharacter: Gen { Gen<Unicode.Scalar>.unicodeScalar.map { Character($0) } }
}

// MARK: - Strings

extension Gen where Value == String {
    /// Generates strings of `count` characters from `character`, shrinking by deleting characters.
    ///
    /// `count` counts generated characters. Adjacent characters can merge into one grapheme cluster
    /// ("\r" then "\n", a letter then a lone combining mark), so the string's `count` may be smaller;
    /// its `unicodeScalars` are exactly the generated characters' scalars in order.
    public static func string(of character: Gen<Character>, count: ClosedRange<Int> = 0...32) -> Gen {
        Gen<Character>.array(of: character, count: count)
            .map { characters in String(characters) }
            .inStringSpan()
    }

    /// Generates strings of `count` Unicode scalars from `scalar`, built scalar by scalar.
    ///
    /// Built through `String.UnicodeScalarView`, so the generated scalars are exactly the string's
    /// `unicodeScalars`, even where Swift merges them into fewer `Character`s.
    public static func string(ofScalars scalar: Gen<Unicode.Scalar>, count: ClosedRange<Int> = 0...32) -> Gen {
        Gen<Unicode.Scalar>.array(of: scalar, count: count)
            .map { scalars in
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars)
                return String(view)
            }
            .inStringSpan()
    }

    /// Generates strings of printable ASCII (U+0020–U+007E), shrinking toward "" and then "a".
    public static func asciiString(count: ClosedRange<Int> = 0...32) -> Gen {
        string(ofScalars: .asciiScalar, count: count)
    }

    /// Generates strings of ASCII including control characters (U+0000–U+007F).
    ///
    /// `count` counts scalars: "\r\n" is two scalars but one `Character`.
    public static func fullASCIIString(count: ClosedRange<Int> = 0...32) -> Gen {
        string(ofScalars: .fullASCIIScalar, count: count)
    }

    /// Generates strings of any Unicode scalars (never surrogates), biased toward hostile ones.
    ///
    /// `count` counts scalars; combining marks, ZWJ sequences and regional-indicator pairs merge
    /// into fewer `Character`s. See `Gen.unicodeScalar` for the distribution and shrink order.
    public static func unicodeString(count: ClosedRange<Int> = 0...32) -> Gen {
        string(ofScalars: .unicodeScalar, count: count)
    }
}

extension Gen where Value == String {
    /// Wraps every draw in a `.string` span, so the shrinker can swap or copy whole strings.
    fileprivate func inStringSpan() -> Gen {
        let run = self.run
        return Gen { source throws(GenerationStop) in
            try source.withSpan(.string) { source throws(GenerationStop) in try run(&source) }
        }
    }
}
