import SpecModel

/// One file of test vectors: every case of one area, each an input and the model's answer to it, with
/// the rules and decisions it exercises.
///
/// Issue 23, part 3: an implementation in another language (the backend's TypeScript, a recording
/// checker) cannot link the kit, but it can read JSON. A file is
///
///     {"format": "bookspec-test-vectors", "version": 1, "area": "isbn", "generatorSeed": 23,
///      "seed": ["seed 004 (CSV Import & Enrichment PRD), Duplicate Detection Algorithm"],
///      "rules": [{"id": "ISBN-01", "requirement": "MUST", "statement": "…"}, …],
///      "cases": [{"id": "isbn-001", "input": {…}, "expected": {…}, "rules": ["ISBN-01"],
///                 "decisions": ["D-051"], "note": "an ISBN-10 in the guard"}, …]}
///
/// written by `TestVectorJSON.pretty`, so the same cases give the same bytes on every machine
/// (`TestVectors/README.md` describes the format for readers).
public struct TestVectorFile: Sendable {
    /// The value of every file's `format` member.
    public static let format = "bookspec-test-vectors"
    /// The shape's version: raised when a member changes meaning or an area's `input` or `expected`
    /// changes shape; adding cases, members or areas keeps it.
    public static let version = 1
    /// The largest vector file a reader accepts, in bytes: the biggest is about 200 KB.
    public static let fileBytesMax = 8 * 1_048_576
    /// The limits committed files are parsed with: wider than the model's messages, because a file
    /// holds every case of an area and texts up to 64 KiB.
    public static let parseLimits = JSONParseLimits(bytesMax: fileBytesMax, depthMax: 32, stringBytesMax: 1_048_576, membersMax: 100_000)

    /// The area's name, which is also the file's name without `.json`: `csv-records`.
    public let area: String
    /// The seed every generated case of the area was drawn from.
    public let generatorSeed: UInt64
    /// The cases, in the order their ids were given.
    public let cases: [TestVectorCase]

    /// - Precondition: the area is named in lower case and hyphens, and there is at least one case.
    public init(area: String, generatorSeed: UInt64, cases: [TestVectorCase]) {
        precondition(!area.isEmpty && area.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }, "an area is named in lower case and hyphens, got \"\(area)\"")
        precondition(!cases.isEmpty, "the area \(area) has no cases")
        self.area = area
        self.generatorSeed = generatorSeed
        self.cases = cases
    }

    /// `csv-records.json`.
    public var fileName: String { area + ".json" }

    /// Every rule the cases name, by id.
    public var rules: [Rule] {
        var seen = Set<RuleID>()
        return cases.flatMap(\.rules).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// The seed sections the rules quote, in the order the cases first name them.
    public var seedSections: [String] {
        var sections: [String] = []
        for rule in cases.flatMap(\.rules) {
            guard case let .seed(passage) = rule.basis else { continue }
            let section = passage.document.description + ", " + passage.section
            if !sections.contains(section) { sections.append(section) }
        }
        return sections
    }

    /// The file as a JSON value, its members in the order the format lists them.
    public var json: JSONValue {
        .object(JSONObject([
            ("format", .string(Self.format)),
            ("version", .integer(Int64(Self.version))),
            ("area", .string(area)),
            ("generatorSeed", .integer(Int64(bitPattern: generatorSeed))),
            ("seed", .array(seedSections.map(JSONValue.string))),
            ("rules", .array(rules.map { rule in
                .object(JSONObject([
                    ("id", .string(rule.id.rawValue)), ("requirement", .string(rule.requirement.rawValue)),
                    ("statement", .string(rule.statement)), ("basis", rule.basis.json),
                ]))
            })),
            ("cases", .array(cases.map(\.json))),
        ]))
    }

    /// The file's bytes, as committed: pretty-printed, ending in a line break.
    public func encoded() -> [UInt8] {
        TestVectorJSON.pretty(json)
    }
}

// MARK: - Reading

extension TestVectorFile {
    /// `value` (a case, or any part of one) with every `{"textPieces": [[text, count], …]}` written back
    /// as the string it stands for: what a reader of the files does first.
    public static func expandingTexts(_ value: JSONValue) -> JSONValue {
        TestVectorValues.expanded(value)
    }

    /// The bytes a `{"encoding": "utf-8" | "hex", "data": …}` value stands for (after
    /// `expandingTexts`), or `nil` when it is not one.
    public static func bytes(_ value: JSONValue) -> [UInt8]? {
        TestVectorValues.decodedBytes(value)
    }
}

