import Foundation
import Generators
import SpecTesting
import Testing

/// The runner's contracts: deterministic runs, a shrunk counterexample with a replay token, replay in
/// exactly one evaluation, regression tokens first, bounded shrinking reported as partial, and clear
/// verdicts for discards and coverage.
@Suite struct PropertyRunnerTests {
    /// Fails for lists containing a value of at least 100; the minimal counterexample is `[100]`.
    static let lists = Gen.array(of: Gen.int(in: -1_000...1_000), count: 0...20)
    static func holds(_ list: [Int]) -> Bool { list.allSatisfy { $0 < 100 } }

    @Test func aFailureIsShrunkAndCarriesItsReplayToken() throws {
        let report = checkPredicate(Self.lists, settings: PropertySettings(name: "lists"), predicate: Self.holds)
        let failure = try #require(report.failure)
        #expect(failure.shrunk == "[100]")
        #expect(failure.message == "the property returned false")
        let shrink = try #require(failure.shrink)
        #expect(shrink.stop == .converged)
        #expect(shrink.steps > 0 && shrink.evaluations >= shrink.steps)
        #expect(try Self.lists.replay(failure.token.choices).value == [100])
        #expect(failure.token.belongs(to: "lists"))
        #expect(failure.token.seed == report.seed)
    }

    @Test func theSameSettingsGiveTheSameReport() throws {
        let settings = PropertySettings(name: "determinism", cases: 500)
        let first = try #require(checkPredicate(Self.lists, settings: settings, predicate: Self.holds).failure)
        let second = try #require(checkPredicate(Self.lists, settings: settings, predicate: Self.holds).failure)
        #expect(first.token == second.token)
        #expect(first.original == second.original)
        #expect(first.origin == second.origin)
        #expect(first.shrink == second.shrink)
    }

    @Test func differentSeedsExploreDifferentCases() {
        let seen = (1...5).map { seed -> String in
            checkPredicate(Self.lists, settings: PropertySettings(name: "seeds", seed: UInt64(seed)), predicate: Self.holds).failure?.original ?? ""
        }
        #expect(Set(seen).count > 1)
    }

    @Test func aReplayTokenRunsExactlyOneEvaluation() throws {
        let failure = try #require(checkPredicate(Self.lists, settings: PropertySettings(name: "lists"), predicate: Self.holds).failure)
        var evaluations = 0
        let replayed = checkProperty(Self.lists, settings: PropertySettings(name: "lists", replay: failure.token)) { list in
            evaluations += 1
            try require(Self.holds(list), "fails")
        }
        #expect(evaluations == 1)
        #expect(replayed.failure?.shrunk == "[100]")
        #expect(replayed.failure?.origin == .replay)
        #expect(replayed.failure?.shrink == nil)
    }

    @Test func aReplayTokenForAnotherPropertyLeavesThisOneRunningNormally() {
        let token = ReplayToken(propertyName: "other", seed: 0, choices: [1, 1])
        var evaluations = 0
        let report = checkProperty(Gen.int(in: 0...9), settings: PropertySettings(name: "this", cases: 30, replay: token)) { _ in evaluations += 1 }
        #expect(report.passed)
        #expect(evaluations == 30)
        #expect(report.notes.contains { $0.contains("made for another property") })
    }

    @Test func aStaleTokenIsReportedAsNoLongerMatchingTheGenerator() {
        let token = ReplayToken(propertyName: "stale", seed: 0, choices: [1, 5, 1, 7, 0, 9, 9, 9])
        let report = checkProperty(Gen.int(in: 0...9), settings: PropertySettings(name: "stale", replay: token)) { _ in }
        #expect(report.notes.contains { $0.contains("holds 8 choices but the generator drew 1") })
    }

    @Test func regressionTokensRunFirstWithOneEvaluationEach() {
        let passing = ReplayToken(propertyName: "regressions", seed: 0, choices: [0])
        let failing = ReplayToken(propertyName: "regressions", seed: 0, choices: [1, 199, 0])  // [100]
        var evaluated: [[Int]] = []
        let report = checkProperty(Self.lists, settings: PropertySettings(name: "regressions", regressions: [passing, failing])) { list in
            evaluated.append(list)
            try require(Self.holds(list), "fails")
        }
        #expect(evaluated == [[], [100]])
        #expect(report.failure?.origin == .regression(index: 1))
    }

    @Test func theEvaluationBudgetStopsShrinkingAndSaysPartiallyShrunk() throws {
        let settings = PropertySettings(name: "budget", shrinkBudget: ShrinkBudget(evaluationsMax: 3))
        let report = checkPredicate(Self.lists, settings: settings, predicate: Self.holds)
        let failure = try #require(report.failure)
        #expect(failure.shrink?.stop == .evaluationBudget)
        #expect(failure.shrink?.evaluations == 3)
        #expect(report.failureMessage(replayCommand: { "\($0)" })?.contains("PARTIALLY SHRUNK") == true)
        // The partial counterexample still fails when replayed.
        #expect(try !Self.holds(Self.lists.replay(failure.token.choices).value))
    }

