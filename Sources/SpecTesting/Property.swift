import Foundation
import Generators
import Synchronization
import Testing

/// Checks a property inside a Swift Testing test and records an issue if it does not hold.
///
///     @Test func reversingTwiceIsIdentity() {
///         property(Gen.array(of: Gen.int)) { list in
///             try requireEqual(Array(list.reversed().reversed()), list)
///         }
///     }
///
/// The body reports failure by throwing (`require`, `requireEqual`, or any error) and discards a case
/// with `assume`. The property's name is the test's (`Module.Suite/test()`), plus `label` when a test
/// checks several properties; the name seeds the run, binds replay tokens and keys the regression
/// store. Defaults are fixed, so `swift test` is deterministic; the environment overrides them (see
/// `PropertyOverrides`). On failure the issue carries the seed, the original and shrunk
/// counterexamples, the shrink figures, and the one command that replays the shrunk counterexample.
///
/// - Returns: the report, for tests that inspect it (statistics, say).
@discardableResult
public func property<Value>(
    _ generator: Gen<Value>,
    label: String? = nil,
    cases: Int = PropertySettings.defaultCases,
    seed: UInt64? = nil,
    coverage: [CoverageRequirement] = [],
    shrinkEvaluationsMax: Int = 10_000,
    describe: @escaping (Value) -> String = { String(reflecting: $0) },
    labels classify: ((Value) -> [String])? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping (Value) throws -> Void
) -> PropertyReport? {
    let name = PropertyContext.currentPropertyName(label: label, sourceLocation: sourceLocation)
    let overrides: PropertyOverrides
    switch PropertyContext.overrides {
    case let .success(value): overrides = value
    case let .failure(error):
        Issue.record(Comment(rawValue: "Property \"\(name)\" did not run: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
    var replay = overrides.replay
    if let trait = Test.current?.traits.compactMap({ $0 as? ReplayTrait }).first {
        do {
            replay = try ReplayToken(parsing: trait.token)
        } catch {
            Issue.record(Comment(rawValue: "Property \"\(name)\" did not run: the .replay trait's token is invalid: \(error)"), sourceLocation: sourceLocation)
            return nil
        }
    }
    let regressions: [ReplayToken]
    switch RegressionStore.shared {
    case let .success(store): regressions = store.tokens(for: name)
    case let .failure(error):
        Issue.record(Comment(rawValue: "Property \"\(name)\" did not run: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
    let shrinkTimeLimit = Duration.milliseconds(Int((overrides.shrinkSeconds ?? PropertyContext.shrinkSecondsDefault) * 1000))
    let settings = PropertySettings(
        name: name,
        cases: overrides.cases(forDefault: cases),
        seed: overrides.seed(forProperty: name, default: seed ?? PropertySettings.defaultSeed(for: name)),
        replay: replay,
        regressions: regressions,
        shrinkBudget: ShrinkBudget(
            evaluationsMax: overrides.shrinkEvaluationsMax ?? shrinkEvaluationsMax,
            isExpired: PropertyContext.timeLimit(shrinkTimeLimit)
        ),
        coverage: coverage
    )
    let report = checkProperty(generator, settings: settings, describe: describe, labels: classify, body)
    // The label statistics are for a person tuning a generator: shown when asked (PROPERTY_VERBOSE=1).
    if overrides.verbose {
        print("[property] \(report.statisticsLine)")
    }
    if let message = report.failureMessage(
        replayCommand: { PropertyContext.replayCommand(token: $0, propertyName: name) },
        regressionLine: { RegressionStore.line(token: $0, propertyName: name) }
    ) {
        PropertyContext.recordFailure(message, sourceLocation: sourceLocation)
    } else if !report.notes.isEmpty {
        print("[property] \(name): " + report.notes.joined(separator: "; "))
    }
    return report
}

/// What `property` reads from the process and the current test.
package enum PropertyContext {
    /// Where a failing property's report goes instead of a recorded issue, when set: the harness's
    /// own self-tests read the report there, so a passing run prints no failure report.
    @TaskLocal package static var failureSink: (@Sendable (String) -> Void)?

    /// Records a failing property's report as an issue, or hands it to `failureSink`.
    static func recordFailure(_ message: String, sourceLocation: SourceLocation) {
        if let sink = failureSink {
            sink(message)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// The default time bound on one shrink, in seconds.
    static let shrinkSecondsDefault = 60.0

    /// The environment's overrides, parsed once per test process.
    static let overrides: Result<PropertyOverrides, PropertyOverridesError> = Result { () throws(PropertyOverridesError) in
        try PropertyOverrides(environment: ProcessInfo.processInfo.environment)
    }

    /// A time bound that starts at its first check, which is the start of shrinking: the cases run
    /// before a failure do not eat into the shrink's time.
    static func timeLimit(_ limit: Duration) -> @Sendable () -> Bool {
        let clock = ContinuousClock()
        let start = Mutex<ContinuousClock.Instant?>(nil)
        return {
            let now = clock.now
            return start.withLock { start in
                if start == nil { start = now }
                return now - start! >= limit
            }
        }
    }

    /// `Module.Suite/test()` for the running test, plus `#label`.
    static func currentPropertyName(label: String?, sourceLocation: SourceLocation) -> String {
        let base: String
        if let test = Test.current {
            base = test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
        } else {
            base = "\(sourceLocation.fileID):\(sourceLocation.line)"
        }
        guard let label, !label.isEmpty else { return base }
        return base + "#" + label
    }

    /// The one shell command that replays `token`: the environment variable and a test filter.
    static func replayCommand(token: ReplayToken, propertyName: String) -> String {
        var filter = propertyName
        if let hash = filter.firstIndex(of: "#") { filter = String(filter[..<hash]) }
        // --filter takes a regular expression: escape what the test name may contain.
        let escaped = filter.map { character -> String in
            "()[]{}.*+?^$|\\".contains(character) ? "\\" + String(character) : String(character)
        }.joined()
        return "\(PropertyOverrides.replayVariable)='\(token)' swift test --filter '\(escaped)'"
    }
}

/// Checks a state machine specification: generated programs run against its model and system.
///
/// A failing program is shrunk to a minimal one (commands deleted, arguments simplified) and reported
/// like any property failure, with the program listed one command per line.
@discardableResult
public func stateMachine<Specification: StateMachineSpecification>(
    _ specification: Specification,
    label: String? = nil,
    cases: Int = PropertySettings.defaultCases,
    seed: UInt64? = nil,
    coverage: [CoverageRequirement] = [],
    labels classify: ((StateMachineProgram<Specification.Command>) -> [String])? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyReport? {
    property(
        specification.programs, label: label, cases: cases, seed: seed, coverage: coverage,
        describe: { "\n" + $0.description }, labels: classify, sourceLocation: sourceLocation
    ) { program in
        try specification.execute(program)
    }
}
