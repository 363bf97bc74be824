// swift-tools-version: 6.2
//
// An implementation of the app's seams written from the five seed documents alone, by engineers who
// never read this package's model, suites, vectors or decisions; then checked by the conformance kit.
// `ImportFeatures` and `LibraryFeatures` are the app's code and know nothing of the specification; the
// test target wraps them in thin adapters and runs the kit's suites. `backend/` is the backend's seams in
// JavaScript, checked through `adapterrun`. README.md has the verdict and what decides each failure.

import Foundation
import PackageDescription

// The specification is two folders up. A path dependency's identity is its folder's name, which
// depends on where the repository was cloned, so it is read here rather than written down.
let specificationPath = "../.."
let specification = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent(specificationPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "IndependentImplementation",
    dependencies: [
        .package(path: specificationPath),
    ],
    targets: [
        // CSV import (seed 004) and the DTOMapper work cache (seed 001).
        .target(name: "ImportFeatures"),
        // Library Reset (seed 000), Series Tracking (seed 002) and the app's progress socket (seed 003).
        .target(name: "LibraryFeatures"),
        .testTarget(
            name: "IndependentConformanceTests",
            dependencies: [
                "ImportFeatures",
                "LibraryFeatures",
                .product(name: "SpecModel", package: specification),
                .product(name: "SpecConformance", package: specification),
                .product(name: "SpecTesting", package: specification),
            ]
        ),
        .testTarget(name: "LibraryFeaturesTests", dependencies: ["LibraryFeatures"]),
        .testTarget(name: "ImportFeaturesTests", dependencies: ["ImportFeatures"]),
    ],
    swiftLanguageModes: [.v6]
)
