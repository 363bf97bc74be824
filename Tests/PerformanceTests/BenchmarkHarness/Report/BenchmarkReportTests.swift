import BenchmarkHarness
import Foundation
import Testing

// The JSON report: it decodes to what was encoded, diffs stably, and a bad baseline gets a clear error.
@Suite struct BenchmarkReportTests {
    private typealias F = HarnessFixtures

    private var sample: BenchmarkReport {
        F.report([
            F.timed("generators.prng.next", seconds: 0.002, target: 5e8),
            F.measured("shrinking.challenge", [
                F.metric("evaluations", 120, atMost: 500),
                MetricReport(name: "distinct", value: 3, unit: "counterexamples", bound: .init(relation: .atLeast, limit: 1)),
                MetricReport(name: "unbounded", value: .infinity, unit: "things", bound: nil),
            ]),
        ])
    }

    @Test func aReportDecodesToWhatWasEncoded() throws {
        let report = sample
        let decoded = try BenchmarkReport.decode(try report.jsonData(), path: "memory")
        #expect(decoded == report)
    }

    @Test func theDateIsKeptToTheWholeSecondSoItSurvivesISO8601() throws {
        let report = BenchmarkReport(
            buildConfiguration: .release, date: F.date.addingTimeInterval(0.9), machine: F.machine,
            arguments: [], smoke: false, workloads: [], processPeakResidentMebibytes: nil
        )
        #expect(report.date == F.date)
        #expect(try BenchmarkReport.decode(try report.jsonData(), path: "memory") == report)
    }

    @Test func theJSONHasSortedKeysAndAStableText() throws {
        let first = try #require(String(data: try sample.jsonData(), encoding: .utf8))
        let second = try #require(String(data: try sample.jsonData(), encoding: .utf8))
        #expect(first == second)
        let keys = ["\"arguments\"", "\"buildConfiguration\"", "\"date\"", "\"machine\"",
                    "\"processPeakResidentMebibytes\"", "\"schemaVersion\"", "\"smoke\"", "\"workloads\""]
        let positions = try keys.map { key in try #require(first.range(of: key)).lowerBound }
        #expect(positions == positions.sorted())
        #expect(first.contains(#""kind" : "timed""#))
        #expect(first.contains(#""kind" : "measured""#))
        #expect(first.contains(#""date" : "2025-06-15T15:06:40Z""#))
    }

    @Test func aMissingFileIsReportedWithItsPath() {
        #expect(throws: ReportFileError.notFound(path: "/nonexistent.json")) {
            try BenchmarkReport.load(from: "/nonexistent.json")
        }
    }

    @Test func textThatIsNotJSONIsNotAReport() {
        #expect(throws: ReportFileError.notAReport(path: "x.json", reason: "the file is not valid JSON")) {
            try BenchmarkReport.decode(Data("hello".utf8), path: "x.json")
        }
    }

    @Test func JSONWithoutASchemaVersionIsNotAReport() {
        #expect(throws: ReportFileError.notAReport(path: "x.json", reason: #""schemaVersion" is missing"#)) {
            try BenchmarkReport.decode(Data(#"{"name": "something else"}"#.utf8), path: "x.json")
        }
    }

    @Test func aReportOfAnotherSchemaVersionIsRejectedByVersion() {
        #expect(throws: ReportFileError.unsupportedSchemaVersion(path: "x.json", found: 99, supported: 1)) {
            try BenchmarkReport.decode(Data(#"{"schemaVersion": 99}"#.utf8), path: "x.json")
        }
    }

    @Test func aMissingFieldIsNamedByItsPath() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: try sample.jsonData()) as? [String: Any])
        var workloads = try #require(object["workloads"] as? [[String: Any]])
        workloads[0]["timed"] = nil
        object["workloads"] = workloads
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ReportFileError.notAReport(path: "x.json", reason: #""workloads[0].timed" is missing"#)) {
            try BenchmarkReport.decode(data, path: "x.json")
        }
    }

    @Test func aDirectoryIsUnreadable() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ReportFileError.unreadable(path: directory.path, reason: "it is a directory")) {
            try BenchmarkReport.load(from: directory.path)
        }
    }

    @Test func writingCreatesMissingDirectoriesAndLoadingReadsItBack() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a/b/report.json").path
        try sample.write(to: path)
        #expect(try BenchmarkReport.load(from: path) == sample)
    }

    /// Issue 24: a report that cannot be written is one plain line with the path and the reason, with
    /// no system error domain or code in it.
    @Test func aReportThatCannotBeWrittenSaysWhyPlainly() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ReportFileError.unwritable(path: directory.path, reason: "it is a directory")) { try sample.write(to: directory.path) }
        let file = directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let underAFile = file.appendingPathComponent("report.json").path
        #expect(throws: ReportFileError.unwritable(path: underAFile, reason: "the folder \(file.path) cannot be made")) { try sample.write(to: underAFile) }
        let message = ReportFileError.unwritable(path: underAFile, reason: "the folder \(file.path) cannot be made").description
        #expect(!message.contains("\n") && !message.contains("Domain") && message.contains(underAFile))
    }

    @Test func errorMessagesNameThePath() {
        #expect(ReportFileError.notFound(path: "/nonexistent.json").description.contains(#""/nonexistent.json""#))
        #expect(ReportFileError.notAReport(path: "b.json", reason: "r").description.contains(#""b.json""#))
    }
}
