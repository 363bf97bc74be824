/// How a benchrunner invocation ended, as the process exit status.
///
/// (Not `ExitStatus`, which Swift Testing declares for exit tests.)
package enum ExitCode: Int32, Sendable, Equatable {
    /// Everything ran and every check held.
    case success = 0
    /// A check failed (a regression against the baseline, a measured metric out of its bound, or a
    /// missed throughput target under `--strict`), or the report could not be written.
    case failure = 1
    /// The invocation itself was wrong: a bad option or value, a filter matching nothing, or a
    /// baseline that is missing or not a report.
    case usageError = 2
}
