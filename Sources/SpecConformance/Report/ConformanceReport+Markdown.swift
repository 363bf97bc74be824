import Generators

extension ConformanceReport {
    /// The report for people. It opens with the verdicts, one line per implementation and suite run;
    /// then one section per implementation: its verdict, its failures (rule, basis, counterexample, the
    /// model's answer, replay), the decisions it differs from with their options, its choices where the
    /// seeds allow several behaviours, what differs from the reference for information, and what is
    /// blocked. Then the rules of the suites run, with a column only for the implementations that ran each
    /// suite; the wrong implementations' score and the seed criteria's coverage when given.
    ///
    /// - Parameter title: the report's top-level heading.
    /// - Parameter replayCommand: how a failure's token is replayed, for the failure texts.
    public func markdown(title: String = "Conformance report", replayCommand: (ReplayToken) -> String = { "PROPERTY_REPLAY='\($0)' swift test" }) -> String {
        markdown(title: title) { token, _ in replayCommand(token) }
    }

    /// The report for people, each failure's replay command made for the suite run it belongs to (the
    /// test that ran it, for a `--filter`).
    public func markdown(title: String, replayCommand: (ReplayToken, SuiteResult) -> String) -> String {
        var out: [String] = []
        let suites = self.suites
        out.append("# \(title)")
        out.append("")
        out.append("Report format \(Self.formatVersion). \(results.count) suite run\(results.count == 1 ? "" : "s") of \(implementations.count) implementation\(implementations.count == 1 ? "" : "s") over \(suites.count) suite\(suites.count == 1 ? "" : "s"). "
            + "A broken MUST of the seeds or a standard **fails**; a SHOULD not met is **non-strict**; a decision not followed **differs** (it fails only in strict mode); "
            + "a difference from the reference where the seeds do not fix the answer is **informational**; a failure caused by a broken rule it requires is **blocked**.")
        out.append("")
        out.append(basesLine)
        out.append("")
        out.append("## Verdicts")
        out.append("")
        out.append("| implementation | suite | rules | pass | fail | non-strict | differs | informational | blocked | n/a | verdict |")
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for result in results {
            let cells = [Grade.pass, .fail, .nonStrict, .differs, .informational, .blocked, .notApplicable].map { String(result.count($0)) }
            out.append("| \(cell(result.implementation)) | \(result.suiteID) | \(result.rules.count) | " + cells.joined(separator: " | ") + " | \(Self.verdict(result)) |")
        }
        if !wrongImplementations.isEmpty {
            out.append("")
            out.append("Wrong implementations rejected by the rule they break: **\(score.rejected) / \(score.shipped)**.")
        }
        if let criteria {
            out.append("")
            out.append("Seed criteria traced to rules and tests or explained by a decision: **\(criteria.count(where: \.isTraced)) / \(criteria.count)**.")
        }
        for implementation in implementations {
            out += section(for: implementation, replayCommand: replayCommand)
        }
        out += rulesSection(suites)
        out += wrongImplementationsSection()
        out += unseamedSection()
        out += criteriaSection()
        out.append("")
        return out.joined(separator: "\n")
    }

    /// `The 218 rules of the suites run rest on the seeds' words (90), standards (20), decisions (100) and the reference (8).`
    public var basesLine: String {
        let rules = suites.flatMap(\.rules)
        let count = { (kind: Basis.Kind) in rules.count { $0.basis.kind == kind } }
        return "The \(rules.count) rules of the suites run rest on the seeds' words (\(count(.seed))), standards (\(count(.standard))), "
            + "decisions (\(count(.decision))) and the reference (\(count(.reference)))."
    }

    /// `FAIL`, `pass`, or `pass; differs from 2 decisions`.
    static func verdict(_ result: SuiteResult) -> String {
        if !result.passed { return "**FAIL**" }
        var notes: [String] = []
        if result.count(.nonStrict) > 0 { notes.append("non-strict") }
        if result.count(.differs) > 0 { notes.append("differs from \(result.count(.differs)) decision\(result.count(.differs) == 1 ? "" : "s")") }
        return (["pass"] + notes).joined(separator: "; ")
    }

    func section(for implementation: String, replayCommand: (ReplayToken, SuiteResult) -> String) -> [String] {
        let runs = results.filter { $0.implementation == implementation }
        let counts = self.counts(for: implementation)
        var out = ["", "## \(implementation)", ""]
        let failed = counts[.fail, default: 0] > 0
        out.append("**\(failed ? "FAIL" : "pass")**: " + SuiteResult.countsText(counts) + " over " + runs.map(\.suiteID).joined(separator: ", ") + ".")
        func block(_ heading: String, _ grades: Set<Grade>, intro: String? = nil) {
            let rules = runs.flatMap { run in run.rules.filter { grades.contains($0.grade) }.map { (run, $0) } }
            guard !rules.isEmpty else { return }
            out += ["", "### \(heading)"]
            if let intro { out += ["", intro] }
            for (run, rule) in rules {
                out += ["", "```text", run.failureText(for: rule, replayCommand: { replayCommand($0, run) }) ?? "", "```"]
            }
        }
        block("Failures: the seeds or a standard", [.fail, .nonStrict])
        block("Differs from decisions", [.differs], intro: "Where the seeds are silent or contradict themselves, the kit follows a decision of `Docs/Decisions.md`. Not following it is not a failure (strict mode makes it one): each entry gives the decision's question, options and choice.")
        let choices = runs.flatMap { run in run.rules.filter { !$0.choices.isEmpty }.map { (run, $0) } }
        if !choices.isEmpty {
            out += ["", "### Implementation-defined choices", "", "Where the seeds and standards allow several behaviours, every allowed one passes; this is the one chosen.", ""]
            out += ["| rule | choice | examples |", "|---|---|---:|"]
            for (_, rule) in choices {
                for choice in rule.choices { out.append("| \(rule.rule.id) | \(cell(choice.choice)) | \(choice.examples) |") }
            }
        }
        block("Informational: differs from the reference", [.informational], intro: "The reference model's answers on generated inputs, where the seeds fix only part of each answer. Never a failure.")
        let blocked = runs.flatMap { run in run.rules.filter { $0.grade == .blocked }.map { (run, $0) } }
        if !blocked.isEmpty {
            out += ["", "### Blocked", ""]
            for (_, rule) in blocked {
                out.append("- \(rule.rule.id), blocked by \(rule.blockedBy.map(\.rawValue).joined(separator: ", ")): \(rule.rule.statement)")
            }
        }
        return out
    }

