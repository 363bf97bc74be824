import Foundation

/// Where benchrunner writes: tables and results to `output`, progress, notes and errors to `error`.
public struct Console {
    /// Writes one or more lines to standard output; the newline at the end is added.
    public var output: (String) -> Void
    /// Writes one or more lines to standard error; the newline at the end is added.
    public var error: (String) -> Void

    /// Builds a console that writes through `output` and `error`.
    public init(output: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error.
    public static var standard: Console {
        Console(
            output: { print($0) },
            error: { try? FileHandle.standardError.write(contentsOf: Data(($0 + "\n").utf8)) }
        )
    }
}
