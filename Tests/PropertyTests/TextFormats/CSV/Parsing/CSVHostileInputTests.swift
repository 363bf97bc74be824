import Generators
import SpecModel
import SpecTesting
import Testing

/// Whatever bytes a user picks, the parser returns rows or a typed error at an offset inside the
/// file, never traps, and gives the same rows and the same error however the file is chunked
/// (Seed: 004_…, Success Criteria "Zero crashes on 1500+ book imports"; Feature Specifications §1,
/// "Malformed CSV … clear error message").
@Suite struct CSVHostileInputTests {
    /// Hostile bytes with two chunkings, a dialect and limits (tight ones half the time).
    struct Case: CustomStringConvertible {
        var bytes: [UInt8]
        var first: [Int]
        var second: [Int]
        var dialect: CSVDialect
        var limits: CSVLimits

        var description: String {
            "bytes \(bytes), chunks \(first) and \(second), \(dialect), limits \(limits.fieldBytesMax)/\(limits.rowBytesMax)/\(limits.columnsMax)"
        }
    }

    static func cases(_ bytes: Gen<[UInt8]>) -> Gen<Case> {
        Gen<([UInt8], [Int], [Int], CSVDialect, CSVLimits)>.zip(bytes, CSVParsingGen.chunkSizes, CSVParsingGen.chunkSizes, CSVParsingGen.dialect, CSVParsingGen.limits)
            .map { Case(bytes: $0, first: $1, second: $2, dialect: $3, limits: $4) }
    }

    /// Random bytes, most of them CSV punctuation, line breaks and (broken) UTF-8.
    static let randomBytes = cases(CSVParsingGen.hostileBytes)

    /// Files the writer wrote, then damaged by one to four inserted, deleted or replaced bytes.
    static let mutatedFiles = cases(
        Gen<([[String]], [ByteEdit])>.zip(
            CSVParsingGen.table,
            Gen<ByteEdit>.array(of: ByteEdit.generator(favouring: CSVParsingGen.favouredEditBytes, positionMax: 2_000), count: 1...4)
        ).map { table, edits in ByteEdit.apply(edits, to: CSVWriter.encode(rows: table)) }
    )

    @Test func randomBytesGiveTheSameRowsOrErrorInAnyChunking() {
        property(Self.randomBytes, cases: 1_000, describe: { $0.description }, labels: { [Self.outcomeLabel($0)] }) { value in
            try Self.requireChunkingInvariantAndWellBehaved(value)
        }
    }

    @Test func damagedFilesGiveTheSameRowsOrErrorInAnyChunking() {
        property(Self.mutatedFiles, cases: 600, describe: { $0.description }, labels: { [Self.outcomeLabel($0)] }) { value in
            try Self.requireChunkingInvariantAndWellBehaved(value)
        }
    }

    /// The plain reader's outcome (the grammar) from one chunk, two generated chunkings, 1-byte chunks and the pull reader;
    /// an error at an offset inside the file, naming a record and line that exist; rows in order.
    static func requireChunkingInvariantAndWellBehaved(_ value: Case) throws {
        let whole = CSVParsing.parse(value.bytes, dialect: value.dialect, limits: value.limits)
        try requireEqual(whole, CSVParsing.plain(value.bytes, dialect: value.dialect, limits: value.limits), "the parser against the plain reader")
        try requireEqual(CSVParsing.parse(value.bytes, chunkSizes: value.first, dialect: value.dialect, limits: value.limits), whole, "first chunking")
        try requireEqual(CSVParsing.parse(value.bytes, chunkSizes: value.second, dialect: value.dialect, limits: value.limits), whole, "second chunking")
        try requireEqual(CSVParsing.parse(value.bytes, chunkSizes: [1], dialect: value.dialect, limits: value.limits), whole, "1-byte chunks")
        try requireEqual(CSVParsing.read(value.bytes, dialect: value.dialect, limits: value.limits), whole, "pulled")
        // The import's two passes: counting only (no text), then lending each record's bytes.
        try requireEqual(CSVParsing.lend(value.bytes, dialect: value.dialect, limits: value.limits), whole, "lent as bytes")
        let expectedCount: Result<Int, CSVParseError> = whole.error.map { .failure($0) } ?? .success(whole.rows.count)
        try requireEqual(CSVParsing.count(value.bytes, dialect: value.dialect, limits: value.limits), expectedCount, "counted")

        for (index, row) in whole.rows.enumerated() {
            try requireEqual(row.number, index + 1, "record numbers count from 1 without gaps")
            try require(!row.fields.isEmpty, "a record has a field")
            try require(row.fields.count <= value.limits.columnsMax, "\(row.fields.count) fields beyond columnsMax")
            try require(row.fields.allSatisfy { $0.utf8.count <= value.limits.fieldBytesMax }, "a field beyond fieldBytesMax")
            try require((0..<value.bytes.count).contains(row.byteOffset), "record offset \(row.byteOffset) outside the file")
            try requireEqual(row.lineNumber, CSVParsing.line(at: row.byteOffset, in: value.bytes), "line of record \(row.number)")
            if index > 0 { try require(row.byteOffset > whole.rows[index - 1].byteOffset, "records out of order") }
        }
        if let error = whole.error {
            try require((0...value.bytes.count).contains(error.offset), "error offset \(error.offset) outside 0...\(value.bytes.count)")
            try require(!error.description.isEmpty, "an error without a description")
            if let record = error.record {
                try require(record >= 1 && record == whole.rows.count + 1, "error in record \(record) after \(whole.rows.count) rows")
            }
            if let line = error.line {
                try requireEqual(line, CSVParsing.line(at: min(error.offset, value.bytes.count), in: value.bytes), "line of the error's offset")
            }
        }
    }

    static func outcomeLabel(_ value: Case) -> String {
        switch CSVParsing.parse(value.bytes, dialect: value.dialect, limits: value.limits).error {
        case nil: return "parsed"
        case .notCSV?: return "not CSV"
        case .invalidUTF8?: return "invalid UTF-8"
        case .textAfterClosingQuote?: return "text after quote"
        case .unterminatedQuotedField?: return "unterminated"
        case .fieldTooLong?, .rowTooLong?, .tooManyColumns?: return "limit"
        }
    }
}
