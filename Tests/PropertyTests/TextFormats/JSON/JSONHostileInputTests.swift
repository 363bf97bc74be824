import Generators
import SpecModel
import SpecTesting
import Testing

/// Request bodies are hostile (Seed: 000_…, `POST /api/enrichment/cancel`): whatever bytes arrive,
/// the parser returns a value or a typed error at an offset inside the document; it never traps,
/// and nesting cannot exhaust the stack.
@Suite struct JSONHostileInputTests {
    /// Random bytes, half of them drawn from JSON's own punctuation so that parsing gets far.
    @Test func randomBytesGiveAValueOrATypedError() {
        let punctuation = Array("[]{}\",:-+0123456789.eEtrufalsn\\ u".utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xEF, 0xBB, 0xBF]
        let byte = Gen.frequency([(1, Gen<UInt8>.anyInteger), (1, Gen.element(of: punctuation))])
        property(
            Gen<UInt8>.array(of: byte, count: 0...64), cases: 2_000,
            labels: { bytes in [parseOutcome(bytes)] }
        ) { bytes in
            try requireWellBehaved(bytes)
        }
    }

    /// Valid documents with a few bytes inserted, deleted or replaced.
    @Test func mutatedValidDocumentsGiveAValueOrATypedError() {
        let mutated = Gen.zip(Gen.jsonValue(depthMax: 3), Gen<ByteEdit>.array(of: ByteEdit.generator(favouring: Array("[]{}\",:-0.e\\u".utf8)), count: 1...4))
            .map { value, edits in ByteEdit.apply(edits, to: value.encoded()) }
        property(
            mutated, cases: 1_000,
            coverage: [CoverageRequirement("rejected", atLeastPercent: 50), CoverageRequirement("parsed", atLeastPercent: 1)],
            labels: { bytes in [parseOutcome(bytes)] }
        ) { bytes in
            try requireWellBehaved(bytes)
        }
    }

    /// A hundred thousand open brackets stop at the depth limit, at the 65th bracket: byte 64 for
    /// `[[[…`, 64 × 5 for `{"a":{"a":…`, and 32 × 5 for `[{"":[{"":…` (two levels per 5 bytes).
    @Test(arguments: [("[", 64), (#"{"a":"#, 320), (#"[{"":"#, 160)])
    func aHundredThousandLevelsOfNestingAreRejectedAtTheDepthLimit(opening: String, offset: Int) {
        let text = String(repeating: opening, count: 100_000)
        #expect(throws: JSONParseError.nestingTooDeep(depthMax: 64, offset: offset)) { try JSONValue(parsing: text) }
    }

    @Test func aBalancedHundredThousandLevelDocumentIsRejectedAtTheDepthLimitToo() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let limits = JSONParseLimits(bytesMax: 200_000, depthMax: JSONParseLimits.depthCeiling)
        #expect(throws: JSONParseError.nestingTooDeep(depthMax: 1_000, offset: 1_000)) { try JSONValue(parsing: text, limits: limits) }
    }

    /// An oversized document is rejected by its size before a byte of it is read.
    @Test func aTwoMegabyteDocumentIsRejectedBeforeReading() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 2_000_000)
        #expect(throws: JSONParseError.documentTooLarge(bytes: 2_000_000, bytesMax: 1_048_576)) { try JSONValue(parsing: bytes) }
    }

    @Test func aHugeStringStopsAtTheStringLimit() {
        let text = "\"" + String(repeating: "é", count: 40_000) + "\""
        #expect(throws: JSONParseError.stringTooLong(stringBytesMax: 65_536, offset: 0)) { try JSONValue(parsing: text) }
    }

    @Test func aHugeArrayStopsAtTheMembersLimit() {
        let text = "[" + String(repeating: "0,", count: 20_000) + "0]"
        #expect(throws: JSONParseError.tooManyMembers(membersMax: 10_000, offset: 1 + 2 * 10_000)) { try JSONValue(parsing: text) }
    }
}

/// The parser returns a value that survives re-encoding, or a typed error inside the document.
private func requireWellBehaved(_ bytes: [UInt8]) throws {
    switch Result(catching: { () throws(JSONParseError) in try JSONValue(parsing: bytes) }) {
    case let .success(value):
        try requireEqual(try JSONValue(parsing: value.encoded()), value, "re-parsing \(value)")
    case let .failure(error):
        try require((0...bytes.count).contains(error.offset), "offset \(error.offset) of \(error) is outside 0...\(bytes.count)")
        try require(!error.description.isEmpty, "empty description")
    }
}

private func parseOutcome(_ bytes: [UInt8]) -> String {
    (try? JSONValue(parsing: bytes)) == nil ? "rejected" : "parsed"
}

