import SpecConformance
import Testing

/// The plain implementations the CSV import's wrong implementations are made from (a format detector,
/// a pairwise duplicate detector, an importer over a list) pass every rule without their flaw: each
/// wrong implementation is rejected for its one flaw, and the suites do not ask for the model's
/// internals, only for what the seed and the decisions say.
@Suite struct FlawlessPlainImplementationTests {
    @Test func theWrongImplementationsWithoutTheirFlawPassEveryRule() {
        let results = [
            ConformanceSuite.exportFormatDetection.run("PlainFormatDetector") { PlainFormatDetector(flaw: .none) },
            ConformanceSuite.duplicateDetection.run("PairwiseDuplicateDetector") { PairwiseDuplicateDetector(flaw: .none) },
            ConformanceSuite.strategyImport.run("PlainImporter") { PlainImporter(flaw: .none) },
        ]
        for result in results {
            for rule in result.rules {
                #expect(rule.grade == .pass, "\(result.implementation) is graded \(rule.grade) on \(rule.rule.id)\n\(result.failureText(for: rule) { "PROPERTY_REPLAY='\($0)' swift test --filter ConformanceTests" } ?? "")")
            }
        }
    }
}
