// swift-tools-version: 6.2
//
// An app team's package that checks its own code against the BookTrackerSpec conformance kit.
// `BookApp` stands for the app's code and knows nothing of the specification; the test target wraps
// its types in thin adapters and runs the kit's suites against them.

import Foundation
import PackageDescription

// The specification is two folders up. A path dependency's identity is its folder's name, which
// depends on where the repository was cloned, so it is read here rather than written down.
let specificationPath = "../.."
let specification = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent(specificationPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "BookAppConformance",
    dependencies: [
        .package(path: specificationPath),
    ],
    targets: [
        .target(name: "BookApp"),
        .testTarget(
            name: "BookAppConformanceTests",
            dependencies: [
                "BookApp",
                .product(name: "SpecModel", package: specification),
                .product(name: "SpecConformance", package: specification),
                .product(name: "SpecTesting", package: specification),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
