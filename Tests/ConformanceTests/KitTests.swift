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
        #expect(text.contains("offByOne breaks TOY-01 (MUST): Doubling gives twice the number."))
        #expect(text.contains("decided in D-117"))
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
        #expect(result.failureText(for: rule) { "\($0)" }?.hasPrefix("odd does not meet TOY-02 (SHOULD)") == true)
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

/// Numbers an implementation was asked about, in order.
final class SeenNumbers: @unchecked Sendable {
    private(set) var numbers: [Int] = []
    func record(_ number: Int) { numbers.append(number) }
}
