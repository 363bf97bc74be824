import Generators
import SpecModel
import TestSupport
import Testing

/// The interned keys of the duplicate index (Decision D-110): one identifier per text exactly as
/// `String`'s equality has it, and the import's direct path to a book's keys gives the keys the
/// strings of `DuplicateKeys` give.
@Suite struct KeyInternerTests {
    /// Text from a small alphabet with combining marks, precomposed letters and capitals, so that
    /// canonically equivalent pairs, and pairs that differ in one mark, come often.
    static let markedText = Gen<String>.string(
        of: Gen<Character>.element(of: [
            "e", "\u{E9}", "\u{301}", "\u{300}", "E", "\u{C9}", " ", "a", "\u{E0}", "\u{327}", "c", "\u{E7}", "\u{212B}", "A", "\u{30A}",
        ]),
        count: 0...6
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

    @Test func canonicallyEquivalentTextsAreOneKeyStoredInNFC() {
        let composed = "Gabriel Garc\u{ED}a M\u{E1}rquez"
        let decomposed = "Gabriel Garci\u{301}a Ma\u{301}rquez"
        #expect(composed == decomposed, "the premise: String equality is canonical equivalence")
        #expect(composed.utf8.count != decomposed.utf8.count)
        var interner = KeyInterner()
        let id = interner.intern(decomposed)
        #expect(interner.intern(composed) == id)
        #expect(interner.count == 1)
        #expect(Array(interner.text(id).utf8) == Array(composed.utf8), "the key is stored in NFC")
    }

    @Test func textsThatDifferAreDifferentKeys() {
        var interner = KeyInterner()
        let pairs = [("Dune", "dune"), ("Dune", "Dune "), ("", " "), ("e\u{301}", "e")]
        for (first, second) in pairs {
            #expect(interner.intern(first) != interner.intern(second), "\(String(reflecting: first)) and \(String(reflecting: second))")
        }
    }

    /// Distinct titles and keys of every length get distinct hashes: a collision costs a comparison,
    /// but a hash that collided often would make the interner compare bytes at every probe.
    @Test func distinctTextsHashApart() {
        var texts: Set<String> = []
        for length in 0...40 {
            for variant in 0..<500 { texts.insert(String(repeating: "a", count: length) + String(variant, radix: 36)) }
        }
        var hashes: [Int: String] = [:]
        var collisions: [String] = []
        for text in texts {
            var bytes = text
            let hash = bytes.withUTF8(ByteHash.hash)
            if let earlier = hashes.updateValue(text, forKey: hash) { collisions.append("\(earlier) / \(text)") }
        }
        #expect(texts.count > 19_000)
        #expect(collisions.isEmpty, "\(collisions.prefix(5))")
    }

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
