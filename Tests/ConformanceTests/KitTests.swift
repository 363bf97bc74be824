import Generators
import SpecConformance
import Testing

/// The kit's own machinery on a toy seam: grades, replay, shared seeds and the failure text
/// (Decision D-117).
@Suite struct KitTests {
    /// A toy seam: doubling a number, with an optional capability.
    struct Doubler {
        var double: @Sendable (Int) -> Int
        var handlesNegatives = true
    }

    static let mustRule = Rule("TOY-01", .must, "Doubling gives twice the number.", basis: .seed(.csvImport, "Performance", "Parsing speed: 1500 rows in ~5-7 seconds"))
    static let shouldRule = Rule("TOY-02", .should, "Doubling an even number from 2,000 gives a multiple of four.", basis: .standard(.rfc4180, "§2", "toy clause"))
    static let negativeRule = Rule("TOY-03", .must, "Negative numbers double too.", basis: .seed(.csvImport, "Performance", "Memory usage: <50MB during parse (streaming, no full file load)"))

    static var suite: ConformanceSuite<Doubler> {
        ConformanceSuite(id: "toy", title: "Toy", seam: "Doubler", checks: [
            .differential(mustRule, "numbers", cases: 200, Gen<Int>.int(in: 0...1_000),
                question: { "double(\($0))" }, model: { $0 * 2 }, implementation: { $0.double($1) }),
            .property(shouldRule, "even numbers from 2,000", Gen<Int>.int(in: 1_000...1_500).map { $0 * 2 }) { doubler, number in
                try ensure(doubler.double(number) % 4 == 0, "not a multiple of four")
            },
            .examples(negativeRule, "negatives", [ConformanceExample("minus three", -3, pins: "D-117")],
                appliesTo: { $0.handlesNegatives ? nil : "declines negative numbers" }) { doubler, number in
                try ensureSame(doubler.double(number), -6, "double(-3)")
            },
        ])
    }

    @Test func aCorrectImplementationPassesEveryRule() {
        let result = Self.suite.run("right") { Doubler(double: { $0 * 2 }) }
        #expect(result.rules.map(\.grade) == [.pass, .pass, .pass])
        #expect(result.passed)
    }

    @Test func aMustBrokenFailsAndTheTextShowsBothAnswersAndTheReplay() throws {
        let result = Self.suite.run("offByOne") { Doubler(double: { $0 < 100 ? $0 * 2 : $0 * 2 + 1 }) }
        #expect(result.grade(of: "TOY-01") == .fail)
        #expect(!result.passed)
        let rule = try #require(result.rules.first { $0.rule.id == "TOY-01" })
        let text = try #require(result.failureText(for: rule) { "REPLAY \($0)" })
        #expect(text.contains("offByOne breaks TOY-01 (MUST, seed): Doubling gives twice the number."))
        #expect(text.contains("basis: seed 004 (CSV Import & Enrichment PRD), \"Performance\": \"Parsing speed: 1500 rows in ~5-7 seconds\""))
        // Shrunk to the boundary: the smallest number the flaw touches.
        #expect(text.contains("asked: double(100)"))
        #expect(text.contains("model:          200") && text.contains("implementation: 201"))
        #expect(text.contains("REPLAY p1."))
    }

    @Test func aShouldNotMetIsNonStrictAndTheSuiteStillPasses() throws {
        let result = Self.suite.run("odd") { Doubler(double: { $0 >= 2_000 && $0 % 4 == 2 ? $0 * 2 + 2 : $0 * 2 }) }
        #expect(result.rules.map(\.grade) == [.pass, .nonStrict, .pass])
        #expect(result.passed)
        let rule = try #require(result.rules.first { $0.rule.id == "TOY-02" })
        #expect(result.failureText(for: rule) { "\($0)" }?.hasPrefix("odd does not meet TOY-02 (SHOULD, standard)") == true)
    }

    @Test func aDeclinedCapabilityIsNotApplicable() {
        let result = Self.suite.run("positiveOnly") { Doubler(double: { $0 * 2 }, handlesNegatives: false) }
        #expect(result.grade(of: "TOY-03") == .notApplicable)
        #expect(result.count(.notApplicable) == 1 && result.passed)
    }

    /// A token made against one implementation replays only its check, on the same input, against any
    /// other: the seed comes from the check, not from the implementation.
    @Test func aTokenReplaysTheSameCaseAgainstAnotherImplementation() throws {
        let failing = Self.suite.run("offByOne") { Doubler(double: { $0 < 100 ? $0 * 2 : $0 * 2 + 1 }) }
        let token = try #require(failing.rules.first?.failure?.failure.token)
        var overrides = PropertyOverrides()
        overrides.replay = token
        let settings = ConformanceSettings(overrides: overrides)
        let replayed = Self.suite.run("offByOne", settings: settings) { Doubler(double: { $0 < 100 ? $0 * 2 : $0 * 2 + 1 }) }
        #expect(replayed.replayedCheck == "TOY-01.differential")
        #expect(replayed.rules.map(\.rule.id) == ["TOY-01"])
        #expect(replayed.rules.first?.failure?.failure.question == "double(100)")
        let model = Self.suite.run("model", settings: settings) { Doubler(double: { $0 * 2 }) }
        #expect(model.rules.map(\.grade) == [.pass])
        #expect(model.rules.first?.checks.first?.casesChecked == 1)
    }

