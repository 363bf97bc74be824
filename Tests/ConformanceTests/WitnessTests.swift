import SpecConformance
import Testing

/// A counterexample filed under a rule exercises that rule (issue 36, "each root cause once"): a check
/// that says which inputs exercise its rule never reports a witness that does not, on any wrong
/// implementation the tests ship, and its predicate is not vacuous on the model's run.
@Suite struct WitnessTests {
    @Test func everyWitnessOfTheWrongImplementationsExercisesItsRule() {
        var witnesses = 0
        for (wrong, result) in ConformanceCatalog.run.wrong {
            for rule in result.rules {
                for check in rule.checks {
                    for failure in check.failures where failure.exercisesRule != nil {
                        witnesses += 1
                        #expect(failure.exercisesRule == true, "\(wrong.name): \(check.label) filed a witness that does not exercise \(rule.rule.id): \(failure.counterexample ?? failure.origin)")
                    }
                }
            }
        }
        #expect(witnesses > 0, "no wrong implementation failed a check that says which inputs exercise its rule")
    }

    @Test func everyGeneratedCheckOfARequirementSaysWhatItExercises() {
        for model in ConformanceCatalog.models {
            for check in model.generatedChecks where !check.declaresWhatItExercises {
                let rule = model.rules.first { $0.id == check.rule }
                guard rule?.basis != .reference else { continue }
                Issue.record("\(check.label) checks \(check.rule) on generated inputs but does not say which of them exercise it (`exercises:`)")
            }
        }
    }

    @Test func aCheckThatSaysWhatItExercisesExercisesItOnTheModelsCases() {
        for result in ConformanceCatalog.run.models {
            guard let model = ConformanceCatalog.models.first(where: { $0.suiteID == result.suiteID }) else { continue }
            for check in model.generatedChecks where check.declaresWhatItExercises {
                let ran = result.rules.flatMap(\.checks).first { $0.label == check.label }
                #expect((ran?.casesExercised ?? 0) > 0, "\(check.label): none of its \(ran?.casesChecked ?? 0) generated cases exercises \(check.rule)")
            }
        }
    }
}
