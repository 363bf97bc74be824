/// The build configuration benchrunner was compiled in, which decides which targets apply.
///
/// Debug builds run several times slower than release builds, so their figures say little about the
/// code; they are still useful for checking that every workload runs. The executable decides the value
/// with `#if DEBUG` and passes it in, so the harness can be tested in either configuration.
package enum BuildConfiguration: String, Sendable, Codable, CaseIterable {
    /// A debug build: figures only show that every workload runs.
    case debug
    /// A release build: the figures the targets are set for.
    case release
}
