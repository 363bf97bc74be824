import Foundation
import Generators
import SpecTesting
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

/// Where the store is found: a package that depends on this one keeps its own store under its root.
@Suite struct RegressionStoreLocationTests {
    @Test func theVariableNamesTheFileAndAMissingOneIsAnError() {
        let missing = "/nonexistent/regressions.txt"
        #expect(RegressionStore.location(environment: [RegressionStore.pathVariable: missing], workingDirectory: "/") == .failure(.missing(path: missing)))
    }

    @Test func theWorkingDirectorysStoreComesBeforeThisPackagesOwn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("regression-location-\(getpid())")
        let file = directory.appendingPathComponent(RegressionStore.relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { #expect(throws: Never.self) { try FileManager.default.removeItem(at: directory) } }
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("# empty\n".utf8)))
        #expect(RegressionStore.location(environment: [:], workingDirectory: directory.path) == .success(file.path))
    }

    @Test func withoutAStoreInTheWorkingDirectoryThisPackagesOwnIsRead() throws {
        let found = try RegressionStore.location(environment: [:], workingDirectory: "/nonexistent").get()
        #expect(found?.hasSuffix(RegressionStore.relativePath) == true)
    }
}
