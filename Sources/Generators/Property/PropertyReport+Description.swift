extension PropertyReport {
    /// The longest counterexample description a report prints, in characters.
    public static let descriptionLengthMax = 4_000

    /// The failure message for a property that did not pass, or `nil` when it passed.
    ///
    /// - Parameter replayCommand: turns a token into the one command that replays it.
    /// - Parameter regressionLine: turns a token into the line that keeps it in the regression store;
    ///   when `nil`, or when the failure came from the replay token, the message suggests no line.
    public func failureMessage(replayCommand: (ReplayToken) -> String, regressionLine: ((ReplayToken) -> String)? = nil) -> String? {
        var lines: [String] = []
        switch outcome {
        case .passed:
            return nil
        case let .failed(failure):
            let origin: String
            switch failure.origin {
            case let .generated(caseIndex): origin = "generated case \(caseIndex + 1) (\(casesChecked - 1) passed before it\(discards > 0 ? ", \(discards) discarded" : ""))"
            case let .regression(index): origin = "regression token #\(index + 1) from the regression store"
            case .replay: origin = "the replay token"
            }
            lines.append("Property \"\(name)\" failed on \(origin).")
            lines.append("  seed: \(hex(seed))")
            if let shrink = failure.shrink {
                lines.append("  original counterexample (\(failure.originalChoiceCount) choices): \(clip(failure.original))")
                lines.append("  shrunk counterexample (\(failure.token.choices.count) choices): \(clip(failure.shrunk))")
                let how: String
                switch shrink.stop {
                case .converged: how = "converged"
                case .evaluationBudget: how = "stopped at the evaluation budget: PARTIALLY SHRUNK (raise PROPERTY_SHRINK_EVALUATIONS to go further)"
                case .timeBudget: how = "stopped at the time budget: PARTIALLY SHRUNK (raise PROPERTY_SHRINK_SECONDS to go further)"
                }
                lines.append("  shrinking: \(shrink.steps) steps, \(shrink.evaluations) evaluations, \(shrink.replays) replays; \(how)")
            } else {
                lines.append("  counterexample: \(clip(failure.shrunk))")
            }
            lines.append("  failure: \(clip(failure.message))")
            lines.append("  replay: \(replayCommand(failure.token))")
            if let regressionLine, failure.origin != .replay {
                lines.append("  to keep it as a regression, add this line to the regression store: \(regressionLine(failure.token))")
            }
        case let .generationFailed(stop, caseIndex):
            let at = caseIndex >= 0 ? "case \(caseIndex + 1)" : "a replayed token"
            lines.append("Property \"\(name)\" could not generate \(at): \(stop).")
            lines.append("  seed: \(hex(seed))")
        case let .gaveUp(discards, discardsMax):
            lines.append("Property \"\(name)\" gave up: \(discards) cases were discarded (the limit is \(discardsMax)) after \(casesChecked) were checked; generate valid cases directly instead of discarding them.")
            lines.append("  seed: \(hex(seed))")
        case let .coverageMissed(shortfalls):
            lines.append("Property \"\(name)\" held, but its generator missed required coverage over \(casesChecked) cases:")
            for shortfall in shortfalls {
                lines.append("  \"\(shortfall.requirement.label)\": \(percent(shortfall.observedPercent)) of cases, at least \(percent(shortfall.requirement.minimumPercent)) required")
            }
            lines.append("  seed: \(hex(seed))")
        }
        for note in notes { lines.append("  note: \(note)") }
        return lines.joined(separator: "\n")
    }

    /// One line of statistics: cases, discards and the label distribution.
    public var statisticsLine: String {
        var line = "\(name): \(casesChecked) cases"
        if discards > 0 { line += ", \(discards) discarded" }
        if !labels.isEmpty, casesChecked > 0 {
            let shares = labels.map { "\($0.label) \(percent(100 * Double($0.count) / Double(casesChecked)))" }
            line += "; labels: " + shares.joined(separator: ", ")
        }
        return line
    }

    func clip(_ text: String) -> String {
        guard text.count > Self.descriptionLengthMax else { return text }
        return String(text.prefix(Self.descriptionLengthMax)) + "… (\(text.count) characters in all)"
    }

    func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    func percent(_ value: Double) -> String {
        let tenths = Int(value * 10 + 0.5)  // values are non-negative; no libm rounding in this module
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
