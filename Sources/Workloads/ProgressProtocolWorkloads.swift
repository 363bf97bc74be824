import Fixtures
import Generators
import SpecModel

/// The progress protocol's hot paths: the reference throttle deciding reports, and the message codec.
///
/// Targets (issue 5, release build): the throttle decides at least 10M reports a second, so that a
/// socket deciding every report of a job costs nothing next to the job; the codec has no target of its
/// own ("report MB/s"): its figures are bytes of canonical JSON encoded or decoded per second.
package enum ProgressProtocolWorkloads {
    /// Reports the throttle benchmark decides per iteration.
    package static let throttleReportCount = 1_000_000
    /// The throttle benchmark's release target, in decisions per second.
    package static let throttleReleaseTargetPerSecond = 10_000_000.0
    /// Books in the codec benchmark's traffic: the seed's 1,500-book enrichment job.
    package static let trafficItems = 1_500
    /// Items in the traced steady stream: the seed's 1,500-book job.
    package static let traceItems = 1_500
    /// The traced stream's spacing: one report every 20 ms, far more often than the 500 ms interval.
    package static let traceSpacingMilliseconds: Int64 = 20
    /// The messages the traced stream yields: reports at 20 ms to 30,000 ms, the first sent at once and
    /// a held one flushed every 500 ms after it (20, 520, …, 29,520 ms: 60 messages), then the finish
    /// at 30,020 ms, an interval after the last flush, sends the last report and the terminal message.
    package static let traceEmissions = 62

    /// Every progress protocol workload, in the order benchrunner runs them.
    package static var all: [Workload] { [throttleDecisions, throttleTrace, codecEncode, codecDecode] }

    // MARK: - Throttle

    /// A fresh `ProgressThrottle` deciding a million prepared reports, timers fired as a socket would.
    package static let throttleDecisions = Workload.timed(TimedWorkload(
        name: "progress.throttle.decisions",
        summary: "ProgressThrottle offer (and fire when due) over 1,000,000 reports: bursts, 20 ms, stale counts, long gaps",
        unit: "decisions",
        releaseTargetPerSecond: throttleReleaseTargetPerSecond,
        makeIteration: {
            let reports = ProgressProtocolInputs.throttleReports
            return {
                let outcome = ThrottleReports.decide(reports)
                precondition(outcome.decisions == reports.count, "the throttle decided \(outcome.decisions) of \(reports.count) reports")
                blackHole(outcome.messages)
                return outcome.decisions
            }
        }
    ))

    /// `ThrottleRun.run` over the seed's 1,500-book job reporting every 20 ms: the trace the property
    /// tests check, with its allocations (reports and emissions are recorded).
    package static let throttleTrace = Workload.timed(TimedWorkload(
        name: "progress.throttle.trace-\(traceItems)",
        summary: "ThrottleRun.run of ProgressThrottle over a steady \(traceItems)-report stream (20 ms apart), recording the trace",
        unit: "reports",
        makeIteration: {
            let stream = ProgressProtocolInputs.steadyStream
            let expected = traceEmissions
            return {
                let trace = ThrottleRun.run(stream, with: ProgressThrottle())
                precondition(trace.emissions.count == expected, "the trace has \(trace.emissions.count) messages, expected \(expected)")
                blackHole(trace.emissions.count)
                return trace.reports.count
            }
        }
    ))

    // MARK: - Codec

    /// Canonical JSON encoding of a 1,500-book job's traffic; throughput in bytes written.
    package static let codecEncode = Workload.timed(TimedWorkload(
        name: "progress.codec.encode",
        summary: "ProgressMessageCodec.encode over a \(trafficItems)-book job's traffic (started, progress with titles, ping/pong, complete)",
        unit: "bytes",
        makeIteration: {
            let traffic = ProgressProtocolInputs.traffic
            let expected = ProgressProtocolInputs.trafficBytes
            return {
                var bytes = 0
                var checksum = 0
                for message in traffic {
                    let encoded = ProgressMessageCodec.encode(message)
                    bytes &+= encoded.count
                    checksum &+= Int(encoded[encoded.count / 2])
                }
                precondition(bytes == expected, "encoded \(bytes) bytes, expected \(expected)")
                blackHole(checksum)
                return bytes
            }
        }
    ))

    /// Validating decode of the same traffic, each message from its sender; throughput in bytes read.
    ///
    /// Every message is decoded with `from:` its type's sender, as its receiver would: `job_*` and
    /// `pong` from the server (the client's side), the pings from the client (the server's side). The
    /// traffic holds pings, so decoding all of it `from: .server` would reject them.
    package static let codecDecode = Workload.timed(TimedWorkload(
        name: "progress.codec.decode",
        summary: "ProgressMessageCodec.decode(from: sender) over a \(trafficItems)-book job's encoded traffic",
        unit: "bytes",
        makeIteration: {
            let frames = ProgressProtocolInputs.trafficFrames
            let expected = ProgressProtocolInputs.trafficBytes
            return {
                var bytes = 0
                var decoded = 0
                var checksum: Int64 = 0
                for frame in frames {
                    do {
                        let message = try ProgressMessageCodec.decode(frame.bytes, from: frame.sender)
                        checksum &+= message.timestamp.epochMilliseconds
                        decoded += 1
                    } catch {
                        preconditionFailure("the benchmark's frame \(decoded) did not decode: \(error)")
                    }
                    bytes &+= frame.bytes.count
                }
                precondition(decoded == frames.count, "decoded \(decoded) of \(frames.count) messages")
                precondition(bytes == expected, "decoded \(bytes) bytes, expected \(expected)")
                blackHole(checksum)
                return bytes
            }
        }
    ))
}

/// The benchmarks' inputs, built once per process on first use (untimed, in `makeIteration`).
enum ProgressProtocolInputs {
    static let throttleReports = ThrottleReports(count: ProgressProtocolWorkloads.throttleReportCount, seed: 5)

    static let steadyStream = ProgressStreamFixture.steady(
        items: ProgressProtocolWorkloads.traceItems, spacingMilliseconds: ProgressProtocolWorkloads.traceSpacingMilliseconds
    )

    static let traffic = ProgressMessageFixture.traffic(items: ProgressProtocolWorkloads.trafficItems)
    /// The traffic encoded, each frame with the side that sends it.
    static let trafficFrames: [(bytes: [UInt8], sender: ProgressSender)] = traffic.map { message in
        (ProgressMessageCodec.encode(message), message.type.sender)
    }
    static let trafficBytes = trafficFrames.reduce(0) { $0 + $1.bytes.count }
}
