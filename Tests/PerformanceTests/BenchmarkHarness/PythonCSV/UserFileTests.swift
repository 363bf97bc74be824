import BenchmarkHarness
import Fixtures
import Foundation
import Testing
import Workloads

/// `benchrunner --csv FILE` (issue 39): a user's own export parsed beside Python's csv, imported with
/// each strategy, and what the import found; a file it cannot take is named with the reason.
@Suite struct UserFileTests {
    static func run(_ arguments: [String], files: [String: [UInt8]]) -> (ExitCode, ScriptedEnvironment, Transcript) {
        let environment = ScriptedEnvironment()
        environment.files = files
        let transcript = Transcript()
        let command = BenchmarkCommand(configuration: .release, workloads: Workloads.all, environment: environment, console: transcript.console)
        return (command.run(arguments: arguments), environment, transcript)
    }

    @Test func anExportIsParsedBesidePythonImportedWithEachStrategyAndItsFindingsSaid() {
        let fixture = ExportFixture.goodreads(rows: 40, seed: 3, duplicateShare: 0.1)
        let export = fixture.bytes
        let planted = fixture.books.filter { $0.duplicateOf != nil }.count
        let (status, environment, transcript) = Self.run(["--csv", "data/my_export.csv", "--no-json", "--iterations", "2"], files: ["data/my_export.csv": export])
        #expect(status == .success, "\(transcript.allError)")
        let output = transcript.allOutput
        for name in ["csv.file.parse", "csv.file.import.smart", "csv.file.import.skip", "csv.file.import.replaceAll", "csv.file.findings"] {
            #expect(output.contains(name), "\(name)")
        }
        #expect(!output.contains("csv.parse.goodreads-1500"), "only the user's file is timed")
        #expect(environment.pythonFiles.map(\.bytes) == [export])
        #expect(environment.pythonFiles.first?.records == 41)
        #expect(output.contains("Beside Python's csv on the same bytes, in this run (Python 3.11.2)"))
        #expect(output.contains("format goodreads, confidence: "))
        #expect(output.contains("data rows: 40 rows"))
        #expect(planted > 0)
        for figure in ["skip: duplicates: \(planted) rows", "smart: duplicates: \(planted) rows", "replaceAll: imported: 40 rows", "replaceAll: replaced: \(planted) rows"] {
            #expect(output.contains(figure), "\(figure)")
        }
        for line in output.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    }

    @Test(arguments: [
        ("gone.csv", [String: [UInt8]](), "benchrunner: error: --csv: no file at \"gone.csv\""),
        ("empty.csv", ["empty.csv": []], "benchrunner: error: --csv: the import refuses \"empty.csv\": The file is empty"),
    ])
    func aFileItCannotTakeIsAUsageErrorThatSaysWhy(path: String, files: [String: [UInt8]], message: String) {
        let (status, _, transcript) = Self.run(["--csv", path], files: files)
        #expect(status == .usageError)
        #expect(transcript.allError.hasPrefix(message), "\(transcript.allError)")
        #expect(transcript.output.isEmpty)
    }

    @Test func aUsersFileNeverReplacesTheCommittedBaseline() {
        let (status, _, transcript) = Self.run(["--csv", "x.csv", "--update-baseline"], files: [:])
        #expect(status == .usageError)
        #expect(transcript.allError.contains("--csv and --update-baseline cannot be used together"))
    }
}
