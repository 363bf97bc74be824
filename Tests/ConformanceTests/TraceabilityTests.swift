import Foundation
import SpecConformance
import Testing

/// Every acceptance and success criterion of the seeds is traced to the rules and tests that check it,
/// or explained by a decision; everything the table names exists (issue 20, "Traceability").
@Suite struct TraceabilityTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyCriterionIsCheckedOrExplained() {
        let untraced = SeedCriteria.all.filter { !$0.isTraced }
        #expect(untraced.isEmpty, "criteria with neither a rule, a test nor a decision: \(untraced.map(\.id))")
    }

    @Test func idsAreUniqueAndNumberedInSeedOrder() {
        var expected: [SeedDocument: Int] = [:]
        for criterion in SeedCriteria.all {
            let number = expected[criterion.seed, default: 0] + 1
            expected[criterion.seed] = number
            #expect(criterion.id == "C\(criterion.seed.number)-" + (number < 10 ? "0" : "") + "\(number)", "\(criterion.id) is out of order")
        }
        #expect(Set(SeedCriteria.all.map(\.id)).count == SeedCriteria.all.count)
    }

    @Test func everyRuleNamedIsARuleOfTheKit() {
        let rules = Set(ConformanceCatalog.run.models.flatMap { $0.rules.map(\.rule.id) })
        for criterion in SeedCriteria.all {
            for rule in criterion.rules {
                #expect(rules.contains(rule), "\(criterion.id) names \(rule), which no suite has")
            }
        }
    }

    @Test func everyTestNamedExistsInTheTestTargets() throws {
        let sources = try Self.testSources()
        for criterion in SeedCriteria.all {
            for test in criterion.tests {
                let parts = test.split(separator: "/")
                #expect(parts.count == 2, "\(criterion.id): a test is named Suite/function, got \(test)")
                guard parts.count == 2 else { continue }
                let found = sources.contains { ($0.contains("struct \(parts[0]) ") || $0.contains("extension \(parts[0]) ")) && $0.contains("func \(parts[1])(") }
                #expect(found, "\(criterion.id) names \(test), which is not a test in Tests/")
            }
        }
    }

    @Test func everyDecisionNamedIsInTheRegister() throws {
        let register = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/Decisions.md"), encoding: .utf8)
        for criterion in SeedCriteria.all {
            if case let .notModelled(decision, _) = criterion.coverage {
                #expect(register.contains("### \(decision) "), "\(criterion.id) names \(decision), which the register does not have")
            }
        }
    }

    /// The table quotes every checkbox and ✅ line of the seeds (`Seeds/`), in order, exactly.
    @Test func theTableQuotesEverySeedCriterion() throws {
        let folder = Self.packageRoot.appendingPathComponent("Seeds")
        var found: [(SeedDocument, Int, String)] = []
        for seed in SeedDocument.allCases {
            let text = try String(contentsOf: folder.appendingPathComponent(seed.rawValue + ".txt"), encoding: .utf8)
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let quote = Self.criterion(in: String(rawLine)) { found.append((seed, index + 1, quote)) }
            }
        }
        #expect(found.count == SeedCriteria.all.count, "the seeds have \(found.count) criteria, the table \(SeedCriteria.all.count)")
        for (criterion, (seed, line, quote)) in zip(SeedCriteria.all, found) {
            #expect(criterion.seed == seed && criterion.line == line && criterion.quote == quote, "\(criterion.id) quotes line \(criterion.line) of \(criterion.seed.number), the seed's criterion is line \(line) of \(seed.number): \(quote)")
        }
    }

    /// The text of a checkbox line (`- [x] …`) or a success line (`- ✅ …`, also as the seeds mis-encode it).
    static func criterion(in line: String) -> String? {
        var text = Substring(line.drop { $0 == " " || $0 == "\t" })
        guard text.first == "-" || text.first == "*" else { return nil }
        text = text.dropFirst().drop { $0 == " " }
        for box in ["[x]", "[X]", "[ ]"] where text.hasPrefix(box) {
            return String(text.dropFirst(box.count).drop { $0 == " " }).trimmingCharacters(in: .whitespaces)
        }
        for mark in ["✅", "âœ…", "‚úÖ"] where text.hasPrefix(mark) {
            return String(text.dropFirst(mark.count).drop { $0 == " " }).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    static func testSources() throws -> [String] {
        let tests = packageRoot.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var sources: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            sources.append(try String(contentsOf: file, encoding: .utf8))
        }
        return sources
    }
}
