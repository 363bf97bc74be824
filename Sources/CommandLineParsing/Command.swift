/// A command line declared as data, as swift-argument-parser declares it with property wrappers: the
/// command's name and purpose, its options and its positional arguments. From the declaration come
/// the parse (`parse(_:)`), the `--help` text (`help`) and usage errors that name what was wrong
/// (`UsageError`, exit status 2), so every executable of the package reads its arguments alike.
///
///     let run = Command("simrunner run", "Runs one scenario file, bit for bit from its seed.",
///                       arguments: [.init("FILE", "the scenario file")],
///                       options: [.value("--seed", "N", "the seed (default: the file's first)")])
///     let parsed = try run.parse(["Scenarios/a.json", "--seed", "7"])
///     let seed = try parsed.value("--seed", "a non-negative integer") { UInt64($0) }
package struct Command: Sendable {
    /// The name a user types, with the subcommand: `simrunner run`.
    package var name: String
    /// One line: what the command does.
    package var abstract: String
    /// The positional arguments, in order; every required one comes before the optional ones.
    package var arguments: [Argument]
    /// The options, in the order `--help` lists them.
    package var options: [Option]
    /// Paragraphs after the options: details, exit statuses.
    package var discussion: String
    /// What the words after `--` are (a program and its arguments), or `nil` when the command takes
    /// none and `--` is an unknown option.
    package var trailing: Argument?

    /// A command with these parts.
    ///
    /// - Precondition: option names start with `-` and are distinct; no required argument follows an
    ///   optional one (a programmer's declaration, checked once).
    package init(_ name: String, _ abstract: String, arguments: [Argument] = [], options: [Option] = [], trailing: Argument? = nil, discussion: String = "") {
        precondition(options.allSatisfy { $0.name.hasPrefix("-") }, "\(name): an option's name starts with -")
        precondition(Set(options.map(\.name)).count == options.count, "\(name): two options share a name")
        precondition(!zip(arguments, arguments.dropFirst()).contains { !$0.0.isRequired && $0.1.isRequired }, "\(name): a required argument after an optional one")
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.trailing = trailing
    }

    /// A positional argument.
    package struct Argument: Sendable {
        /// As the usage line shows it: `FILE`.
        package var name: String
        /// One line for `--help`, and for the usage error when the argument is missing.
        package var help: String
        /// Whether a command line without it is a usage error.
        package var isRequired: Bool

        /// An argument; required unless `isRequired` is false.
        package init(_ name: String, _ help: String, isRequired: Bool = true) {
            self.name = name
            self.help = help
            self.isRequired = isRequired
        }
    }

    /// An option: a flag (`--strict`) or one that takes a value (`--seed N`).
    package struct Option: Sendable {
        /// With its dashes: `--seed`.
        package var name: String
        /// The value's placeholder, `N`; `nil` for a flag.
        package var valueName: String?
        /// One line for `--help`: what the option does, and its default.
        package var help: String
        /// Whether each value given counts (`ParsedArguments.allValues`), as `--filter`'s do; `--help`
        /// shows it with `...`.
        package var isRepeatable = false
        /// Whether a command line without it is a usage error; the usage line shows it without brackets.
        package var isRequired = false

        /// A flag: present or not.
        package static func flag(_ name: String, _ help: String) -> Option { Option(name: name, valueName: nil, help: help) }
        /// An option followed by one value.
        package static func value(_ name: String, _ valueName: String, _ help: String) -> Option { Option(name: name, valueName: valueName, help: help) }
        /// An option followed by one value, which may be given again to add another.
        package static func values(_ name: String, _ valueName: String, _ help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, isRepeatable: true)
        }
        /// An option followed by one value, which every command line must give.
        package static func required(_ name: String, _ valueName: String, _ help: String) -> Option {
            Option(name: name, valueName: valueName, help: help, isRequired: true)
        }
    }

    /// The command's arguments read against the declaration: every option known, every value present,
    /// no argument too many or missing. A value follows its option (`--seed 7`) or is attached to it
    /// (`--seed=7`, the only way to give a value that starts with `--`); when an option is given
    /// twice, the last value wins (`ParsedArguments.allValues` keeps each). `--help` and `-h` are
    /// always known and stop the parse, whatever follows them.
    package func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: self)
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--help" || word == "-h" {
                parsed.wantsHelp = true
                return parsed
            }
            if word == "--", trailing != nil {
                parsed.trailing = Array(words[index...])
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                guard parsed.positionals.count < arguments.count else {
                    throw UsageError("\(name) takes \(arguments.isEmpty ? "no arguments" : "at most \(arguments.count) argument\(arguments.count == 1 ? "" : "s")"), but got \(word) as well", command: self)
                }
                parsed.positionals.append(word)
                continue
            }
            var optionName = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                optionName = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == optionName }) else {
                if optionName == "--help", let attached { throw UsageError("--help takes no value, got \(Self.shown(attached))", command: self) }
                let known = options.map(\.name).joined(separator: ", ")
                let hint = NearestName.hint(for: optionName, in: options.map(\.name))
                throw UsageError("unknown option \(optionName)\(hint); \(name) takes \(known.isEmpty ? "no options" : known)", command: self)
            }
            guard let valueName = option.valueName else {
                if let attached { throw UsageError("\(optionName) takes no value, got \(Self.shown(attached))", command: self) }
                parsed.flags.insert(optionName)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                // A following option means this one's value was forgotten: no value of ours starts with `--`.
                guard index < words.count, !words[index].hasPrefix("--") else { throw UsageError("\(optionName) needs a value (\(valueName))", command: self) }
                value = words[index]
                index += 1
            }
            parsed.values[optionName] = value
            parsed.allValues[optionName, default: []].append(value)
        }
        if let missing = arguments.dropFirst(parsed.positionals.count).first(where: \.isRequired) {
            throw UsageError("\(name) needs \(missing.name): \(missing.help)", command: self)
        }
        if let missing = options.first(where: { $0.isRequired && parsed.values[$0.name] == nil }) {
            throw UsageError("\(name) needs \(missing.name) \(missing.valueName ?? ""): \(missing.help)", command: self)
        }
        if let trailing, parsed.trailing.isEmpty, trailing.isRequired {
            throw UsageError("\(name) needs -- \(trailing.name): \(trailing.help)", command: self)
        }
        return parsed
    }

    /// A value as a message shows it: `nothing` when empty, in quotes when spaces at its ends would
    /// hide, else as given.
    static func shown(_ value: String) -> String {
        if value.isEmpty { return "nothing" }
        return value.first == " " || value.last == " " || value.first == "\t" || value.last == "\t" ? "\"\(value)\"" : value
    }

    /// The usage line: `USAGE: simrunner run FILE [--seed N]`.
    /// A line longer than `usageWidth` columns wraps between words, its continuations indented under
    /// the first word after the command's name.
    package var usageLine: String {
        let positional = arguments.map { $0.isRequired ? $0.name : "[\($0.name)]" }
        let flags = options.map { option in
            let word = option.name + (option.valueName.map { " \($0)" } ?? "")
            return (option.isRequired ? word : "[\(word)]") + (option.isRepeatable ? "..." : "")
        }
        let after = trailing.map { ["--", $0.name] } ?? []
        let head = "USAGE: \(name)"
        let indent = String(repeating: " ", count: head.count + 1)
        var lines = [head]
        for word in positional + flags + after {
            if lines[lines.count - 1].count + 1 + word.count > Self.usageWidth {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The widest usage line, in columns (characters).
    package static let usageWidth = 100

    /// The `--help` text: the usage line, the abstract, the arguments and options with their help in
    /// an aligned column, and the discussion.
    package var help: String {
        var lines = [usageLine, "", abstract]
        let rows = (arguments + (trailing.map { [$0] } ?? [])).map { ($0.name, $0.help) }
            + options.map { ($0.name + ($0.valueName.map { " \($0)" } ?? ""), $0.help) } + [("-h, --help", "Print this text.")]
        let width = rows.map(\.0.count).max() ?? 0
        lines.append("")
        for (label, text) in rows { lines.append("  " + label + String(repeating: " ", count: width - label.count) + "  " + text) }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What a command line said: the positional arguments, the options' values and the flags given.
package struct ParsedArguments: Sendable {
    /// The declaration the words were read against.
    package let command: Command
    /// The positional arguments given, in order (at most the declaration's count).
    package internal(set) var positionals: [String] = []
    /// Each value option given, by its name with dashes: its last value, as given.
    package internal(set) var values: [String: String] = [:]
    /// Every value of each option given, in order (more than one only for a repeatable option).
    package internal(set) var allValues: [String: [String]] = [:]
    /// The flags given, by name with dashes.
    package internal(set) var flags: Set<String> = []
    /// The words after `--`, for a command that takes them.
    package internal(set) var trailing: [String] = []
    /// Whether `--help` or `-h` was given: the caller prints `command.help` and exits 0.
    package internal(set) var wantsHelp = false

    package func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name` converted by `convert`, `nil` when the option was not given; a value
    /// `convert` refuses is a usage error naming the option, what it must be, and the value given.
    package func value<T>(_ name: String, _ what: String, _ convert: (String) -> T?) throws(UsageError) -> T? {
        guard let text = values[name] else { return nil }
        guard let value = convert(text) else { throw UsageError("\(name) must be \(what), got \(Command.shown(text))", command: command) }
        return value
    }

    /// The value of option `name`, a file's path, `nil` when the option was not given; an empty path
    /// is a usage error.
    package func path(_ name: String) throws(UsageError) -> String? {
        try value(name, "a path") { $0.isEmpty ? nil : $0 }
    }
}

/// A command line that does not fit its declaration, with what was wrong; the process exits 2 and
/// prints `message`, then the usage line.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status of a usage error, in every executable of the package.
    package static let exitStatus: Int32 = 2

    /// What was wrong, naming the option or argument and the value given.
    package let message: String
    /// The command's usage line, printed after the message.
    package let usageLine: String

    package init(_ message: String, command: Command) {
        self.message = message
        usageLine = command.usageLine
    }

    /// The message, a blank line, the usage line and where to find more.
    package var description: String { "\(message)\n\n\(usageLine)\nSee --help for more.\n" }
}
