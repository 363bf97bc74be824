import Generators
import SpecModel
import SpecTesting
import Testing

/// Author names as exports write them, and the fuzzy match of duplicate detection's third tier
/// (seed 004_…; production-notes.md: runs of spaces, `Author l-f`, comma-separated lists; Decision D-034).
@Suite struct AuthorNamesTests {
    @Test func namesAreCleanedOfRunsOfSpaces() {
        #expect(AuthorNames.cleaned("  Liz    Moore ") == "Liz Moore")
    }

    @Test(arguments: [
        ("Moore, Liz", "Liz Moore"),
        ("King, Martin Luther, Jr.", "Martin Luther King Jr."),
        ("García Márquez, Gabriel", "Gabriel García Márquez"),
        ("Plato", "Plato"),
        ("Tolkien,  J.R.R.", "J.R.R. Tolkien"),
    ])
    func lastFirstNamesBecomeFirstLast(lastFirst: String, expected: String) {
        #expect(AuthorNames.firstLast(fromLastFirst: lastFirst) == expected)
    }

    @Test func additionalAuthorListsSplitAtCommas() {
        #expect(AuthorNames.split("Neil Gaiman,  Terry   Pratchett, ") == ["Neil Gaiman", "Terry Pratchett"])
    }

    @Test func keysIgnoreCasePunctuationAndSpacing() {
        #expect(AuthorNames.key("J.R.R. Tolkien") == AuthorNames.key("j. r. r.  TOLKIEN"))
        #expect(AuthorNames.key("O'Brien, Tim") == "o brien tim")
    }

    @Test(arguments: [
        ("Liz Moore", "Moore, Liz", true),
        ("Gabriel García Márquez", "Gabriel Garcia Marquez", true),
        ("J.K. Rowling", "J. K. Rowling", true),
        ("Stephen King", "Stephen Kingg", true),
        ("Stephen King", "Stephenie Meyer", false),
        ("Liz Moore", "Lorrie Moore", false),
        ("Anne", "Anna", false),
    ])
    func similarityAboveEightyPercentMeansTheSameAuthor(first: String, second: String, same: Bool) {
        let score = AuthorSimilarity.score(first, second)
        #expect((score > AuthorSimilarity.duplicateThreshold) == same, "\(first) vs \(second): \(score)")
    }

    @Test func similarityIsSymmetricBoundedAndOneForEqualKeys() {
        property(Gen.zip(Gen<String>.authorName(style: .messy), Gen<String>.authorName(style: .messy)), cases: 500) { first, second in
            let forward = AuthorSimilarity.score(first, second)
            try requireEqual(forward, AuthorSimilarity.score(second, first), "score(\(first), \(second)) is not symmetric")
            try require(forward >= 0 && forward <= 1, "score \(forward) outside 0...1")
            try requireEqual(AuthorSimilarity.score(first, first), 1.0, "a name against itself")
        }
    }

    /// The sketch's lower bound on the edit distance (Decision D-113) never rules out a pair the full
    /// score would call a duplicate: keys compared with slightly edited copies of themselves (the
    /// pairs near the threshold), with other names, and with keys that have spaces at an edge or two
    /// in a row (given no bound).
    /// The distances the duplicate threshold allows are looked up for lengths below 128 (D-114): the
    /// table gives what the computation gives, at every length either side of its end.
    @Test func theAllowedDistancesLookedUpAreTheOnesComputed() {
        for longest in 1...300 {
            let threshold = AuthorSimilarity.duplicateThreshold
            #expect(
                AuthorSimilarityEngine.allowedDistance(longest: longest, above: threshold)
                    == AuthorSimilarityEngine.computedAllowedDistance(longest: longest, above: threshold),
                "length \(longest)"
            )
        }
        // Sequences of 10 scalars may be 1 edit apart at 80% (0.9 > 0.8), not 2 (0.8 is not above it).
        #expect(AuthorSimilarityEngine.allowedDistance(longest: 10, above: AuthorSimilarity.duplicateThreshold) == 1)
        #expect(AuthorSimilarityEngine.allowedDistance(longest: 11, above: AuthorSimilarity.duplicateThreshold) == 2)
    }

    @Test func aSketchNeverExcludesAPairAboveTheThreshold() {
        let edit = Gen.zip(Gen<Int>.int(in: 0...2), Gen<Int>.int(in: 0...40), Gen<String>.element(of: ["a", "e", "z", " ", "é", "ñ", "x"]))
        let pairs = Gen.zip(
            Gen<String>.authorName(style: .messy), Gen<String>.authorName(style: .messy),
            Gen.array(of: edit, count: 0...4), Gen<Bool>.bool(probability: 0.5)
        )
        var excluded = 0
        property(pairs, cases: 2_000) { first, other, edits, editedCopy in
            let key = AuthorNames.key(first)
            var second = Array(editedCopy ? key.unicodeScalars.map(String.init) : AuthorNames.key(other).unicodeScalars.map(String.init))
            for (operation, position, text) in edits {
                let at = second.isEmpty ? 0 : position % (second.count + (operation == 1 ? 1 : 0))
                switch operation {
                case 0 where !second.isEmpty: second[Swift.min(at, second.count - 1)] = text
                case 1: second.insert(text, at: Swift.min(at, second.count))
                default: if !second.isEmpty { second.remove(at: Swift.min(at, second.count - 1)) }
                }
            }
            let secondKey = second.joined()
            let threshold = AuthorSimilarity.duplicateThreshold
            guard AuthorKeySketch(key: key).excludes(AuthorKeySketch(key: secondKey), above: threshold) else { return }
            excluded += 1
            let score = AuthorSimilarity.score(keys: key, secondKey)
            try require(score <= threshold, "the sketch excluded \"\(key)\" and \"\(secondKey)\", which score \(score)")
        }
        // The bound does rule pairs out: most unrelated names differ in length or letters.
        #expect(excluded > 500, "the sketch excluded only \(excluded) of 2,000 pairs")
        #expect(AuthorKeySketch(key: "liz moore").excludes(AuthorKeySketch(key: "stephen king"), above: AuthorSimilarity.duplicateThreshold))
        // A key with a space at an edge has no bound: its sorted words are shorter than it.
        #expect(!AuthorKeySketch(key: " liz moore").excludes(AuthorKeySketch(key: "stephen king"), above: AuthorSimilarity.duplicateThreshold))
    }
}
