import Foundation
import Testing

/// No function of `Sources/` grows past 70 lines (issue 38): a function, initialiser or subscript is
/// counted from its keyword's line to its closing brace's. The ones that were longer when
/// the rule came in are the ratchet's baseline (`function-length-baseline.txt`, one `path name lines`
/// a line): each may shrink but not grow, and one brought to 70 lines or fewer leaves the baseline.
@Suite struct FunctionLengthTests {
    static let linesMax = 70
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let sources = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    static let baselineFile = folder.appendingPathComponent("function-length-baseline.txt")

    /// Every function of `Sources/` over the limit, keyed `path name` (a name met twice in a file
    /// gets `#2`, `#3`, …), with its length in lines.
    static func longFunctions() throws -> [String: Int] {
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
        var long: [String: Int] = [:]
        for file in files {
            let path = file.path.replacingOccurrences(of: sources.deletingLastPathComponent().path + "/", with: "")
            for function in FunctionLengthScan.functions(in: try String(contentsOf: file, encoding: .utf8)) where function.lines > linesMax {
                long["\(path) \(function.name)"] = function.lines
            }
        }
        return long
    }

    static func baseline() throws -> [String: Int] {
        var entries: [String: Int] = [:]
        for line in try String(contentsOf: baselineFile, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            let lines = try #require(parts.last.flatMap { Int($0) }, "a baseline line ends with its length: \(line)")
            entries[parts.dropLast().joined(separator: " ")] = lines
        }
        return entries
    }

    @Test func noFunctionGrowsPastItsLimit() throws {
        let complaints = Self.complaints(long: try Self.longFunctions(), baseline: try Self.baseline())
        #expect(complaints.isEmpty, "\(complaints.joined(separator: "\n"))")
    }

    /// What the ratchet says of the long functions found, against the baseline: new ones, grown
    /// ones, ones gone below the limit and ones shrunk (whose figures must come down).
    static func complaints(long: [String: Int], baseline: [String: Int]) -> [String] {
        var complaints: [String] = []
        for (key, lines) in long.sorted(by: { $0.key < $1.key }) {
            guard let allowed = baseline[key] else {
                complaints.append("\(key): \(lines) lines, over \(linesMax): split it")
                continue
            }
            if lines > allowed { complaints.append("\(key): \(lines) lines, grown from \(allowed) in function-length-baseline.txt") }
            if lines < allowed { complaints.append("\(key): \(lines) lines, shrunk from \(allowed): lower its figure in function-length-baseline.txt") }
        }
        for key in baseline.keys.sorted() where long[key] == nil {
            complaints.append("\(key): now \(linesMax) lines or fewer, or renamed: take it out of function-length-baseline.txt")
        }
        return complaints
    }

