import SpecModel

/// The test vectors of every rule that is a function, one file per area, made from the model: what
/// `swift run vectorwriter` writes into `TestVectors/` and what `TestVectorTests` holds the committed
/// files to (issue 23, part 3).
public enum TestVectors {
    /// The folder the files are committed in, from the package's root.
    public static let folder = "TestVectors"
    /// The one command that writes them again.
    public static let regenerateCommand = "swift run vectorwriter"

    /// The areas, in the order they are made and listed.
    public static let areas = [
        CSVRecordVectors.area, ISBNVectors.area, TitleNormalizationVectors.area, FormatDetectionVectors.area, DuplicateTierVectors.area,
        StatusTextVectors.area, ErrorPayloadVectors.area, CodecVectors.area, ThrottleTraceVectors.area,
    ]

    /// Every file, made now from the model.
    public static func files() -> [TestVectorFile] {
        let files = [
            CSVRecordVectors.file(), ISBNVectors.file(), TitleNormalizationVectors.file(), FormatDetectionVectors.file(), DuplicateTierVectors.file(),
            StatusTextVectors.file(), ErrorPayloadVectors.file(), CodecVectors.file(), ThrottleTraceVectors.file(),
        ]
        precondition(files.map(\.area) == areas, "TestVectors.areas lists \(areas), the files are \(files.map(\.area))")
        return files
    }

    /// Where a committed file differs from the one the model makes now, in a sentence: the first case
    /// that differs (by position), or the member of the file's head; `nil` when the bytes are equal.
    ///
    /// - Complexity: O(*n*) in the files' sizes.
    public static func difference(committed: [UInt8], made: TestVectorFile) -> String? {
        let madeBytes = made.encoded()
        if committed == madeBytes { return nil }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: committed, limits: TestVectorFile.parseLimits)
        } catch {
            return "\(made.fileName) is not JSON (\(error))"
        }
        let madeJSON = made.json
        for key in ["format", "version", "area", "generatorSeed", "seed", "rules"] where document[key] != madeJSON[key] {
            return "\(made.fileName): its \"\(key)\" differs from the model's"
        }
        let committedCases = document["cases"]?.array ?? []
        for (index, madeCase) in made.cases.enumerated() {
            guard index < committedCases.count else {
                return "\(made.fileName): case \(madeCase.id) (and \(made.cases.count - index - 1) after it) is missing"
            }
            let committedCase = committedCases[index]
            if committedCase != madeCase.json {
                let committedID = committedCase["id"]?.string ?? "without an id"
                let parts = ["input", "expected", "rules", "decisions", "note"].filter { committedCase[$0] != madeCase.json[$0] }
                let what = committedID == madeCase.id
                    ? "case \(madeCase.id): its \(parts.isEmpty ? "members" : parts.joined(separator: ", ")) differ from the model's"
                    : "case \(index + 1) is \(committedID) in the file but \(madeCase.id) now"
                return "\(made.fileName): \(what)" + (parts.contains("expected") ? "\n    committed: \(clip(committedCase["expected"]))\n    model now: \(clip(madeCase.json["expected"]))" : "")
            }
        }
        if committedCases.count > made.cases.count {
            return "\(made.fileName): \(committedCases.count - made.cases.count) case(s) after \(made.cases.last?.id ?? "the last") are no longer made"
        }
        return "\(made.fileName): the same cases, laid out differently (not written by vectorwriter?)"
    }

    /// A value on one line, at most 300 bytes of it.
    static func clip(_ value: JSONValue?) -> String {
        guard let value else { return "absent" }
        let text = TestVectorJSON.inline(value)
        guard text.utf8.count > 300 else { return text }
        return String(decoding: text.utf8.prefix(300), as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }
}
