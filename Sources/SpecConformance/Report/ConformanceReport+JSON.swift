import SpecModel

extension ConformanceReport {
    /// The report for CI, as a JSON value (see `Docs/Conformance.md` for its fields).
    ///
    /// `{format, version, implementations, rules, results, summary, wrongImplementations, criteria}`:
    /// every rule once with its basis; one result per rule and implementation with its grade and, when
    /// the rule is not kept, every kind of failure with its representative case.
    public var json: JSONValue {
        var rules: [JSONValue] = []
        for suite in suites {
            for rule in suite.rules {
                rules.append(.object(JSONObject([
                    ("id", .string(rule.id.rawValue)),
                    ("suite", .string(suite.id)),
                    ("seam", .string(suite.seam)),
                    ("requirement", .string(rule.requirement.rawValue)),
                    ("statement", .string(rule.statement)),
                    ("basis", rule.basis.json),
                    ("requires", .array(rule.requires.map { .string($0.rawValue) })),
                ])))
            }
        }
        let results = self.results.flatMap { result in result.rules.map { Self.json(of: $0, in: result) } }
        var summary: [(String, JSONValue)] = []
        for implementation in implementations {
            let counts = counts(for: implementation)
            summary.append((implementation, .object(JSONObject(Grade.allCases.map { ($0.rawValue, .integer(Int64(counts[$0, default: 0]))) }))))
        }
        var members: [(String, JSONValue)] = [
            ("format", "booktracker-conformance-report"),
            ("version", .integer(Int64(Self.formatVersion))),
            ("implementations", .array(implementations.map(JSONValue.string))),
            ("rules", .array(rules)),
            ("results", .array(results)),
            ("summary", .object(JSONObject(summary))),
        ]
        if !wrongImplementations.isEmpty {
            members.append(("wrongImplementations", .object(JSONObject([
                ("shipped", .integer(Int64(score.shipped))),
                ("rejected", .integer(Int64(score.rejected))),
                ("entries", .array(wrongImplementations.map { verdict in
                    .object(JSONObject([
                        ("name", .string(verdict.name)),
                        ("flaw", .string(verdict.flaw)),
                        ("suite", .string(verdict.suiteID)),
                        ("breaks", .array(verdict.expectedRules.map { .string($0.rawValue) })),
                        ("rejectedBy", .array(verdict.rejectingRules.map { .string($0.rawValue) })),
                        ("rejected", .bool(verdict.isRejected)),
                    ]))
                })),
            ]))))
        }
        if !unseamed.isEmpty {
            members.append(("unseamed", .array(unseamed.map { behaviour in
                .object(JSONObject([
                    ("seed", .string(behaviour.seed.rawValue)), ("behaviour", .string(behaviour.behaviour)),
                    ("reason", .string(behaviour.reason.rawValue)), ("note", .string(behaviour.note)),
                ]))
            })))
        }
        if let criteria {
            members.append(("criteria", .array(criteria.map { criterion in
                var fields: [(String, JSONValue)] = [
                    ("id", .string(criterion.id)),
                    ("seed", .string(criterion.seed.rawValue)),
                    ("quote", .string(criterion.quote)),
                    ("traced", .bool(criterion.isTraced)),
                ]
                switch criterion.coverage {
                case let .checked(rules, tests):
                    fields.append(("rules", .array(rules.map { .string($0.rawValue) })))
                    fields.append(("tests", .array(tests.map(JSONValue.string))))
                case let .notModelled(decision, reason):
                    fields.append(("notModelled", .object(JSONObject([("decision", .string(decision)), ("reason", .string(reason))]))))
                }
                return .object(JSONObject(fields))
            })))
        }
        return .object(JSONObject(members))
    }

    /// The JSON report as text: canonical (keys sorted) and indented two spaces, one member a line,
    /// so that a committed report diffs line by line.
    public func jsonText() -> String {
        var out = ""
        PrettyJSON.write(json, indent: 0, to: &out)
        out.append("\n")
        return out
    }
}

extension ConformanceReport {
    static func json(of rule: RuleResult, in result: SuiteResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("implementation", .string(result.implementation)),
            ("suite", .string(result.suiteID)),
            ("rule", .string(rule.rule.id.rawValue)),
            ("grade", .string(rule.grade.rawValue)),
            ("cases", .integer(Int64(rule.checks.reduce(0) { $0 + $1.casesChecked }))),
        ]
        if !rule.blockedBy.isEmpty { members.append(("blockedBy", .array(rule.blockedBy.map { .string($0.rawValue) }))) }
        if !rule.choices.isEmpty {
            members.append(("choices", .array(rule.choices.map { .object(JSONObject([("choice", .string($0.choice)), ("examples", .integer(Int64($0.examples)))])) })))
        }
        let failing = rule.failingChecks
        if !failing.isEmpty {
            members.append(("failures", .array(failing.flatMap { check in
                check.failures.map { failure in
                    .object(JSONObject([
                        ("check", .string(check.label)),
                        ("kind", .string(failure.kind)),
                        ("occurrences", .integer(Int64(failure.occurrences))),
                        ("of", .integer(Int64(check.casesChecked))),
                        ("origin", .string(failure.origin)),
                        ("message", .string(failure.message)),
                        ("question", failure.question.map(JSONValue.string) ?? .null),
                        ("model", failure.modelAnswer.map(JSONValue.string) ?? .null),
                        ("implementation", failure.implementationAnswer.map(JSONValue.string) ?? .null),
                        ("counterexample", failure.counterexample.map(JSONValue.string) ?? .null),
                        ("others", .array(failure.others.map(JSONValue.string))),
                        ("replayToken", failure.token.map { .string($0.description) } ?? .null),
                    ]))
                }
            })))
        }
        let reasons = rule.checks.compactMap(\.notApplicable)
        if !reasons.isEmpty { members.append(("notApplicable", .string(reasons.joined(separator: "; ")))) }
        return .object(JSONObject(members))
    }
}

/// Indented canonical JSON: the canonical encoder's leaves and key order, with line breaks.
enum PrettyJSON {
    static func write(_ value: JSONValue, indent: Int, to out: inout String) {
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case let .array(elements) where !elements.isEmpty:
            out.append("[\n")
            for (index, element) in elements.enumerated() {
                out.append(pad)
                write(element, indent: indent + 2, to: &out)
                out.append(index + 1 < elements.count ? ",\n" : "\n")
            }
            out.append(String(repeating: " ", count: indent) + "]")
        case let .object(object) where !object.isEmpty:
            let members = object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            out.append("{\n")
            for (index, member) in members.enumerated() {
                out.append(pad + JSONValue.string(member.key).encodedString() + ": ")
                write(member.value, indent: indent + 2, to: &out)
                out.append(index + 1 < members.count ? ",\n" : "\n")
            }
            out.append(String(repeating: " ", count: indent) + "}")
        default:
            out.append(value.encodedString())
        }
    }
}
