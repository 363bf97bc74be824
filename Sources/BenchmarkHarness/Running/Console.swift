import CommandLineParsing

/// Where benchrunner writes: tables and results to `output`, progress, notes and errors to `error`.
package struct Console {
    /// Writes one or more lines to standard output; the newline at the end is added.
    package var output: (String) -> Void
    /// Writes one or more lines to standard error; the newline at the end is added.
    package var error: (String) -> Void

    /// Builds a console that writes through `output` and `error`.
    package init(output: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error.
    package static var standard: Console {
        Console(
            output: { StandardStream.output.write($0 + "\n") },
            error: { StandardStream.error.write($0 + "\n") }
        )
    }
}
