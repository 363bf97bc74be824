import Foundation
import SpecConformance
import SpecModel
import Testing

/// The conformance report: it renders, carries the score and the coverage, and the committed copies
/// in `Docs/` are what the suites produce now (issue 20, "The verdict as a report").
@Suite struct ConformanceReportTests {
    static let docs = TraceabilityTests.packageRoot.appendingPathComponent("Docs")
    /// Set to rewrite the committed report and traceability table from this run.
    static let writeVariable = "CONFORMANCE_WRITE_DOCS"

    static var report: ConformanceReport {
        var report = ConformanceCatalog.report
        report.criteria = SeedCriteria.all
        report.unseamed = UnseamedBehaviour.all
        return report
    }

    @Test func everyWrongImplementationIsRejectedAndAtLeastSixtyShip() {
        let score = Self.report.score
        #expect(score.shipped >= 60, "only \(score.shipped) wrong implementations ship")
        #expect(score.rejected == score.shipped, "\(score.shipped - score.rejected) wrong implementations got through")
    }

    @Test func everySuiteShipsWrongImplementations() {
        let suites = Set(ConformanceCatalog.models.map(\.suiteID))
        for suite in suites.sorted() {
            let count = ConformanceCatalog.wrongImplementations.count { $0.suiteID == suite }
            #expect(count >= 3, "suite \(suite) ships \(count) wrong implementations")
        }
    }

    @Test func ruleIDsAreWellFormedAndUniqueAcrossSuites() {
        var owner: [RuleID: String] = [:]
        for result in ConformanceCatalog.run.models {
            for rule in result.rules.map(\.rule) {
                #expect(RuleID.isWellFormed(rule.id.rawValue))
                if let other = owner[rule.id], other != result.suiteID {
                    Issue.record("\(rule.id) belongs to both \(other) and \(result.suiteID)")
                }
                owner[rule.id] = result.suiteID
                #expect(!rule.statement.isEmpty && rule.statement.hasSuffix("."), "\(rule.id): a statement is one sentence ending with a period")
            }
        }
    }

    @Test func everyDecisionARuleCitesIsInTheRegister() throws {
        let register = try String(contentsOf: Self.docs.appendingPathComponent("Decisions.md"), encoding: .utf8)
        for rule in ConformanceCatalog.run.models.flatMap({ $0.rules.map(\.rule) }) {
            if case let .decision(decision) = rule.basis {
                #expect(register.contains("### \(decision) "), "\(rule.id) rests on \(decision), which the register does not have")
            }
        }
    }

    @Test func theJSONReportParsesAndCountsWhatTheMarkdownShows() throws {
        let report = Self.report
        let parsed = try JSONValue(parsing: report.jsonText(), limits: JSONParseLimits(bytesMax: 64 << 20, stringBytesMax: 1 << 20, membersMax: 1_000_000))
        #expect(parsed["format"] == "booktracker-conformance-report")
        #expect(parsed["version"] == .integer(Int64(ConformanceReport.formatVersion)))
        #expect(parsed["results"]?.array?.count == report.results.reduce(0) { $0 + $1.rules.count })
        #expect(parsed["wrongImplementations"]?["rejected"] == .integer(Int64(report.score.rejected)))
        #expect(parsed["criteria"]?.array?.count == SeedCriteria.all.count)
        let markdown = report.markdown(title: "The model's conformance report")
        for result in report.results {
            #expect(markdown.contains("| model | \(result.suiteID) | \(result.rules.count) | \(result.rules.count) | 0 | 0 | 0 | 0 | 0 | 0 | pass |"), "the verdict line of \(result.suiteID)")
        }
        #expect(markdown.contains(report.basesLine))
        #expect(markdown.contains("**\(report.score.rejected) / \(report.score.shipped)**"))
    }

    /// `Docs/ConformanceReport.md` and `.json` are this run's report: regenerate them with
    /// `CONFORMANCE_WRITE_DOCS=1 swift test --filter ConformanceReportTests`.
    @Test func theCommittedReportIsCurrent() throws {
        let report = Self.report
        try Self.compareOrWrite(report.markdown(title: "The model's conformance report"), to: "ConformanceReport.md")
        try Self.compareOrWrite(report.jsonText(), to: "ConformanceReport.json")
        try Self.compareOrWrite(SeedCriteria.markdown(), to: "Traceability.md")
    }

    /// The README quotes the report's verdict line and figures; they must be this run's.
    @Test func theReadmeShowsTheCurrentVerdict() throws {
        let report = Self.report
        let readme = try String(contentsOf: TraceabilityTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let counts = report.counts(for: "model")
        let rules = report.results.reduce(0) { $0 + $1.rules.count }
        #expect(counts[.pass, default: 0] == rules, "the model keeps every rule")
        let line = report.basesLine + " The model keeps every one."
        #expect(readme.contains(line), "README.md should say: \(line)")
        #expect(readme.contains("**\(report.score.rejected) / \(report.score.shipped)**"), "README.md should show the score \(report.score.rejected) / \(report.score.shipped)")
        #expect(readme.contains("There are \(report.suites.count) suites"), "README.md should say there are \(report.suites.count) suites")
    }

    static func compareOrWrite(_ text: String, to name: String) throws {
        let file = docs.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment[writeVariable] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == text, "Docs/\(name) is not what the suites produce now; regenerate it with \(writeVariable)=1 swift test --filter ConformanceReportTests")
    }
}
