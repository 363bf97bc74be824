import SpecModel

/// Seam: reading the records of a CSV file whose bytes arrive in chunks.
///
/// Seed 004_…, Feature Specifications §1 (CSV Parsing: "Streaming parser processes 50 rows at a time",
/// "Malformed CSV (missing headers) → Show format requirements"), with RFC 4180 and what real exports
/// do (Decisions D-039 to D-050). The suite hands over a file's bytes split into chunks of any sizes,
/// empty ones included, as a file handle or a network stream would deliver them. Wrap the app's parser:
///
///     struct AppCSV: CSVRecordReading {
///         func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
///             var parser = StreamingCSVParser(delimiter: dialect.delimiter)
///             do { try chunks.forEach { try parser.push($0) }; return CSVReadOutcome(records: try parser.end()) }
///             catch let error as StreamingCSVError { return CSVReadOutcome(records: parser.records, error: error.conformance) }
///         }
///     }
public protocol CSVRecordReading {
    /// Reads the file made of `chunks`, in order, with `dialect`'s delimiter: every record's fields, or
    /// the records read before the first error and that error.
    func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome
}

/// What reading a file gave: its records (each a list of fields, quotes removed), and the error that
/// stopped the reading, if any.
public struct CSVReadOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The records delivered, in order; before an error, the records before it.
    public var records: [[String]]
    /// The first error, or `nil` when the whole file was read.
    public var error: CSVReadError?

    /// A value with the given fields.
    public init(records: [[String]], error: CSVReadError? = nil) {
        self.records = records
        self.error = error
    }

    /// One line for reports.
    public var description: String {
        let shown = records.count <= 12 ? String(reflecting: records) : String(reflecting: Array(records.prefix(12))) + " … (\(records.count) records)"
        return error.map { "\(shown), then \($0)" } ?? "\(shown), read to the end"
    }
}

/// Why a file stopped being read, and where.
public struct CSVReadError: Hashable, Sendable, CustomStringConvertible {
    /// What was wrong (Decisions D-040 to D-045).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Not a text file: a NUL byte, a UTF-16 byte-order mark, or a binary format's signature at byte 0.
        case notCSV
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// Something other than the delimiter, a quote or a line break right after a closing quote.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the file.
        case unterminatedQuotedField
        /// A field of more than 65,536 bytes of text.
        case fieldTooLong
        /// A record of more than 1,048,576 bytes as written.
        case rowTooLong
        /// A record of more than 512 fields.
        case tooManyColumns
    }

    /// What was wrong.
    public var kind: Kind
    /// The byte where the evidence starts, from the start of the file (a byte-order mark counts).
    public var offset: Int
    /// The 1-based record it is in (the header is record 1; blank lines are no records), when it is
    /// in a record.
    public var record: Int?
    /// The 1-based physical line of `offset`, when it is in a record.
    public var line: Int?

    /// A value with the given fields.
    public init(kind: Kind, offset: Int, record: Int?, line: Int?) {
        self.kind = kind
        self.offset = offset
        self.record = record
        self.line = line
    }

    /// The seam's form of the model's error.
    public init(_ error: CSVParseError) {
        let kind: Kind
        switch error {
        case .notCSV: kind = .notCSV
        case .invalidUTF8: kind = .invalidUTF8
        case .textAfterClosingQuote: kind = .textAfterClosingQuote
        case .unterminatedQuotedField: kind = .unterminatedQuotedField
        case .fieldTooLong: kind = .fieldTooLong
        case .rowTooLong: kind = .rowTooLong
        case .tooManyColumns: kind = .tooManyColumns
        }
        self.init(kind: kind, offset: error.offset, record: error.record, line: error.line)
    }

    /// One line for reports.
    public var description: String {
        "\(kind) at byte \(offset)" + (record.map { ", record \($0)" } ?? "") + (line.map { ", line \($0)" } ?? "")
    }
}

/// The model's streaming parser (`CSVParser` with `CSVLimits.default`), the reference every suite
/// compares with.
public struct ModelCSVRecordReader: CSVRecordReading, Sendable {
    /// The model's adapter, over a fresh model.
    public init() {}

    /// The model's answer (see the protocol).
    public func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
        var parser = CSVParser(dialect: dialect)
        var records: [[String]] = []
        do throws(CSVParseError) {
            for chunk in chunks { try parser.feed(chunk) { records.append($0.fields) } }
            try parser.finish { records.append($0.fields) }
            return CSVReadOutcome(records: records)
        } catch {
            return CSVReadOutcome(records: records, error: CSVReadError(error))
        }
    }
}
