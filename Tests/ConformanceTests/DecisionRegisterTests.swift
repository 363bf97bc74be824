import Foundation
import SpecConformance
import Testing

/// The decisions rules rest on reach reports from the register itself: `Decision+Register.swift` is
/// generated from `Docs/Decisions.md`, and this test fails when the two disagree.
@Suite struct DecisionRegisterTests {
    static let generated = TraceabilityTests.packageRoot.appendingPathComponent("Sources/SpecRules/Decision+Register.swift")

    /// One entry of the register, as its text gives it.
    struct Entry {
        var id: String
        var title: String
        var parts: [String: String] = [:]
    }

    /// Every `### D-NNN Title` entry with its `- **Part.** text` paragraphs, continuation lines joined.
    static func entries(of register: String) -> [Entry] {
        var entries: [Entry] = []
        var part: String?
        for line in register.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("### D-") {
                let words = line.dropFirst(4)
                entries.append(Entry(id: String(words.prefix(5)), title: String(words.dropFirst(6))))
                part = nil
            } else if line.hasPrefix("#") {
                part = nil
            } else if line.hasPrefix("- **"), let end = line.range(of: ".**"), !entries.isEmpty {
                let name = String(line[line.index(line.startIndex, offsetBy: 4)..<end.lowerBound])
                part = name
                entries[entries.count - 1].parts[name] = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
            } else if let current = part, line.hasPrefix("  "), !entries.isEmpty {
                entries[entries.count - 1].parts[current]! += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                part = nil
            }
        }
        return entries
    }

    /// Every decision a rule rests on.
    static var decisionsOfRules: Set<String> {
        var ids = Set<String>()
        for rule in ConformanceCatalog.allRules {
            if case let .decision(id) = rule.basis { ids.insert(id.rawValue) }
        }
        return ids
    }

    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func source(_ entries: [Entry]) -> String {
        var lines = [
            "// Generated from Docs/Decisions.md by `CONFORMANCE_WRITE_DOCS=1 swift test --filter DecisionRegisterTests`.",
            "// Do not edit: change the register and regenerate.",
            "",
            "extension Decision {",
            "    /// The register's decisions that rules rest on, in the register's order.",
            "    static let register: [Decision] = [",
        ]
        for entry in entries {
            lines.append("        Decision(")
            lines.append("            \(literal(entry.id)), title: \(literal(entry.title)),")
            lines.append("            question: \(entry.parts["Question"].map(literal) ?? "nil"),")
            lines.append("            options: \(entry.parts["Options"].map(literal) ?? "nil"),")
            lines.append("            decision: \(literal(entry.parts["Decision"] ?? ""))),")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test func theGeneratedRegisterIsTheRegisterOfTheDecisionsRulesRestOn() throws {
        let register = try String(contentsOf: ConformanceReportTests.docs.appendingPathComponent("Decisions.md"), encoding: .utf8)
        let wanted = Self.decisionsOfRules
        let entries = Self.entries(of: register).filter { wanted.contains($0.id) }
        for id in wanted.sorted() where !entries.contains(where: { $0.id == id }) {
            Issue.record("a rule rests on \(id), which Docs/Decisions.md does not have")
        }
        for entry in entries {
            #expect(entry.parts["Decision"] != nil, "\(entry.id) has no **Decision.** paragraph")
            #expect(entry.parts["Options"] != nil, "\(entry.id): a rule rests on it, so its register entry names the options it weighed (**Options.**)")
        }
        let text = Self.source(entries)
        if ProcessInfo.processInfo.environment[ConformanceReportTests.writeVariable] == "1" {
            try Data(text.utf8).write(to: Self.generated)
            return
        }
        let committed = try String(contentsOf: Self.generated, encoding: .utf8)
        #expect(committed == text, "Sources/SpecRules/Decision+Register.swift is not what Docs/Decisions.md says; regenerate it with \(ConformanceReportTests.writeVariable)=1 swift test --filter DecisionRegisterTests")
    }

    /// An entry states the question, the options, the decision, why, and the pin in about 15 lines;
    /// history stays in git. The longest two name nine and ten pinning tests.
    static let entryLinesMax = 19

    /// The entries (`### ` headings) over `entryLinesMax` non-blank lines, the heading included.
    static func longEntries(of register: String) -> [(id: String, lines: Int)] {
        var entries: [(id: String, lines: Int)] = []
        var inEntry = false
        for line in register.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") {
                entries.append((String(line.dropFirst(4).prefix(5)), 1))
                inEntry = true
            } else if line.hasPrefix("#") {
                inEntry = false
            } else if inEntry, !line.allSatisfy(\.isWhitespace) {
                entries[entries.count - 1].lines += 1
            }
        }
        return entries.filter { $0.lines > entryLinesMax }
    }

    @Test func everyEntryIsShort() throws {
        let register = try String(contentsOf: ConformanceReportTests.docs.appendingPathComponent("Decisions.md"), encoding: .utf8)
        for entry in Self.longEntries(of: register) {
            Issue.record("\(entry.id) is \(entry.lines) lines; an entry is at most \(Self.entryLinesMax): the question, options, decision, why and pin")
        }
        // The scan itself, on both sides of the limit.
        let body = { (count: Int) in (1..<count).map { "- line \($0)" }.joined(separator: "\n") }
        let text = "### D-001 At the limit\n\(body(Self.entryLinesMax))\n\n### D-002 Over it\n\(body(Self.entryLinesMax + 1))\n## Open\nnot an entry"
        #expect(Self.longEntries(of: text).map(\.id) == ["D-002"])
    }

    @Test func everyDecisionARuleRestsOnIsInTheGeneratedRegister() {
        for id in Self.decisionsOfRules.sorted() {
            #expect(Decision.named(DecisionID(id)) != nil, "\(id) is not in Decision+Register.swift; regenerate it")
        }
    }
}
