import Foundation
import Workloads

/// The tables benchrunner prints: workload list, timings, measured workloads' bounds and baseline comparison.
package enum ReportTables {
    /// The selected workloads' names, kinds and summaries, for `--list`.
    package static func list(_ workloads: [Workload]) -> String {
        var table = TextTable([.init("WORKLOAD"), .init("KIND"), .init("SUMMARY", wraps: true)])
        for workload in workloads {
            let kind = switch workload {
            case .timed: "timed"
            case .measured: "measured"
            }
            table.append([workload.name, kind, workload.summary])
        }
        return table.render()
    }

    /// The timed workloads of `report`, one row each; nil when the report has none.
    ///
    /// Throughput is the median of the samples' throughputs; the times are per iteration. The target is
    /// in the throughput's unit, written once, so that the table fits 100 columns.
    package static func timings(_ report: BenchmarkReport) -> String? {
        var table = TextTable([
            .init("WORKLOAD"), .init("MEDIAN", .right), .init("THROUGHPUT", .right), .init("TARGET", .right), .init("STATUS", wraps: true),
        ])
        for workload in report.workloads {
            guard let timed = workload.timed else { continue }
            table.append([
                workload.name,
                Formatting.duration(seconds: timed.secondsPerIteration.median),
                Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit),
                timed.targetItemsPerSecond.map { Formatting.rate($0, unit: nil) } ?? "-",
                status(workload, timed),
            ])
        }
        return table.rows.isEmpty ? nil : table.render()
    }

    /// PASS or MISS against the throughput target, and MEMORY MISS against the memory bound; `-`
    /// when the workload has neither.
    static func status(_ workload: WorkloadReport, _ timed: TimedResult) -> String {
        [timed.meetsTarget.map { $0 ? "PASS" : "MISS" }, workload.meetsMemoryBound.map { $0 ? nil : "MEMORY MISS" } ?? nil]
            .compactMap { $0 }.joined(separator: " ").nilIfEmpty ?? "-"
    }

    /// One workload's figures as soon as it has run: its name, then its times, throughput, target and
    /// memory, each line within `TextTable.widthMax` columns.
    package static func finished(_ workload: WorkloadReport, configuration: BuildConfiguration) -> String {
        var lines = [workload.name]
        switch workload.outcome {
        case let .timed(timed):
            let seconds = timed.secondsPerIteration
            lines.append("    median \(Formatting.duration(seconds: seconds.median))  p90 \(Formatting.duration(seconds: seconds.p90))"
                + "  min \(Formatting.duration(seconds: seconds.min))  max \(Formatting.duration(seconds: seconds.max))"
                + "  (\(timed.samples.count) samples)")
            var rate = "    \(Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit)) (median)"
            if let target = timed.targetItemsPerSecond {
                rate += ", \(configuration.rawValue) target \(Formatting.rate(target, unit: timed.unit)): \(timed.meetsTarget == true ? "PASS" : "MISS")"
            }
            lines.append(rate)
        case let .measured(metrics):
            for metric in metrics {
                let verdict = metric.bound == nil ? "" : "  \(bound(metric.bound)): \(metric.meetsBound ? "PASS" : "MISS")"
                lines += TextTable.wrap("    \(metric.name): \(Formatting.number(metric.value)) \(metric.unit)\(verdict)", width: TextTable.widthMax)
            }
        }
        var memory = "    peak \(Formatting.mebibytes(workload.peakResidentMebibytes)) MiB"
        if let perItem = workload.peakBytesPerItem {
            memory += ", \(Formatting.number(perItem)) bytes per item"
            if let bound = workload.peakBytesPerItemMax { memory += " (≤ \(Formatting.number(bound)): \(workload.meetsMemoryBound == true ? "PASS" : "MISS"))" }
        }
        lines.append(memory)
        return lines.joined(separator: "\n")
    }

    /// The measured workloads, one row each: how many metrics, how many of their bounds held; nil
    /// when the report has none. Each metric is in `--verbose` and the JSON report; the verdict names
    /// those out of bound.
    package static func measuredSummary(_ report: BenchmarkReport) -> String? {
        var table = TextTable([.init("MEASURED"), .init("METRICS", .right), .init("BOUNDS HELD", .right), .init("STATUS")])
        for workload in report.workloads {
            guard let metrics = workload.metrics else { continue }
            let bounded = metrics.filter { $0.bound != nil }
            let held = bounded.filter(\.meetsBound).count
            table.append([workload.name, String(metrics.count), "\(held) of \(bounded.count)", held == bounded.count ? "PASS" : "FAIL"])
        }
        return table.rows.isEmpty ? nil : table.render()
    }

    /// The default report's account of the run in place of the tables: how many workloads ran, and how
    /// many of their throughput targets, metric bounds and memory bounds held, within 100 columns.
    package static func totals(_ report: BenchmarkReport) -> String {
        let timed = report.workloads.compactMap(\.timed)
        let targeted = timed.filter { $0.targetItemsPerSecond != nil }
        let metrics = report.workloads.compactMap(\.metrics)
        let bounded = metrics.joined().filter { $0.bound != nil }
        let memory = report.workloads.filter { $0.peakBytesPerItemMax != nil }
        var parts = ["\(timed.count) timed \(timed.count == 1 ? "workload" : "workloads"), targets met: "
            + "\(targeted.filter { $0.meetsTarget == true }.count) of \(targeted.count)"]
        if !metrics.isEmpty {
            parts.append("\(metrics.count) measured, bounds held: \(bounded.filter(\.meetsBound).count) of \(bounded.count)")
        }
        if !memory.isEmpty {
            parts.append("memory bounds held: \(memory.filter { $0.meetsMemoryBound == true }.count) of \(memory.count)")
        }
        return TextTable.wrap("ran " + parts.joined(separator: "; "), width: TextTable.widthMax).joined(separator: "\n")
    }

    /// The CSV parse workloads beside Python's `csv` on the same bytes in this run: each one's
    /// throughput, Python's, and how many times faster the parser is (Python's median time over the
    /// parser's); why Python was not timed, when it was not. Nil when no parse workload ran.
    package static func pythonCSV(_ report: BenchmarkReport) -> String? {
        let compared = report.workloads.compactMap { workload in workload.pythonCSV.map { (workload, $0) } }
        guard !compared.isEmpty else { return nil }
        var table = TextTable([.init("PARSE"), .init("THIS PARSER", .right), .init("PYTHON CSV", .right), .init("FASTER", .right)])
        for (workload, python) in compared {
            guard let timed = workload.timed, let pythonSeconds = python.medianSeconds else { continue }
            table.append([
                workload.name,
                Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit),
                pythonRate(timed, seconds: pythonSeconds),
                String(format: "%.1f×", pythonSeconds / timed.secondsPerIteration.median),
            ])
        }
        let versions = Set(compared.compactMap { $0.1.version }).sorted()
        var lines = TextTable.wrap("Beside Python's csv on the same bytes, in this run"
            + (versions.isEmpty ? "" : " (Python \(versions.joined(separator: ", ")))")
            + "; FASTER: Python's median time over the parser's", width: TextTable.widthMax)
        if !table.rows.isEmpty { lines.append(table.render()) }
        for reason in Set(compared.compactMap { $0.1.unavailable }).sorted() {
            lines += TextTable.wrap("note: Python's csv was not timed: \(reason)", width: TextTable.widthMax)
        }
        return lines.joined(separator: "\n")
    }

    /// Python's throughput on the workload's bytes: its items per iteration over Python's median time.
    static func pythonRate(_ timed: TimedResult, seconds: Double) -> String {
        Formatting.rate(Double(timed.itemsPerIteration) / seconds, unit: timed.unit)
    }

    /// One workload's result on one line, printed beside the progress: the median time and
    /// throughput against the target, or how many of the metrics' bounds held.
    package static func brief(_ workload: WorkloadReport) -> String {
        switch workload.outcome {
        case let .timed(timed):
            var line = "median \(Formatting.duration(seconds: timed.secondsPerIteration.median)), \(Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit))"
            if let target = timed.targetItemsPerSecond { line += " (target \(Formatting.rate(target, unit: timed.unit)): \(status(workload, timed)))" }
            return line
        case let .measured(metrics):
            let bounded = metrics.filter { $0.bound != nil }
            return "\(metrics.count) metrics, \(bounded.filter(\.meetsBound).count) of \(bounded.count) bounds held"
        }
    }

    /// The comparison with a baseline: timed medians, then metrics, then what only one side has.
    package static func comparison(_ comparison: BaselineComparison, baselinePath: String) -> String {
        var sections: [String] = ["Compared with \(baselinePath) "
            + "(regression: median time per iteration up by more than "
            + "\(Formatting.number(comparison.thresholdPercent))%)"]
        sections += comparison.notes.map { "note: \($0)" }

        if !comparison.timed.isEmpty {
            var table = TextTable([
                .init("WORKLOAD"), .init("BASELINE", .right), .init("CURRENT", .right),
                .init("CHANGE", .right), .init("VERDICT", wraps: true),
            ])
            for change in comparison.timed {
                var verdict = change.isRegression ? "REGRESSION"
                    : (change.changePercent ?? 0) < -comparison.thresholdPercent ? "faster" : "ok"
                if change.itemsPerIterationChanged { verdict += " (work per iteration changed)" }
                table.append([
                    change.workload,
                    Formatting.duration(seconds: change.baselineMedianSeconds),
                    Formatting.duration(seconds: change.currentMedianSeconds),
                    Formatting.percentChange(change.changePercent),
                    verdict,
                ])
            }
            sections.append(table.render())
        }
        if !comparison.metrics.isEmpty {
            var table = TextTable([
                .init("WORKLOAD", wraps: true), .init("METRIC", wraps: true), .init("BASELINE", .right), .init("CURRENT", .right),
                .init("CHANGE", .right), .init("BOUND", .right), .init("VERDICT", wraps: true),
            ])
            for change in comparison.metrics {
                table.append([
                    change.workload, change.current.name,
                    Formatting.number(change.baselineValue), Formatting.number(change.current.value),
                    Formatting.percentChange(change.changePercent), bound(change.current.bound),
                    change.isRegression ? "REGRESSION" : "ok",
                ])
            }
            sections.append(table.render())
        }
        if !comparison.onlyInBaseline.isEmpty {
            sections.append("Only in the baseline: " + comparison.onlyInBaseline.joined(separator: ", "))
        }
        if !comparison.onlyInCurrent.isEmpty {
            sections.append("Only in this run: " + comparison.onlyInCurrent.joined(separator: ", "))
        }
        return sections.joined(separator: "\n\n")
    }

    /// A side-by-side comparison: each workload's old and new median, the ratio, its interval and the
    /// verdict.
    package static func sideBySide(_ comparison: SideBySide, rounds: Int) -> String {
        var table = TextTable([
            .init("WORKLOAD"), .init("OLD", .right), .init("NEW", .right), .init("RATIO", .right), .init("95% INTERVAL", .right),
            .init("VERDICT", wraps: true),
        ])
        for change in comparison.changes {
            table.append([
                change.workload,
                Formatting.duration(seconds: SideBySide.median(change.oldSeconds)),
                Formatting.duration(seconds: SideBySide.median(change.newSeconds)),
                String(format: "%.3f", change.ratio),
                String(format: "%.3f–%.3f", change.interval.lowerBound, change.interval.upperBound),
                change.verdict.rawValue,
            ])
        }
        return "Side by side, \(rounds) rounds (ratio: new median time / old; regression: above "
            + "\(Formatting.number(1 + comparison.thresholdPercent / 100)) with the interval above 1)\n\n" + table.render()
    }

    /// A bound as `≤ 5` or `≥ 0.9`, or `-` for none.
    static func bound(_ bound: MetricReport.Bound?) -> String {
        guard let bound else { return "-" }
        let symbol = bound.relation == .atMost ? "≤" : "≥"
        return "\(symbol) \(Formatting.number(bound.limit))"
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
