import CommandLineParsing
import Testing

/// The name a mistyped word most likely meant, suggested only when it is a good guess.
@Suite struct NearestNameTests {
    static let options = ["--seed", "--strict", "--iterations", "--json"]

    @Test(arguments: [
        ("--sead", "--seed"),  // one edit
        ("--seeds", "--seed"),  // it begins with the name
        ("--iter", "--iterations"),  // the one name that begins with it
        ("--STRICT", "--strict"),  // case is ignored
        ("--jsn", "--json"),  // a letter left out
    ])
    func aCloseWordIsSuggested(word: String, name: String) {
        #expect(NearestName.suggestion(for: word, in: Self.options) == name)
        #expect(NearestName.hint(for: word, in: Self.options) == " (did you mean \(name)?)")
    }

    @Test(arguments: [
        "--s",  // begins two names, and is 3 edits from either
        "--",  // too short to share a beginning with anything
        "--bogus",  // far from every name
        "",
    ])
    func aFarOrAmbiguousWordIsNot(word: String) {
        #expect(NearestName.suggestion(for: word, in: Self.options) == nil)
        #expect(NearestName.hint(for: word, in: Self.options) == "")
    }

    /// The nearest name is always one of the known ones (a scenario file's unknown key names it), the
    /// first listed on a tie; none of none.
    @Test func theNearestIsAKnownNameTheFirstOnATie() {
        #expect(NearestName.nearest(to: "start", in: ["endMilliseconds", "startMilliseconds"]) == "startMilliseconds")
        #expect(NearestName.nearest(to: "zz", in: ["ab", "cd"]) == "ab")
        #expect(NearestName.nearest(to: "x", in: []) == nil)
    }

    @Test func theEditDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(NearestName.editDistance("kitten", "sitting") == 3)
        #expect(NearestName.editDistance("", "abc") == 3 && NearestName.editDistance("abc", "") == 3)
        #expect(NearestName.editDistance("é", "e") == 1)
        #expect(NearestName.editDistance("same", "same") == 0)
    }
}
