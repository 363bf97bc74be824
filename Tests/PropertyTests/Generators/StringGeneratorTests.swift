import Generators
import SpecTesting
import Testing

/// Character and string generators stay within their alphabets, reach the scalars that break text
/// handling, replay exactly, and shrink toward "a", "!" and U+0080 as `CharacterOrder` promises.
@Suite struct StringGeneratorTests {
    // MARK: - Alphabets

    @Test func asciiStringsHoldOnlyPrintableASCII() {
        property(Gen.asciiString(count: 0...40)) { text in
            try require(text.unicodeScalars.count <= 40, "\(text.unicodeScalars.count) scalars")
            for scalar in text.unicodeScalars {
                try require((0x20...0x7E).contains(scalar.value), "U+\(String(scalar.value, radix: 16)) is not printable ASCII")
            }
        }
    }

    @Test func fullASCIIStringsHoldOnlyASCIIAndReachControlCharacters() {
        property(
            Gen.fullASCIIString(count: 1...20), cases: 300,
            coverage: [CoverageRequirement("control character", atLeastPercent: 50)],
            labels: { text in text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? ["control character"] : [] }
        ) { text in
            for scalar in text.unicodeScalars {
                try require(scalar.value < 0x80, "U+\(String(scalar.value, radix: 16)) is not ASCII")
            }
        }
    }

    @Test func unicodeStringsCountScalarsAndNeverHoldSurrogates() {
        property(Gen.unicodeString(count: 5...5)) { text in
            // Grapheme clusters may merge (a letter and a combining mark), scalars never do.
            try requireEqual(text.unicodeScalars.count, 5, "scalar count")
            try require(text.count <= 5, "\(text.count) characters from 5 scalars")
            for scalar in text.unicodeScalars {
                try require(!(0xD800...0xDFFF).contains(scalar.value), "surrogate U+\(String(scalar.value, radix: 16))")
                try require(scalar.value <= 0x10FFFF, "beyond U+10FFFF")
            }
        }
    }

    // Generation is biased toward the neighbourhoods where text handling breaks, yet reaches beyond.
    @Test func unicodeScalarsReachEveryHostileNeighbourhood() {
        property(
            Gen.unicodeScalar, cases: 2_000,
            coverage: [
                CoverageRequirement("printable ASCII", atLeastPercent: 20),
                CoverageRequirement("ASCII control", atLeastPercent: 2),
                CoverageRequirement("Latin-1 or accented", atLeastPercent: 5),
                CoverageRequirement("combining mark", atLeastPercent: 4),
                CoverageRequirement("zero width or bidi control", atLeastPercent: 0.5),
                CoverageRequirement("right to left", atLeastPercent: 4),
                CoverageRequirement("CJK", atLeastPercent: 3),
                CoverageRequirement("astral plane", atLeastPercent: 5),
                CoverageRequirement("elsewhere", atLeastPercent: 1),
            ],
            labels: { scalar in [Self.neighbourhood(of: scalar.value)] }
        ) { scalar in
            try require(!(0xD800...0xDFFF).contains(scalar.value), "surrogate")
        }
    }

    @Test func unicodeGenerationProducesTheRareSpecialScalars() throws {
        let seen = Set(Gen.unicodeScalar.samples(20_000, seed: 11).map { try? $0.get().value })
        for special: UInt32 in [0x0000, 0x200B, 0x200C, 0x200D, 0xFEFF, 0xFFFD, 0x10FFFF] {
            #expect(seen.contains(special), "U+\(String(special, radix: 16)) never generated in 20,000 draws")
        }
    }

    static func neighbourhood(of value: UInt32) -> String {
        switch value {
        case 0x20...0x7E: return "printable ASCII"
        case 0x00...0x1F, 0x7F: return "ASCII control"
        case 0x80...0x17F: return "Latin-1 or accented"
        case 0x300...0x36F: return "combining mark"
        case 0x200B...0x200F, 0xFEFF, 0x202A...0x202E, 0x2066...0x2069: return "zero width or bidi control"
        case 0x590...0x6FF: return "right to left"
        case 0x3040...0x30FF, 0x4E00...0x9FFF: return "CJK"
        case 0x10000...: return "astral plane"
        default: return "elsewhere"
        }
    }

    @Test func characterRangesStayInRangeAndSkipTheSurrogates() {
        property(
            Gen.character(in: "\u{D7F0}"..."\u{E00F}"), cases: 500,
            coverage: [CoverageRequirement("below surrogates", atLeastPercent: 10), CoverageRequirement("above surrogates", atLeastPercent: 10)],
            labels: { character in [character.unicodeScalars.first!.value < 0xD800 ? "below surrogates" : "above surrogates"] }
        ) { character in
            try requireEqual(character.unicodeScalars.count, 1, "scalars in \(character)")
            let value = character.unicodeScalars.first!.value
            try require((0xD7F0...0xD7FF).contains(value) || (0xE000...0xE00F).contains(value), "U+\(String(value, radix: 16)) is outside the range")
        }
    }

