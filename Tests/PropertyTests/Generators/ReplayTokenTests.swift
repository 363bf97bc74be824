import Generators
import SpecTesting
import Testing

/// Replay tokens round-trip exactly, and every malformed token is a typed error that says what a
/// token looks like: a token pasted from a CI log must either replay or explain itself.
@Suite struct ReplayTokenTests {
    @Test func tokensRoundTripThroughTheirText() {
        property(Gen.zip(Gen.asciiStringForTokens, Gen<UInt64>.word, Gen.array(of: Gen<UInt64>.anyInteger, count: 0...40))) { name, seed, choices in
            let token = ReplayToken(propertyName: name, seed: seed, choices: choices)
            let parsed = try ReplayToken(parsing: token.description)
            try requireEqual(parsed, token)
            try require(parsed.belongs(to: name), "token does not belong to \(name)")
        }
    }

    /// The expected text was computed independently (Python: LEB128 varints, FNV-1a, base64url).
    @Test func tokenTextIsPinnedSoOldTokensKeepDecoding() throws {
        let token = ReplayToken(propertyHash: 0x1234_5678, seed: 42, choices: [0, 1, 300, UInt64.max])
        #expect(token.description == "p1.Afis0ZEBKgQAAawC____________AWrEHOY")
        #expect(try ReplayToken(parsing: "p1.Afis0ZEBKgQAAawC____________AWrEHOY") == token)
    }

    @Test func surroundingWhitespaceIsTolerated() throws {
        let token = ReplayToken(propertyName: "p", seed: 1, choices: [3])
        #expect(try ReplayToken(parsing: "  \(token)\n") == token)
    }

    static let malformed: [(String, ReplayTokenError)] = [
        ("x1.AAAA", .missingPrefix(found: "x1.AAAA")),
        ("", .missingPrefix(found: "")),
        ("p1.AB*D", .invalidCharacter("*", offset: 5)),
        ("p1.A", .truncated),
        ("p1.AQ", .truncated),
        ("p1.Afis0ZEBKgQAAawC____________AWrEHOZ", .checksumMismatch),
    ]

    @Test(arguments: malformed)
    func malformedTokensAreTypedErrors(text: String, expected: ReplayTokenError) {
        #expect(throws: expected) { try ReplayToken(parsing: text) }
    }

    /// Issue 22: an error quotes a bounded part of what it found, in scalars, not `Character`s: eight
    /// letters carrying a thousand combining marks each are quoted as eight scalars, and a bad
    /// letter's marks are not quoted at all (found by the token fuzz target).
    @Test func anErrorQuotesScalarsSoCombiningMarksCannotSwellIt() {
        let marks = String(repeating: "\u{0301}", count: 1_000)
        let prefixed = String(repeating: "x" + marks, count: 8)
        #expect(throws: ReplayTokenError.missingPrefix(found: "x" + String(repeating: "\u{0301}", count: 7))) { try ReplayToken(parsing: prefixed) }
        #expect(throws: ReplayTokenError.invalidCharacter("\u{0301}", offset: 5)) { try ReplayToken(parsing: "p1.Ae" + marks) }
        for text in [prefixed, "p1.Ae" + marks] {
            do {
                _ = try ReplayToken(parsing: text)
                Issue.record("\(text.utf8.count) bytes decoded")
            } catch {
                #expect(error.description.utf8.count < 200, "\(error.description.utf8.count) bytes")
            }
        }
    }

    @Test func everyTokenErrorSaysWhatATokenLooksLike() {
        let errors: [ReplayTokenError] = [
            .missingPrefix(found: "x"), .invalidCharacter("*", offset: 3), .truncated, .checksumMismatch,
            .trailingBytes, .tooLong(length: 2_000_000, lengthMax: ReplayToken.textLengthMax), .overlongNumber,
        ]
        for error in errors {
            #expect(error.description.contains("p1.<base64url>"), "\(error) does not describe the expected form")
        }
        #expect(ReplayTokenError.unsupportedVersion(found: 9, supported: 1).description.contains("re-run the failing property"))
    }

