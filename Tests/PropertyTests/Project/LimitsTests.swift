import Foundation
import Testing

/// Each feature's limits are stated once, with their units, in its limits file (issue 38, as
/// TigerBeetle's `constants.zig` holds its limits): a limit-like constant (a name ending in `Max`,
/// `Min`, `Milliseconds`, `Bytes`, `Kept` or `Count`) initialised with a number anywhere else in the
/// feature's folder fails, naming the file and line. Types keep their familiar names for a limit
/// (`ProgressThrottle.intervalMillisecondsDefault`) by deriving them from the limits file.
@Suite struct LimitsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let features: [(folder: String, limits: String)] = [
        ("Sources/SpecModel/Progress", "ProgressLimits.swift"),
        ("Sources/SpecModel/CSVImport", "ImportLimits.swift"),
        ("Sources/SpecModel/Series", "SeriesLimits.swift"),
        ("Sources/SpecModel/Backend", "BackendLimits.swift"),
    ]
    /// Constants that bound a harness, not the feature: a runaway guard of the throttle's runner.
    static let notLimits: Set<String> = ["firingsBetweenEventsMax"]

    /// The limit-like constants `text` initialises with a number, by line.
    static func statedLimits(_ text: String) -> [(line: Int, name: String)] {
        let pattern = /static (?:let|var) (\w+(?:Max|Min|Milliseconds|Bytes|Kept|Count))(?:: [^=]+)? = (?:-?[0-9][0-9_.]*|\[[0-9_, ]*\])\s*$/
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.firstMatch(of: pattern).map { (index + 1, String($0.output.1)) }
        }
    }

    @Test(arguments: features.map(\.folder))
    func everyLimitIsStatedInItsFeaturesLimitsFile(folder: String) throws {
        let limits = try #require(Self.features.first { $0.folder == folder }?.limits)
        let directory = Self.root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let limitsFile = try #require(files.first { $0.lastPathComponent == limits }, "\(folder) has no \(limits)")
        #expect(try Self.statedLimits(String(contentsOf: limitsFile, encoding: .utf8)).count >= 2, "\(limits) states no limits the scan sees")
        var strays: [String] = []
        for file in files where file != limitsFile {
            let found = try Self.statedLimits(String(contentsOf: file, encoding: .utf8)).filter { !Self.notLimits.contains($0.name) }
            strays += found.map { "\(folder)/\(file.lastPathComponent):\($0.line): \($0.name)" }
        }
        #expect(strays.isEmpty, "limits stated outside \(limits); state them there and derive these from it:\n\(strays.joined(separator: "\n"))")
    }

    @Test func theScanSeesLimitsAndNothingElse() {
        let text = """
            public static let batchRowsMax = 50
            public static let intervalMilliseconds: Int64 = 500
            public static let delaysMilliseconds: [Int64] = [1_000, 2_000]
            public static let derivedMax = ImportLimits.batchRowsMax
            public static let horizonMilliseconds = 3 * ProgressLimits.keepAliveMilliseconds
            public static let version = "1.0.0"
            static let confidenceMin = 0.6
            """
        #expect(Self.statedLimits(text).map(\.name) == ["batchRowsMax", "intervalMilliseconds", "delaysMilliseconds", "confidenceMin"])
    }
}
