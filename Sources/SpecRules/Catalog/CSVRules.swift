/// The rules of reading a CSV file's records (seed 004_…, Feature Specifications §1 "CSV Parsing";
/// D-039 to D-051). The fixed files are split as JSONTestSuite splits JSON: files every reader must
/// accept (with exactly these records), files every reader must reject (the rejection a MUST, the
/// error's kind and position SHOULDs), and files where either is fine as long as nothing read before
/// the error is lost.
public enum CSVRules {
    static let section = "Feature Specifications §1, CSV Parsing (CSVParsingActor)"

    public static let mustAccept = Rule(
        "CSV-01", .must, "Files every reader must accept give exactly these records, in one chunk and in 1-, 2- and 3-byte and mixed chunks: RFC 4180 quoting, LF, CR and CRLF, blank lines skipped, a UTF-8 byte-order mark skipped, tab-separated files.",
        basis: .decided("D-039"))
    public static let mustReject = Rule(
        "CSV-02", .must, "Files every reader must reject are rejected: text after a closing quote, an unterminated quote, invalid UTF-8 anywhere, a NUL byte, a binary or UTF-16 file.",
        basis: .decided("D-040"))
    public static let errorKind = Rule(
        "CSV-03", .should, "A rejected file is rejected for the first problem in byte order, of the kind the model names.",
        basis: .decided("D-040"))
    public static let errorPosition = Rule(
        "CSV-04", .should, "A rejection names where the first problem is: its byte offset, its record (the header is 1, blank lines are no records) and its physical line.",
        basis: .decided("D-041"))
    public static let implementationDefined = Rule(
        "CSV-05", .must, "Where RFC 4180 and the decisions leave a file open (a bare quote inside a field, U+FEFF inside text, control characters), a reader may accept it with the model's records or reject it, but keeps every record before the odd one.",
        basis: .decided("D-039"))
    public static let chunking = Rule(
        "CSV-06", .must, "Any chunking of the same bytes, empty and 1-byte chunks included, gives the same records and the same error.",
        basis: .decided("D-049"))
    public static let roundTrip = Rule(
        "CSV-07", .must, "What a correct CSV writer writes (any text, any line break, minimal or full quoting, comma or tab) reads back unchanged, as do the four exports' files.",
        basis: .decided("D-041"))
    public static let goodreadsGuard = Rule(
        "CSV-08", .must, "Goodreads' guarded ISBN fields `\"=\"\"0525540679\"\"\"` and `\"=\"\"\"\"\"` read as `=\"0525540679\"` and `=\"\"`, and the fields after them stay intact (a `\"\"` after a closing quote never opens a new quote).",
        basis: .decided("D-040"))
    public static let withinLimits = Rule(
        "CSV-09", .must, "A field of 65,536 bytes of text, a record of 1,048,576 bytes and a record of 512 fields are read.",
        basis: .decided("D-045"))
    public static let pastLimits = Rule(
        "CSV-10", .must, "One byte or one field past a limit is rejected: a field of 65,537 bytes, a record of 1,048,577 bytes, a record of 513 fields.",
        basis: .decided("D-045"))
    public static let recordsBeforeAnError = Rule(
        "CSV-11", .must, "A rejected file's records before the bad one are delivered, and none at or after it.",
        basis: .decided("D-047"))
}
