import Workloads

/// The tables benchrunner prints: workload list, timings, measured metrics and baseline comparison.
package enum ReportTables {
    /// The selected workloads' names, kinds and summaries, for `--list`.
    package static func list(_ workloads: [Workload]) -> String {
        var table = TextTable([.init("WORKLOAD"), .init("KIND"), .init("SUMMARY")])
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
    /// Throughput is the median of the samples' throughputs; the times are per iteration.
    package static func timings(_ report: BenchmarkReport) -> String? {
        var table = TextTable([
            .init("WORKLOAD"), .init("THROUGHPUT (median)", .right),
            .init("MIN", .right), .init("MEDIAN", .right), .init("P90", .right), .init("MAX", .right),
            .init("PEAK MiB", .right), .init("PEAK B/ITEM", .right), .init("TARGET (\(report.buildConfiguration.rawValue))", .right),
            .init("STATUS"),
        ])
        for workload in report.workloads {
            guard let timed = workload.timed else { continue }
            let seconds = timed.secondsPerIteration
            table.append([
                workload.name,
                Formatting.rate(timed.medianItemsPerSecond, unit: timed.unit),
                Formatting.duration(seconds: seconds.min),
                Formatting.duration(seconds: seconds.median),
                Formatting.duration(seconds: seconds.p90),
                Formatting.duration(seconds: seconds.max),
                Formatting.mebibytes(workload.peakResidentMebibytes),
                workload.peakBytesPerItem.map { Formatting.number($0) + (workload.peakBytesPerItemMax.map { " ≤ " + Formatting.number($0) } ?? "") } ?? "-",
                timed.targetItemsPerSecond.map { Formatting.rate($0, unit: timed.unit) } ?? "-",
                [timed.meetsTarget.map { $0 ? "PASS" : "MISS" }, workload.meetsMemoryBound.map { $0 ? nil : "MEMORY MISS" } ?? nil]
                    .compactMap { $0 }.joined(separator: " ").nilIfEmpty ?? "-",
            ])
        }
        return table.rows.isEmpty ? nil : table.render()
    }

    /// The measured workloads' metrics, one row each; nil when the report has none.
    package static func metrics(_ report: BenchmarkReport) -> String? {
        var table = TextTable([
            .init("WORKLOAD"), .init("METRIC"), .init("VALUE", .right), .init("UNIT"),
            .init("BOUND", .right), .init("PEAK MiB", .right), .init("STATUS"),
        ])
        for workload in report.workloads {
            guard let metrics = workload.metrics else { continue }
            for metric in metrics {
                table.append([
                    workload.name, metric.name, Formatting.number(metric.value), metric.unit,
                    bound(metric.bound), Formatting.mebibytes(workload.peakResidentMebibytes),
                    metric.bound == nil ? "-" : metric.meetsBound ? "PASS" : "MISS",
                ])
            }
        }
        return table.rows.isEmpty ? nil : table.render()
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
                .init("CHANGE", .right), .init("VERDICT"),
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
                .init("WORKLOAD"), .init("METRIC"), .init("BASELINE", .right), .init("CURRENT", .right),
                .init("CHANGE", .right), .init("BOUND", .right), .init("VERDICT"),
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