    @Test func aTokenOfAnotherVersionIsRejectedByVersion() throws {
        // Re-encode a valid payload with version 2 and a correct checksum.
        let text = ReplayToken._encodeForTesting(version: 2, hash: 1, seed: 1, choices: [1])
        #expect(throws: ReplayTokenError.unsupportedVersion(found: 2, supported: 1)) { try ReplayToken(parsing: text) }
    }

    /// Issue 22: one case has one token. A number written in more bytes than it needs (`0x81 0x00` for 1,
    /// `0x80 0x00` for 0) is refused, though the checksum is right; the shortest form decodes.
    @Test func aNumberWrittenTooLongIsRefusedSoEachCaseHasOneToken() throws {
        // version 1, hash 5, seed 7, one choice: 1.
        let canonical = ReplayToken._encodeForTesting(payload: [0x01, 0x05, 0x07, 0x01, 0x01])
        #expect(try ReplayToken(parsing: canonical) == ReplayToken(propertyHash: 5, seed: 7, choices: [1]))
        for payload: [UInt8] in [[0x01, 0x05, 0x07, 0x01, 0x81, 0x00], [0x01, 0x85, 0x00, 0x07, 0x01, 0x01], [0x01, 0x05, 0x07, 0x01, 0x80, 0x80, 0x00]] {
            #expect(throws: ReplayTokenError.overlongNumber) { try ReplayToken(parsing: ReplayToken._encodeForTesting(payload: payload)) }
        }
        // Every token the encoder writes decodes, zeros and the largest numbers included.
        property(Gen.array(of: Gen<UInt64>.anyInteger, count: 0...20)) { choices in
            let token = ReplayToken(propertyHash: 0, seed: 0, choices: choices)
            try requireEqual(try ReplayToken(parsing: token.description), token)
        }
    }

    @Test func absurdlyLongTokensAreRejectedBeforeDecoding() {
        let text = "p1." + String(repeating: "A", count: ReplayToken.textLengthMax)
        #expect(throws: ReplayTokenError.tooLong(length: text.utf8.count, lengthMax: ReplayToken.textLengthMax)) {
            try ReplayToken(parsing: text)
        }
    }

    /// Any single altered character is detected: by the checksum, or for the last character by its
    /// padding bits (Decision D-013; the regression store keeps the case that found it).
    @Test func aTokenAlteredInOneCharacterNeverDecodes() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let tokens = Gen.zip(Gen<UInt64>.word, Gen.array(of: Gen.int(in: 0...300).map(UInt64.init), count: 0...6))
            .map { seed, choices in ReplayToken(propertyName: "p", seed: seed, choices: choices).description }
        // The last character (padding bits) gets a quarter of the cases; any position can be hit.
        let alterations = tokens.flatMap { text in
            let position = Gen.frequency([(3, Gen.int(in: 3...(text.count - 1))), (1, Gen.constant(text.count - 1))])
            return Gen.zip(position, Gen.int(in: 1...63)).map { (text, $0, $1) }
        }
        property(
            alterations, cases: 500,
            coverage: [CoverageRequirement("last character", atLeastPercent: 15)],
            labels: { text, index, _ in index == text.count - 1 ? ["last character"] : [] }
        ) { text, index, shift in
            var characters = Array(text)
            let original = alphabet.firstIndex(of: characters[index])!
            characters[index] = alphabet[(original + shift) % alphabet.count]
            let altered = String(characters)
            try require((try? ReplayToken(parsing: altered)) == nil, "\(altered) (character \(index) of \(text) altered) still decodes")
        }
    }

    @Test func randomGarbageNeverCrashesTheDecoder() {
        property(Gen.array(of: Gen.element(of: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_*. ")), count: 0...60), cases: 500) { characters in
            _ = try? ReplayToken(parsing: "p1." + String(characters))
        }
    }
}

extension Gen where Value == String {
    /// Short ASCII names, for token tests (the full string generators live in Gen+Strings).
    static var asciiStringForTokens: Gen<String> {
        Gen<Character>.element(of: Array("abcXYZ09 ./()#")).array(count: 0...20).map { String($0) }
    }
}

extension Gen {
    func array(count: ClosedRange<Int>) -> Gen<[Value]> { Gen.array(of: self, count: count) }
}
