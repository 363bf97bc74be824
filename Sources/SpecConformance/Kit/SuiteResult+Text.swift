import Generators

extension SuiteResult {
    /// The longest counterexample or answer a failure text prints, in characters.
    public static let answerLengthMax = 2_000

    /// The text that explains one rejected rule: the rule and where it comes from, the check and its
    /// case, the shrunk counterexample, the model's answer beside the implementation's, and the command
    /// that replays it.
    ///
    /// - Parameter ruleResult: the rule's result; when it records no failure, the text is `nil`.
    /// - Parameter replayCommand: turns a token into the one command that replays it (the test filter
    ///   is the caller's: the kit does not know which test ran it).
    public func failureText(for ruleResult: RuleResult, replayCommand: (ReplayToken) -> String) -> String? {
        guard let (check, failure) = ruleResult.failure else { return nil }
        let rule = ruleResult.rule
        var lines: [String] = []
        let verb = ruleResult.grade == .fail ? "breaks" : "does not meet"
        lines.append("\(implementation) \(verb) \(rule.id) (\(rule.requirement)): \(rule.statement)")
        lines.append("  source: \(rule.source)")
        lines.append("  check: \(check.label) (\(check.about)), failed on \(failure.origin)")
        if let counterexample = failure.counterexample {
            if let shrunk = failure.shrunkChoiceCount, let from = failure.originalChoiceCount, from != shrunk {
                lines.append("  counterexample (shrunk from \(from) to \(shrunk) choices): \(Self.clip(counterexample))")
            } else {
                lines.append("  counterexample: \(Self.clip(counterexample))")
            }
        }
        lines.append("  failure: \(Self.clip(failure.message))")
        if let question = failure.question { lines.append("  asked: \(Self.clip(question))") }
        if let model = failure.modelAnswer { lines.append("  model:          \(Self.clip(model))") }
        if let answer = failure.implementationAnswer { lines.append("  implementation: \(Self.clip(answer))") }
        if let shrink = failure.shrink {
            let how: String
            switch shrink.stop {
            case .converged: how = "converged"
            case .evaluationBudget: how = "PARTIALLY SHRUNK at the evaluation bound (raise PROPERTY_SHRINK_EVALUATIONS)"
            case .timeBudget: how = "PARTIALLY SHRUNK at the time bound (raise PROPERTY_SHRINK_SECONDS)"
            }
            lines.append("  shrinking: \(shrink.steps) steps, \(shrink.evaluations) evaluations; \(how)")
        }
        if let token = failure.token {
            lines.append("  replay: \(replayCommand(token))")
            lines.append("  keep it as a regression: \(token) \(ConformanceSettings.propertyName(ofCheck: check.label))")
        } else {
            lines.append("  replay: run the same test again (examples are fixed)")
        }
        return lines.joined(separator: "\n")
    }

    static func clip(_ text: String) -> String {
        guard text.count > answerLengthMax else { return text }
        return String(text.prefix(answerLengthMax)) + "… (\(text.count) characters in all)"
    }
}
