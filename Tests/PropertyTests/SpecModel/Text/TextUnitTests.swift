import Generators
import SpecModel
import SpecTesting
import Testing

/// The import's text routines walk the bytes of an all-ASCII string and the Unicode scalars of any
/// other; both walks must give the same result, or a title's duplicates would depend on whether some
/// other character in it happened to be ASCII.
@Suite struct TextUnitTests {
    /// ASCII text with every character class the routines look at: spaces of each kind, letters of
    /// both cases, digits, the punctuation of series markers, subtitles and author keys.
    static let asciiText = Gen<String>.oneOf(
        Gen<String>.string(of: Gen<Character>.element(of: Array("aZ9 \t\r\n\u{0B}\u{0C}.,:-'#()[]\u{1F}\u{7F}\"")), count: 0...24),
        Gen<String>.asciiString(count: 0...40),
        Gen<String>.bookTitle(style: .realistic).filter { $0.utf8.allSatisfy { $0 < 0x80 } },
        Gen<String>.authorName(style: .realistic).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
    )

    @Test func asciiBytesAndScalarsAgree() {
        property(Self.asciiText, cases: 2_000) { text in
            try Self.requireWalksAgree(on: text)
            try requireEqual(AuthorNamesEngine.key(text, walk: .unicodeScalars), AuthorNamesEngine.key(text), "keying \(String(reflecting: text))")
        }
    }

    /// Normalizing and cleaning give the same text whichever way they walk it.
    static func requireWalksAgree(on text: String) throws {
        try requireEqual(
            TitleNormalizationEngine.normalizedForSearch(text, walk: .unicodeScalars), TitleNormalizationEngine.normalizedForSearch(text),
            "normalizing \(String(reflecting: text))")
        try requireEqual(AuthorNamesEngine.cleaned(text, walk: .unicodeScalars), AuthorNamesEngine.cleaned(text), "cleaning \(String(reflecting: text))")
    }

    /// Text beyond ASCII, built to reach every place where the byte walk of UTF-8 decides: letters,
    /// digits and numbers of other scripts next to periods, whitespace beyond ASCII (which sends the
    /// text to the scalar walk), combining marks, emoji and wide characters around colons (where the
    /// subtitle rule counts characters), and the punctuation of markers.
    static let unicodeText = Gen<String>.oneOf(
        Gen<String>.string(
            of: Gen<Character>.element(of: Array("aZ9 \t.,:#()[]éÉßЖж٣½Ⅻ①東京한\u{301}\u{0308}👩‍👩‍👧🇫🇷\u{A0}\u{2003}\u{3000}\u{85}’")),
            count: 0...24),
        Gen<String>.unicodeString(count: 0...30),
        Gen<String>.bookTitle(style: .messy)
    )

    @Test func utf8BytesAndScalarsAgree() {
        property(Self.unicodeText, cases: 3_000) { text in try Self.requireWalksAgree(on: text) }
    }

    /// The byte walk of UTF-8 relies on knowing, from the bytes, whether text has whitespace beyond
    /// ASCII: checked for every scalar, alone and between letters.
    @Test func nonASCIIWhitespaceIsFoundInTheBytes() {
        var misses: [UInt32] = []
        for value in UInt32(0x80)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)b"] {
                var text = text
                let found = text.withUTF8 { TextUnits.hasNonASCIIWhitespace($0) }
                if found != scalar.properties.isWhitespace { misses.append(value) }
            }
            // The scalar test the key interner's lowercasing applies as it goes.
            if TextUnits.isNonASCIIWhitespace(value) != scalar.properties.isWhitespace { misses.append(value) }
        }
        #expect(misses.isEmpty, "misjudged scalars: \(misses.prefix(10).map { String($0, radix: 16) })")
    }

    /// Eight ASCII bytes lowercased at once (D-114) give what lowercasing each gives: every ASCII
    /// byte at every position, among neighbours that are letters of either case and the bytes just
    /// outside `A`–`Z`.
    @Test func eightASCIIBytesLowercaseAsEachDoes() {
        let neighbours: [UInt8] = [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7F]
        var wrong: [String] = []
        for byte in UInt8(0)..<0x80 {
            for position in 0..<8 {
                for neighbour in neighbours {
                    var bytes = [UInt8](repeating: neighbour, count: 8)
                    bytes[position] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let lowered = withUnsafeBytes(of: TextUnits.asciiLowercased(word: word)) { Array($0) }
                    if lowered != bytes.map(TextUnits.asciiLowercased) { wrong.append("\(bytes)") }
                }
            }
        }
        let misjudged = wrong.count
        #expect(misjudged == 0, "misjudged words, the first: \(wrong.prefix(5))")
        #expect(TextUnits.asciiLowercased(UInt8(ascii: "Q")) == UInt8(ascii: "q"))
    }

    /// Every scalar `isStandaloneNonSpace` accepts is not whitespace and stays a character of its own
    /// after a space, a comma or a letter, and before a comma: so trimming and list splitting may
    /// decide on the bytes next to it.
    @Test func characterStartsAreKnownFromScalars() {
        var wrong: [UInt32] = []
        var accepted = 0
        for value in UInt32(0x80)...0x10_FFFF where TextUnits.isStandaloneNonSpace(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            accepted += 1
            let text = String(scalar)
            let joins = (" " + text).count != 2 || ("," + text).count != 2 || ("a" + text).count != 2 || (text + ",").count != 2
            if scalar.properties.isWhitespace || joins { wrong.append(value) }
        }
        #expect(accepted > 20_000, "the set is the letters of several scripts, \(accepted) scalars")
        #expect(wrong.isEmpty, "scalars that join or are whitespace: \(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    /// The byte walk hard-codes what Unicode says of the ASCII range; this pins it against the tables.
    @Test func theASCIIClassesAreUnicodesOwn() {
        for value in UInt8(0)..<0x80 {
            let properties = Unicode.Scalar(value).properties
            let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            #expect(properties.isWhitespace == (value == 0x20 || (0x09...0x0D).contains(value)), "White_Space of \(value)")
            #expect(properties.isAlphabetic == isLetter, "Alphabetic of \(value)")
            #expect((properties.numericType != nil) == (0x30...0x39).contains(value), "numeric type of \(value)")
            #expect(String(Unicode.Scalar(value)).lowercased().utf8.first == (isLetter ? value | 0x20 : value), "lowercase of \(value)")
        }
    }

}
