import Foundation
import ProcessAdapter
import Testing

/// Where the package's adapter programs are: beside the test runner, which `swift test` builds with
/// every executable of the package.
enum AdapterPrograms {
    /// The folder of the built products (`.build/debug` or `.build/release`).
    static let productsFolder: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the runner is inside `….xctest/Contents/MacOS`; walk up to the products.
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("adapter-model").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// The command that runs the package's executable `name`, or `nil` (with an issue recorded) when it
    /// is not built.
    static func command(_ name: String, _ arguments: String...) -> [String]? {
        guard let folder = productsFolder else {
            Issue.record("the adapter programs are not built beside the test runner (\(CommandLine.arguments[0])); swift test builds them with the package")
            return nil
        }
        return [folder.appendingPathComponent(name).path] + arguments
    }
}