    @Test func everyImplementationMeetsTheSameCases() {
        let counted = { (name: String) -> [Int] in
            let seen = SeenNumbers()
            _ = Self.suite.run(name) { Doubler(double: { seen.record($0); return $0 * 2 }) }
            return seen.numbers
        }
        #expect(counted("first") == counted("second"))
    }

    @Test func theEnvironmentsCaseCountApplies() {
        var overrides = PropertyOverrides()
        overrides.cases = 7
        let result = Self.suite.run("right", settings: ConformanceSettings(overrides: overrides)) { Doubler(double: { $0 * 2 }) }
        #expect(result.rules.first?.checks.first?.casesChecked == 7)
    }
}

/// The grades by basis, prerequisites, choices and the evidence of every failing case, on a second toy
/// seam (issue 36).
@Suite struct KitGradingTests {
    typealias Doubler = KitTests.Doubler

    static let seedRule = KitTests.mustRule
    static let decisionRule = Rule("TOY-04", .must, "Doubling zero gives zero.", basis: .decided("D-117"))
    static let referenceRule = Rule("TOY-05", .must, "On any number the answer is the model's.", basis: .reference)
    static let dependentRule = Rule("TOY-06", .must, "Doubling twice gives four times the number.", basis: .seed(.csvImport, "Performance", "Memory usage: <50MB during parse (streaming, no full file load)"), requires: ["TOY-01"])
    static let choiceRule = Rule("TOY-07", .must, "A negative number doubles or is declined as zero.", basis: .standard(.rfc4180, "§2", "toy clause"))

    static var suite: ConformanceSuite<Doubler> {
        ConformanceSuite(id: "toy-grades", title: "Toy grades", seam: "Doubler", checks: [
            .differential(seedRule, "numbers", cases: 200, Gen<Int>.int(in: 1...1_000),
                question: { "double(\($0))" }, model: { $0 * 2 }, implementation: { $0.double($1) }),
            .examples(decisionRule, "zero", [ConformanceExample("zero", 0, pins: "D-117")]) { doubler, number in
                try ensureSame(doubler.double(number), 0, "double(0)")
            },
            .differential(referenceRule, "numbers", cases: 50, Gen<Int>.int(in: -1_000...1_000),
                question: { "double(\($0))" }, model: { $0 * 2 }, implementation: { $0.double($1) }),
            .property(dependentRule, "numbers", Gen<Int>.int(in: 1...1_000)) { doubler, number in
                try ensure(doubler.double(doubler.double(number)) == 4 * number, "not four times")
            },
            .choices(choiceRule, "negatives", [ConformanceExample("minus one", -1), ConformanceExample("minus two", -2)]) { doubler, number in
                switch doubler.double(number) {
                case 2 * number: return "doubles"
                case 0: return "declines as zero"
                case let other: throw ConformanceViolation("neither doubled nor declined: \(other)")
                }
            },
        ])
    }

    @Test func aDecisionNotFollowedDiffersAndFailsOnlyInStrictMode() throws {
        let plusOne = { Doubler(double: { $0 == 0 ? 1 : $0 * 2 }) }
        let result = Self.suite.run("zeroIsOne", make: plusOne)
        #expect(result.grade(of: "TOY-04") == .differs)
        #expect(result.passed)
        let rule = try #require(result.rules.first { $0.rule.id == "TOY-04" })
        let text = try #require(result.failureText(for: rule) { "\($0)" })
        #expect(text.hasPrefix("zeroIsOne differs from decision D-117 on TOY-04: Doubling zero gives zero."))
        #expect(text.contains("basis: decision D-117"))
        let strict = Self.suite.run("zeroIsOne", settings: ConformanceSettings(strict: true), make: plusOne)
        #expect(strict.grade(of: "TOY-04") == .fail)
        #expect(!strict.passed)
    }

    @Test func aDifferenceFromTheReferenceIsInformationalWithItsCount() throws {
        // Only the reference's range reaches below -100, so only TOY-05 sees the difference.
        let result = Self.suite.run("negativesTripled") { Doubler(double: { $0 < -100 ? $0 * 3 : $0 * 2 }) }
        #expect(result.grade(of: "TOY-05") == .informational)
        #expect(result.passed && result.rejectingRules.isEmpty)
        let rule = try #require(result.rules.first { $0.rule.id == "TOY-05" })
        let check = try #require(rule.checks.first)
        #expect(check.failingCases > 0 && check.failingCases < check.casesChecked)
        let text = try #require(result.failureText(for: rule) { "\($0)" })
        #expect(text.contains("differs from the reference on TOY-05 on \(check.failingCases) of \(check.casesChecked) inputs (informational, never a failure)"))
    }

