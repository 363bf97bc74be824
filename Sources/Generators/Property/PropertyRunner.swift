/// Checks a property over generated cases, shrinks the first failure and reports it with a replay token.
///
/// This is the engine; it returns a `PropertyReport` value and prints nothing. The Swift Testing
/// integration (SpecTesting's `property(...)`) reads settings from the environment, calls this, and
/// records an issue carrying the report.
///
/// Order of work: the replay token, if any, is evaluated once and nothing else runs; otherwise each
/// regression token is evaluated once, then `settings.cases` cases are generated. Case `i` uses a seed
/// split from the root seed and a size scale that grows from 0.1 to 1 over the first half of the run,
/// so early cases are small. A failing case is regenerated from its seed with recording on and shrunk.
public func checkProperty<Value>(
    _ generator: Gen<Value>,
    settings: PropertySettings,
    describe: @escaping (Value) -> String = { String(reflecting: $0) },
    labels classify: ((Value) -> [String])? = nil,
    _ body: @escaping (Value) throws -> Void
) -> PropertyReport {
    var run = PropertyRun(generator: generator, settings: settings, describe: describe, classify: classify, body: body)
    return run.execute()
}

/// Checks a property given as a predicate: the property fails when `predicate` returns `false`.
public func checkPredicate<Value>(
    _ generator: Gen<Value>,
    settings: PropertySettings,
    describe: @escaping (Value) -> String = { String(reflecting: $0) },
    labels classify: ((Value) -> [String])? = nil,
    predicate: @escaping (Value) throws -> Bool
) -> PropertyReport {
    var run = PropertyRun(generator: generator, settings: settings, describe: describe, classify: classify) { value in
        guard try predicate(value) else { throw PropertyViolation("the property returned false") }
    }
    return run.execute()
}

/// The state of one property run.
struct PropertyRun<Value> {
    let generator: Gen<Value>
    let settings: PropertySettings
    let describe: (Value) -> String
    let classify: ((Value) -> [String])?
    let body: (Value) throws -> Void

    var casesChecked = 0
    var discards = 0
    var labelCounts: [String: Int] = [:]
    var notes: [String] = []

    init(generator: Gen<Value>, settings: PropertySettings, describe: @escaping (Value) -> String, classify: ((Value) -> [String])?, body: @escaping (Value) throws -> Void) {
        self.generator = generator
        self.settings = settings
        self.describe = describe
        self.classify = classify
        self.body = body
    }

    /// The verdict of one evaluation.
    enum Verdict {
        case holds
        case discarded
        case fails(String)
    }

    func evaluate(_ value: Value) -> Verdict {
        do {
            try body(value)
            return .holds
        } catch let discard as PropertyDiscard {
            _ = discard
            return .discarded
        } catch {
            return .fails(String(describing: error))
        }
    }

