import Generators
import SpecModel
import SpecTesting
import Testing

/// `ScalarTable` answers for the standard library's Unicode properties (Decision D-109): every answer
/// it gives must be the standard library's own, scalar by scalar, or a title's duplicate keys would
/// depend on which path lowercased it.
@Suite struct ScalarTableTests {
    /// Every Unicode scalar value, surrogates excluded.
    static var everyScalar: some Sequence<Unicode.Scalar> { (UInt32(0)...0x10_FFFF).lazy.compactMap(Unicode.Scalar.init) }

    /// The lowercase the standard library gives one scalar, if it is one scalar.
    static func standardLowercase(_ scalar: Unicode.Scalar) -> UInt32? {
        let lowered = String(scalar).lowercased().unicodeScalars
        return lowered.count == 1 ? lowered.first!.value : nil
    }

    @Test func whiteSpaceIsUnicodesOwnForEveryScalar() {
        var mismatches: [UInt32] = []
        for scalar in Self.everyScalar where ScalarTable.isWhitespace(scalar.value) != scalar.properties.isWhitespace {
            mismatches.append(scalar.value)
        }
        #expect(mismatches.isEmpty, "White_Space differs at \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test(arguments: [
        ("latin", ScalarTable.latin), ("greekAndCyrillic", ScalarTable.greekAndCyrillic), ("extended", ScalarTable.extended),
    ])
    func everyScalarOfATableBlockHasTheStandardLibrarysProperties(name: String, block: ScalarTable.Block) {
        #expect(!block.lowercase.isEmpty, "block \(name) is empty")
        var mismatches: [String] = []
        for offset in block.lowercase.indices {
            let value = block.start + UInt32(offset)
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarTable.singleLowercase(value) != Self.standardLowercase(scalar) { mismatches.append("lowercase of U+\(String(value, radix: 16))") }
            if ScalarTable.isAlphabetic(scalar) != scalar.properties.isAlphabetic { mismatches.append("Alphabetic of U+\(String(value, radix: 16))") }
            if ScalarTable.isNumeric(scalar) != (scalar.properties.numericType != nil) { mismatches.append("numeric of U+\(String(value, radix: 16))") }
        }
        #expect(mismatches.isEmpty, "block \(name): \(mismatches.prefix(10))")
    }

    /// The ranges declared caseless lowercase to themselves, every scalar of them.
    @Test func everyScalarOfTheCaselessRangesLowercasesToItself() {
        var mismatches: [UInt32] = []
        var caseless = 0
        for value in UInt32(0x80)...0x10_FFFF where ScalarTable.isCaseless(value) {
            caseless += 1
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarTable.singleLowercase(value) != value || Self.standardLowercase(scalar) != value { mismatches.append(value) }
        }
        #expect(caseless > 100_000, "the ranges hold the CJK ideographs and Hangul syllables, \(caseless) scalars")
        #expect(mismatches.isEmpty, "not caseless: \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    /// A scalar the tables do not hold gets no answer, so the caller asks the standard library: `İ`
    /// (two scalars lowercased), Georgian and Cherokee capitals (outside every block).
    @Test func scalarsBeyondTheTablesAreLeftToTheStandardLibrary() {
        #expect(ScalarTable.singleLowercase(0x130) == nil)
        #expect(ScalarTable.singleLowercase(0x10A0) == nil)
        #expect(ScalarTable.singleLowercase(0x13A0) == nil)
        #expect(ScalarTable.lowercased(Array("İstanbul".unicodeScalars)) == nil)
    }

    /// Lowercasing whole strings through the tables gives `String.lowercased()` whenever the tables
    /// answer, for realistic titles and names and for hostile scalars.
    @Test func lowercasingAStringAgreesWithTheStandardLibrary() {
        let text = Gen<String>.oneOf(
            Gen<String>.bookTitle(style: .messy),
            Gen<String>.authorName(style: .messy),
            Gen<String>.unicodeString(count: 0...24)
        )
        // The tables answer for the names and titles exports hold.
        for known in ["Gabriel García Márquez", "ЛЕВ ТОЛСТОЙ", "Ἰλιάς", "村上 春樹", "Đắc Nhân Tâm", "Ωmega ℃"] {
            #expect(ScalarTable.lowercased(Array(known.unicodeScalars)) != nil, "\(known) is left to the standard library")
        }
        property(text, cases: 2_000) { text in
            guard let lowered = ScalarTable.lowercased(Array(text.unicodeScalars)) else { return }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: lowered)
            try requireEqual(String(view), text.lowercased(), "lowercasing \(String(reflecting: text))")
        }
    }
}
