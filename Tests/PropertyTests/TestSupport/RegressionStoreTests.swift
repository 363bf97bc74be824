import Generators
import TestSupport
import Testing

/// The committed regression store parses, and its format's errors name the line that is wrong.
@Suite struct RegressionStoreTests {
    @Test func theCommittedStoreParses() throws {
        let store = try RegressionStore.shared.get()
        #expect(!store.tokens(for: "PropertyTests.ReplayTokenTests/aTokenAlteredInOneCharacterNeverDecodes()").isEmpty)
    }

    @Test func commentsAndBlankLinesAreIgnored() throws {
        let token = ReplayToken(propertyName: "M.S/t()", seed: 1, choices: [2, 3])
        let store = try RegressionStore(parsing: "# a comment\n\n   \n\(RegressionStore.line(token: token, propertyName: "M.S/t()"))\n")
        #expect(store.tokens(for: "M.S/t()") == [token])
        #expect(store.tokens(for: "M.S/other()").isEmpty)
    }

    @Test func namesWithSpacesAndLabelsRoundTrip() throws {
        let name = "M.Suite/test(x:)#label with spaces"
        let tokens = [ReplayToken(propertyName: name, seed: 1, choices: [1]), ReplayToken(propertyName: name, seed: 2, choices: [])]
        let text = tokens.map { RegressionStore.line(token: $0, propertyName: name) }.joined(separator: "\n")
        #expect(try RegressionStore(parsing: text).tokens(for: name) == tokens)
    }

    @Test func aLineWithoutANameIsMalformedWithItsNumber() {
        let token = ReplayToken(propertyName: "x", seed: 1, choices: [])
        #expect(throws: RegressionStoreError.malformedLine(number: 2, reason: "expected a replay token, whitespace, then the property name")) {
            try RegressionStore(parsing: "# header\n\(token)")
        }
    }

    @Test func aBadTokenIsMalformedWithTheTokenError() {
        #expect(throws: RegressionStoreError.malformedLine(number: 1, reason: ReplayTokenError.missingPrefix(found: "nonsense").description)) {
            try RegressionStore(parsing: "nonsense M.S/t()")
        }
    }

    @Test func aTokenFiledUnderTheWrongPropertyIsMalformed() {
        let token = ReplayToken(propertyName: "M.S/a()", seed: 1, choices: [])
        #expect(throws: RegressionStoreError.malformedLine(number: 1, reason: "the token was made for a different property than \"M.S/b()\"")) {
            try RegressionStore(parsing: "\(token) M.S/b()")
        }
    }
}