/// One test vector: an input, the model's answer, and what it exercises.
public struct TestVectorCase: Sendable {
    /// Stable within its file and across files: `isbn-017`, `csv-n-004`, `codec-gen-003`.
    public let id: String
    /// The input the seam is given, as JSON.
    public let input: JSONValue
    /// The model's answer, computed when the file is made (never written by hand).
    public let expected: JSONValue
    /// The kit's rules the case exercises.
    public let rules: [Rule]
    /// The decisions of `Docs/Decisions.md` that settle the case (`D-051`); empty where the seed or
    /// RFC alone does.
    public let decisions: [String]
    /// What the case is, in a phrase.
    public let note: String?

    /// Builds a case; it must exercise at least one rule, and every decision must be a `D-nnn` id.
    public init(id: String, input: JSONValue, expected: JSONValue, rules: [Rule], decisions: [String], note: String?) {
        precondition(!rules.isEmpty, "case \(id) exercises no rule")
        for decision in decisions {
            precondition(decision.hasPrefix("D-") && decision.count == 5 && decision.dropFirst(2).allSatisfy(\.isNumber), "case \(id) names \"\(decision)\", which is not a decision id D-nnn")
        }
        self.id = id
        self.input = input
        self.expected = expected
        self.rules = rules
        self.decisions = decisions
        self.note = note
    }

    /// The case as a JSON value: `id`, `input`, `expected`, `rules`, `decisions`, `note`; texts longer
    /// than 1 KiB as pieces (`TestVectorValues.compacted`).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)),
            ("input", TestVectorValues.compacted(input)),
            ("expected", TestVectorValues.compacted(expected)),
            ("rules", .array(rules.map { .string($0.id.rawValue) })),
            ("decisions", .array(decisions.map(JSONValue.string))),
        ]
        if let note { members.append(("note", .string(note))) }
        return .object(JSONObject(members))
    }
}

/// An area's cases as they are added, numbered in order: `isbn-001`, `isbn-002`, … and, in a group,
/// `csv-y-001` or `isbn-gen-001`.
///
/// Ids are never renumbered on purpose: add a case at the end of its group, so that every case keeps
/// the id other projects may have recorded.
struct TestVectorCaseList {
    let prefix: String
    private(set) var cases: [TestVectorCase] = []
    /// The last number given in each group, in the order groups first appear.
    private var numbers: [(group: String, last: Int)] = []

    init(prefix: String) {
        self.prefix = prefix
    }

    /// Adds a case; `decisions` defaults to those of its rules, in order.
    mutating func add(_ group: String? = nil, input: JSONValue, expected: JSONValue, rules: [Rule], decisions: [String]? = nil, note: String?) {
        let key = group ?? ""
        let number: Int
        if let index = numbers.firstIndex(where: { $0.group == key }) {
            numbers[index].last += 1
            number = numbers[index].last
        } else {
            numbers.append((key, 1))
            number = 1
        }
        precondition(number <= 999, "group \(key) of \(prefix) has more than 999 cases")
        let digits = String(number)
        let id = prefix + (group.map { "-" + $0 } ?? "") + "-" + String(repeating: "0", count: 3 - digits.count) + digits
        cases.append(TestVectorCase(id: id, input: input, expected: expected, rules: rules, decisions: decisions ?? Self.decisions(of: rules), note: note))
    }

    /// The decisions of `rules`, in order, each once.
    static func decisions(of rules: [Rule]) -> [String] {
        var seen: [String] = []
        for case let .decision(id) in rules.map(\.basis) where !seen.contains(id.rawValue) { seen.append(id.rawValue) }
        return seen
    }

    /// The decisions of a case that exercises `rules`: the decisions its rules rest on, then those its
    /// examples pin under a decision rule (`pinned`), which say which part of that rule the example is
    /// about (`D-066` beside ISBN-12's `D-051`). A decision pinned under a seed or standard rule is not
    /// passed here: that rule's check passes without it, so it does not make the case a decision's.
    static func decisions(of rules: [Rule], pinned: [String]) -> [String] {
        var decisions = decisions(of: rules)
        for pin in pinned where isDecision(pin) && !decisions.contains(pin) { decisions.append(pin) }
        return decisions
    }

    /// Whether a pin names a decision, `D-051`, rather than the seed's or a standard's words.
    static func isDecision(_ pins: String) -> Bool {
        pins.hasPrefix("D-") && pins.count == 5
    }

