import Generators
import SpecModel

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
    /// Text that breaks CSV parsers: any Unicode scalar but NUL, the format's own punctuation,
    /// Goodreads' `="…"` guards, spaces at the edges, empty strings and byte-order-mark characters.
    ///
    /// U+0000 is left out: no export contains it, and the parser rejects NUL as not CSV.
    static let field: Gen<String> = Gen<String>.frequency([
        (4, Gen<String>.unicodeString(count: 0...10).map { text in String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) }),
        (4, Gen<String>.string(ofScalars: Gen<Unicode.Scalar>.element(of: Array(",\"\r\n\t =a".unicodeScalars)), count: 0...8)),
        (3, Gen<String>.element(of: [
            "", " ", "  padded  ", "=\"\"", "=\"0525540679\"", "\"", "\"\"", "\"\"\"", "\r\n", "\r", "\n", ",",
            "\u{FEFF}", "\u{FEFF}Title", "a,b", "say \"hi\"", "%PDF-1.7", "GIF89a", "PK\u{3}\u{4}", "Café, Мир, 三体 😀",
        ])),
        (1, Gen<String>.goodreadsISBNField(Gen<String>.isbn10)),
    ])

    /// A table of 1 to 30 columns (every row the same count) and 1 to 8 rows of `field`s.
    static let table: Gen<[[String]]> = Gen<Int>.int(in: 1...30).flatMap { columns in
        Gen<[String]>.array(of: Gen<String>.array(of: field, count: columns...columns), count: 1...8)
    }

    /// Chunk sizes for feeding: often 1-byte chunks, often small ones, sometimes empty chunks or a
    /// whole page.
    static let chunkSizes: Gen<[Int]> = Gen<Int>.array(of: Gen<Int>.frequency([
        (3, Gen.constant(1)),
        (4, Gen<Int>.int(in: 1...16)),
        (1, Gen.constant(0)),
        (1, Gen<Int>.int(in: 1...4_096)),
    ]), count: 1...6)

    /// Either delimiter.
    static let dialect: Gen<CSVDialect> = Gen<CSVDialect>.element(of: [.comma, .tab])

    /// Tight limits (a few bytes, a few columns) half the time, so that hostile inputs reach them,
    /// and the defaults otherwise.
    static let limits: Gen<CSVLimits> = Gen<CSVLimits>.frequency([
        (1, Gen.constant(CSVLimits.default)),
        (1, Gen<(Int, Int, Int)>.zip(Gen<Int>.int(in: 1...24), Gen<Int>.int(in: 1...48), Gen<Int>.int(in: 1...6)).map {
            CSVLimits(fieldBytesMax: $0, rowBytesMax: $1, columnsMax: $2)
        }),
    ])

    /// Bytes that reach deep into the parser, drawn as short pieces: CSV punctuation and line
    /// breaks most often, then valid multi-byte characters, byte-order-mark bytes, broken UTF-8
    /// pieces, NUL, and any byte.
    static let hostileBytes: Gen<[UInt8]> = Gen<[UInt8]>.array(of: Gen<[UInt8]>.frequency([
        (12, Gen<UInt8>.element(of: Array(",\"\t\r\n a=".utf8)).map { [$0] }),
        (2, Gen<[UInt8]>.element(of: ["é", "€", "😀", "\u{FEFF}", "\"\"", "\r\n", "=\"\"", "\"=\"\"\"\"\""].map { Array($0.utf8) })),
        (1, Gen<[UInt8]>.element(of: [[0xEF], [0xBB], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0x80], [0xFF], [0x00]])),
        (1, Gen<UInt8>.anyInteger.map { [$0] }),
    ]), count: 0...80).map { Array($0.joined()) }

    /// The bytes CSV mutations favour: the format's punctuation and UTF-8 lead bytes.
    static let favouredEditBytes: [UInt8] = Array(",\"\t\r\n".utf8) + [0xEF, 0xC3, 0xE2, 0x80, 0x00]
}
