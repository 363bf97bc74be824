import Scenarios
import SpecModel

/// The scenario loader's oracle: a file is a typed error or a scenario; loading it twice gives the same
/// result; the file's canonical JSON (members sorted, no whitespace) loads to the same result, since a
/// scenario depends on the document, not on how it is written; and a progress scenario's run
/// configuration is the same every time it is asked for.
///
/// There is no encoder of scenarios to round-trip through: `ScenarioFile` is built in Swift
/// (`ScenarioFile+Builder.swift`) or decoded from JSON. The scenario is not run: a file may ask for a
/// million items, and running is the simulator's, checked by `simrunner` sweeps and the scenario tests.
public enum ScenarioOracle {
    /// Checks one input.
    public static func check(_ bytes: [UInt8]) throws(OracleFailure) {
        let first = Result { () throws(ScenarioFileError) in try ScenarioFile(decoding: bytes) }
        let second = Result { () throws(ScenarioFileError) in try ScenarioFile(decoding: bytes) }
        guard first == second else {
            throw OracleFailure(.scenario, rule: "a file loads the same twice", "\(describe(first)), then \(describe(second))")
        }
        if case let .failure(error) = first { try ErrorMessageBound.check(error, target: .scenario) }
        if let document = try? JSONValue(parsing: bytes) {
            let canonical = document.encoded()
            let fromCanonical = Result { () throws(ScenarioFileError) in try ScenarioFile(decoding: canonical) }
            guard fromCanonical == first else {
                throw OracleFailure(
                    .scenario, rule: "a file loads as its canonical JSON does",
                    "the file: \(describe(first)); its canonical form \(String(reflecting: String(decoding: canonical.prefix(300), as: UTF8.self))): \(describe(fromCanonical))"
                )
            }
        } else if case let .success(scenario) = first {
            throw OracleFailure(.scenario, rule: "only JSON loads", "bytes that do not parse as JSON loaded as \(scenario.name)")
        }
        guard case let .success(scenario) = first else { return }
        for seed in scenario.seeds.prefix(3) {
            guard scenario.configuration(seed: seed) == scenario.configuration(seed: seed) else {
                throw OracleFailure(.scenario, rule: "a run's configuration is a function of its seed", "\(scenario.name) with seed \(seed) gave two configurations")
            }
        }
    }

    static func describe(_ result: Result<ScenarioFile, ScenarioFileError>) -> String {
        switch result {
        case let .success(scenario): return "the scenario \(String(reflecting: scenario.name)) with seeds \(scenario.seeds.prefix(8))"
        case let .failure(error): return "refused: \(error)"
        }
    }
}
