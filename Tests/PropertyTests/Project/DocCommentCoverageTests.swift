import Foundation
import Testing

/// Every public declaration of the package's libraries has a `///` doc comment (issue 24: "every public
/// symbol has a doc comment, and CI fails when a new one lacks it"), so the DocC catalogs document the
/// whole API.
///
/// A declaration is public when it is written `public` or `open`, or is a case of a public enum. It is
/// documented when the nearest line above it that is not an attribute starts with `///` or ends a
/// `/** … */` block. Implementations of the standard library's requirements (`description`,
/// `hash(into:)`, `==`, literal initialisers, `Codable`) inherit the requirement's documentation, as
/// DocC shows them, and are not counted. The rules of `Sources/SpecRules/Catalog/` are not counted
/// either: a rule's statement, stated once, is its documentation.
@Suite struct DocCommentCoverageTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func everyPublicDeclarationHasADocComment() throws {
        var missing: [String] = []
        var total = 0
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/Sources/SpecRules/Catalog/") }
            .sorted { $0.path < $1.path }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let found = DocCommentScan.scan(text)
            total += found.declarations
            let name = file.path.replacingOccurrences(of: Self.sources.deletingLastPathComponent().path + "/", with: "")
            missing += found.undocumented.map { "\(name):\($0.line): \($0.text)" }
        }
        #expect(total > 3_000, "the scan found only \(total) public declarations: is it reading Sources/?")
        #expect(missing.isEmpty, "\(missing.count) of \(total) public declarations have no /// doc comment:\n\(missing.prefix(40).joined(separator: "\n"))")
    }

    /// The scan itself, on the shapes it must tell apart.
    @Test func theScanCountsWhatIsPublicAndSeesTheDocComments() {
        let text = """
            /// Documented.
            public struct A {
                /// Documented.
                @inlinable
                public var a: Int
                public var b: Int
                var internalOne: Int
                public var description: String { "" }
            }
            public enum E {
                /// Documented.
                case one
                case two(Int)
            }
            enum Internal {
                case hidden
            }
            extension A {
                @discardableResult public mutating func f() -> Int { 0 }
                public private(set) var g: Int
            }
            /**
             Documented.
             */
            public func g() {}
            public extension A {}
            """
        let found = DocCommentScan.scan(text)
        #expect(found.declarations == 10)
        #expect(found.undocumented.map(\.line) == [6, 10, 13, 19, 20])
    }
}

/// The doc-comment scan over one file's text.
enum DocCommentScan {
    struct Finding: Equatable {
        let line: Int
        let text: String
    }

    /// Requirements of the standard library whose implementations inherit its documentation.
    static let inherited = [
        "var description:", "var debugDescription:", "var errorDescription:", "func hash(into", "static func == (", "static func < (",
        "func makeIterator(", "init(integerLiteral", "init(stringLiteral", "init(floatLiteral", "init(booleanLiteral", "init(arrayLiteral",
        "init(dictionaryLiteral", "init(extendedGraphemeClusterLiteral", "init(unicodeScalarLiteral", "init(from decoder", "func encode(to encoder",
    ]
    static let modifiers: Set<String> = [
        "final", "static", "class", "mutating", "nonmutating", "nonisolated", "override", "indirect", "convenience", "required", "lazy", "dynamic",
        "prefix", "postfix", "infix",
    ]
    static let kinds: Set<String> = [
        "func", "var", "let", "init", "init?", "init!", "struct", "enum", "class", "actor", "protocol", "typealias", "subscript", "associatedtype",
        "extension",
    ]

    static func scan(_ text: String) -> (declarations: Int, undocumented: [Finding]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var declarations = 0
        var undocumented: [Finding] = []
        var enumIndent: String?
        for (index, line) in lines.enumerated() {
            let indent = String(line.prefix { $0 == " " })
            let body = withoutAttributes(String(line.dropFirst(indent.count)))
            if let open = enumIndent {
                if line.hasPrefix(open + "}") {
                    enumIndent = nil
                } else if indent == open + "    ", body.hasPrefix("case ") || body.hasPrefix("indirect case ") {
                    declarations += 1
                    if !isDocumented(lines, index) { undocumented.append(Finding(line: index + 1, text: body)) }
                    continue
                }
            }
            var words = body.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first, first == "public" || first == "open" else { continue }
            words.removeFirst()
            while let word = words.first, modifiers.contains(word) || word.hasSuffix("(set)") { words.removeFirst() }
            guard let kind = words.first.map({ String($0.prefix { $0 != "(" && $0 != "<" }) }), kinds.contains(kind) || kinds.contains(words.first ?? "") else { continue }
            if kind == "extension" { continue }
            if kind == "enum", line.hasSuffix("{") { enumIndent = indent }
            declarations += 1
            if inherited.contains(where: { body.contains($0) }) { continue }
            if !isDocumented(lines, index) { undocumented.append(Finding(line: index + 1, text: String(body.prefix(100)))) }
        }
        return (declarations, undocumented)
    }

    /// `text` without the attributes it starts with (`@inlinable`, `@available(…)`).
    static func withoutAttributes(_ text: String) -> String {
        var rest = Substring(text)
        while rest.hasPrefix("@") {
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                let character = rest[index]
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if character == " ", depth == 0 {
                    end = index
                    break
                }
                end = rest.endIndex
            }
            rest = rest[end...].drop { $0 == " " }
        }
        return String(rest)
    }

    /// Whether the nearest line above `index` that is not an attribute is a doc comment.
    static func isDocumented(_ lines: [String], _ index: Int) -> Bool {
        var above = index - 1
        while above >= 0 {
            let trimmed = lines[above].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@"), withoutAttributes(trimmed).isEmpty {
                above -= 1
                continue
            }
            return trimmed.hasPrefix("///") || trimmed.hasSuffix("*/")
        }
        return false
    }
}
