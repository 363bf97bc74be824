/// Writes rows as CSV that `CSVParser` reads back unchanged: for round-trip tests and export
/// fixtures.
///
/// Every row, however hostile its text, parses back to the same fields with the same dialect,
/// because the writer quotes exactly what the parser would otherwise read differently:
/// - a field holding the delimiter, a quote, CR or LF is quoted, its quotes doubled (RFC 4180);
/// - a row of one empty field is written `""`, since an empty line is a blank line, not a record;
/// - the first field of the file is quoted when, unquoted, the file would start with a UTF-8
///   byte-order mark (a field starting with U+FEFF) or a binary signature (`%PDF-`, `GIF89a`…),
///   which the parser would skip or reject.
/// Leading and trailing spaces need no quotes: the parser keeps whitespace as written. Text with
/// U+0000 is written as is, but the parser rejects any NUL byte (`notCSV`): no export contains one.
///
/// Seed: 004_…, Testing Strategy (CSV parsing of Goodreads / LibraryThing / StoryGraph formats).
public enum CSVWriter {
    /// The line break written after each row.
    public enum Terminator: Hashable, Sendable, CaseIterable {
        /// LF (Unix), CRLF (Windows and RFC 4180) or a lone CR (classic Mac OS); the parser reads each.
        case lf, crlf, cr

        /// The terminator's bytes.
        public var bytes: [UInt8] {
            switch self {
            case .lf: return [0x0A]
            case .crlf: return [0x0D, 0x0A]
            case .cr: return [0x0D]
            }
        }
    }

    /// Which fields are quoted.
    public enum Quoting: Hashable, Sendable, CaseIterable {
        /// Only the fields that need it (see `CSVWriter`), as Goodreads writes.
        case minimal
        /// Every field.
        case all
    }

    /// The file holding `rows`, each followed by `terminator` (the last one too, unless
    /// `endsWithTerminator` is false).
    ///
    /// - Precondition: every row has at least one field.
    public static func encode(
        rows: [[String]], dialect: CSVDialect = .comma, terminator: Terminator = .lf, quoting: Quoting = .minimal,
        endsWithTerminator: Bool = true
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, row) in rows.enumerated() {
            append(row: row, to: &bytes, dialect: dialect, quoting: quoting)
            if endsWithTerminator || index < rows.count - 1 { bytes.append(contentsOf: terminator.bytes) }
        }
        return bytes
    }

    /// Appends one row, without a line break, to the file being written in `bytes`.
    ///
    /// - Precondition: `fields` is not empty.
    public static func append(row fields: [String], to bytes: inout [UInt8], dialect: CSVDialect = .comma, quoting: Quoting = .minimal) {
        precondition(!fields.isEmpty, "CSVWriter cannot write a row of no fields: it would be a blank line")
        dialect.validate()
        let start = bytes.count
        write(fields, to: &bytes, delimiter: dialect.delimiter, quoting: quoting, quoteFirst: false)
        if start == 0, quoting == .minimal {
            let prefix = bytes.prefix(CSVFileSignature.prefixBytesMax)
            if CSVFileSignature.notCSVReason(prefix: prefix) != nil || CSVFileSignature.bytesToSkip(prefix: prefix) > 0 {
                bytes.removeAll(keepingCapacity: true)
                write(fields, to: &bytes, delimiter: dialect.delimiter, quoting: quoting, quoteFirst: true)
            }
        }
    }

    private static func write(_ fields: [String], to bytes: inout [UInt8], delimiter: UInt8, quoting: Quoting, quoteFirst: Bool) {
        let quote = UInt8(ascii: "\"")
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(delimiter) }
            let utf8 = field.utf8
            let quoted = quoting == .all
                || (index == 0 && quoteFirst)
                || (fields.count == 1 && utf8.isEmpty)
                || utf8.contains { $0 == delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D }
            guard quoted else {
                bytes.append(contentsOf: utf8)
                continue
            }
            bytes.append(quote)
            for byte in utf8 {
                bytes.append(byte)
                if byte == quote { bytes.append(quote) }
            }
            bytes.append(quote)
        }
    }
}
