import Foundation

/// Python's `csv` module timed on the bytes a parse workload reads, in the same run: the one
/// comparison with another parser that benchrunner makes, so that a ratio is read from one machine at
/// one time rather than from figures measured elsewhere.
///
/// Python decodes the file's UTF-8 and reads it with `csv.reader`, touching every field's length, as
/// the workload folds every field's `String`; the file is read from disk once, before the timing.
package enum PythonCSV {
    /// The program `python3 -c` runs, with the file's path, the delimiter and the iterations as
    /// arguments. It prints `python VERSION`, one `seconds S` line per iteration, then `records N`.
    package static let script = """
        import csv, io, platform, sys, time
        path, delimiter, iterations = sys.argv[1], sys.argv[2], int(sys.argv[3])
        raw = open(path, "rb").read()
        print("python", platform.python_version())
        for _ in range(iterations):
            start = time.perf_counter()
            records = fields = 0
            for row in csv.reader(io.StringIO(raw.decode("utf-8"), newline=""), delimiter=delimiter):
                records += 1
                fields += sum(map(len, row))
            print("seconds", repr(time.perf_counter() - start))
        print("records", records)
        """

    /// What the Python program answered, checked: its version, one duration per iteration, and the
    /// records it read, which must be the file's.
    package struct Timing: Sendable, Equatable {
        package var version: String
        package var seconds: [Double]

        package init(version: String, seconds: [Double]) {
            self.version = version
            self.seconds = seconds
        }
    }

    /// Reads the program's standard output; a line that is not what `script` prints, a missing or
    /// extra duration, or another count of records is an error that says which.
    package static func timing(fromOutput output: String, iterations: Int, records expected: Int) throws(PythonCSVError) -> Timing {
        var version: String?
        var seconds: [Double] = []
        var records: Int?
        for (index, line) in output.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch (words.first, words.count == 2 ? words[1] : nil) {
            case let ("python", value?) where version == nil: version = value
            case let ("seconds", value?):
                guard let value = Double(value), value.isFinite, value > 0 else { throw .unexpectedLine(number: index + 1, text: String(line)) }
                seconds.append(value)
            case let ("records", value?) where records == nil:
                guard let value = Int(value) else { throw .unexpectedLine(number: index + 1, text: String(line)) }
                records = value
            default: throw .unexpectedLine(number: index + 1, text: String(line.prefix(200)))
            }
        }
        guard let version, let records else { throw .incomplete(output: String(output.prefix(200))) }
        guard seconds.count == iterations else { throw .wrongCount(iterations: iterations, durations: seconds.count) }
        guard records == expected else { throw .otherRecords(expected: expected, read: records) }
        return Timing(version: version, seconds: seconds)
    }
}

/// Why Python's `csv` was not compared: it could not be run, or it answered something else than the
/// program asks for. Reported as a note; never a failure of the run.
package enum PythonCSVError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound
    case turnedOff(variable: String)
    case failed(reason: String)
    case timedOut(seconds: Int)
    case unexpectedLine(number: Int, text: String)
    case incomplete(output: String)
    case wrongCount(iterations: Int, durations: Int)
    case otherRecords(expected: Int, read: Int)

    package var description: String {
        switch self {
        case .notFound: "python3 is not on the PATH"
        case let .turnedOff(variable): "\(variable)=0 turned it off"
        case let .failed(reason): "python3 failed: \(reason)"
        case let .timedOut(seconds): "python3 did not finish within \(seconds) s and was stopped"
        case let .unexpectedLine(number, text): "python3's line \(number) is not what the program prints: \"\(text)\""
        // Escaped, so the report's note stays one line.
        case let .incomplete(output): "python3 stopped before printing its version and records: \(output.debugDescription)"
        case let .wrongCount(iterations, durations): "python3 printed \(durations) durations for \(iterations) iterations"
        case let .otherRecords(expected, read): "Python's csv read \(read) records where the file has \(expected): not the same work"
        }
    }
}

/// Python's `csv` on a parse workload's file, as the report keeps it: Python's version and median time
/// per iteration, or why it was not timed.
package struct PythonCSVComparison: Sendable, Equatable, Codable {
    package var version: String?
    package var medianSeconds: Double?
    package var unavailable: String?

    package init(_ result: Result<PythonCSV.Timing, PythonCSVError>) {
        switch result {
        case let .success(timing):
            version = timing.version
            medianSeconds = SampleStatistics(timing.seconds).median
        case let .failure(error):
            unavailable = error.description
        }
    }
}
