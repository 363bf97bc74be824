import Scenarios
import SessionRecordings
import Testing

/// `simrunner record` (issue 39): many jobs at once, their lines in time order, each job's lines in
/// its run's order; the whole checks clean and complete.
@Suite struct InterleavedRecordingTests {
    static func check(_ lines: [String]) -> (status: Int32, output: String) {
        guard case let .check(invocation) = SessionCheckCommand.parse(["recording.jsonl", "--complete"]) else { return (2, "") }
        var bytes: [UInt8]? = Array(lines.map { $0 + "\n" }.joined().utf8)
        var output = ""
        let status = SessionCheckCommand.check(invocation, nextChunk: {
            defer { bytes = nil }
            return bytes
        }, write: { output += $0 })
        return (status, output)
    }

    static func milliseconds(_ line: String) -> Int64 {
        let after = line.split(separator: "\"t_ms\":", maxSplits: 1)[1]
        return Int64(after.prefix { $0.isNumber })!
    }

    @Test func jobsRunAtOnceInTimeOrderAndCheckClean() {
        let single = InterleavedRecording.lines(jobs: 1, items: 30)
        // More jobs than paces, so two jobs share one; and a recording longer than the tolerance.
        let jobs = InterleavedRecording.itemIntervalsMilliseconds.count + 2
        let lines = InterleavedRecording.lines(jobs: jobs, items: 30)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { Self.milliseconds($0) <= Self.milliseconds($1) }, "in time order")
        // Interleaved, not one job after another: the second job's first line comes before the first job's last.
        let firstOfSecond = lines.firstIndex { $0.contains(InterleavedRecording.jobId(1)) }!
        let lastOfFirst = lines.lastIndex { $0.contains(InterleavedRecording.jobId(0)) }!
        #expect(firstOfSecond < lastOfFirst)
        // Each job's lines are its run's, in order, moved by its start.
        #expect(lines.filter { $0.contains(InterleavedRecording.jobId(0)) } == single)
        let (status, output) = Self.check(lines)
        #expect(status == 0, "\(output.suffix(500))")
        #expect(output.contains("jobs \(jobs); violations 0\nclean\n"))
    }

    @Test func theCommandWritesItWhereAskedAndRefusesAbsurdSizes() {
        let outcome = ScenarioCommand.run(arguments: ["record", "--jobs", "2", "--items", "10", "--out", "r.jsonl"], readFile: { _ in nil })
        #expect(outcome.status == 0)
        #expect(outcome.files.map(\.path) == ["r.jsonl"])
        #expect(outcome.output.hasSuffix("2 jobs of 10 books, in time order; check it with sessioncheck r.jsonl --complete\n"))
        let absurd = ScenarioCommand.run(arguments: ["record", "--jobs", "1000000"], readFile: { _ in nil })
        #expect(absurd.status == 2)
        #expect(absurd.output.hasPrefix("--jobs 1000000 of --items 1500 would write more than 10000000 lines"))
        let zero = ScenarioCommand.run(arguments: ["record", "--items", "0"], readFile: { _ in nil })
        #expect(zero.status == 2 && zero.output.hasPrefix("--items must be a positive integer, got 0"), "\(zero.output)")
    }
}
