import Fixtures
import Generators
import SpecModel
import Workloads

// What the CSV parsing suites share: parsing in given chunkings or by pulling, the outcome they
// compare (the rows delivered, then the error, if any), and generators of hostile tables, chunk
// sizes and limits. Generators are static members of `CSVParsingGen`, not `Gen` extensions, so
// `Gen` infers its value type normally (Docs/PropertyTesting.md).

/// Everything a parse produced: the rows delivered, in order, and the error that stopped it.
///
/// Rows delivered before an error are part of the outcome: an importer acts on them.
struct CSVParsingOutcome: Hashable, CustomStringConvertible {
    var rows: [CSVRow]
    var error: CSVParseError?

    init(rows: [CSVRow], error: CSVParseError? = nil) {
        self.rows = rows
        self.error = error
    }

    var description: String {
        rows.map(\.description).joined(separator: "\n") + (error.map { "\nerror: \($0)" } ?? "")
    }
}

enum CSVParsing {
    /// Parses `bytes` with `CSVParser`, feeding chunks of the sizes in `chunkSizes`, cycled until
    /// the bytes run out (an empty list feeds the whole file at once; a size of 0 feeds an empty
    /// chunk).
    static func parse(
        _ bytes: [UInt8], chunkSizes: [Int] = [], dialect: CSVDialect = .comma, limits: CSVLimits = .default
    ) -> CSVParsingOutcome {
        var parser = CSVParser(dialect: dialect, limits: limits)
        var rows: [CSVRow] = []
        let sizes = chunkSizes.contains { $0 > 0 } ? chunkSizes : [max(1, bytes.count)]
        do {
            var start = 0
            var turn = 0
            while start < bytes.count {
                let end = min(bytes.count, start + sizes[turn % sizes.count])
                turn += 1
                try parser.feed(bytes[start..<end]) { rows.append($0) }
                start = end
            }
            try parser.finish { rows.append($0) }
            return CSVParsingOutcome(rows: rows)
        } catch {
            return CSVParsingOutcome(rows: rows, error: error)
        }
    }

    /// Reads `bytes` with `PlainCSVReader`, the grammar stated plainly, which the others are held to.
    static func plain(_ bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) -> CSVParsingOutcome {
        let (rows, error) = PlainCSVReader.read(bytes, dialect: dialect, limits: limits)
        return CSVParsingOutcome(rows: rows, error: error)
    }

    /// Parses `bytes` with `CSVRowReader`, one row at a time.
    static func read(_ bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) -> CSVParsingOutcome {
        var reader = CSVRowReader(bytes: bytes, dialect: dialect, limits: limits)
        var rows: [CSVRow] = []
        do {
            while let row = try reader.next() { rows.append(row) }
            return CSVParsingOutcome(rows: rows)
        } catch {
            return CSVParsingOutcome(rows: rows, error: error)
        }
    }

    /// The rows as `CSVRowReader.withNextRecord` lends them, each field's bytes made a string.
    static func lend(_ bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) -> CSVParsingOutcome {
        var reader = CSVRowReader(bytes: bytes, dialect: dialect, limits: limits)
        var rows: [CSVRow] = []
        do {
            while let row = try reader.withNextRecord({ row, fields in
                // A lent record makes no strings: if it had, the row compares unequal.
                guard row.fields.isEmpty else { return CSVRow(number: 0, lineNumber: 0, byteOffset: 0, fields: ["(a lent record made strings)"]) }
                return CSVRow(
                    number: row.number, lineNumber: row.lineNumber, byteOffset: row.byteOffset,
                    fields: (0..<fields.count).map { String(decoding: fields[$0], as: UTF8.self) }
                )
            }) { rows.append(row) }
            return CSVParsingOutcome(rows: rows)
        } catch {
            return CSVParsingOutcome(rows: rows, error: error)
        }
    }

    /// What `CSVRowReader.skipRemainingRecords` says of the whole file: the records, or the error.
    static func count(_ bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) -> Result<Int, CSVParseError> {
        var reader = CSVRowReader(bytes: bytes, dialect: dialect, limits: limits)
        do throws(CSVParseError) {
            return .success(try reader.skipRemainingRecords())
        } catch {
            return .failure(error)
        }
    }

    /// The 1-based physical line of `offset`: one more than the line breaks (LF, CRLF, CR) before it.
    ///
    /// An oracle independent of the parser, for the line numbers it reports.
    static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        var index = 0
        while index < offset {
            if bytes[index] == 0x0D {
                line += 1
                if index + 1 < offset, bytes[index + 1] == 0x0A { index += 1 }
            } else if bytes[index] == 0x0A {
                line += 1
            }
            index += 1
        }
        return line
    }
}

/// Generators for the CSV parsing properties.
enum CSVParsingGen {
    // The content generators are the fixtures' (`CSVTableFixture`), shared with the conformance kit.
    static let field = CSVTableFixture.field
    static let table = CSVTableFixture.table(columns: 1...30, rows: 1...8)
    static let chunkSizes = CSVTableFixture.chunkSizes
    static let dialect = CSVTableFixture.dialect

    /// Tight limits (a few bytes, a few columns) half the time, so that hostile inputs reach them,
    /// and the defaults otherwise.
    static let limits: Gen<CSVLimits> = Gen<CSVLimits>.frequency([
        (1, Gen.constant(CSVLimits.default)),
        (1, Gen<(Int, Int, Int)>.zip(Gen<Int>.int(in: 1...24), Gen<Int>.int(in: 1...48), Gen<Int>.int(in: 1...6)).map {
            CSVLimits(fieldBytesMax: $0, rowBytesMax: $1, columnsMax: $2)
        }),
    ])

    static let hostileBytes = CSVTableFixture.hostileBytes(piecesMax: 80)

    /// The bytes CSV mutations favour: the format's punctuation and UTF-8 lead bytes.
    static let favouredEditBytes: [UInt8] = Array(",\"\t\r\n".utf8) + [0xEF, 0xC3, 0xE2, 0x80, 0x00]
}