    @Test func theRatchetCatchesANewAGrownAShrunkAndAShortenedFunction() {
        let baseline = ["A.swift kept": 90, "A.swift grown": 80, "A.swift shrunk": 100, "A.swift fixed": 75]
        let long = ["A.swift kept": 90, "A.swift grown": 81, "A.swift shrunk": 99, "B.swift new": 71]
        #expect(Self.complaints(long: long, baseline: baseline) == [
            "A.swift grown: 81 lines, grown from 80 in function-length-baseline.txt",
            "A.swift shrunk: 99 lines, shrunk from 100: lower its figure in function-length-baseline.txt",
            "B.swift new: 71 lines, over 70: split it",
            "A.swift fixed: now 70 lines or fewer, or renamed: take it out of function-length-baseline.txt",
        ])
        #expect(Self.complaints(long: baseline, baseline: baseline).isEmpty)
    }

    /// The scan on the shapes it must tell apart: bodies, requirements without one, braces in strings
    /// and comments, nested functions, accessors, and a name met twice.
    @Test func theScanMeasuresWhatItMust() {
        let text = #"""
            protocol P {
                func required() -> Int
                init(x: Int)
            }
            struct S {
                func one() { print("}") }
                func two(
                    a: Int
                ) -> Int where Int: Equatable {
                    // a } in a comment
                    /* and { in /* a nested */ block */
                    let s = """
                        }}}
                        """
                    func inner() {
                        print(#"{"#)
                    }
                    return a
                }
                init() {}
                subscript(i: Int) -> Int {
                    get { i }
                }
                func one(_ x: Int) {
                }
                var computed: Int {
                    0
                }
            }
            """#
        let found = FunctionLengthScan.functions(in: text)
        #expect(found.map(\.name) == ["one", "two", "inner", "init", "subscript", "one#2"], "\(found)")
        #expect(found.map(\.lines) == [1, 13, 3, 1, 3, 2], "\(found)")
    }
}

/// Finds the functions of a Swift file and their lengths, skipping comments and string literals.
enum FunctionLengthScan {
    struct Function: CustomStringConvertible {
        var name: String
        var lines: Int
        var description: String { "\(name) \(lines)" }
    }

    static let keywords: Set<String> = ["func", "init", "deinit", "subscript"]
    /// Words that start another declaration: met before a `{`, the function has no body.
    static let declarationStarts: Set<String> = ["func", "init", "deinit", "subscript", "var", "let", "case", "typealias", "associatedtype", "struct", "class", "enum", "protocol", "extension"]

    /// A token of code: a word, or one punctuation character, with its line (1-based).
    struct Token {
        var text: String
        var line: Int
    }

    static func functions(in text: String) -> [Function] {
        let tokens = tokenize(Array(text.unicodeScalars))
        var found: [Function] = []
        var seen: [String: Int] = [:]
        for (index, token) in tokens.enumerated() where keywords.contains(token.text) {
            // `init` after a dot (`.init(`) or a keyword used as a label is not a declaration.
            if index > 0, tokens[index - 1].text == "." { continue }
            if index + 1 < tokens.count, tokens[index + 1].text == ":" { continue }
            guard let open = bodyStart(after: index, in: tokens), let close = matchingBrace(from: open, in: tokens) else { continue }
            var name = token.text
            if token.text == "func", index + 1 < tokens.count { name = tokens[index + 1].text }
            seen[name, default: 0] += 1
            if let count = seen[name], count > 1 { name += "#\(count)" }
            found.append(Function(name: name, lines: tokens[close].line - token.line + 1))
        }
        return found
    }

    /// The index of the `{` that opens the body of the declaration at `index`, or nil when another
    /// declaration or a closing brace comes first (a protocol's requirement).
    static func bodyStart(after index: Int, in tokens: [Token]) -> Int? {
        var depth = 0
        var position = index + 1
        while position < tokens.count {
            switch tokens[position].text {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth = max(0, depth - 1)
            case "{" where depth == 0: return position
            case "}" where depth == 0: return nil
            case let word where depth == 0 && declarationStarts.contains(word): return nil
            default: break
            }
            position += 1
        }
        return nil
    }

    static func matchingBrace(from open: Int, in tokens: [Token]) -> Int? {
        var depth = 0
        for position in open..<tokens.count {
            if tokens[position].text == "{" { depth += 1 }
            if tokens[position].text == "}" {
                depth -= 1
                if depth == 0 { return position }
            }
        }
        return nil
    }

    /// Words and punctuation outside comments and string literals (an interpolation's code is
    /// skipped with its string; its braces balance).
    static func tokenize(_ s: [Unicode.Scalar]) -> [Token] {
        var scanner = Scanner(s: s)
        return scanner.tokens()
    }

    struct Scanner {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1

        func at(_ offset: Int) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

        static func isWord(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c == "_" || ("0"..."9").contains(c) }

        /// Tokens until the end, or until the `)` that closes an interpolation when `interpolation`.
        mutating func tokens(interpolation: Bool = false) -> [Token] {
            var tokens: [Token] = []
            var parens = 0
            while i < s.count {
                let c = s[i]
                if c == "\n" {
                    line += 1
                    i += 1
                } else if c == "/", at(1) == "/" {
                    while i < s.count, s[i] != "\n" { i += 1 }
                } else if c == "/", at(1) == "*" {
                    skipBlockComment()
                } else if c == "#" || c == "\"" {
                    var hashes = 0
                    while at(hashes) == "#" { hashes += 1 }
                    if at(hashes) == "\"" {
                        skipString(hashes: hashes)
                    } else {
                        tokens.append(Token(text: "#", line: line))
                        i += 1
                    }
                } else if Self.isWord(c) {
                    var word = ""
                    while i < s.count, Self.isWord(s[i]) {
                        word.unicodeScalars.append(s[i])
                        i += 1
                    }
                    tokens.append(Token(text: word, line: line))
                } else {
                    i += 1
                    if interpolation, c == "(" { parens += 1 }
                    if interpolation, c == ")" {
                        if parens == 0 { return tokens }
                        parens -= 1
                    }
                    if !c.properties.isWhitespace { tokens.append(Token(text: String(c), line: line)) }
                }
            }
            return tokens
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if s[i] == "/", at(1) == "*" {
                    depth += 1
                    i += 2
                } else if s[i] == "*", at(1) == "/" {
                    depth -= 1
                    i += 2
                } else {
                    if s[i] == "\n" { line += 1 }
                    i += 1
                }
            } while i < s.count && depth > 0
        }

        /// Skips a string literal opened by `hashes` hashes and one or three quotes, at `i`.
        mutating func skipString(hashes: Int) {
            i += hashes
            let quotes = at(0) == "\"" && at(1) == "\"" && at(2) == "\"" ? 3 : 1
            i += quotes
            while i < s.count {
                if s[i] == "\n" { line += 1 }
                if s[i] == "\\", (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
                    i += 1 + hashes
                    if at(0) == "(" {
                        i += 1
                        _ = tokens(interpolation: true)
                    } else {
                        i += 1
                    }
                    continue
                }
                if (0..<quotes).allSatisfy({ at($0) == "\"" }), (0..<hashes).allSatisfy({ at(quotes + $0) == "#" }) {
                    i += quotes + hashes
                    return
                }
                i += 1
            }
        }
    }
}
