import Foundation
import Testing

/// Documentation that earns its place (issue 38): the API a consumer uses is documented, and no doc
/// comment anywhere only restates its declaration.
///
/// The consumer's API is every public type, protocol requirement and function of the modules a team
/// calls: the engine (Generators), the kit and its seams (SpecConformance, SpecTesting,
/// ProcessAdapter) and the runners' libraries (Simulator, Scenarios, SessionRecordings). Properties,
/// enum cases and initialisers are not required: their name and type usually say it all, and where
/// they do not, a comment says what (units, bounds, why). The model's and the formats' declarations
/// are documented where a comment adds something, and a `Rule`'s statement is its documentation.
@Suite struct DocumentationTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    static let consumerModules = ["Generators", "SpecConformance", "SpecTesting", "ProcessAdapter", "Simulator", "Scenarios", "SessionRecordings"]

    /// The Swift files under `Sources/<module>` (all modules when `module` is nil), with their paths
    /// from the package's root.
    static func files(in module: String? = nil) throws -> [(name: String, text: String)] {
        let root = module.map { sources.appendingPathComponent($0) } ?? sources
        return try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { file in
                let name = file.path.replacingOccurrences(of: sources.deletingLastPathComponent().path + "/", with: "")
                return (name, try String(contentsOf: file, encoding: .utf8))
            }
    }

    @Test func theConsumerAPIIsDocumented() throws {
        var missing: [String] = []
        var total = 0
        for module in Self.consumerModules {
            for file in try Self.files(in: module) {
                let found = DocumentationScan.consumerAPI(file.text)
                total += found.declarations
                missing += found.undocumented.map { "\(file.name):\($0.line): \($0.text)" }
            }
        }
        #expect(total > 500, "the scan found only \(total) declarations of the consumer's API: is it reading Sources/?")
        #expect(missing.isEmpty, "\(missing.count) of \(total) declarations of the consumer's API have no /// comment:\n\(missing.prefix(40).joined(separator: "\n"))")
    }

    @Test func noDocCommentOnlyRestatesItsDeclaration() throws {
        var restating: [String] = []
        var comments = 0
        for file in try Self.files() {
            let found = DocumentationScan.restatingComments(file.text)
            comments += found.comments
            restating += found.restating.map { "\(file.name):\($0.line): \($0.text)" }
        }
        #expect(comments > 2_000, "the scan found only \(comments) doc comments: is it reading Sources/?")
        #expect(restating.isEmpty, """
            \(restating.count) doc comments only restate their declaration; say what the signature does not \
            (units, bounds, preconditions, complexity, why) or delete them:
            \(restating.prefix(40).joined(separator: "\n"))
            """)
    }

    /// The scans themselves, on the shapes they must tell apart.
    @Test func theScansTellTheShapesApart() {
        let text = """
            /// A timer.
            public struct Timer {
                /// Whether the timer is still pending.
                public var isPending: Bool
                /// Whether the timer fires before `deadline`, in nanoseconds since the run began.
                public func fires(before deadline: UInt64) -> Bool { true }
                /// `timer_fired`.
                case fired
                /// The count.
                public func count() -> Int { 0 }
                public func undocumented() {}
                public init() {}
                public var description: String { "" }
            }
            public protocol Seam {
                /// Answers `question`, at most once per call.
                func answer(_ question: Int) -> Int
                func unanswered()
                var property: Int { get }
            }
            """
        let restating = DocumentationScan.restatingComments(text)
        #expect(restating.comments == 6)
        #expect(restating.restating.map(\.line) == [2, 4, 10])
        let consumer = DocumentationScan.consumerAPI(text)
        #expect(consumer.declarations == 7)
        #expect(consumer.undocumented.map(\.line) == [11, 15, 18])
    }
}

/// The scans over one file's text: a line-based reading of Swift, enough for the shapes the package
/// writes (one declaration a line, four-space indentation).
enum DocumentationScan {
    struct Finding: Equatable {
        let line: Int
        let text: String
    }

    /// Words that carry nothing a name would: articles, prepositions, auxiliaries and the filler of
    /// restating comments ("Whether the value is still current").
    static let fillers: Set<String> = [
        "a", "an", "the", "of", "to", "in", "on", "for", "with", "by", "from", "and", "or", "is", "are", "be", "been", "its",
        "it", "this", "that", "these", "those", "whether", "given", "value", "values", "new", "returns", "return", "as", "at",
        "one", "any", "all", "each", "which", "what", "when", "if", "has", "have", "holds", "hold", "still", "current",
        "currently", "instance", "type", "kind", "was", "were", "will", "can", "may", "does", "do", "not", "no", "so", "than",
        "then", "there", "their", "they", "them", "into", "onto", "per", "wraps", "wrapped", "creates", "create", "made",
        "makes", "make", "used", "use", "uses", "using", "same", "own",
    ]
    /// Requirements of the standard library whose implementations inherit its documentation.
    static let inherited = [
        "var description:", "var debugDescription:", "func hash(into", "static func ==", "static func <", "func makeIterator(",
        "init(from decoder", "func encode(to encoder", "Literal", "var errorDescription:",
    ]

    // Computed, and bound to a local once per scan: a `Regex` held in a static leaks its parse tree under
    // LeakSanitizer (CI's AddressSanitizer run), and `Regex` is not `Sendable`.
    static var declaration: Regex<Substring> { /^\s*(?:(?:public|package|private|fileprivate|internal|open|static|final|mutating|nonisolated|override|indirect|@\S+)\s+)*(?:func|var|let|init|struct|enum|class|actor|protocol|typealias|case|subscript)\b/ }
    static var typeOpening: Regex<(Substring, Substring)> { /^\s*(?:(?:public|package|private|fileprivate|internal|final|indirect)\s+)*(?:struct|enum|class|actor|protocol|extension)\s+([A-Za-z0-9_.]+)/ }
    static var publicEntry: Regex<Substring> { /^(?:public|open)\s+(?:(?:final|static|mutating|nonisolated|override|class)\s+)*(?:func|struct|enum|class|actor|protocol)\b/ }
    static var requirement: Regex<Substring> { /^(?:(?:static|mutating)\s+)*(?:func|associatedtype)\b/ }

    /// The identifier-like words of `text`, lowercased, with camel case split (`isPending`: is, pending;
    /// `JSONValue`: json, value).
    static func words(_ text: String) -> [String] {
        text.matches(of: /[A-Za-z][A-Za-z0-9]*/).flatMap { token in
            token.output.matches(of: /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/).map { $0.output.lowercased() }
        }
    }

    /// `word` without a plural or verb ending, so "Runs" meets `run` and "entries" `entry`.
    static func stem(_ word: String) -> String {
        for suffix in ["ies", "es", "s", "ing", "ed"] where word.hasSuffix(suffix) && word.count - suffix.count >= 3 {
            return String(word.dropLast(suffix.count)) + (suffix == "ies" ? "y" : "")
        }
        return word
    }

    static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The `///` lines directly above `lines[index]`, attributes skipped, without their slashes.
    static func docComment(_ lines: [String], above index: Int) -> [String] {
        var above = index - 1
        while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
        var comment: [String] = []
        while above >= 0, case let trimmed = lines[above].trimmingCharacters(in: .whitespaces), trimmed.hasPrefix("///") {
            comment.insert(trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces), at: 0)
            above -= 1
        }
        return comment
    }

    /// A comment restates its declaration when it is short (one or two lines, one sentence), quotes no
    /// code that is not a plain name (a wire spelling such as `job_started` says something), and every
    /// word it has beyond the fillers is a word of the declaration's line or of the types around it.
    static func restatingComments(_ text: String) -> (comments: Int, restating: [Finding]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var comments = 0
        var restating: [Finding] = []
        var types: [(indentation: Int, name: String)] = []
        let (typeOpening, declaration) = (Self.typeOpening, Self.declaration)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !trimmed.hasPrefix("//") {
                while let last = types.last, last.indentation >= indentation(line) { types.removeLast() }
            }
            if let opening = line.firstMatch(of: typeOpening) { types.append((indentation(line), String(opening.output.1))) }
            guard line.firstMatch(of: declaration) != nil else { continue }
            let comment = docComment(lines, above: index)
            guard !comment.isEmpty else { continue }
            comments += 1
            let sentence = comment.joined(separator: " ")
            guard comment.count <= 2, sentence.hasSuffix("."), !sentence.dropLast().contains(". ") else { continue }
            let quotesCode = sentence.matches(of: /`([^`]*)`/).contains { $0.output.1.contains(/[_\-\/ .:(]/) }
            guard !quotesCode else { continue }
            let said = words(sentence).filter { !fillers.contains($0) }.map(stem)
            let named = Set((words(line) + types.flatMap { words($0.name) }).map(stem))
            if !said.isEmpty, said.allSatisfy(named.contains) {
                restating.append(Finding(line: index + 1, text: "\(sentence)  ·  \(trimmed.prefix(80))"))
            }
        }
        return (comments, restating)
    }

    /// Every public type and function, and every requirement of a public protocol (its functions and
    /// associated types), with whether it has a doc comment.
    static func consumerAPI(_ text: String) -> (declarations: Int, undocumented: [Finding]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var declarations = 0
        var undocumented: [Finding] = []
        var protocolIndentation: Int?
        let (requirement, publicEntry) = (Self.requirement, Self.publicEntry)
        for (index, line) in lines.enumerated() {
            let indent = indentation(line)
            var body = Substring(line.trimmingCharacters(in: .whitespaces))
            while body.hasPrefix("@"), let space = body.firstIndex(of: " ") { body = body[space...].drop { $0 == " " } }
            if let open = protocolIndentation, line.hasPrefix(String(repeating: " ", count: open) + "}") { protocolIndentation = nil }
            let isRequirement = protocolIndentation.map { indent == $0 + 4 } == true && body.firstMatch(of: requirement) != nil
            if body.firstMatch(of: /^public\s+protocol\s/) != nil { protocolIndentation = indent }
            guard isRequirement || body.firstMatch(of: publicEntry) != nil else { continue }
            guard !inherited.contains(where: { body.contains($0) }) else { continue }
            declarations += 1
            if docComment(lines, above: index).isEmpty && !lines[max(index - 1, 0)].hasSuffix("*/") {
                undocumented.append(Finding(line: index + 1, text: String(body.prefix(100))))
            }
        }
        return (declarations, undocumented)
    }
}
