// swift-tools-version: 6.2
//
// The fuzz targets of BookTrackerSpec: one libFuzzer executable per parser or decoder, the oracles they
// check (FuzzOracles, a plain library, so that the tests replay the same checks without libFuzzer), and
// the tests that replay the seed corpus and every committed crash input. Built and run by `Fuzz/run`
// (see the README's "Fuzzing" section); it depends on the specification two levels up by path and sees
// its public API only.

import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where the repository was cloned,
// so it is read here rather than written down (as Examples/ConformanceConsumer does).
let specificationPath = ".."
let specification = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent(specificationPath).standardizedFileURL.lastPathComponent.lowercased()

/// As in the specification: Swift 6 language mode, warnings are errors.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

/// One executable per fuzz target, each a `main.swift` handing its oracle to libFuzzer's driver.
let fuzzTargets = ["csv", "import", "json", "message", "scenario", "token", "canary"]

let package = Package(
    name: "BookTrackerSpecFuzz",
    dependencies: [
        .package(path: specificationPath),
    ],
    targets: [
        // The oracles: what each target checks of one input, throwing `OracleFailure`. No libFuzzer here.
        .target(
            name: "FuzzOracles",
            dependencies: [
                .product(name: "Generators", package: specification),
                .product(name: "SpecModel", package: specification),
                .product(name: "Scenarios", package: specification),
            ],
            swiftSettings: strict
        ),
        // libFuzzer's entry point, `LLVMFuzzerRunDriver`, which only a `-sanitize=fuzzer` link provides.
        .target(name: "FuzzDriver", dependencies: ["FuzzOracles"], swiftSettings: strict),
        .testTarget(
            name: "FuzzOraclesTests",
            dependencies: ["FuzzOracles", .product(name: "Generators", package: specification)],
            swiftSettings: strict
        ),
    ] + fuzzTargets.map { name in
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzDriver", "FuzzOracles"], swiftSettings: strict)
    },
    swiftLanguageModes: [.v6]
)
