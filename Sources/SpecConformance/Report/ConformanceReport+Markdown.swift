import Generators

extension ConformanceReport {
    /// The report for people: a verdict per implementation, the rule × implementation matrix of every
    /// suite, each failure explained, the wrong implementations' score and the seed criteria's coverage.
    ///
    /// - Parameter title: the report's top-level heading.
    /// - Parameter replayCommand: how a failure's token is replayed, for the failure texts.
    public func markdown(title: String = "Conformance report", replayCommand: (ReplayToken) -> String = { "PROPERTY_REPLAY='\($0)' swift test" }) -> String {
        var out: [String] = []
        let implementations = self.implementations
        let suites = self.suites
        out.append("# \(title)")
        out.append("")
        out.append("Report format \(Self.formatVersion). \(suites.count) suites, \(suites.reduce(0) { $0 + $1.rules.count }) rules. Grades as the Autobahn testsuite gives them: **pass**; **non-strict**, a SHOULD not met; **FAIL**, a MUST broken; **n/a**, not applicable.")
        out.append("")
        out.append("## Verdict")
        out.append("")
        out.append("| implementation | rules | pass | non-strict | fail | n/a | verdict |")
        out.append("|---|---:|---:|---:|---:|---:|---|")
        for implementation in implementations {
            let counts = counts(for: implementation)
            let total = Grade.allCases.reduce(0) { $0 + counts[$1, default: 0] }
            let verdict = counts[.fail, default: 0] > 0 ? "**FAIL**" : (counts[.nonStrict, default: 0] > 0 ? "pass (non-strict)" : "pass")
            out.append("| \(cell(implementation)) | \(total) | \(counts[.pass, default: 0]) | \(counts[.nonStrict, default: 0]) | \(counts[.fail, default: 0]) | \(counts[.notApplicable, default: 0]) | \(verdict) |")
        }
        if !wrongImplementations.isEmpty {
            out.append("")
            out.append("Wrong implementations rejected by the rule they break: **\(score.rejected) / \(score.shipped)**.")
        }
        if let criteria {
            let traced = criteria.count(where: \.isTraced)
            out.append("")
            out.append("Seed criteria traced to rules and tests or explained by a decision: **\(traced) / \(criteria.count)**.")
        }
        out.append("")
        out.append("## Rules")
        for suite in suites {
            out.append("")
            out.append("### \(suite.id): \(suite.title) (`\(suite.seam)`)")
            out.append("")
            out.append("| rule | level | " + implementations.map(cell).joined(separator: " | ") + " | statement |")
            out.append("|---|---|" + implementations.map { _ in "---|" }.joined() + "---|")
            for rule in suite.rules {
                let grades = implementations.map { implementation -> String in
                    guard let grade = grade(rule.id, suite: suite.id, implementation: implementation) else { return "" }
                    return grade == .fail ? "**FAIL**" : grade.rawValue
                }
                out.append("| \(rule.id) | \(rule.requirement) | " + grades.joined(separator: " | ") + " | \(cell(rule.statement)) |")
            }
        }
        let failures = results.flatMap { result in result.rules.compactMap { rule in rule.failure == nil ? nil : (result, rule) } }
        if !failures.isEmpty {
            out.append("")
            out.append("## Failures")
            for (result, rule) in failures {
                out.append("")
                out.append("### \(result.implementation) × \(rule.rule.id)")
                out.append("")
                out.append("```text")
                out.append(result.failureText(for: rule, replayCommand: replayCommand) ?? "")
                out.append("```")
            }
        }
        if !wrongImplementations.isEmpty {
            out.append("")
            out.append("## Wrong implementations: \(score.rejected) of \(score.shipped) rejected")
            out.append("")
            out.append("Each is run against its suite and must be rejected by the rule it breaks; a wrong implementation that gets through shows a missing rule.")
            out.append("")
            out.append("| wrong implementation | flaw | suite | breaks | rejected by | verdict |")
            out.append("|---|---|---|---|---|---|")
            for verdict in wrongImplementations {
                out.append("| \(cell(verdict.name)) | \(cell(verdict.flaw)) | \(verdict.suiteID) | \(verdict.expectedRules.map(\.rawValue).joined(separator: ", ")) | \(verdict.rejectingRules.map(\.rawValue).joined(separator: ", ")) | \(verdict.isRejected ? "rejected" : "**GOT THROUGH**") |")
            }
        }
        if !unseamed.isEmpty {
            out.append("")
            out.append("## Behaviours without a seam")
            out.append("")
            out.append("Where a seed's behaviour lives only in UI or in SwiftData and CloudKit, the kit has no seam for it rather than one no app could honestly implement.")
            out.append("")
            out.append("| seed | behaviour | why | what checks it |")
            out.append("|---|---|---|---|")
            for behaviour in unseamed {
                out.append("| \(behaviour.seed.number) | \(cell(behaviour.behaviour)) | \(behaviour.reason) | \(cell(behaviour.note)) |")
            }
        }
        if let criteria {
            out.append("")
            out.append("## Seed criteria")
            out.append("")
            out.append("| seed | criteria | checked by rules or tests | not modelled (decided) | untraced |")
            out.append("|---|---:|---:|---:|---:|")
            for seed in SeedDocument.allCases {
                let ofSeed = criteria.filter { $0.seed == seed }
                let checked = ofSeed.count { if case .checked = $0.coverage { return $0.isTraced } else { return false } }
                let notModelled = ofSeed.count { if case .notModelled = $0.coverage { return $0.isTraced } else { return false } }
                out.append("| \(seed.number) \(seed.title) | \(ofSeed.count) | \(checked) | \(notModelled) | \(ofSeed.count - checked - notModelled) |")
            }
            let untraced = criteria.filter { !$0.isTraced }
            if !untraced.isEmpty {
                out.append("")
                out.append("Untraced: " + untraced.map(\.id).joined(separator: ", "))
            }
        }
        out.append("")
        return out.joined(separator: "\n")
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