    func rulesSection(_ suites: [(id: String, title: String, seam: String, rules: [Rule])]) -> [String] {
        var out = ["", "## Rules"]
        for suite in suites {
            let ran = results.filter { $0.suiteID == suite.id }.map(\.implementation)
            out += ["", "### \(suite.id): \(suite.title) (`\(suite.seam)`)", ""]
            out.append("| rule | level | basis | " + ran.map(cell).joined(separator: " | ") + " | statement |")
            out.append("|---|---|---|" + ran.map { _ in "---|" }.joined() + "---|")
            for rule in suite.rules {
                let grades = ran.map { implementation -> String in
                    guard let grade = grade(rule.id, suite: suite.id, implementation: implementation) else { return "" }
                    return grade == .fail ? "**FAIL**" : grade.rawValue
                }
                let level = rule.basis.kind == .reference ? "info" : rule.requirement.rawValue
                out.append("| \(rule.id) | \(level) | \(Self.basisCell(rule.basis)) | " + grades.joined(separator: " | ") + " | \(cell(rule.statement)) |")
            }
        }
        return out
    }

    /// `seed 004`, `ISO 2108 (ISBN)`, `D-051`, `reference`.
    static func basisCell(_ basis: Basis) -> String {
        switch basis {
        case let .seed(passage): "seed \(passage.document.number)"
        case let .standard(clause): clause.standard.description
        case let .decision(id): id.rawValue
        case .reference: "reference"
        }
    }

    func wrongImplementationsSection() -> [String] {
        guard !wrongImplementations.isEmpty else { return [] }
        var out = ["", "## Wrong implementations: \(score.rejected) of \(score.shipped) rejected", ""]
        out.append("Each is run against its suite and must be rejected by the rule it breaks; a wrong implementation that gets through shows a missing rule.")
        out += ["", "| wrong implementation | flaw | suite | breaks | rejected by | verdict |", "|---|---|---|---|---|---|"]
        for verdict in wrongImplementations {
            out.append("| \(cell(verdict.name)) | \(cell(verdict.flaw)) | \(verdict.suiteID) | \(verdict.expectedRules.map(\.rawValue).joined(separator: ", ")) | \(verdict.rejectingRules.map(\.rawValue).joined(separator: ", ")) | \(verdict.isRejected ? "rejected" : "**GOT THROUGH**") |")
        }
        return out
    }

    func unseamedSection() -> [String] {
        guard !unseamed.isEmpty else { return [] }
        var out = ["", "## Behaviours without a seam", ""]
        out.append("Where a seed's behaviour lives only in UI or in SwiftData and CloudKit, the kit has no seam for it rather than one no app could honestly implement.")
        out += ["", "| seed | behaviour | why | what checks it |", "|---|---|---|---|"]
        for behaviour in unseamed {
            out.append("| \(behaviour.seed.number) | \(cell(behaviour.behaviour)) | \(behaviour.reason) | \(cell(behaviour.note)) |")
        }
        return out
    }

    func criteriaSection() -> [String] {
        guard let criteria else { return [] }
        var out = ["", "## Seed criteria", "", "| seed | criteria | checked by rules or tests | not modelled (decided) | untraced |", "|---|---:|---:|---:|---:|"]
        for seed in SeedDocument.allCases {
            let ofSeed = criteria.filter { $0.seed == seed }
            let checked = ofSeed.count { if case .checked = $0.coverage { return $0.isTraced } else { return false } }
            let notModelled = ofSeed.count { if case .notModelled = $0.coverage { return $0.isTraced } else { return false } }
            out.append("| \(seed.number) \(seed.title) | \(ofSeed.count) | \(checked) | \(notModelled) | \(ofSeed.count - checked - notModelled) |")
        }
        let untraced = criteria.filter { !$0.isTraced }
        if !untraced.isEmpty { out += ["", "Untraced: " + untraced.map(\.id).joined(separator: ", ")] }
        return out
    }

    /// A table cell: pipes escaped, line breaks as spaces.
    func cell(_ text: String) -> String {
        String(text.flatMap { character -> [Character] in
            switch character {
            case "|": ["\\", "|"]
            case "\n", "\r\n", "\r": [" "]
            default: [character]
            }
        })
    }
}