    /// What a suite example pins, as a case's note: the seed's or a standard's words join the name; a
    /// decision is the case's decisions' (`decisions(of:pinned:)`), not its note's.
    static func pinned(_ name: String, _ pins: String?) -> String {
        guard let pins, !isDecision(pins) else { return name }
        return name + " (" + pins + ")"
    }

    /// Adds a case taken from a suite's example of the list of `rules.first` (the other rules being those
    /// that cover the rest of its answer): its decisions are its rules' and the one it pins when its list's
    /// rule is a decision's (`decisions(of:pinned:)`); the seed's or a standard's words it pins join its note.
    mutating func add(_ group: String? = nil, input: JSONValue, expected: JSONValue, rules: [Rule], name: String, pins: String?) {
        let pinned = rules.first?.basis.kind == .decision ? pins.map { [$0] } ?? [] : []
        add(group, input: input, expected: expected, rules: rules, decisions: Self.decisions(of: rules, pinned: pinned), note: Self.pinned(name, pins))
    }
}

/// Cases taken from a suite's example lists, one per input: an input that several lists hold (the
/// seed's example under its seed rule and again under the decision that fixes the rest of its answer)
/// is one case naming the rule of every list that holds it, so that a vector says every rule a reader
/// is held to on it.
struct TestVectorExampleSet<Value> {
    struct Entry {
        /// The suite's own input, as the first list gave it.
        let value: Value
        let input: JSONValue
        /// The name of the first example with this input.
        let name: String
        /// The first pin that is the seed's or a standard's words, for the note.
        var words: String?
        /// The rules of the lists that hold the input, in the order they were added.
        var rules: [Rule]
        /// The pins of the examples under a decision rule, in order.
        var pinned: [String]
    }

    private(set) var entries: [Entry] = []
    let key: (Value) -> JSONValue

    /// - Parameter key: the case's input, which tells two examples apart.
    init(key: @escaping (Value) -> JSONValue) {
        self.key = key
    }

    /// Adds an example of `rules`' list (a list's own rule, and any rule its check is also about).
    mutating func add(_ name: String, _ value: Value, pins: String?, rules: [Rule]) {
        let input = key(value)
        let words = pins.flatMap { TestVectorCaseList.isDecision($0) ? nil : $0 }
        let pinned = rules.contains { $0.basis.kind == .decision } ? pins.map { [$0] } ?? [] : []
        if let index = entries.firstIndex(where: { $0.input == input }) {
            entries[index].rules = (entries[index].rules + rules).uniqued()
            entries[index].pinned += pinned
            if entries[index].words == nil { entries[index].words = words }
        } else {
            entries.append(Entry(value: value, input: input, name: name, words: words, rules: rules.uniqued(), pinned: pinned))
        }
    }

    /// Adds every example of a list, its input the part of the example's that `value` picks (a list
    /// pairs its input with the suite's expectation, which the vectors do not use: the model's answer is
    /// the expectation).
    mutating func add<Example>(_ examples: [ConformanceExample<Example>], _ value: (Example) -> Value, _ rules: Rule...) {
        for example in examples { add(example.name, value(example.input), pins: example.pins, rules: rules) }
    }

    /// Adds every example of a list whose inputs are the cases' own.
    mutating func add(_ examples: [ConformanceExample<Value>], _ rules: Rule...) {
        for example in examples { add(example.name, example.input, pins: example.pins, rules: rules) }
    }

    /// Writes the cases to `list`: each entry's rules, then `more` of it (the rules that fix the rest
    /// of its answer), then `catchAll` (the reference rule that the model's whole answer is).
    func write(to list: inout TestVectorCaseList, _ group: String? = nil, expected: (Value) -> JSONValue, more: (Entry) -> [Rule] = { _ in [] }, catchAll: [Rule] = []) {
        for entry in entries {
            let rules = (entry.rules + more(entry) + catchAll).uniqued()
            list.add(group, input: entry.input, expected: expected(entry.value), rules: rules,
                     decisions: TestVectorCaseList.decisions(of: rules, pinned: entry.pinned), note: entry.words.map { entry.name + " (" + $0 + ")" } ?? entry.name)
        }
    }
}

extension Array where Element == Rule {
    /// The rules, each once, in their first order.
    func uniqued() -> [Rule] {
        var seen = Set<RuleID>()
        return filter { seen.insert($0.id).inserted }
    }
}
