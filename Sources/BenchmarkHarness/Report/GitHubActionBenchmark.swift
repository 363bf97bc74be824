import Foundation

/// The report in github-action-benchmark's custom formats: two lists of `{name, unit, value, range,
/// extra}`, one for the tool `customSmallerIsBetter` (median times per iteration, and metrics with an
/// upper bound) and one for `customBiggerIsBetter` (median throughputs, and metrics with a lower bound).
/// A metric without a bound has no better direction and is left out.
package struct GitHubActionBenchmark: Sendable, Equatable {
    /// One entry, as the action reads it.
    package struct Entry: Sendable, Equatable, Codable {
        /// The workload's name, `NAME throughput` for a throughput, or `NAME: metric` for a metric.
        package var name: String
        /// The value's unit: `ms` for a median time, the workload's unit per second (`rows/s`), or the metric's own.
        package var unit: String
        /// The median time in milliseconds, the median throughput, or the metric's value.
        package var value: Double
        /// The spread for a time, "p90 … ms above the median"; `nil` otherwise.
        package var range: String?
        /// The sample count and build, the throughput target, or the metric's bound, as text.
        package var extra: String?
    }

    /// Entries for the `customSmallerIsBetter` tool: median times, and metrics with an upper bound.
    package var smallerIsBetter: [Entry] = []
    /// Entries for the `customBiggerIsBetter` tool: median throughputs, and metrics with a lower bound.
    package var biggerIsBetter: [Entry] = []

    /// The entries of `report`.
    package init(_ report: BenchmarkReport) {
        for workload in report.workloads {
            switch workload.outcome {
            case let .timed(timed):
                let seconds = timed.secondsPerIteration
                let extra = "\(seconds.count) samples, \(report.buildConfiguration.rawValue) build"
                smallerIsBetter.append(Entry(
                    name: workload.name, unit: "ms", value: seconds.median * 1_000,
                    range: "p90 \(Formatting.number((seconds.p90 - seconds.median) * 1_000)) ms above the median", extra: extra
                ))
                biggerIsBetter.append(Entry(
                    name: "\(workload.name) throughput", unit: "\(timed.unit)/s", value: timed.medianItemsPerSecond, range: nil,
                    extra: timed.targetItemsPerSecond.map { "target \(Formatting.number($0)) \(timed.unit)/s" }
                ))
            case let .measured(metrics):
                for metric in metrics {
                    guard let bound = metric.bound else { continue }
                    let entry = Entry(
                        name: "\(workload.name): \(metric.name)", unit: metric.unit, value: metric.value, range: nil,
                        extra: "bound \(ReportTables.bound(bound))"
                    )
                    if bound.relation == .atMost { smallerIsBetter.append(entry) } else { biggerIsBetter.append(entry) }
                }
            }
        }
    }

    /// The paths the two lists are written to, beside the report: `X.json` gives
    /// `X.smaller-is-better.json` and `X.bigger-is-better.json`.
    package static func paths(besideReport path: String) -> (smaller: String, bigger: String) {
        let base = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        return (base + ".smaller-is-better.json", base + ".bigger-is-better.json")
    }

    /// A list as JSON, keys sorted, non-finite values as strings so the file stays valid.
    package static func jsonData(_ entries: [Entry]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(entries) + Data("\n".utf8)
    }
}
