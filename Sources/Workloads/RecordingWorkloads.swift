import Foundation
import Scenarios
import SessionRecordings
import SpecModel

/// The session checker's throughput: sessioncheck's whole path (the chunked line splitter, the line
/// parser and the frame codec, the reorder buffer, the per-job rules) over a generated recording.
///
/// Target (issue 23, release build): 1,000,000 lines a second, so a 1 GB recording is checked in
/// minutes. The recording is `jobs` copies of the model's calm 1,500-book run, each under its own job
/// ID, interleaved line by line as concurrent jobs would be.
package enum RecordingWorkloads {
    /// Concurrent jobs in the generated recording.
    package static let jobs = 100
    /// Books per job: the seed's 1,500-book enrichment job.
    package static let itemsPerJob = 1_500
    /// The checker's release target, in lines per second.
    package static let releaseTargetPerSecond = 1_000_000.0
    /// The bytes handed to the checker at a time, as sessioncheck reads its file.
    package static let chunkBytes = 1 << 20

    /// Every recording workload: the checker's throughput.
    package static var all: [Workload] { [check] }

    /// sessioncheck's checker over the interleaved recording, in 1 MiB chunks; throughput in lines (target 1M lines/s).
    package static let check = Workload.timed(TimedWorkload(
        name: "recordings.check",
        summary: "sessioncheck's checker over a clean recording of \(jobs) interleaved \(itemsPerJob)-book jobs (about 312,000 lines), in 1 MiB chunks",
        unit: "lines",
        releaseTargetPerSecond: releaseTargetPerSecond,
        makeIteration: {
            let recording = RecordingFixture.interleaved
            return {
                let outcome = RecordingFixture.check(recording.bytes)
                precondition(outcome.status == 0, "the generated recording is clean, but the checker said: \(outcome.report.suffix(2_000))")
                precondition(outcome.lines == recording.lines, "the checker read \(outcome.lines) of \(recording.lines) lines")
                return outcome.lines
            }
        }
    ))
}

/// A generated session recording and the checker run the benchmark and its test share.
package enum RecordingFixture {
    /// The recording's bytes and its number of lines.
    package static let interleaved: (bytes: [UInt8], lines: Int) = make(jobs: RecordingWorkloads.jobs, items: RecordingWorkloads.itemsPerJob)

    /// `jobs` copies of the model's calm run of `items` books, each under its own job ID (the model's
    /// ID with its last digits replaced), interleaved line by line.
    package static func make(jobs: Int, items: Int) -> (bytes: [UInt8], lines: Int) {
        var configuration = ProgressRun.Configuration(items: items)
        configuration.recordsRecording = true
        let lines = ProgressRun.run(seed: 1, configuration).recording
        let copies = (0..<jobs).map { job in
            lines.map { $0.replacing(ProgressRun.jobId, with: InterleavedRecording.jobId(job)) }
        }
        var bytes: [UInt8] = []
        for index in lines.indices {
            for copy in copies {
                bytes += copy[index].utf8
                bytes.append(0x0A)
            }
        }
        return (bytes, lines.count * jobs)
    }

    /// Checks `bytes` as sessioncheck checks a file: the exit status, the lines read and the report.
    package static func check(_ bytes: [UInt8], arguments: [String] = []) -> (status: Int32, lines: Int, report: String) {
        guard case let .check(invocation) = SessionCheckCommand.parse(["generated.jsonl"] + arguments) else {
            preconditionFailure("the fixture's arguments \(arguments) do not parse")
        }
        var offset = 0
        var report = ""
        var lines = 0
        let status = SessionCheckCommand.check(invocation, nextChunk: {
            guard offset < bytes.count else { return nil }
            let end = min(offset + RecordingWorkloads.chunkBytes, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }, write: { text in
            report += text
            if report.utf8.count > 100_000 { report = String(report.suffix(10_000)) }
        }, startThread: { body in Thread.detachNewThread(body) })
        if let range = report.firstRange(of: "lines read ") {
            lines = Int(report[range.upperBound...].prefix { $0.isNumber }) ?? -1
        }
        return (status, lines, report)
    }
}
