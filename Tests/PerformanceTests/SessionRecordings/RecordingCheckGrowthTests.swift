import Scenarios
import SessionRecordings
import SpecModel
import Testing

/// The session checker's memory is bounded by the live jobs and the reorder window, not the file
/// (issue 23: "a 1 GB recording is checked in bounded memory"): counts, never wall time.
@Suite struct RecordingCheckGrowthTests {
    /// `waves` waves of `jobsPerWave` concurrent jobs, each wave starting `gapMilliseconds` after the
    /// previous one, every job the model's calm run of `items` books under its own ID.
    static func waves(_ waves: Int, jobsPerWave: Int, items: Int, gapMilliseconds: Int64) -> [String] {
        var configuration = ProgressRun.Configuration(items: items)
        configuration.recordsRecording = true
        let run = ProgressRun.run(seed: 1, configuration).recording
        var lines: [String] = []
        for wave in 0..<waves {
            let shift = Int64(wave) * gapMilliseconds
            let shifted = run.map { line -> JSONObject in
                var object = (try! JSONValue(parsing: line)).object!
                object["t_ms"] = .integer(object["t_ms"]!.int64! + shift)
                // A ping carries the app's clock (HEART-02) and its pong echoes it: they shift too.
                if var frame = object["frame"]?.object, var payload = frame["payload"]?.object, let clientTime = payload["clientTime"]?.int64 {
                    payload["clientTime"] = .integer(clientTime + shift)
                    frame["payload"] = .object(payload)
                    object["frame"] = .object(frame)
                }
                return object
            }
            for line in shifted {
                for job in 0..<jobsPerWave {
                    var object = line
                    object["jobId"] = .string("job-\(wave)-\(job)")
                    if var frame = object["frame"]?.object {
                        frame["jobId"] = .string("job-\(wave)-\(job)")
                        object["frame"] = .object(frame)
                    }
                    lines.append(JSONValue.object(object).encodedString())
                }
            }
        }
        return lines
    }

    /// Eight waves of three jobs: the jobs held and the lines kept stay at about one wave's, however
    /// many waves the recording has.
    @Test func heldStateIsBoundedByTheLiveJobsNotTheFile() {
        let lines = Self.waves(8, jobsPerWave: 3, items: 100, gapMilliseconds: 1_000_000)
        var options = RecordingChecker.Options()
        options.sweepEveryLines = 200
        options.witnessLinesPerJobMax = 64
        var checker = RecordingChecker(options: options)
        var jobsMax = 0
        var heldMax = 0
        var internedMax = 0
        for (index, line) in lines.enumerated() {
            _ = checker.feed(Array(line.utf8), number: index + 1)
            jobsMax = max(jobsMax, checker._liveJobs)
            internedMax = max(internedMax, checker._internedJobs)
            heldMax = max(heldMax, checker._heldLines)
        }
        _ = checker.finish()
        #expect(checker.summary.jobs == 24)
        #expect(checker.summary.violationCount == 0 && checker.summary.linesSkipped == 0)
        #expect(jobsMax <= 6, "at most this wave's jobs and the last wave's, lingering: \(jobsMax)")
        #expect(internedMax <= 6, "the job table forgets an ended job's ID: \(internedMax)")
        #expect(checker._internedJobs == 0, "every job ended at the finish")
        #expect(heldMax <= 6 * 64 + 200, "kept lines and the reorder window: \(heldMax)")
        #expect(lines.count > 10 * heldMax)
    }
}
