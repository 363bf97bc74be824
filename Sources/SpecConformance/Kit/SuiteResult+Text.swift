import Generators

extension SuiteResult {
    /// The longest counterexample or answer a failure text prints, in characters.
    public static let answerLengthMax = 2_000

    /// The text that explains one rule not kept: the grade and what it rests on, then every failing check
    /// with one representative per kind of failure (its counterexample, the model's answer beside the
    /// implementation's, and the command that replays it) and how many cases failed that way.
    ///
    /// - Parameter ruleResult: the rule's result; when it records no failure, the text is `nil`.
    /// - Parameter replayCommand: turns a token into the one command that replays it (the test filter
    ///   is the caller's: the kit does not know which test ran it).
    public func failureText(for ruleResult: RuleResult, replayCommand: (ReplayToken) -> String) -> String? {
        guard ruleResult.isBroken else { return nil }
        let rule = ruleResult.rule
        var lines: [String] = [headline(for: ruleResult)]
        lines += Self.basisLines(rule.basis)
        for check in ruleResult.failingChecks {
            let what = check.method == "property" || check.method == "differential" ? "generated cases" : "examples"
            let verb = ruleResult.grade == .informational ? "differ from the reference" : "failed"
            let kinds = check.failures.count + check.kindsNotShown
            lines.append("  check: \(check.label) (\(check.about)): \(check.failingCases) of \(check.casesChecked) \(what) \(verb)"
                + (kinds > 1 ? ", \(kinds) kinds" : ""))
            for (index, failure) in check.failures.enumerated() {
                lines += Self.failureLines(failure, number: kinds > 1 ? index + 1 : nil, check: check, replayCommand: replayCommand)
            }
            if check.kindsNotShown > 0 { lines.append("  … and \(check.kindsNotShown) more kinds of failure") }
        }
        return lines.joined(separator: "\n")
    }

    /// `X breaks RULE (MUST): …`, worded by grade.
    func headline(for ruleResult: RuleResult) -> String {
        let rule = ruleResult.rule
        switch ruleResult.grade {
        case .fail:
            return "\(implementation) breaks \(rule.id) (\(rule.requirement), \(rule.basis.kind)): \(rule.statement)"
        case .nonStrict:
            return "\(implementation) does not meet \(rule.id) (\(rule.requirement), \(rule.basis.kind)): \(rule.statement)"
        case .differs:
            return "\(implementation) differs from decision \(Self.decisionID(rule.basis) ?? "?") on \(rule.id): \(rule.statement)"
        case .informational:
            let cases = ruleResult.failingChecks.reduce(0) { $0 + $1.failingCases }
            let of = ruleResult.checks.reduce(0) { $0 + $1.casesChecked }
            return "\(implementation) differs from the reference on \(rule.id) on \(cases) of \(of) inputs (informational, never a failure): \(rule.statement)"
        case .blocked:
            return "\(implementation): \(rule.id) is blocked by \(ruleResult.blockedBy.map(\.rawValue).joined(separator: ", ")), which it requires and which is broken (fix that first; what failed here follows): \(rule.statement)"
        case .pass, .notApplicable:
            return "\(implementation) keeps \(rule.id): \(rule.statement)"
        }
    }

    static func decisionID(_ basis: Basis) -> String? {
        if case let .decision(id) = basis { return id.rawValue }
        return nil
    }

    /// What the rule rests on; for a decision, what was open, the options and the choice.
    static func basisLines(_ basis: Basis) -> [String] {
        guard case let .decision(id) = basis else { return ["  basis: \(basis)"] }
        guard let decision = Decision.named(id) else { return ["  basis: decision \(id) (Docs/Decisions.md)"] }
        var lines = ["  basis: decision \(id), \(decision.title) (Docs/Decisions.md); strict mode (CONFORMANCE_STRICT=1) fails it"]
        if let question = decision.question { lines.append("  question: \(clipAtWord(question, 900))") }
        if let options = decision.options { lines.append("  options: \(clipAtWord(options, 900))") }
        lines.append("  decided: \(clipAtWord(decision.decision, 900))")
        return lines
    }

    static func failureLines(_ failure: RuleFailure, number: Int?, check: CheckResult, replayCommand: (ReplayToken) -> String) -> [String] {
        let indent = number == nil ? "  " : "     "
        var lines: [String] = []
        var head = number.map { "  \($0). " } ?? "  "
        head += failure.occurrences > 1 || !failure.others.isEmpty ? "\(failure.kind) (\(failure.occurrences) cases): " : "\(failure.kind): "
        head += failure.origin
        lines.append(head)
        if let counterexample = failure.counterexample {
            if let shrunk = failure.shrunkChoiceCount, let from = failure.originalChoiceCount, from != shrunk {
                lines.append("\(indent)counterexample (shrunk from \(from) to \(shrunk) choices): \(clip(counterexample))")
            } else {
                lines.append("\(indent)counterexample: \(clip(counterexample))")
            }
        }
        if failure.message != failure.kind { lines.append("\(indent)failure: \(clip(failure.message))") }
        if let question = failure.question { lines.append("\(indent)asked: \(clip(question))") }
        if let model = failure.modelAnswer { lines.append("\(indent)model:          \(clip(model))") }
        if let answer = failure.implementationAnswer { lines.append("\(indent)implementation: \(clip(answer))") }
        if !failure.others.isEmpty {
            let more = failure.occurrences - 1 - failure.others.count
            lines.append("\(indent)also: " + failure.others.joined(separator: "; ") + (more > 0 ? "; and \(more) more" : ""))
        }
        if let shrink = failure.shrink {
            let how: String
            switch shrink.stop {
            case .converged: how = "converged"
            case .evaluationBudget: how = "PARTIALLY SHRUNK at the evaluation bound (raise PROPERTY_SHRINK_EVALUATIONS)"
            case .timeBudget: how = "PARTIALLY SHRUNK at the time bound (raise PROPERTY_SHRINK_SECONDS)"
            }
            lines.append("\(indent)shrinking: \(shrink.steps) steps, \(shrink.evaluations) evaluations; \(how)")
        }
        if let token = failure.token {
            lines.append("\(indent)replay: \(replayCommand(token))")
            lines.append("\(indent)keep it as a regression: \(token) \(ConformanceSettings.propertyName(ofCheck: check.label))")
        } else if failure.seed == nil {
            lines.append("\(indent)replay: run the same test again (examples are fixed)")
        }
        return lines
    }

    /// `text`, or its first words within `length` characters and where to read the rest.
    static func clipAtWord(_ text: String, _ length: Int) -> String {
        guard text.count > length else { return text }
        let cut = text.prefix(length)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words + " … (the rest in Docs/Decisions.md)"
    }

    static func clip(_ text: String, _ length: Int = answerLengthMax) -> String {
        guard text.count > length else { return text }
        return String(text.prefix(length)) + "… (\(text.count) characters in all)"
    }
}