    @Test func theTimeBudgetStopsShrinkingAndSaysPartiallyShrunk() throws {
        let calls = CallCounter()
        let budget = ShrinkBudget(isExpired: { calls.increment() > 5 })
        let report = checkPredicate(Self.lists, settings: PropertySettings(name: "time", shrinkBudget: budget), predicate: Self.holds)
        let failure = try #require(report.failure)
        #expect(failure.shrink?.stop == .timeBudget)
        #expect(report.failureMessage(replayCommand: { "\($0)" })?.contains("time budget: PARTIALLY SHRUNK") == true)
    }

    @Test func tooManyDiscardsGiveUpInsteadOfPassing() {
        let report = checkProperty(Gen.int(in: 0...100), settings: PropertySettings(name: "discards", cases: 50, discardsMax: 20)) { value in
            try assume(value > 99)
        }
        guard case let .gaveUp(discards, discardsMax) = report.outcome else {
            Issue.record("expected the run to give up, got \(report.outcome)")
            return
        }
        #expect(discards == 21 && discardsMax == 20)
    }

    @Test func unmetCoverageFailsEvenWhenThePropertyHolds() {
        let report = checkProperty(
            Gen.int(in: 0...1_000),
            settings: PropertySettings(name: "coverage", coverage: [CoverageRequirement("negative", atLeastPercent: 1)]),
            labels: { $0 < 0 ? ["negative"] : ["non-negative"] }
        ) { _ in }
        guard case let .coverageMissed(shortfalls) = report.outcome else {
            Issue.record("expected a coverage shortfall, got \(report.outcome)")
            return
        }
        #expect(shortfalls == [CoverageShortfall(requirement: CoverageRequirement("negative", atLeastPercent: 1), observedPercent: 0)])
        #expect(report.labels == [LabelCount(label: "non-negative", count: 100)])
    }

    @Test func thrownErrorsAreFailuresWithTheirMessage() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken invariant" } }
        let report = checkProperty(Gen.int(in: 0...10), settings: PropertySettings(name: "throws")) { value in
            if value >= 3 { throw Broken() }
        }
        let failure = try #require(report.failure)
        #expect(failure.shrunk == "3")
        #expect(failure.message == "broken invariant")
    }

    @Test func theFailureMessageNamesSeedCounterexamplesShrinkAndReplay() throws {
        let report = checkPredicate(Self.lists, settings: PropertySettings(name: "message"), predicate: Self.holds)
        let message = try #require(report.failureMessage(replayCommand: { "REPLAY \($0)" }, regressionLine: { "STORE \($0)" }))
        let failure = try #require(report.failure)
        #expect(message.contains("seed: 0x\(String(report.seed, radix: 16))"))
        #expect(message.contains("original counterexample (\(failure.originalChoiceCount) choices): \(failure.original)"))
        #expect(message.contains("shrunk counterexample (\(failure.token.choices.count) choices): [100]"))
        #expect(message.contains("shrinking: \(failure.shrink!.steps) steps, \(failure.shrink!.evaluations) evaluations"))
        #expect(message.contains("replay: REPLAY \(failure.token)"))
        #expect(message.contains("STORE \(failure.token)"))
    }

    /// The canary for the Swift Testing layer: a failing property must report, where an issue would be
    /// recorded, the one command that replays it. If this stops failing, the harness has gone blind.
    /// The report goes to `PropertyContext.failureSink`, so a passing run prints no failure report.
    @Test func aFailingPropertyRecordsAnIssueWithTheReplayCommand() {
        let reports = Reports()
        PropertyContext.$failureSink.withValue({ reports.append($0) }) {
            property(Self.lists) { list in try require(Self.holds(list), "a value reached 100") }
        }
        let text = reports.all.joined()
        #expect(reports.all.count == 1)
        #expect(text.contains("shrunk counterexample ("))
        #expect(text.contains(": [100]"))
        #expect(text.contains("PROPERTY_REPLAY='p1."))
        #expect(text.contains("swift test --filter 'PropertyTests\\.PropertyRunnerTests/aFailingPropertyRecordsAnIssueWithTheReplayCommand\\(\\)'"))
        #expect(!text.contains("Tests/Regressions"))  // the line to add, not a path, is printed
    }

    /// The failure reports a property hands to the sink.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [String] = []
        func append(_ report: String) { lock.lock(); reports.append(report); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return reports }
    }

    /// The token in the trait was made for this test's property with choices [1, 299, 0], the list
    /// `[150]` (computed independently in Python); the trait replays it in one evaluation.
    @Test(.replay("p1.AeWWqMMOAAMBqwIALy8VZg")) func aReplayTraitEvaluatesItsTokenOnce() {
        let evaluations = CallCounter()
        let reports = Reports()
        PropertyContext.$failureSink.withValue({ reports.append($0) }) {
            property(Self.lists) { list in
                _ = evaluations.increment()
                try require(Self.holds(list), "a value reached 100: \(list)")
            }
        }
        #expect(reports.all.count == 1 && reports.all.joined().contains("counterexample: [150]"))
        #expect(evaluations.value == 1)
    }
}
