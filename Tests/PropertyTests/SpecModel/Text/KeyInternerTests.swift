import Generators
import SpecModel
import SpecTesting
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

    /// A batch of keys interned together (Decision D-114) gets the identifiers that interning them
    /// one by one in the same order gets, whatever the interner held before: repeats within the
    /// batch, keys known already, keys of every sort, and batches that grow the table midway.
    @Test func aBatchGetsTheIdentifiersOfInterningOneByOne() {
        let batches = Gen.zip(
            Gen.array(of: Self.bookText, count: 0...30),
            Gen.array(of: Gen.zip(Gen<Int>.int(in: 0...99), Gen<Int>.int(in: 0...2)), count: 0...150)
        )
        property(batches, cases: 500) { (pair: ([String], [(Int, Int)])) in
            let (texts, picks) = pair
            guard !texts.isEmpty else { return }
            var oneByOne = KeyInterner()
            var together = KeyInterner()
            // The same history first: the batch meets keys the interner knows.
            for text in texts.prefix(texts.count / 2) {
                _ = oneByOne.intern(text)
                _ = together.intern(text)
            }
            var batch = KeyBatch()
            var expected: [KeyInterner.ID] = []
            for (pick, sort) in picks {
                let text = texts[pick % texts.count]
                switch sort {
                case 0:
                    try requireEqual(batch.append(text), expected.count, "the key's place in the batch")
                    expected.append(oneByOne.intern(text))
                case 1:
                    // Lowercased as it is (the key function falls back to `lowercased()` for text
                    // the bytes cannot take: whitespace beyond ASCII, text not in NFC).
                    _ = batch.append(lowercasedKey: text, rule: { $0.count }, key: { $0.lowercased() })
                    expected.append(oneByOne.intern(lowercasedKey: text, rule: { $0.count }, key: { $0.lowercased() }))
                default:
                    // `’` as `'`, and a rule that drops the bytes after the first space.
                    let rule: (UnsafeMutableBufferPointer<UInt8>) -> Int = { $0.firstIndex(of: 0x20) ?? $0.count }
                    let key: (String) -> String = { String($0.lowercased().map { $0 == "\u{2019}" ? "'" : $0 }.prefix { $0 != " " }) }
                    _ = batch.append(lowercasedKey: text, apostropheAsASCII: true, rule: rule, key: key)
                    expected.append(oneByOne.intern(lowercasedKey: text, apostropheAsASCII: true, rule: rule, key: key))
                }
            }
            together.intern(&batch)
            try requireEqual(batch.ids, expected, "the batch's identifiers")
            try requireEqual(together.count, oneByOne.count, "the keys interned")
            for id in expected { try requireEqual(together.text(id), oneByOne.text(id), "the text of key \(id.value)") }
            // Interned again, the batch finds every key and adds none.
            together.intern(&batch)
            try requireEqual(batch.ids, expected, "the batch's identifiers, interned again")
            try requireEqual(together.count, oneByOne.count, "the keys interned, after the batch again")
            try requireEqual(together._checkConsistency(), [], "the problems of the interner that took the batch")
            try requireEqual(oneByOne._checkConsistency(), [], "the problems of the interner that took the keys one by one")
        }
    }

    /// The whole-structure check the internal checks run after a rehash sees each broken invariant:
    /// an interner left consistent by thousands of keys (and by growing the table) reports nothing,
    /// and each deliberate corruption is reported.
    @Test(arguments: KeyInterner._Corruption.allCases)
    func theConsistencyCheckFindsABrokenInterner(corruption: KeyInterner._Corruption) {
        var interner = KeyInterner()
        for number in 0..<3_000 { _ = interner.intern("title \(number)") }
        interner.reserveCapacity(10_000)
        #expect(interner._checkConsistency() == [])
        interner._corruptForTesting(corruption)
        #expect(!interner._checkConsistency().isEmpty, "\(corruption) is not found")
    }

    /// The import's keys, written for a whole batch of books and interned together (D-114), are the
    /// keys `DuplicateKeys` makes as strings, interned one by one.
    @Test func aBatchOfBooksGetsTheKeysOfDuplicateKeys() {
        let book = Gen.zip(Self.bookText, Self.bookText, Gen<String>.element(of: ["9780439023481", "9780553293357", ""]))
        property(Gen.array(of: book, count: 0...60), cases: 300) { (books: [(String, String, String)]) in
            var batched = DuplicateIndex()
            var viaStrings = DuplicateIndex()
            var batch = KeyBatch()
            var places: [DuplicateIndex.KeyPlaces] = []
            var expected: [DuplicateIndex.Keys] = []
            for (title, author, isbn) in books {
                let isbn13 = isbn.isEmpty ? nil : isbn
                let normalized = TitleNormalizationEngine.normalizedForSearch(title)
                places.append(DuplicateIndex.writeKeys(title: title, normalizedTitle: normalized, author: author, isbn13: isbn13, into: &batch))
                expected.append(viaStrings.keys(DuplicateKeys(title: title, author: author, isbn13: isbn13)))
            }
            batched.intern(&batch)
            try requireEqual(places.map { $0.keys(in: batch) }, expected, "the batch's keys")
        }
    }

    @Test func theImportsKeysAreTheKeysOfDuplicateKeys() {
        property(Self.bookText.zip(Self.bookText), cases: 2_000) { (pair: (String, String)) in
            let (title, author) = pair
            let normalized = TitleNormalizationEngine.normalizedForSearch(title)
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
