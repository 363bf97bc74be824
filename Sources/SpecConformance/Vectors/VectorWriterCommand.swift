import CommandLineParsing

/// vectorwriter's logic, without I/O: parse the arguments, make the vectors, compare them with the
/// folder's files, and name the files to write. `Sources/vectorwriter` only reads and writes files and
/// the terminal.
///
///     vectorwriter [--check] [--directory PATH]
///
/// Exit status: 0 the files were written, or (`--check`) are what the model makes; 1 (`--check`) a file
/// differs, is missing or is no longer made; 2 a usage error or a folder that cannot be read or written.
public enum VectorWriterCommand {
    /// What one run of vectorwriter comes to: the exit status, the text to print and the files to write.
    public struct Outcome: Sendable {
        /// The exit status: 0 written or up to date, 1 (`--check`) a file differs, 2 a usage or file error.
        public var status: Int32
        /// What to print: on standard error when `status` is 2, on standard output otherwise.
        public var output: String
        /// The folder the files go in; it is created if it does not exist.
        public var folder: String
        /// Files to write: (path, contents).
        public var files: [(path: String, contents: [UInt8])]
    }

    /// The command line, declared: its options.
    package static let command = Command(
        "vectorwriter", "Writes the test vectors, one JSON file per area (CSV records, ISBNs, title normalization, format detection, duplicate tiers, status texts, error payloads, the message codec, throttle traces), each case's expected output computed by the model, into TestVectors/ (or PATH).",
        options: [
            .flag("--check", "write nothing; list the files that differ from what the model makes now"),
            .value("--directory", "PATH", "the folder of the vectors (default: TestVectors)"),
        ],
        discussion: "Exit status: 0 written or (--check) up to date, 1 (--check) a file differs, 2 a usage or file error."
    )

    /// The `--help` text, with the options and the exit statuses.
    public static var usage: String { command.help }

    /// What the caller found at the vectors' folder, so the command's logic reads no files itself.
    public enum FolderRead: Sendable {
        /// The `.json` files in it, by file name, with their bytes.
        case files([(name: String, bytes: [UInt8])])
        /// There is no such folder.
        case missing
        /// The folder or a file in it could not be read; the reason in plain words.
        case unreadable(reason: String)
    }

    /// Runs vectorwriter; `readFolder` lists the `.json` files of a folder with their bytes.
    public static func run(arguments: [String], readFolder: (String) -> FolderRead) -> Outcome {
        if arguments == ["help"] { return Outcome(status: 0, output: usage, folder: TestVectors.folder, files: []) }
        let check: Bool
        let folder: String
        do {
            let parsed = try command.parse(arguments)
            if parsed.wantsHelp { return Outcome(status: 0, output: usage, folder: TestVectors.folder, files: []) }
            check = parsed.has("--check")
            folder = try parsed.value("--directory", "a folder's path", { $0.isEmpty ? nil : $0 }) ?? TestVectors.folder
        } catch {
            return Outcome(status: UsageError.exitStatus, output: error.description, folder: TestVectors.folder, files: [])
        }
        let existing: [(name: String, bytes: [UInt8])]
        switch readFolder(folder) {
        case let .files(files): existing = files
        case .missing: existing = []
        case let .unreadable(reason): return Outcome(status: 2, output: "cannot read \(folder): \(reason)\n", folder: folder, files: [])
        }
        let made = TestVectors.files()
        let madeNames = Set(made.map(\.fileName))
        let stale = existing.map(\.name).filter { !madeNames.contains($0) }.sorted()
        let total = made.reduce(0) { $0 + $1.cases.count }
        func path(_ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

        if check {
            var problems: [String] = []
            for file in made {
                guard let committed = existing.first(where: { $0.name == file.fileName }) else {
                    problems.append("\(path(file.fileName)): missing")
                    continue
                }
                if let difference = TestVectors.difference(committed: committed.bytes, made: file) {
                    // The difference opens with the file's name; the listing names its path.
                    problems.append(path(file.fileName) + difference.dropFirst(file.fileName.count))
                }
            }
            problems += stale.map { "\(path($0)): not made by the model any more; remove it" }
            guard problems.isEmpty else {
                let output = problems.joined(separator: "\n") + "\n\(problems.count) file(s) differ from what the model makes now; regenerate with: "
                    + TestVectors.regenerateCommand + (folder == TestVectors.folder ? "" : " --directory \(folder)") + "\n"
                return Outcome(status: 1, output: output, folder: folder, files: [])
            }
            return Outcome(status: 0, output: "\(made.count) files, \(total) cases in \(folder): as the model makes them\n", folder: folder, files: [])
        }

        var output = ""
        var files: [(path: String, contents: [UInt8])] = []
        for file in made {
            let bytes = file.encoded()
            let before = existing.first(where: { $0.name == file.fileName })?.bytes
            let state = before == nil ? "new" : before == bytes ? "unchanged" : "changed"
            output += "\(path(file.fileName)): \(file.cases.count) cases (\(state))\n"
            files.append((path(file.fileName), bytes))
        }
        output += stale.map { "\(path($0)): not made by the model any more; remove it\n" }.joined()
        output += "wrote \(made.count) files, \(total) cases\n"
        return Outcome(status: 0, output: output, folder: folder, files: files)
    }
}
