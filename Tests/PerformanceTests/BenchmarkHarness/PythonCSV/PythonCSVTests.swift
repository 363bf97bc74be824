import BenchmarkHarness
import Foundation
import Testing
import Workloads

/// Python's `csv` beside the parser on the same bytes, in the same run (issue 39): what the report
/// says, and that an answer Python's program would not give is named, never taken as a figure. The
/// program itself runs with the machine's python3 in `.ci/run`'s smoke run of benchrunner.
@Suite struct PythonCSVTests {
    static let file = CSVFile(bytes: Array("a,b\n1,2\n".utf8), delimiter: UInt8(ascii: ","), records: 2)

    static func parseWorkload() -> Workload {
        .timed(TimedWorkload(name: "csv.parse.fixture", summary: "parses a fixture", unit: "bytes", iteration: { 8_000_000 })
            .parsing { PythonCSVTests.file })
    }

    static func run(_ arguments: [String], python: @escaping (CSVFile, Int) -> Result<String, PythonCSVError>) -> (ScriptedEnvironment, Transcript) {
        let environment = ScriptedEnvironment()
        environment.python = python
        let transcript = Transcript()
        let command = BenchmarkCommand(configuration: .release, workloads: [parseWorkload()], environment: environment, console: transcript.console)
        _ = command.run(arguments: arguments)
        return (environment, transcript)
    }

    /// 8 MB in 2 ms is 4 GB/s; Python's 8 ms is 1 GB/s: the parser is 4.0 times faster, said in the
    /// report with Python's version, on the very file the workload parses, as often as it was timed.
    @Test func theReportGivesTheRatioOnTheSameBytes() {
        let (environment, transcript) = Self.run(["--no-json", "--iterations", "3"]) { file, iterations in
            .success("python 3.11.2\n" + String(repeating: "seconds 0.008\n", count: iterations) + "records \(file.records)\n")
        }
        #expect(environment.pythonFiles.map(\.bytes) == [Self.file.bytes])
        #expect(transcript.allOutput.contains("Beside Python's csv on the same bytes, in this run (Python 3.11.2)"))
        #expect(transcript.allOutput.contains("csv.parse.fixture  4.0 G bytes/s  1.0 G bytes/s    4.0×"), "\(transcript.allOutput)")
        #expect(transcript.allError.contains("    Python's csv on the same bytes: 1.0 G bytes/s"), "\(transcript.allError)")
    }

    /// Without python3, or when it fails or answers wrongly, the report says why in a note and the
    /// run's verdict is untouched.
    @Test(arguments: [
        (PythonCSVError.notFound, "python3 is not on the PATH"),
        (.failed(reason: "exit status 1: SyntaxError"), "python3 failed: exit status 1: SyntaxError"),
        (.timedOut(seconds: 600), "python3 did not finish within 600 s and was stopped"),
        (.turnedOff(variable: "BENCHRUNNER_PYTHON_CSV"), "BENCHRUNNER_PYTHON_CSV=0 turned it off"),
    ])
    func aPythonThatCannotRunIsANote(error: PythonCSVError, said: String) {
        let (_, transcript) = Self.run(["--no-json"]) { _, _ in .failure(error) }
        #expect(transcript.allOutput.contains("note: Python's csv was not timed: \(said)"))
        #expect(transcript.allError.contains("    Python's csv not timed: \(said)"), "the progress says so too")
        #expect(transcript.allOutput.hasSuffix("result: PASS"))
    }

    /// Every way the program's output can differ from what it prints is an error that names it. (The
    /// output is given as its lines, so each case's description stays on one line.)
    @Test(arguments: [
        (["python 3.11.2", "seconds 0.1", "records 2"], 2, PythonCSVError.wrongCount(iterations: 2, durations: 1)),
        (["python 3.11.2", "seconds 0.1", "records 3"], 1, .otherRecords(expected: 2, read: 3)),
        (["python 3.11.2", "seconds -1", "records 2"], 1, .unexpectedLine(number: 2, text: "seconds -1")),
        (["python 3.11.2", "seconds nan", "records 2"], 1, .unexpectedLine(number: 2, text: "seconds nan")),
        (["python 3.11.2", "seconds 0.1"], 1, .incomplete(output: "python 3.11.2\nseconds 0.1\n")),
        (["Traceback (most recent call last):"], 1, .unexpectedLine(number: 1, text: "Traceback (most recent call last):")),
        (["python 3.11.2", "seconds 0.1", "records 2", "records 2"], 1, .unexpectedLine(number: 4, text: "records 2")),
        ([], 1, .incomplete(output: "")),
    ])
    func anAnswerThatIsNotTheProgramsIsNamed(lines: [String], iterations: Int, error: PythonCSVError) {
        let output = lines.map { $0 + "\n" }.joined()
        #expect(throws: error) { try PythonCSV.timing(fromOutput: output, iterations: iterations, records: 2) }
    }

    /// What python3 printed is quoted with its line breaks escaped, so the report's note stays one line.
    @Test func anIncompleteAnswerIsQuotedOnOneLine() {
        #expect(PythonCSVError.incomplete(output: "python 3.11.2\nseconds 0.1\n").description
            == #"python3 stopped before printing its version and records: "python 3.11.2\nseconds 0.1\n""#)
    }

    @Test func theProgramsOwnAnswerIsRead() throws {
        let timing = try PythonCSV.timing(fromOutput: "python 3.11.2\nseconds 0.25\nseconds 0.5\nrecords 2\n", iterations: 2, records: 2)
        #expect(timing == PythonCSV.Timing(version: "3.11.2", seconds: [0.25, 0.5]))
    }

    /// The parse workloads name their files, so every one of them is compared; no other workload is.
    @Test func everyParseWorkloadOfAWholeFileNamesItsFile() {
        let named = Workloads.all.compactMap { workload -> String? in
            guard case let .timed(timed) = workload, timed.csvFile != nil else { return nil }
            return timed.name
        }
        #expect(named == ["csv.parse.goodreads-1500", "csv.parse.goodreads-15000", "csv.parse.goodreads-150000", "csv.parse.librarything-tsv-15000"])
    }
}
