import Generators
import SpecModel
import TestSupport
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
            try requireEqual(
                TitleNormalization.normalizedForSearch(text, walk: .unicodeScalars), TitleNormalization.normalizedForSearch(text),
                "normalizing \(String(reflecting: text))")
            try requireEqual(AuthorNames.cleaned(text, walk: .unicodeScalars), AuthorNames.cleaned(text), "cleaning \(String(reflecting: text))")
            try requireEqual(AuthorNames.key(text, walk: .unicodeScalars), AuthorNames.key(text), "keying \(String(reflecting: text))")
        }
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
