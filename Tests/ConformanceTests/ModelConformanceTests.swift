import SpecConformance
import SpecTesting
import Testing

/// The model passes every rule of every suite: it is the reference the suites compare with.
@Suite struct ModelConformanceTests {
    @Test(arguments: ConformanceCatalog.models.indices)
    func theModelPassesEveryRule(of index: Int) {
        let result = ConformanceCatalog.run.models[index]
        for rule in result.rules {
            #expect(rule.grade == .pass, "\(result.suiteID): the model is graded \(rule.grade) on \(rule.rule.id)\n\(result.failureText(for: rule) { "PROPERTY_REPLAY='\($0)' swift test --filter ConformanceTests" } ?? "")")
        }
    }

    /// The one-call form a consumer writes, on the model itself.
    @Test func checkConformanceRunsASuiteInOneCall() throws {
        let result = try #require(checkConformance(to: .titleNormalization) { ModelTitleNormalizer() })
        #expect(result.implementation == "ModelTitleNormalizer")
        #expect(result.passed && result.count(.pass) == result.rules.count)
    }
}

/// Every wrong implementation the tests ship is rejected by the rule it was written to break.
@Suite struct WrongImplementationTests {
    @Test(arguments: ConformanceCatalog.wrongImplementations.indices)
    func isRejectedByTheRuleItBreaks(_ index: Int) {
        let (wrong, result) = ConformanceCatalog.run.wrong[index]
        for rule in wrong.breaks {
            #expect(result.grade(of: rule) != nil, "\(wrong.name): its suite \(wrong.suiteID) has no rule \(rule)")
            #expect(result.rejectingRules.contains(rule), "\(wrong.name) (\(wrong.flaw)) got through \(rule): graded \(result.grade(of: rule).map(\.rawValue) ?? "not run"); rejected by \(result.rejectingRules)")
        }
    }
}
