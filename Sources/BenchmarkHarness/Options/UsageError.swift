/// A mistake in benchrunner's command line, with a message naming the option and what it expects.
///
/// benchrunner prints the description to standard error and exits with status 2.
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An argument starting with `-` that is not one of benchrunner's options.
    case unknownOption(String)
    /// An argument that is not an option: benchrunner takes options only.
    case unexpectedArgument(String)
    /// An option that needs a value came last, or was followed by another option.
    case missingValue(option: String, expected: String)
    /// An option's value does not have the expected form.
    case invalidValue(option: String, value: String, expected: String)
    /// A flag was given a value with `--flag=value`.
    case unexpectedValue(option: String, value: String)
    /// Two options that contradict each other were both given.
    case conflictingOptions(String, String)
    /// No workload's name contains any of the `--filter` substrings.
    case noWorkloadMatches(filters: [String])

    package var description: String {
        switch self {
        case let .unknownOption(option):
            return "unknown option \(quoted(option)); run benchrunner --help to see the options"
        case let .unexpectedArgument(argument):
            return "unexpected argument \(quoted(argument)): benchrunner takes options only "
                + "(to select workloads by name, use --filter \(argument))"
        case let .missingValue(option, expected):
            return "\(option) expects \(expected), got nothing"
        case let .invalidValue(option, value, expected):
            return "\(option) expects \(expected), got \(quoted(value))"
        case let .unexpectedValue(option, value):
            return "\(option) takes no value, got \(quoted(value))"
        case let .conflictingOptions(first, second):
            return "\(first) and \(second) cannot be used together"
        case let .noWorkloadMatches(filters):
            let list = filters.map(quoted).joined(separator: ", ")
            return "--filter matched no workload: \(list); run benchrunner --list to see the names"
        }
    }
}

/// Puts `text` in double quotes, so that empty and space-padded values are visible in messages.
func quoted(_ text: String) -> String {
    "\"\(text)\""
}
