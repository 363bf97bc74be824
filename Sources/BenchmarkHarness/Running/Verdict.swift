/// Whether a run passed, with one line per failed check and per note worth reading.
///
/// A run fails when a measured metric misses its bound, when a workload's peak memory per item exceeds
/// its bound, when a timed workload regressed against the baseline, or, under `--strict`, when a timed workload's median throughput misses the target of
/// the report's build configuration. Without `--strict` a missed target is a note.
package struct Verdict: Sendable, Equatable {
    /// One line per failed check: a missed metric or memory bound, a regression, a missed target under `--strict`.
    package var failures: [String]
    /// One line per throughput target missed without `--strict`: a note, not a failure.
    package var missedTargets: [String]
    /// One line per other note: a memory bound that could not be checked.
    package var notes: [String]

    /// Judges `report`, and its comparison with a baseline if any; `strict` makes a missed target a failure.
    package init(report: BenchmarkReport, comparison: BaselineComparison?, strict: Bool) {
        failures = []
        missedTargets = []
        notes = []
        for workload in report.workloads {
            if let bound = workload.peakBytesPerItemMax {
                switch workload.meetsMemoryBound {
                case false?:
                    failures.append("\(workload.name): peak memory of \(Formatting.number(workload.peakBytesPerItem ?? 0)) bytes per item exceeds its bound of \(Formatting.number(bound))")
                case nil:
                    notes.append("\(workload.name): peak memory per item could not be measured, so its bound of \(Formatting.number(bound)) bytes was not checked")
                case true?:
                    break
                }
            }
            switch workload.outcome {
            case let .timed(timed):
                guard let target = timed.targetItemsPerSecond, timed.meetsTarget == false else { continue }
                let line = "\(workload.name): median \(Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit))"
                    + ", \(report.buildConfiguration.rawValue) target \(Formatting.rate(target, unit: timed.unit))"
                if strict { failures.append(line) } else { missedTargets.append(line) }
            case let .measured(metrics):
                for metric in metrics where !metric.meetsBound {
                    failures.append("\(workload.name): \(metric.name) is \(Formatting.number(metric.value)) "
                        + "\(metric.unit), outside its bound \(ReportTables.bound(metric.bound))")
                }
            }
        }
        // A metric that regressed against the baseline misses its bound, which is already a failure above.
        for change in comparison?.timed ?? [] where change.isRegression {
            failures.append("\(change.workload): median time per iteration "
                + "\(Formatting.percentChange(change.changePercent)) against the baseline, beyond the "
                + "\(Formatting.number(comparison?.thresholdPercent ?? 0))% threshold")
        }
    }

    /// Whether every check held.
    package var passed: Bool { failures.isEmpty }

    /// The one line that answers the run: `result: PASS`, `result: PASS, with n throughput targets
    /// missed (…)` or `result: FAIL (n failures)`.
    package var headline: String {
        if !passed { return "result: FAIL (\(failures.count) \(failures.count == 1 ? "failure" : "failures"))" }
        let missed = missedTargets.count
        if missed > 0 { return "result: PASS, with \(missed) throughput \(missed == 1 ? "target" : "targets") missed (a failure only under --strict)" }
        return "result: PASS"
    }

    /// The headline, then each failure, missed target and note on its own line within a terminal's
    /// width, continuation lines indented.
    package var summary: String {
        func wrapped(_ line: String) -> String {
            TextTable.wrap(line, width: TextTable.widthMax - 6).enumerated().map { $0 == 0 ? $1 : "      " + $1 }.joined(separator: "\n")
        }
        let lines = [headline] + failures.map { wrapped("FAIL: \($0)") } + missedTargets.map { wrapped("MISS: \($0)") }
            + notes.map { wrapped("note: \($0)") }
        return lines.joined(separator: "\n")
    }
}