    func report(_ outcome: PropertyReport.Outcome) -> PropertyReport {
        let labels = labelCounts.map { LabelCount(label: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
        return PropertyReport(
            name: settings.name, seed: settings.seed, casesChecked: casesChecked, discards: discards,
            labels: labels, notes: notes, outcome: outcome
        )
    }

    mutating func execute() -> PropertyReport {
        if let token = settings.replay {
            if token.belongs(to: settings.name) {
                return replay(token, origin: .replay)
            }
            // A test may check several properties; the token replays only the one it was made for.
            notes.append("the replay token was made for another property, so \"\(settings.name)\" ran its normal cases")
        }
        for (index, token) in settings.regressions.enumerated() {
            let result = replay(token, origin: .regression(index: index))
            if !result.passed { return result }
        }
        var seeds = Xoshiro256StarStar(seed: settings.seed)
        for caseIndex in 0..<settings.cases {
            let caseSeed = seeds.next()
            let scale = Self.sizeScale(caseIndex: caseIndex, cases: settings.cases)
            var source = ChoiceSource(seed: caseSeed, sizeScale: scale, recording: false, choicesMax: settings.choicesMax)
            let value: Value
            do {
                value = try generator.run(&source)
            } catch {
                if case .discarded = error {
                    discards += 1
                    if discards > settings.discardsMax { return report(.gaveUp(discards: discards, discardsMax: settings.discardsMax)) }
                    continue
                }
                return report(.generationFailed(error, caseIndex: caseIndex))
            }
            switch evaluate(value) {
            case .holds:
                casesChecked += 1
                if let classify {
                    for label in classify(value) { labelCounts[label, default: 0] += 1 }
                }
            case .discarded:
                discards += 1
                if discards > settings.discardsMax { return report(.gaveUp(discards: discards, discardsMax: settings.discardsMax)) }
            case let .fails(message):
                casesChecked += 1
                return report(.failed(shrinkFailure(caseIndex: caseIndex, caseSeed: caseSeed, scale: scale, value: value, message: message)))
            }
        }
        let shortfalls = settings.coverage.compactMap { requirement -> CoverageShortfall? in
            let hits = labelCounts[requirement.label] ?? 0
            let percent = casesChecked == 0 ? 0 : 100 * Double(hits) / Double(casesChecked)
            return percent < requirement.minimumPercent ? CoverageShortfall(requirement: requirement, observedPercent: percent) : nil
        }
        if !shortfalls.isEmpty { return report(.coverageMissed(shortfalls)) }
        return report(.passed)
    }

    /// The size scale of case `caseIndex`: from 0.1, growing linearly to 1 at the run's midpoint.
    static func sizeScale(caseIndex: Int, cases: Int) -> Double {
        let half = Swift.max(1, cases / 2)
        return Swift.min(1, 0.1 + 0.9 * Double(caseIndex) / Double(half))
    }

    /// Evaluates a token's counterexample exactly once.
    mutating func replay(_ token: ReplayToken, origin: PropertyFailure.Origin) -> PropertyReport {
        let label: String
        switch origin {
        case .replay: label = "replay token"
        case let .regression(index): label = "regression token #\(index + 1)"
        case .generated: label = "token"
        }
        var source = ChoiceSource(replaying: token.choices, recording: true, choicesMax: settings.choicesMax)
        let value: Value
        do {
            value = try generator.run(&source)
        } catch {
            return report(.generationFailed(error, caseIndex: -1))
        }
        if source.position != token.choices.count {
            notes.append("\(label) holds \(token.choices.count) choices but the generator drew \(source.position): the generator has changed since the token was made, so it may no longer reproduce the original counterexample")
        }
        switch evaluate(value) {
        case .holds, .discarded:
            casesChecked += 1
            if case .replay = origin {
                notes.append("the replayed counterexample now passes: \(describe(value))")
                return report(.passed)
            }
            return report(.passed)
        case let .fails(message):
            casesChecked += 1
            let description = describe(value)
            return report(.failed(PropertyFailure(
                origin: origin, original: description, originalChoiceCount: token.choices.count,
                shrunk: description, message: message, token: token, shrink: nil
            )))
        }
    }

    /// Regenerates a failing case with recording on and shrinks it.
    func shrinkFailure(caseIndex: Int, caseSeed: UInt64, scale: Double, value: Value, message: String) -> PropertyFailure {
        var source = ChoiceSource(seed: caseSeed, sizeScale: scale, recording: true, choicesMax: settings.choicesMax)
        let original = describe(value)
        guard let regenerated = try? generator.run(&source) else {
            preconditionFailure("case \(caseIndex) (seed \(caseSeed)) generated once but not when regenerated: the generator is not deterministic")
        }
        let body = self.body
        var shrinker = Shrinker<Value, String>(
            generator: generator, record: source.record, value: regenerated, failure: message,
            budget: settings.shrinkBudget, choicesMax: settings.choicesMax
        ) { candidate in
            do {
                try body(candidate)
                return nil
            } catch is PropertyDiscard {
                return nil
            } catch {
                return String(describing: error)
            }
        }
        let outcome = shrinker.shrink()
        return PropertyFailure(
            origin: .generated(caseIndex: caseIndex),
            original: original,
            originalChoiceCount: source.record.choices.count,
            shrunk: describe(outcome.value),
            message: outcome.failure,
            token: ReplayToken(propertyName: settings.name, seed: settings.seed, choices: outcome.record.choices),
            shrink: ShrinkSummary(steps: outcome.steps, evaluations: outcome.evaluations, replays: outcome.replays, stop: outcome.stop)
        )
    }
}
