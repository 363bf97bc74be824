/// One record of a CSV file: its fields and where it is in the file.
///
/// The parser returns whatever number of fields the record has; a record with too few or too many
/// fields for its header is the importer's to report, with `number`.
///
/// Seed: 004_…, Feature Specifications §1 (CSV Parsing, "Streaming parser processes 50 rows at a time").
public struct CSVRow: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based number of the record in the file: the header is record 1. Blank lines are not
    /// records and take no number.
    public let number: Int
    /// The 1-based physical line where the record starts. Lines end at LF, CRLF or CR, inside quoted
    /// fields too, so a record after a multi-line field starts several lines after the one before.
    public let lineNumber: Int
    /// The offset of the record's first byte from the start of the file (a byte-order mark counts).
    public let byteOffset: Int
    /// The fields' text: quotes removed, escaped quotes unescaped, whitespace kept as written. At
    /// least one field; an empty line is a blank line, not a record.
    public let fields: [String]

    /// A record with these fields and position.
    public init(number: Int, lineNumber: Int, byteOffset: Int, fields: [String]) {
        self.number = number
        self.lineNumber = lineNumber
        self.byteOffset = byteOffset
        self.fields = fields
    }

    public var description: String {
        "record \(number) (line \(lineNumber), byte \(byteOffset)): \(String(reflecting: fields))"
    }
}
