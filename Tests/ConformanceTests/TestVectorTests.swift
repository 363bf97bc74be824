import Foundation
import SpecConformance
import SpecModel
import Testing

/// The committed test vectors (`TestVectors/`) are what the model makes now, and every file keeps the
/// format other languages read: the head, rule ids of the kit, decisions of the register, unique ids,
/// the CSV split by verdict (issue 23, part 3).
@Suite struct TestVectorTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = packageRoot.appendingPathComponent(TestVectors.folder)

    /// The vectors made once for the whole suite (about a second in a debug build).
    static let made = TestVectors.files()

    static func committed(_ file: TestVectorFile) -> [UInt8]? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(file.fileName).path).map { Array($0) }
    }

    /// The committed file, parsed, with its long texts written back.
    static func parsed(_ file: TestVectorFile) throws -> JSONValue {
        let bytes = try #require(committed(file), "\(TestVectors.folder)/\(file.fileName) is missing; write it with `\(TestVectors.regenerateCommand)`")
        return TestVectorFile.expandingTexts(try JSONValue(parsing: bytes, limits: TestVectorFile.parseLimits))
    }

    // MARK: - The committed files are the model's

    @Test func committedFilesAreWhatTheModelMakesNow() {
        for file in Self.made {
            guard let bytes = Self.committed(file) else {
                Issue.record("\(TestVectors.folder)/\(file.fileName) is missing; write it with `\(TestVectors.regenerateCommand)`")
                continue
            }
            if let difference = TestVectors.difference(committed: bytes, made: file) {
                Issue.record("""
                    \(TestVectors.folder)/\(difference)
                    The committed vectors differ from what the model makes now. If the model changed on purpose, regenerate them \
                    with `\(TestVectors.regenerateCommand)` and review the diff; otherwise the model has changed an answer other projects rely on.
                    """)
            }
        }
    }

    @Test func noCommittedFileIsLeftOver() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        let made = Set(Self.made.map(\.fileName))
        #expect(names.filter { !made.contains($0) }.isEmpty, "files the model no longer makes; remove them")
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("README.md").path), "TestVectors/README.md describes the format")
    }

    @Test func theVectorsAreMadeTheSameEveryTime() {
        for (first, second) in zip(Self.made, TestVectors.files()) {
            #expect(first.encoded() == second.encoded(), "\(first.fileName) came out differently the second time")
        }
    }

    @Test func aDifferenceNamesTheFileAndTheFirstCaseThatDiffers() throws {
        let file = try #require(Self.made.first { $0.area == "isbn" })
        var text = String(decoding: file.encoded(), as: UTF8.self)
        let range = try #require(text.range(of: "\"isbn13\": \"9780439023481\""))
        text.replaceSubrange(range, with: "\"isbn13\": \"9780439023482\"")
        let difference = try #require(TestVectors.difference(committed: Array(text.utf8), made: file))
        #expect(difference.hasPrefix("isbn.json: case isbn-"), "\(difference)")
        #expect(difference.contains("expected"), "\(difference)")
        #expect(TestVectors.difference(committed: file.encoded(), made: file) == nil)
        #expect(TestVectors.difference(committed: Array("{".utf8), made: file)?.hasPrefix("isbn.json is not JSON") == true)
    }

    // MARK: - The format

    @Test func everyFileHasTheFormatsHead() throws {
        for file in Self.made {
            let document = try Self.parsed(file)
            #expect(document["format"] == .string(TestVectorFile.format), "\(file.fileName)")
            #expect(document["version"] == .integer(Int64(TestVectorFile.version)), "\(file.fileName)")
            #expect(document["area"]?.string.map { $0 + ".json" } == file.fileName)
            #expect(document["generatorSeed"]?.int64 != nil, "\(file.fileName)")
            #expect(document["seed"]?.array?.allSatisfy { $0.string?.hasPrefix("seed 00") == true } == true, "\(file.fileName): the seed sections")
            let cases = try #require(document["cases"]?.array, "\(file.fileName) has no cases")
            #expect(cases.count >= 20, "\(file.fileName) has only \(cases.count) cases")
            for item in cases {
                let id = item["id"]?.string ?? "a case without an id"
                #expect(item["input"]?.object != nil, "\(file.fileName) \(id): input")
                #expect(item["expected"]?.object != nil, "\(file.fileName) \(id): expected")
                #expect(item["rules"]?.array?.isEmpty == false, "\(file.fileName) \(id): rules")
                #expect(item["decisions"]?.array != nil, "\(file.fileName) \(id): decisions")
                #expect(item["note"] == nil || item["note"]?.string != nil, "\(file.fileName) \(id): note")
            }
        }
    }

    @Test func idsAreUniqueAcrossEveryFileAndNamedForTheirArea() throws {
        var seen = Set<String>()
        for file in Self.made {
            for item in try #require(try Self.parsed(file)["cases"]?.array) {
                let id = try #require(item["id"]?.string)
                #expect(seen.insert(id).inserted, "\(id) appears twice")
                #expect(id.split(separator: "-").last?.count == 3, "\(id) does not end in a three-digit number")
            }
        }
    }

    @Test func everyRuleIsOfTheKitAndEveryDecisionOfTheRegister() throws {
        let kit = Dictionary(ConformanceCatalog.models.flatMap(\.rules).map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let register = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/Decisions.md"), encoding: .utf8)
        for file in Self.made {
            let document = try Self.parsed(file)
            for rule in document["rules"]?.array ?? [] {
                let id = rule["id"]?.string ?? ""
                let known = kit[id]
                #expect(known != nil, "\(file.fileName) lists \(id), which no suite has")
                #expect(rule["statement"]?.string == known?.statement, "\(file.fileName): the statement of \(id) is not the kit's")
                #expect(rule["requirement"]?.string == known?.requirement.rawValue, "\(file.fileName): the requirement of \(id) is not the kit's")
            }
            let listed = Set((document["rules"]?.array ?? []).compactMap { $0["id"]?.string })
            for item in document["cases"]?.array ?? [] {
                let id = item["id"]?.string ?? "?"
                for rule in item["rules"]?.array ?? [] {
                    let name = rule.string ?? ""
                    #expect(kit[name] != nil, "\(file.fileName) \(id) names \(name), which no suite has")
                    #expect(listed.contains(name), "\(file.fileName) \(id) names \(name), which the file's head does not list")
                }
                for decision in item["decisions"]?.array ?? [] {
                    #expect(register.contains("### \(decision.string ?? "?") "), "\(file.fileName) \(id) names \(decision), which the register does not have")
                }
            }
        }
    }

    /// A reader learns a case's basis from the `rules` table: every rule carries its basis, a case names
    /// the decisions its decision rules rest on, and a case without a decision rule names no decision (a
    /// seed or standard rule's case is required whole; the kit's choices are named as such).
    @Test func everyCaseNamesTheDecisionsOfItsDecisionRulesAndNoOthers() throws {
        let kinds: Set<String> = ["seed", "standard", "decision", "reference"]
        for file in Self.made {
            let document = try Self.parsed(file)
            var basis: [String: JSONValue] = [:]
            for rule in document["rules"]?.array ?? [] {
                let id = rule["id"]?.string ?? "?"
                basis[id] = rule["basis"]
                #expect(rule["basis"]?["kind"]?.string.map(kinds.contains) == true, "\(file.fileName): \(id) has no basis kind")
            }
            for item in document["cases"]?.array ?? [] {
                let id = item["id"]?.string ?? "?"
                let decisionRules = (item["rules"]?.array ?? []).compactMap(\.string).filter { basis[$0]?["kind"]?.string == "decision" }
                let ruleDecisions = Set(decisionRules.compactMap { basis[$0]?["decision"]?.string })
                let decisions = Set((item["decisions"]?.array ?? []).compactMap(\.string))
                #expect(ruleDecisions.isSubset(of: decisions), "\(file.fileName) \(id) names \(decisionRules) but not all their decisions: \(decisions.sorted())")
                #expect(decisionRules.isEmpty == decisions.isEmpty, "\(file.fileName) \(id) names decisions \(decisions.sorted()) without a decision rule, or the reverse")
            }
        }
    }

    /// The dashes TITLE-10 (D-140) decides are among the title vectors, each tagged with it.
    @Test func theTitleVectorsHoldTheDashSubtitles() throws {
        let file = try #require(Self.made.first { $0.area == "title-normalization" })
        let dashes = (try #require(try Self.parsed(file)["cases"]?.array)).filter { $0["rules"]?.array?.contains("TITLE-10") == true }
        #expect(dashes.count >= 5, "\(dashes.count) cases name TITLE-10")
        for item in dashes {
            #expect(item["decisions"]?.array?.contains("D-140") == true, "\(item["id"] ?? .null)")
            #expect(item["input"]?["title"]?.string?.contains { "-\u{2013}\u{2014}".contains($0) } == true, "\(item["id"] ?? .null) holds no dash")
        }
    }

    /// JSONTestSuite's split holds: `y_` files are accepted, `n_` files rejected, `i_` files left open,
    /// each as the model answers.
    @Test func csvCasesAreSplitByTheModelsVerdict() throws {
        let file = try #require(Self.made.first { $0.area == "csv-records" })
        var groups: [String: Int] = [:]
        for item in try #require(try Self.parsed(file)["cases"]?.array) {
            let id = try #require(item["id"]?.string)
            let split = String(id.split(separator: "-")[1])
            groups[split, default: 0] += 1
            let verdict = item["expected"]?["verdict"]?.string
            switch split {
            case "y": #expect(verdict == "accept", "\(id) must be accepted, and the model says \(verdict ?? "nothing")")
            case "n":
                #expect(verdict == "reject", "\(id) must be rejected, and the model says \(verdict ?? "nothing")")
                #expect(item["expected"]?["error"]?["kind"]?.string != nil, "\(id) has no error kind")
            case "i":
                #expect(verdict == "either", "\(id)")
                let records = item["expected"]?["records"]?.array ?? []
                let before = item["expected"]?["recordsBeforeOddRecord"]?.array ?? []
                #expect(records.starts(with: before), "\(id): the records before the odd one are not the first records")
            default: Issue.record("\(id) is in no group of the split")
            }
        }
        #expect(groups["y"] ?? 0 >= 20 && groups["n"] ?? 0 >= 20 && groups["i"] ?? 0 >= 5, "the split: \(groups)")
    }

    /// A reader in another language does this: reads a case's bytes, feeds them in any chunking, and
    /// compares. The model, read back from the committed file the same way, gives every expectation.
    @Test func aReaderOfTheCSVFileGetsTheModelsAnswersInAnyChunking() throws {
        let file = try #require(Self.made.first { $0.area == "csv-records" })
        for item in try #require(try Self.parsed(file)["cases"]?.array) {
            let id = item["id"]?.string ?? "?"
            let bytes = try #require(item["input"]?["bytes"].flatMap(TestVectorFile.bytes), "\(id): the bytes do not decode")
            let dialect: CSVDialect = item["input"]?["delimiter"]?.string == "\t" ? .tab : .comma
            for size in bytes.count > 100_000 ? [0] : [0, 1, 3] {
                let chunks = size == 0 ? [bytes] : stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
                let outcome = ModelCSVRecordReader().readRecords(chunks: chunks, dialect: dialect)
                let records = JSONValue.array(outcome.records.map { .array($0.map(JSONValue.string)) })
                #expect(records == item["expected"]?["records"], "\(id) in chunks of \(size)")
                if let error = outcome.error {
                    #expect(item["expected"]?["error"]?["kind"]?.string == error.kind.rawValue, "\(id) in chunks of \(size)")
                    #expect(item["expected"]?["error"]?["offset"]?.int64 == Int64(error.offset), "\(id) in chunks of \(size)")
                } else {
                    #expect(item["expected"]?["error"] == nil, "\(id) in chunks of \(size)")
                }
            }
        }
    }

    @Test func aReaderOfTheISBNAndTitleFilesGetsTheModelsAnswers() throws {
        let isbn = try #require(Self.made.first { $0.area == "isbn" })
        for item in try #require(try Self.parsed(isbn)["cases"]?.array) {
            let answer = ModelISBNReader().readISBN(try #require(item["input"]?["field"]?.string))
            let expected = item["expected"]
            switch answer {
            case .empty: #expect(expected?["result"] == "empty")
            case .invalid: #expect(expected?["result"] == "invalid")
            case let .valid(isbn13, isbn10):
                #expect(expected?["result"] == "valid" && expected?["isbn13"]?.string == isbn13 && expected?["isbn10"]?.string == isbn10, "\(item["id"] ?? .null)")
            }
        }
        let titles = try #require(Self.made.first { $0.area == "title-normalization" })
        for item in try #require(try Self.parsed(titles)["cases"]?.array) {
            let title = try #require(item["input"]?["title"]?.string)
            #expect(item["expected"]?["normalized"]?.string == ModelTitleNormalizer().normalizedTitle(title), "\(item["id"] ?? .null)")
        }
    }

    @Test func longTextsAndBytesReadBackExactly() throws {
        let texts = ["", "a", String(repeating: "a", count: 70_000), String(repeating: "é", count: 600) + "x" + String(repeating: "📚", count: 300),
                     "ab" + String(repeating: "\u{301}", count: 2_000), String(repeating: "abc", count: 1_000)]
        for text in texts {
            let made = TestVectorFile(area: "texts", generatorSeed: 0, cases: [
                TestVectorCase(id: "texts-001", input: ["text": .string(text)], expected: [:], rules: [TitleNormalizationRules.whitespace], decisions: [], note: nil),
            ])
            let read = try JSONValue(parsing: made.encoded(), limits: TestVectorFile.parseLimits)
            if text.utf8.count > 10_000 { #expect(made.encoded().count < 2_000, "a long run is not written as a piece") }
            #expect(TestVectorFile.expandingTexts(read)["cases"]?[0]?["input"]?["text"]?.string == text)
        }
        #expect(TestVectorFile.bytes(["encoding": "hex", "data": "61ff0a"]) == [0x61, 0xFF, 0x0A])
        #expect(TestVectorFile.bytes(["encoding": "utf-8", "data": "é"]) == [0xC3, 0xA9])
        #expect(TestVectorFile.bytes(["encoding": "hex", "data": "6g"]) == nil)
        #expect(TestVectorFile.bytes(["encoding": "base64", "data": "YQ=="]) == nil)
    }

    // MARK: - vectorwriter

    static func run(_ arguments: [String], folder: VectorWriterCommand.FolderRead) -> VectorWriterCommand.Outcome {
        VectorWriterCommand.run(arguments: arguments) { _ in folder }
    }

    static var upToDate: VectorWriterCommand.FolderRead {
        .files(made.map { ($0.fileName, $0.encoded()) })
    }

    @Test func helpAndUsageErrors() {
        let help = Self.run(["--help"], folder: .missing)
        #expect(help.status == 0 && help.output.hasPrefix("USAGE: vectorwriter") && help.files.isEmpty)
        let unknown = Self.run(["--frobnicate"], folder: .missing)
        #expect(unknown.status == 2 && unknown.output.hasPrefix("unknown option --frobnicate; vectorwriter takes --check, --directory"), "\(unknown.output)")
        #expect(Self.run(["--directory"], folder: .missing).output.hasPrefix("--directory needs a value (PATH)"))
        #expect(Self.run(["--directory", ""], folder: .missing).output.hasPrefix("--directory must be a folder's path, got nothing"))
        #expect(Self.run(["extra"], folder: .missing).output.hasPrefix("vectorwriter takes no arguments, but got extra as well"))
        let unreadable = Self.run(["--check"], folder: .unreadable(reason: "it is not a folder"))
        #expect(unreadable.status == 2 && unreadable.output == "cannot read TestVectors: it is not a folder\n")
    }

    @Test func checkPassesOnUpToDateFilesAndListsTheOnesThatDiffer() throws {
        let clean = Self.run(["--check"], folder: Self.upToDate)
        #expect(clean.status == 0 && clean.files.isEmpty, "\(clean.output)")

        var files = Self.made.map { ($0.fileName, $0.encoded()) }
        files[1].1 = Array(String(decoding: files[1].1, as: UTF8.self).replacingOccurrences(of: "\"invalid\"", with: "\"empty\"").utf8)
        files.append(("old-area.json", Array("{}".utf8)))
        let stale = Self.run(["--check", "--directory", "vectors"], folder: .files(files))
        #expect(stale.status == 1)
        #expect(stale.output.contains("vectors/isbn.json: case isbn-"), "\(stale.output)")
        #expect(stale.output.contains("vectors/old-area.json: not made by the model any more"), "\(stale.output)")
        #expect(stale.output.hasSuffix("regenerate with: swift run vectorwriter --directory vectors\n"), "\(stale.output)")
        #expect(!stale.output.contains("csv-records.json"), "\(stale.output)")

        let missing = Self.run(["--check"], folder: .missing)
        #expect(missing.status == 1 && missing.output.contains("TestVectors/codec.json: missing"), "\(missing.output)")
    }

    @Test func writingNamesEveryFileOfEveryArea() {
        let outcome = Self.run([], folder: .missing)
        #expect(outcome.status == 0)
        #expect(outcome.folder == TestVectors.folder)
        #expect(outcome.files.map(\.path) == TestVectors.areas.map { "TestVectors/\($0).json" })
        #expect(outcome.files.map(\.contents) == Self.made.map { $0.encoded() })
        #expect(outcome.output.contains("TestVectors/isbn.json: \(Self.made[1].cases.count) cases (new)"), "\(outcome.output)")
        let again = Self.run(["--directory", "out/"], folder: Self.upToDate)
        #expect(again.files.first?.path == "out/csv-records.json" && again.output.contains("(unchanged)"), "\(again.output)")
    }
}