    @Test func aRuleFailingWithTheRuleItRequiresIsBlockedByIt() {
        let result = Self.suite.run("offByOne") { Doubler(double: { $0 > 0 ? $0 * 2 + 1 : $0 * 2 }) }
        #expect(result.grade(of: "TOY-01") == .fail)
        #expect(result.grade(of: "TOY-06") == .blocked)
        #expect(result.rules.first { $0.rule.id == "TOY-06" }?.blockedBy == ["TOY-01"])
        #expect(result.rejectingRules.contains("TOY-06") && result.count(.fail) == 1)
    }

    @Test func aRuleFailingAloneIsNotBlocked() {
        // Doubling twice goes wrong only past 1,000, where TOY-01's range ends.
        let result = Self.suite.run("overflowing") { Doubler(double: { $0 > 1_000 ? $0 * 2 + 1 : $0 * 2 }) }
        #expect(result.grade(of: "TOY-01") == .pass)
        #expect(result.grade(of: "TOY-06") == .fail)
    }

    @Test func everyAllowedBehaviourPassesAndTheChoiceIsReported() {
        let declines = Self.suite.run("declines") { Doubler(double: { max(0, $0 * 2) }) }
        #expect(declines.grade(of: "TOY-07") == .pass)
        #expect(declines.rules.first { $0.rule.id == "TOY-07" }?.choices.map(\.choice) == ["declines as zero"])
        let neither = Self.suite.run("neither") { Doubler(double: { $0 < 0 ? 7 : $0 * 2 }) }
        #expect(neither.grade(of: "TOY-07") == .fail)
    }

    /// A toy whose flaws are of two kinds: numbers above 500 and odd numbers.
    static var twoKinds: ConformanceSuite<Doubler> { ConformanceSuite(id: "toy-kinds", title: "Toy kinds", seam: "Doubler", checks: [
        .property(seedRule, "numbers", cases: 300, Gen<Int>.int(in: 0...1_000)) { doubler, number in
            let answer = doubler.double(number)
            try ensure(number <= 500 || answer == 2 * number, "wrong above 500: \(number)", kind: "above 500")
            try ensure(answer == 2 * number, "wrong for \(number)", kind: "odd")
        },
        .examples(KitTests.negativeRule, "negatives", [
            ConformanceExample("minus one", -1), ConformanceExample("minus two", -2), ConformanceExample("minus three", -3),
        ]) { doubler, number in
            try ensure(doubler.double(number) == 2 * number, "wrong for a negative", kind: "negative")
        },
    ]) }

    @Test func everyKindOfFailureIsReportedShrunkWithinItsKind() throws {
        let result = Self.twoKinds.run("twoFlaws") { Doubler(double: { $0 > 500 || $0 % 2 == 1 ? $0 * 2 + 1 : $0 * 2 }) }
        let check = try #require(result.rules.first?.checks.first)
        #expect(Set(check.failures.map(\.kind)) == ["above 500", "odd"])
        #expect(check.failures.first { $0.kind == "above 500" }?.counterexample == "501", "a shrink of the kind \"above 500\" stays above 500")
        #expect(check.failures.first { $0.kind == "odd" }?.counterexample == "1")
        #expect(check.failures.reduce(0) { $0 + $1.occurrences } == check.failingCases)
    }

    @Test func everyFailingExampleRunsAndIsCounted() throws {
        let result = Self.twoKinds.run("negativesWrong") { Doubler(double: { $0 < -1 ? 0 : $0 * 2 }) }
        let check = try #require(result.rules.first { $0.rule.id == KitTests.negativeRule.id }?.checks.first)
        #expect(check.casesChecked == 3 && check.failingCases == 2)
        #expect(check.failures.count == 1 && check.failures.first?.occurrences == 2)
        #expect(check.failures.first?.others == ["minus three"])
    }

    @Test func inputsThatDoNotExerciseTheRuleHoldVacuously() {
        let suite = ConformanceSuite<Doubler>(id: "toy-exercise", title: "Toy", seam: "Doubler", checks: [
            .property(Self.seedRule, "multiples of three", Gen<Int>.int(in: 0...1_000), exercises: { $0 % 3 == 0 }) { doubler, number in
                try ensure(doubler.double(number) == 2 * number, "wrong")
            },
        ])
        #expect(suite.checks.first?.declaresWhatItExercises == true)
        let result = suite.run("wrongOffThree") { Doubler(double: { $0 % 3 == 0 ? $0 * 2 : 0 }) }
        #expect(result.grade(of: "TOY-01") == .pass)
        let failing = suite.run("wrongOnThree") { Doubler(double: { $0 % 3 == 0 && $0 > 0 ? 0 : $0 * 2 }) }
        #expect(failing.rules.first?.failure?.failure.counterexample == "3")
    }
}

/// Numbers an implementation was asked about, in order.
final class SeenNumbers: @unchecked Sendable {
    private(set) var numbers: [Int] = []
    func record(_ number: Int) { numbers.append(number) }
}
