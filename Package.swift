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
        .library(name: "SpecModel", targets: ["SpecModel"]),
        .library(name: "Simulator", targets: ["Simulator"]),
        // The domain fixtures (libraries, exports, report streams) and the benchmark workloads.
        .library(name: "Workloads", targets: ["Workloads"]),
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
        .target(name: "Generators", swiftSettings: strict),
        .target(name: "SpecModel", swiftSettings: strict),
        .target(name: "SpecRules", swiftSettings: strict),
        // Declared command lines: parsing, --help and usage errors, for every executable.
        .target(name: "CommandLineParsing", swiftSettings: strict),
        // Layer 1: runs the model's actors under virtual time, with faults drawn from Generators.
        .target(name: "Simulator", dependencies: ["CommandLineParsing", "Generators", "SpecModel", "SpecRules"], swiftSettings: strict),
        // Layer 2: workloads shared by benchrunner and the test targets (shrinking challenges,
        // throughput workloads). Never imports Testing, so benchrunner does not link it.
        .target(name: "Workloads", dependencies: ["Generators", "SpecModel", "Simulator"], swiftSettings: strict),
        // benchrunner's testable parts: argument parsing, statistics, reports, baseline comparison.
        .target(name: "BenchmarkHarness", dependencies: ["Generators", "Workloads"], swiftSettings: strict),
        // Layer 3: the conformance kit. Seams (small protocols an app or backend type conforms to), the
        // suites that check any conforming type, and the conformance report. Never imports Testing, so
        // command-line runners can link it.
        .target(name: "SpecConformance", dependencies: ["CommandLineParsing", "Generators", "SpecModel", "SpecRules", "Workloads"], swiftSettings: strict),
        // Layer 4: Swift Testing integration of the property runner and the conformance kit, shared by
        // the test targets and by consumers' tests.
        .target(name: "SpecTesting", dependencies: ["Generators", "Workloads", "SpecConformance"], swiftSettings: strict),
        .executableTarget(
            name: "benchrunner",
            dependencies: ["Generators", "SpecModel", "Simulator", "Workloads", "BenchmarkHarness"],
            swiftSettings: strict
        ),
        // Runs and replays the scenario files on the simulator; sweeps seeds in shards.
        .executableTarget(name: "simrunner", dependencies: ["Simulator"], swiftSettings: strict),
        // Checks a recorded progress-socket session against the protocol's rules (Docs/Recordings.md).
        .executableTarget(name: "sessioncheck", dependencies: ["Simulator"], swiftSettings: strict),
        // Writes the test vectors into TestVectors/ from the model, or checks the committed ones.
        .executableTarget(name: "vectorwriter", dependencies: ["SpecConformance", "SpecModel"], swiftSettings: strict),
        // Layer 4: the conformance kit over a process boundary: the adapter protocol's runner, the seams'
        // proxies, and the program side for Swift adapters (Docs/ProcessAdapter.md). Uses Foundation to
        // start processes; never imports Testing.
        .target(name: "ProcessAdapter", dependencies: ["CommandLineParsing", "Generators", "SpecModel", "Simulator", "SpecConformance"], swiftSettings: strict),
        // Runs the kit's suites against an adapter program.
        .executableTarget(name: "adapterrun", dependencies: ["ProcessAdapter", "Generators", "Simulator"], swiftSettings: strict),
        // The model, and one wrong implementation per seam, as adapter programs: CI's proof of the runner.
        .executableTarget(name: "adapter-model", dependencies: ["ProcessAdapter"], swiftSettings: strict),
        .executableTarget(name: "adapter-wrong", dependencies: ["ProcessAdapter", "SpecConformance", "SpecModel"], swiftSettings: strict),
        .testTarget(
            name: "PropertyTests",
            dependencies: ["CommandLineParsing", "Generators", "SpecModel", "Simulator", "SpecTesting", "Workloads"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: ["CommandLineParsing", "Generators", "SpecModel", "Simulator", "SpecTesting", "Workloads"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["Generators", "SpecModel", "Simulator", "Workloads", "SpecConformance", "SpecTesting", "ProcessAdapter"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PerformanceTests",
            dependencies: ["Generators", "SpecModel", "Simulator", "SpecTesting", "Workloads", "BenchmarkHarness"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
