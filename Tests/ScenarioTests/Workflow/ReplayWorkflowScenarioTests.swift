import Generators
import SpecTesting
import Testing

/// The workflow the README promises an engineer: a property fails on CI, its token reproduces the
/// minimal counterexample on a laptop in one evaluation, the fix makes the replay pass, and the token
/// kept in the regression store is checked first on every later run.
@Suite struct ReplayWorkflowScenarioTests {
    /// The system under test: a deduplicating "add to library" that forgets case-folding (a bug), and
    /// its fix. Titles that differ only in case must count as the same book.
    static func distinctTitlesBuggy(_ titles: [String]) -> Int { Set(titles).count }
    static func distinctTitlesFixed(_ titles: [String]) -> Int { Set(titles.map { $0.lowercased() }).count }

    static let titles = Gen.array(of: Gen.element(of: ["dune", "Dune", "emma", "Emma", "ubik"]), count: 0...12)
    static let name = "ScenarioTests.ReplayWorkflow/caseInsensitiveDeduplication()"

    static func check(_ settings: PropertySettings, _ count: @escaping ([String]) -> Int, evaluations: CallCounter) -> PropertyReport {
        checkProperty(titles, settings: settings) { titles in
            evaluations.increment()
            let expected = Set(titles.map { $0.lowercased() }).count
            try requireEqual(count(titles), expected, "distinct books in \(titles)")
        }
    }

    @Test func aCIFailureIsReproducedFixedAndKeptAsARegression() throws {
        // 1. CI runs the property under its nightly root seed and fails.
        let ciOverrides = try PropertyOverrides(environment: ["PROPERTY_SEED": "20261122", "PROPERTY_CASES_SCALE": "10"])
        let ciSettings = PropertySettings(
            name: Self.name,
            cases: ciOverrides.cases(forDefault: 100),
            seed: ciOverrides.seed(forProperty: Self.name, default: PropertySettings.defaultSeed(for: Self.name))
        )
        let ciEvaluations = CallCounter()
        let ciReport = Self.check(ciSettings, Self.distinctTitlesBuggy, evaluations: ciEvaluations)
        let failure = try #require(ciReport.failure)
        #expect(failure.shrunk == "[\"Dune\", \"dune\"]" || failure.shrunk == "[\"dune\", \"Dune\"]")
        let message = try #require(ciReport.failureMessage(replayCommand: { "PROPERTY_REPLAY='\($0)'" }))

        // 2. The engineer copies the token from the CI log into their environment.
        let tokenText = try #require(message.split(separator: "'").dropFirst().first.map(String.init))
        let laptop = try PropertyOverrides(environment: ["PROPERTY_REPLAY": tokenText])
        let replayEvaluations = CallCounter()
        let replayed = Self.check(PropertySettings(name: Self.name, replay: laptop.replay), Self.distinctTitlesBuggy, evaluations: replayEvaluations)
        #expect(replayEvaluations.value == 1)
        #expect(replayed.failure?.shrunk == failure.shrunk)
        #expect(replayed.failure?.message == failure.message)

        // 3. With the fix, the same token passes, still in one evaluation.
        let fixedEvaluations = CallCounter()
        let fixed = Self.check(PropertySettings(name: Self.name, replay: laptop.replay), Self.distinctTitlesFixed, evaluations: fixedEvaluations)
        #expect(fixed.passed)
        #expect(fixedEvaluations.value == 1)
        #expect(fixed.notes.contains { $0.hasPrefix("the replayed counterexample now passes") })

        // 4. The printed line goes into the regression store; later runs check it first, then the cases.
        let storeText = "# case-folding bug, found on CI 2026-11-22\n" + RegressionStore.line(token: failure.token, propertyName: Self.name)
        let store = try RegressionStore(parsing: storeText)
        let laterEvaluations = CallCounter()
        let later = Self.check(
            PropertySettings(name: Self.name, cases: 50, regressions: store.tokens(for: Self.name)),
            Self.distinctTitlesFixed, evaluations: laterEvaluations
        )
        #expect(later.passed)
        #expect(laterEvaluations.value == 51)

        // Quiescence: a regression of the bug is caught by the stored token before any generated case.
        let regressedEvaluations = CallCounter()
        let regressed = Self.check(
            PropertySettings(name: Self.name, cases: 50, regressions: store.tokens(for: Self.name)),
            Self.distinctTitlesBuggy, evaluations: regressedEvaluations
        )
        #expect(regressed.failure?.origin == .regression(index: 0))
        #expect(regressedEvaluations.value == 1)
    }
}
