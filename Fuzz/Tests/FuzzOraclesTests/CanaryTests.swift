import FuzzOracles
import Generators
import Testing

/// The oracles are not blind: each catches a deliberately wrong implementation, on an input a fuzzer
/// finds at once.
@Suite struct CanaryTests {
    /// A CSV reader that loses the last record of a file without a final line break, when fed in more
    /// than one chunk (`CSVOracle.canaryReader`, the canary fuzz target's).
    @Test func theCSVOracleCatchesAReaderThatLosesTheLastRecord() {
        // Any multi-record file without a final line break: some of them draw a chunked plan.
        let failing = (0..<64).filter { index in
            let bytes = Array("title,author\nDune,Frank Herbert\nEmma,\(index)".utf8)
            return (try? FuzzTarget.canary.check(bytes)) == nil
        }
        #expect(!failing.isEmpty, "the CSV oracle accepted the canary reader on all 64 files")
    }

    /// A token decoder that accepts a trailing `=` (base64 padding), so two texts replay one case.
    @Test func theTokenOracleCatchesADecoderThatAcceptsTwoTextsForOneToken() throws {
        let token = ReplayToken(propertyName: "canary", seed: 7, choices: [1, 2, 300])
        let lenient: (String) throws(ReplayTokenError) -> ReplayToken = { text throws(ReplayTokenError) in
            try ReplayToken(parsing: text.hasSuffix("=") ? String(text.dropLast()) : text)
        }
        #expect(throws: OracleFailure.self) { try ReplayTokenOracle.checkText(token.description + "=", decode: lenient) }
        try ReplayTokenOracle.checkText(token.description, decode: lenient)
    }
}
