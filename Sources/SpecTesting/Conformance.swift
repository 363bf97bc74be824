import Foundation
import Generators
import SpecConformance
import Synchronization
import Testing

/// Runs a conformance suite against an implementation inside a Swift Testing test, and records an
/// issue for every rule it breaks.
///
///     @Test func titleNormalizationConforms() {
///         checkConformance(to: .titleNormalization) { AppTitleNormalizer() }
///     }
///
/// `make` is called for every case, so each case meets a fresh implementation. A MUST of the seeds or a
/// standard broken is an error; a SHOULD not met, and a decision not followed, are warnings (errors with
/// `CONFORMANCE_STRICT=1`); a difference from the reference where the seeds do not fix the answer, and a
/// rule blocked by a broken rule it requires, are printed, never issues. Each issue names the rule, what
/// it rests on (the seed passage, the standard, or the decision with its options), every kind of failure
/// with its shrunk counterexample, the model's answer beside the implementation's, and the one command
/// that replays it. The environment gives more cases or another seed, as it does
/// every property (`PROPERTY_CASES_SCALE`, `PROPERTY_SEED`, `PROPERTY_REPLAY`…). With
/// `CONFORMANCE_REPORT` naming a directory, every suite run in the process is added to
/// `conformance-report.md` and `conformance-report.json` there.
///
/// - Parameter suite: the conformance suite to run.
/// - Parameter implementation: the name reports use; the type's name by default.
/// - Parameter sourceLocation: where the issues are recorded; the caller's location by default.
/// - Parameter make: makes a fresh implementation; called for every case.
/// - Returns: the suite's result, or `nil` when the environment's settings are malformed (an issue
///   says which).
@discardableResult
public func checkConformance<Implementation>(
    to suite: ConformanceSuite<Implementation>,
    implementation: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ make: @escaping () -> Implementation
) -> SuiteResult? {
    let testName = PropertyContext.currentPropertyName(label: nil, sourceLocation: sourceLocation)
    let settings: ConformanceSettings
    switch ConformanceContext.settings() {
    case let .success(value): settings = value
    case let .failure(message):
        Issue.record(Comment(rawValue: "Conformance suite \(suite.id) did not run: \(message)"), sourceLocation: sourceLocation)
        return nil
    }
    let name = implementation ?? String(describing: Implementation.self)
    let result = suite.run(name, settings: settings, make: make)
    for rule in result.rules where rule.isBroken {
        let text = result.failureText(for: rule) { PropertyContext.replayCommand(token: $0, propertyName: testName) } ?? ""
        switch rule.grade {
        case .fail: Issue.record(Comment(rawValue: text), severity: .error, sourceLocation: sourceLocation)
        case .nonStrict, .differs: Issue.record(Comment(rawValue: text), severity: .warning, sourceLocation: sourceLocation)
        case .informational, .blocked, .pass, .notApplicable: print(text)
        }
    }
    print("[conformance] \(result.summaryLine)")
    if let directory = ProcessInfo.processInfo.environment[ConformanceContext.reportVariable], !directory.isEmpty {
        do {
            try ConformanceContext.collector.add(result, test: testName, writingTo: directory)
        } catch {
            Issue.record(Comment(rawValue: "the conformance report could not be written to \(directory): \(error.localizedDescription)"), sourceLocation: sourceLocation)
        }
    }
    return result
}

/// What `checkConformance` reads from the process.
enum ConformanceContext {
    /// Names a directory; every suite run in the process is added to the reports there.
    static let reportVariable = "CONFORMANCE_REPORT"
    /// `1` makes a decision not followed fail like a seed's rule.
    static let strictVariable = "CONFORMANCE_STRICT"

    /// The environment's settings and the regression store, as every property gets them.
    static func settings() -> Result<ConformanceSettings, ConformanceSettingsError> {
        let overrides: PropertyOverrides
        switch PropertyContext.overrides {
        case let .success(value): overrides = value
        case let .failure(error): return .failure(ConformanceSettingsError(description: error.description))
        }
        let store: RegressionStore
        switch RegressionStore.shared {
        case let .success(value): store = value
        case let .failure(error): return .failure(ConformanceSettingsError(description: error.description))
        }
        let shrinkLimit = Duration.milliseconds(Int((overrides.shrinkSeconds ?? PropertyContext.shrinkSecondsDefault) * 1000))
        let strict: Bool
        switch ProcessInfo.processInfo.environment[strictVariable] {
        case nil, "", "0": strict = false
        case "1": strict = true
        case let other?: return .failure(ConformanceSettingsError(description: "\(strictVariable)=\(other): expected 1 (strict) or 0"))
        }
        return .success(ConformanceSettings(
            overrides: overrides,
            regressions: { store.tokens(for: $0) },
            shrinkDeadline: { PropertyContext.timeLimit(shrinkLimit) },
            strict: strict
        ))
    }

    /// Why the environment's settings could not be used.
struct ConformanceSettingsError: Error, CustomStringConvertible {
    let description: String
}

/// Collects the results of one test process for the report.
    static let collector = ReportCollector()
}

/// The results of every suite run in this process, written to the report files after each one.
final class ReportCollector: Sendable {
    private let results = Mutex<[(result: SuiteResult, test: String)]>([])

    /// Adds `result`; a second run of the same suite under the same name (one type checked by two tests)
    /// is told apart by the test that ran it, rather than merged into one row.
    func add(_ result: SuiteResult, test: String, writingTo directory: String) throws {
        let (report, tests) = results.withLock { results -> (ConformanceReport, [String: String]) in
            var added = result
            if results.contains(where: { $0.result.suiteID == result.suiteID && $0.result.implementation == result.implementation }) {
                added = result.named("\(result.implementation) (\(test))")
            }
            results.append((added, test))
            let sorted = results.map(\.result).sorted { ($0.implementation, $0.suiteID) < ($1.implementation, $1.suiteID) }
            let tests = Dictionary(results.map { ($0.result.suiteID + "\u{0}" + $0.result.implementation, $0.test) }, uniquingKeysWith: { first, _ in first })
            return (ConformanceReport(results: sorted), tests)
        }
        let folder = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let markdown = report.markdown(title: "Conformance report") { token, run in
            guard let test = tests[run.suiteID + "\u{0}" + run.implementation] else { return "\(PropertyOverrides.replayVariable)='\(token)' swift test" }
            return PropertyContext.replayCommand(token: token, propertyName: test)
        }
        try Data(markdown.utf8).write(to: folder.appendingPathComponent("conformance-report.md"))
        try Data(report.jsonText().utf8).write(to: folder.appendingPathComponent("conformance-report.json"))
    }
}
