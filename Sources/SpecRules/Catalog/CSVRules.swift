/// The rules of reading a CSV file's records (seed 004_…, Feature Specifications §1 "CSV Parsing";
/// RFC 4180; D-039 to D-051, D-141).
///
/// The fixed files are split as JSONTestSuite splits JSON: files every reader must accept (with
/// exactly these records), files every reader must reject, and files where either is fine as long as
/// nothing read before the odd record is lost. What RFC 4180 says (CRLF records, commas, quoting and
/// its escaped quotes, the spaces of a field) is the standard's: CSV-01, CSV-07, CSV-08 and CSV-18.
/// Everything RFC 4180 does not say (LF and CR line breaks, blank lines, a byte-order mark, tabs,
/// UTF-8, binary files, malformed quoting, limits, errors and chunks) is a decision.
public enum CSVRules {
    static let rfcGrammar = "§2, rules 1 to 7, and its ABNF grammar"

    public static let mustAccept = Rule(
        "CSV-01", .must, "A file written as RFC 4180 writes it is read to exactly its records: CRLF line breaks, the last one optional; commas; fields quoted or not, a quoted field holding commas, line breaks and doubled quotes; empty fields; records of any length.",
        basis: .standard(.rfc4180, rfcGrammar, "each record is on its own line, ended by CRLF (the last one optionally); fields are separated by commas; a field enclosed in double quotes may hold commas, CR, LF and double quotes, each double quote written twice"))
    public static let mustReject = Rule(
        "CSV-02", .must, "A file with text after a closing quote (a space included) is rejected.",
        basis: .decided("D-040"))
    public static let errorKind = Rule(
        "CSV-03", .should, "A rejected file is rejected for the first problem in byte order, of the kind the model names.",
        basis: .decided("D-046"))
    public static let errorPosition = Rule(
        "CSV-04", .should, "A rejection names where the first problem is: its byte offset, its record (the header is 1, blank lines are no records) and its physical line.",
        basis: .decided("D-041"))
    public static let implementationDefined = Rule(
        "CSV-05", .must, "Where RFC 4180 and the decisions leave a file open (a bare quote inside a field, U+FEFF inside text, control characters), a reader may accept it with the model's records or reject it, but keeps every record before the odd one.",
        basis: .decided("D-039"))
    public static let chunking = Rule(
        "CSV-06", .must, "Any chunking of the same bytes, empty and 1-byte chunks included, gives the same records and the same error as one chunk.",
        basis: .decided("D-049"))
    public static let roundTrip = Rule(
        "CSV-07", .must, "A table written as RFC 4180 writes it (CRLF, commas, fields quoted where they hold a comma, a quote or a line break, or all quoted, the last line break optional) reads back unchanged.",
        basis: .standard(.rfc4180, rfcGrammar, "fields containing line breaks, double quotes and commas are enclosed in double quotes, a double quote inside them preceded by another"),
        requires: ["CSV-01"])
    public static let goodreadsGuard = Rule(
        "CSV-08", .must, "Goodreads' guarded ISBN fields `\"=\"\"0525540679\"\"\"` and `\"=\"\"\"\"\"` read as `=\"0525540679\"` and `=\"\"`, and the fields after them stay intact: a 24-field Goodreads row is 24 fields (a `\"\"` after a closing quote never opens a new quote).",
        basis: .standard(.rfc4180, "§2, rule 7", "if double-quotes are used to enclose fields, then a double-quote appearing inside a field must be escaped by preceding it with another double quote"),
        requires: ["CSV-01"])
    public static let withinLimits = Rule(
        "CSV-09", .must, "A field of 65,536 bytes of text, a record of 1,048,576 bytes and a record of 512 fields are read.",
        basis: .decided("D-045"))
    public static let pastLimits = Rule(
        "CSV-10", .must, "One byte or one field past a limit is rejected: a field of 65,537 bytes, a record of 1,048,577 bytes, a record of 513 fields.",
        basis: .decided("D-045"))
    public static let recordsBeforeAnError = Rule(
        "CSV-11", .must, "A rejected file's records before the bad one are delivered, and none at or after it.",
        basis: .decided("D-047"))
    public static let utf8 = Rule(
        "CSV-12", .must, "A file is UTF-8: its multi-byte characters are text, and invalid UTF-8 anywhere (an overlong form, a surrogate, a byte never in UTF-8, a truncated sequence, Latin-1) gets it rejected, never repaired.",
        basis: .decided("D-044"))
    public static let notText = Rule(
        "CSV-13", .must, "A file that is not text is rejected: a NUL byte anywhere, a UTF-16 byte-order mark, a PDF, ZIP, OLE2, gzip, PNG, JPEG or GIF signature at byte 0; the first bytes of a signature alone are text.",
        basis: .decided("D-042"))
    public static let lineBreaks = Rule(
        "CSV-14", .must, "LF and a lone CR end a record as CRLF does, mixed in one file and inside quotes, as the exports write them (Goodreads' LF included).",
        basis: .decided("D-049"), requires: ["CSV-01"])
    public static let blankLines = Rule(
        "CSV-15", .must, "A line with nothing before its line break is no record, wherever it stands, and an empty file has no records.",
        basis: .decided("D-041"))
    public static let byteOrderMark = Rule(
        "CSV-16", .must, "A UTF-8 byte-order mark at byte 0 is skipped: a file of only the mark has no records.",
        basis: .decided("D-043"))
    public static let tabs = Rule(
        "CSV-17", .must, "A tab-separated file is read with the tab as its delimiter: commas are text, a quoted field may hold a tab, and a table written so reads back unchanged.",
        basis: .decided("D-050"), requires: ["CSV-01"])
    public static let spaces = Rule(
        "CSV-18", .should, "Spaces are part of a field: ` a , b ` is ` a ` and ` b `, and a line of spaces is a record of one field of spaces.",
        basis: .standard(.rfc4180, "§2, rule 4", "spaces are considered part of a field and should not be ignored"))
    public static let unterminatedQuote = Rule(
        "CSV-19", .must, "A file ending inside a quoted field is rejected.",
        basis: .decided("D-141"))
}
