/// A report that could not be read or written, naming the file and what was wrong with it.
package enum ReportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// Something exists at the path but could not be read (a directory, missing permission).
    case unreadable(path: String, reason: String)
    /// The file is not JSON, or not a benchrunner report.
    case notAReport(path: String, reason: String)
    /// The file is a report of a schema this benchrunner does not read.
    case unsupportedSchemaVersion(path: String, found: Int, supported: Int)
    /// The report could not be written.
    case unwritable(path: String, reason: String)

    package var description: String {
        switch self {
        case let .notFound(path):
            return "no report at \(quoted(path)): run benchrunner once to make one, or check the path"
        case let .unreadable(path, reason):
            return "cannot read the report \(quoted(path)): \(reason)"
        case let .notAReport(path, reason):
            return "\(quoted(path)) is not a benchrunner JSON report: \(reason)"
        case let .unsupportedSchemaVersion(path, found, supported):
            return "\(quoted(path)) is a report of schema version \(found), but this benchrunner reads "
                + "version \(supported) only; make a new baseline with this benchrunner"
        case let .unwritable(path, reason):
            return "cannot write the report to \(quoted(path)): \(reason)"
        }
    }
}
