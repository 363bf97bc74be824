import Generators
import SpecModel
import TestSupport
import Testing

/// `HashedText` must find exactly what a `String` key would (Decision D-109): equal when the texts
/// are canonically equivalent, with equal hashes then, and unequal otherwise.
@Suite struct HashedTextTests {
    @Test func canonicallyEquivalentTextsAreOneKey() {
        let composed = "Gabriel Garc\u{ED}a M\u{E1}rquez"
        let decomposed = "Gabriel Garci\u{301}a Ma\u{301}rquez"
        #expect(composed == decomposed, "the premise: String equality is canonical equivalence")
        #expect(composed.utf8.count != decomposed.utf8.count)
        let (first, second) = (HashedText(composed), HashedText(decomposed))
        #expect(first.isNFC)
        #expect(!second.isNFC)
        #expect(first == second)
        #expect(first.hash == second.hash)
        let table = [first: 1]
        #expect(table[second] == 1)
    }

    @Test func textsThatDifferAreDifferentKeys() {
        #expect(HashedText("Dune") != HashedText("dune"))
        #expect(HashedText("Dune") != HashedText("Dune "))
        #expect(HashedText("") != HashedText(" "))
        #expect(HashedText("e\u{301}") != HashedText("e"))
    }

    /// Text from a small alphabet with combining marks and precomposed letters, so that canonically
    /// equivalent pairs, and pairs that differ in one mark, come often.
    static let markedText = Gen<String>.string(
        of: Gen<Character>.element(of: ["e", "\u{E9}", "\u{301}", "\u{300}", "a", "\u{E0}", " ", "\u{327}", "c", "\u{E7}", "\u{212B}", "A", "\u{30A}"]),
        count: 0...6
    )

    @Test func equalityAndHashFollowStringEquality() {
        property(Self.markedText.zip(Self.markedText), cases: 3_000) { pair in
            let (a, b) = pair
            let (first, second) = (HashedText(a), HashedText(b))
            try requireEqual(first == second, a == b, "HashedText equality of \(String(reflecting: a)) and \(String(reflecting: b))")
            if a == b { try requireEqual(first.hash, second.hash, "the hashes of equal texts") }
        }
    }

    /// Distinct titles and keys of every length get distinct hashes: a collision costs a comparison,
    /// but a hash that collided often would make the index compare text at every probe.
    @Test func distinctTextsHashApart() {
        var texts: Set<String> = []
        for length in 0...40 {
            for variant in 0..<500 { texts.insert(String(repeating: "a", count: length) + String(variant, radix: 36)) }
        }
        var hashes: [Int: String] = [:]
        var collisions: [String] = []
        for text in texts {
            if let earlier = hashes.updateValue(text, forKey: HashedText(text).hash) { collisions.append("\(earlier) / \(text)") }
        }
        #expect(texts.count > 19_000)
        #expect(collisions.isEmpty, "\(collisions.prefix(5))")
    }
}