    @Test func stringsOfCharactersUseOnlyThoseCharacters() {
        property(Gen.string(of: Gen.character(in: "a"..."c"), count: 2...9)) { text in
            try require((2...9).contains(text.count), "count \(text.count)")
            try require(text.allSatisfy { "abc".contains($0) }, "\(text) has a letter outside a...c")
        }
    }

    // MARK: - The shrink order

    @Test(arguments: ([
        (0, "a"), (25, "z"), (26, "0"), (35, "9"), (36, "A"), (61, "Z"), (62, " "), (63, "!"), (94, "~"),
        (95, "\t"), (96, "\n"), (97, "\r"), (98, "\u{0}"), (127, "\u{7F}"), (128, "\u{80}"),
        (128 + 0xD800 - 0x80, "\u{E000}"), (1_112_063, "\u{10FFFF}"),
    ] as [(UInt64, Unicode.Scalar)]).map { ($0.0, Shown(scalar: $0.1)) })
    func choiceIndicesFollowTheDocumentedShrinkOrder(index: UInt64, scalar: Shown<Unicode.Scalar>) throws {
        #expect(try Gen.unicodeScalar.replay([index]).value == scalar.value)
        #expect(CharacterOrder.index(for: scalar.value) == Int(index))
    }

    @Test func everyScalarHasExactlyOneChoiceIndex() {
        // Exhaustive: the bijection is what lets replay map a recorded index back to its scalar.
        var mismatches = 0
        var previous: UInt32? = nil
        var outOfOrder = 0
        for index in 0..<CharacterOrder.scalarCount {
            let scalar = CharacterOrder.scalar(forIndex: index)
            if CharacterOrder.index(for: scalar) != index { mismatches += 1 }
            if index >= CharacterOrder.asciiCount {
                if let previous, scalar.value <= previous { outOfOrder += 1 }
                previous = scalar.value
            }
        }
        #expect(mismatches == 0)
        #expect(outOfOrder == 0, "non-ASCII scalars must follow in scalar order")
        #expect(CharacterOrder.scalarCount == 1_112_064)
    }

    @Test func asciiGeneratorsClampReplayedIndicesToTheirAlphabet() throws {
        #expect(try Gen.asciiScalar.replay([1_000]).value == "~")
        #expect(try Gen.fullASCIIScalar.replay([1_000]).value == "\u{7F}")
        #expect(try Gen.asciiCharacter.replay([]).value == "a")
    }

    @Test func asciiStringContainingABangShrinksToExactlyABang() {
        let report = checkProperty(Gen.asciiString(count: 0...20), settings: PropertySettings(name: "x", cases: 200), describe: { $0 }) { text in
            try require(!text.contains("!"), "has !")
        }
        #expect(report.failure?.shrunk == "!")
    }

    @Test func unicodeStringWithANonASCIIScalarShrinksToU0080() {
        let report = checkProperty(Gen.unicodeString(count: 0...20), settings: PropertySettings(name: "non-ASCII", cases: 200), describe: { $0 }) { text in
            try require(text.unicodeScalars.allSatisfy(\.isASCII), "has non-ASCII")
        }
        #expect(report.failure?.shrunk == "\u{80}")
    }

    @Test func unicodeStringWithACombiningMarkShrinksToTheFirstCombiningMark() {
        let report = checkProperty(Gen.unicodeString(count: 0...30), settings: PropertySettings(name: "combining", cases: 200), describe: { $0 }) { text in
            try require(!text.unicodeScalars.contains { (0x300...0x36F).contains($0.value) }, "has a combining mark")
        }
        #expect(report.failure?.shrunk == "\u{300}")
    }

    @Test func everyStringGeneratorShrinksToTheEmptyStringOrA() throws {
        #expect(try Gen.asciiString().replay([]).value == "")
        #expect(try Gen.unicodeString(count: 1...5).replay([]).value == "a")
        #expect(try Gen.fullASCIIString(count: 3...3).replay([]).value == "aaa")
    }

    // MARK: - Replay and determinism

    @Test func replayingRecordedChoicesReproducesUnicodeStrings() {
        property(Gen.word) { seed in
            var source = ChoiceSource(seed: seed, recording: true)
            let generated = try Gen.unicodeString().run(&source)
            let replayed = try Gen.unicodeString().replay(source.record.choices).value
            try require(generated.unicodeScalars.elementsEqual(replayed.unicodeScalars), "\(generated.debugDescription) replayed as \(replayed.debugDescription)")
        }
    }

    @Test func theSameSeedGivesTheSameStrings() {
        let generators: [Gen<String>] = [
            Gen.asciiString(), Gen.fullASCIIString(), Gen.unicodeString(), Gen.string(of: Gen.unicodeCharacter),
        ]
        for generator in generators {
            #expect(generator.samples(50, seed: 42) == generator.samples(50, seed: 42))
            #expect(generator.samples(50, seed: 42) != generator.samples(50, seed: 43))
        }
    }
}
