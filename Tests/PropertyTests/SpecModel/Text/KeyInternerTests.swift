import Generators
import SpecModel
import TestSupport
import Testing

/// The interned keys of the duplicate index (Decision D-110): one identifier per text exactly as
/// `String`'s equality has it, and the import's direct path to a book's keys gives the keys the
/// strings of `DuplicateKeys` give.
@Suite struct KeyInternerTests {
    /// Text from a small alphabet with combining marks, precomposed letters and capitals, so that
    /// canonically equivalent pairs come often.
    static let markedText = Gen<String>.string(
        of: Gen<Character>.element(of: ["e", "\u{E9}", "\u{301}", "E", "\u{C9}", " ", "a", "\u{212B}", "A", "\u{30A}"]),
        count: 0...5
    )

    /// Titles and names as exports hold them, hostile ones included: ASCII with runs of spaces,
    /// capitals and the key's separators; accented and decomposed letters; any Unicode at all.
    static let bookText = Gen<String>.oneOf(
        Gen.array(
            of: Gen<String>.element(of: ["D", "u", "n", "e", " ", "  ", "\t", ".", ",", "-", "'", ":", "(", ")", "#", "1", "É", "e\u{301}", "\u{A0}", "\u{2019}", "Σ", "İ", "ß", "\u{3000}"]),
            count: 0...12
        ).map { $0.joined() },
        Gen<String>.unicodeString(count: 0...12),
        markedText
    )

    @Test func textsShareAnIdentifierExactlyWhenTheyAreEqualStrings() {
        property(Self.markedText.zip(Self.markedText), cases: 3_000) { pair in
            let (a, b) = pair
            var interner = KeyInterner()
            let (first, second) = (interner.intern(a), interner.intern(b))
            try requireEqual(first == second, a == b, "identifiers of \(String(reflecting: a)) and \(String(reflecting: b))")
            try requireEqual(interner.count, a == b ? 1 : 2, "distinct keys stored")
            try require(interner.text(first) == a, "the text of \(String(reflecting: a))'s identifier is \(String(reflecting: interner.text(first)))")
        }
    }

    @Test func identifiersSurviveTheTableGrowing() {
        var interner = KeyInterner()
        let texts = (0..<5_000).map { "title \($0)" }
        let ids = texts.map { interner.intern($0) }
        #expect(Set(ids).count == texts.count)
        #expect(texts.map { interner.intern($0) } == ids, "interning again finds every key")
        #expect(interner.count == texts.count)
        #expect(ids.indices.allSatisfy { interner.text(ids[$0]) == texts[$0] })
    }

    @Test func theImportsKeysAreTheKeysOfDuplicateKeys() {
        property(Self.bookText.zip(Self.bookText), cases: 2_000) { (pair: (String, String)) in
            let (title, author) = pair
            let normalized = TitleNormalization.normalizedForSearch(title)
            var direct = DuplicateIndex()
            var viaStrings = DuplicateIndex()
            let made = direct.keys(title: title, normalizedTitle: normalized, author: author, isbn13: nil)
            let expected = viaStrings.keys(DuplicateKeys(title: title, author: author, isbn13: nil))
            try requireEqual(made, expected, "keys of \(String(reflecting: title)) by \(String(reflecting: author))")
            // Both in one index: the direct path finds the keys the strings interned.
            try requireEqual(viaStrings.keys(title: title, normalizedTitle: normalized, author: author, isbn13: nil), expected, "the same index's keys")
        }
    }
}
