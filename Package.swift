// swift-tools-version: 6.2
//
// The executable specification, simulator and benchmark suite for the library features of the
// book-tracking app. No package dependencies: the Swift toolchain alone (see README.md).

import PackageDescription

/// Every target builds in Swift 6 language mode with warnings treated as errors.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "BookTrackerSpec",
    products: [
        .library(name: "Generators", targets: ["Generators"]),
        // Every rule of the specification, each stated once with what it rests on: the seeds' words, a
        // standard, a decision or the reference's answers.
        .library(name: "SpecRules", targets: ["SpecRules"]),
        // JSON, CSV and UTF-8 text, with their limits; SpecModel re-exports it.
        .library(name: "TextFormats", targets: ["TextFormats"]),
        .library(name: "SpecModel", targets: ["SpecModel"]),
        .library(name: "Simulator", targets: ["Simulator"]),
        // Scenario files, their runs on the simulator and the shrinker: simrunner's library.
        .library(name: "Scenarios", targets: ["Scenarios"]),
        // Recorded progress-socket sessions and their checker: sessioncheck's library.
        .library(name: "SessionRecordings", targets: ["SessionRecordings"]),
        // The domain fixtures: libraries, exports, report streams and fault schedules from a seed.
        .library(name: "Fixtures", targets: ["Fixtures"]),
        // The conformance kit: seams, suites and reports that check an implementation against the model.
        .library(name: "SpecConformance", targets: ["SpecConformance"]),
        // Swift Testing integration: property(), stateMachine(), .replay, the regression store and
        // checkConformance(), the one call that runs a conformance suite inside a test.
        .library(name: "SpecTesting", targets: ["SpecTesting"]),
        .executable(name: "benchrunner", targets: ["benchrunner"]),
        .executable(name: "simrunner", targets: ["simrunner"]),
        .executable(name: "sessioncheck", targets: ["sessioncheck"]),
        .executable(name: "vectorwriter", targets: ["vectorwriter"]),
        // The adapter protocol: the kit's suites run against a program in any language.
        .library(name: "ProcessAdapter", targets: ["ProcessAdapter"]),
        .executable(name: "adapterrun", targets: ["adapterrun"]),
        .executable(name: "adapter-model", targets: ["adapter-model"]),
        .executable(name: "adapter-wrong", targets: ["adapter-wrong"]),
    ],
    targets: [
        // Layer 0: imports nothing of ours.
        // The checks of the unsafe and fast machinery's invariants, on with -DSPEC_INTERNAL_CHECKS.
        .target(name: "InternalChecks", swiftSettings: strict),
        .target(name: "Generators", swiftSettings: strict),
        .target(name: "SpecRules", swiftSettings: strict),
        // Declared command lines: parsing, --help and usage errors, for every executable.
        .target(name: "CommandLineParsing", swiftSettings: strict),
        // Layer 1: JSON, CSV and UTF-8 text: parsers, writers and their limits.
        .target(name: "TextFormats", dependencies: ["InternalChecks"], swiftSettings: strict),
        // Layer 2: the model of every documented behaviour.
        .target(name: "SpecModel", dependencies: ["InternalChecks", "TextFormats"], swiftSettings: strict),
        // Layer 3: runs the model's actors under virtual time, with faults drawn from Generators.
        .target(name: "Simulator", dependencies: ["Generators", "SpecModel"], swiftSettings: strict),
        // Layer 3: recorded sessions of the progress socket and the checker of their rules (sessioncheck).
        .target(name: "SessionRecordings", dependencies: ["CommandLineParsing", "InternalChecks", "SpecModel", "SpecRules"], swiftSettings: strict),
        // Layer 4: scenario files, their runs, the shrinker and the whole app's interleavings (simrunner).
        .target(name: "Scenarios", dependencies: ["CommandLineParsing", "Generators", "SessionRecordings", "SpecModel", "Simulator"], swiftSettings: strict),
        // Layer 4: the domain fixtures (libraries, exports, report streams, fault schedules) that the
        // kit, the workloads and the tests build their inputs from.
        .target(name: "Fixtures", dependencies: ["Generators", "SpecModel", "Simulator"], swiftSettings: strict),
        // Layer 5: workloads shared by benchrunner and the test targets (shrinking challenges,
        // throughput workloads). Never imports Testing, so benchrunner does not link it.
        .target(name: "Workloads", dependencies: ["Fixtures", "Generators", "Scenarios", "SessionRecordings", "SpecModel", "Simulator"], swiftSettings: strict),
        // Layer 5: the conformance kit. Seams (small protocols an app or backend type conforms to), the
        // suites that check any conforming type, and the conformance report. Never imports Testing, so
        // command-line runners can link it.
        .target(name: "SpecConformance", dependencies: ["CommandLineParsing", "Fixtures", "Generators", "SpecModel", "SpecRules"], swiftSettings: strict),
        // Layer 6: benchrunner's testable parts: argument parsing, statistics, reports, baseline comparison.
        .target(name: "BenchmarkHarness", dependencies: ["CommandLineParsing", "Generators", "Workloads"], swiftSettings: strict),
        // Layer 6: Swift Testing integration of the property runner and the conformance kit, shared by
        // the test targets and by consumers' tests.
        .target(name: "SpecTesting", dependencies: ["Generators", "SpecConformance"], swiftSettings: strict),
        .executableTarget(
            name: "benchrunner",
            dependencies: ["BenchmarkHarness", "CommandLineParsing", "Workloads"],
            swiftSettings: strict
        ),
        // Runs and replays the scenario files on the simulator; sweeps seeds in shards.
        .executableTarget(name: "simrunner", dependencies: ["CommandLineParsing", "Scenarios"], swiftSettings: strict),
        // Checks a recorded progress-socket session against the protocol's rules (Docs/Recordings.md).
        .executableTarget(name: "sessioncheck", dependencies: ["CommandLineParsing", "SessionRecordings"], swiftSettings: strict),
        // Writes the test vectors into TestVectors/ from the model, or checks the committed ones.
        .executableTarget(name: "vectorwriter", dependencies: ["CommandLineParsing", "SpecConformance"], swiftSettings: strict),
        // Layer 6: the conformance kit over a process boundary: the adapter protocol's runner, the seams'
        // proxies, and the program side for Swift adapters (Docs/ProcessAdapter.md). Uses Foundation to
        // start processes; never imports Testing.
        .target(name: "ProcessAdapter", dependencies: ["CommandLineParsing", "Generators", "Scenarios", "SessionRecordings", "SpecModel", "SpecConformance"], swiftSettings: strict),
        // Runs the kit's suites against an adapter program.
        .executableTarget(name: "adapterrun", dependencies: ["CommandLineParsing", "ProcessAdapter", "Generators", "Scenarios"], swiftSettings: strict),
        // The model, and one wrong implementation per seam, as adapter programs: CI's proof of the runner.
        .executableTarget(name: "adapter-model", dependencies: ["CommandLineParsing", "ProcessAdapter"], swiftSettings: strict),
        .executableTarget(name: "adapter-wrong", dependencies: ["CommandLineParsing", "ProcessAdapter", "SpecConformance", "SpecModel"], swiftSettings: strict),
        .testTarget(
            name: "PropertyTests",
            dependencies: ["CommandLineParsing", "Fixtures", "Generators", "Scenarios", "SessionRecordings", "SpecModel", "SpecRules", "Simulator", "SpecTesting", "Workloads"],
            // Read by FunctionLengthTests from the checkout, not a resource.
            exclude: ["Project/function-length-baseline.txt"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: ["Fixtures", "Generators", "Scenarios", "SpecModel", "Simulator", "SpecTesting", "Workloads"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["Generators", "ProcessAdapter", "Scenarios", "Simulator", "SpecConformance", "SpecModel", "SpecTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PerformanceTests",
            dependencies: ["BenchmarkHarness", "CommandLineParsing", "Fixtures", "Generators", "Scenarios", "SessionRecordings", "SpecModel", "Workloads"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
