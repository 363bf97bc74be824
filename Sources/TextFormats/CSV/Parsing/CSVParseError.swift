/// Why a file is not read as CSV: what was wrong, at which byte, in which record and on which line.
///
/// Offsets count bytes from the start of the file, starting at 0, whatever chunks the file was fed
/// in (a byte-order mark counts). `record` is the 1-based number of the record the problem is in
/// (the header is record 1); `line` is the 1-based physical line of `offset` (a quoted field may
/// span lines, so it can be later than the record's first line). Each case is the first problem the
/// parser met, reading bytes in order; it stops there, and every later call throws the same error.
///
/// Seed: 004_…, Feature Specifications §1 (CSV Parsing), "Malformed CSV … shows clear error message".
public enum CSVParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a text file: a NUL byte, a byte-order mark of UTF-16, or the signature of a
    /// binary format at the start. `offset` is where the evidence starts.
    case notCSV(reason: NotCSVReason, offset: Int)
    /// Bytes that are not well-formed UTF-8; `offset` is the first byte of the bad sequence.
    case invalidUTF8(UTF8Defect, offset: Int, record: Int, line: Int)
    /// A quoted field whose closing quote is followed by `byte`, which is neither the delimiter, a
    /// quote (an escaped quote) nor a line break: `"ab"c`. `offset` is that byte's.
    case textAfterClosingQuote(byte: UInt8, offset: Int, record: Int, line: Int)
    /// A quoted field still open at the end of the file; `offset` is its opening quote, `line` that
    /// quote's line.
    case unterminatedQuotedField(offset: Int, record: Int, line: Int)
    /// A field whose text (quotes removed, escaped quotes counted once) is longer than
    /// `CSVLimits.fieldBytesMax`; `offset` is the field's first byte (its opening quote, if quoted).
    case fieldTooLong(fieldBytesMax: Int, offset: Int, record: Int, line: Int)
    /// A record longer than `CSVLimits.rowBytesMax` bytes, its line break excluded; `offset` is the
    /// record's first byte and `line` the record's first line.
    case rowTooLong(rowBytesMax: Int, offset: Int, record: Int, line: Int)
    /// A record with more than `CSVLimits.columnsMax` fields; `offset` is the first byte of the first
    /// field beyond the limit (just after the delimiter that starts it).
    case tooManyColumns(columnsMax: Int, offset: Int, record: Int, line: Int)

    /// Why the bytes are not CSV text.
    public enum NotCSVReason: Hashable, Sendable, CustomStringConvertible {
        /// A NUL byte (0x00), which no text export contains; UTF-16 and UTF-32 text and binary files do.
        case nulByte
        /// A UTF-16 byte-order mark (FF FE or FE FF) at the start: text in UTF-16 (Excel's "Unicode
        /// Text"), or UTF-32.
        case utf16ByteOrderMark
        /// `%PDF-` at the start.
        case pdfDocument
        /// `PK 03 04` at the start: a ZIP archive, which is what `.xlsx`, `.numbers` and `.ods`
        /// spreadsheets are.
        case zipArchive
        /// `D0 CF 11 E0 A1 B1 1A E1` at the start: an OLE2 compound file, which is what a legacy
        /// Excel `.xls` spreadsheet is.
        case legacyExcelWorkbook
        /// `1F 8B` at the start: gzip-compressed data.
        case gzipArchive
        /// `89 P N G CR LF 1A LF` at the start.
        case pngImage
        /// `FF D8 FF` at the start.
        case jpegImage
        /// `GIF87a` or `GIF89a` at the start.
        case gifImage

        public var description: String {
            switch self {
            case .nulByte: return "a NUL byte, which CSV text never contains (is the file UTF-16, or binary?)"
            case .utf16ByteOrderMark: return "a UTF-16 byte-order mark: the text is UTF-16 or UTF-32; export it as UTF-8 CSV"
            case .pdfDocument: return "a PDF document"
            case .zipArchive: return "a ZIP archive (an .xlsx, .numbers or .ods spreadsheet?); export it as CSV"
            case .legacyExcelWorkbook: return "a legacy Excel workbook (.xls); export it as CSV"
            case .gzipArchive: return "gzip-compressed data; decompress it first"
            case .pngImage: return "a PNG image"
            case .jpegImage: return "a JPEG image"
            case .gifImage: return "a GIF image"
            }
        }
    }

    /// The byte where the problem is (see each case).
    public var offset: Int {
        switch self {
        case let .notCSV(_, offset), let .invalidUTF8(_, offset, _, _), let .textAfterClosingQuote(_, offset, _, _),
            let .unterminatedQuotedField(offset, _, _), let .fieldTooLong(_, offset, _, _), let .rowTooLong(_, offset, _, _),
            let .tooManyColumns(_, offset, _, _):
            return offset
        }
    }

    /// The 1-based record the problem is in, when the problem is inside a record.
    public var record: Int? {
        switch self {
        case .notCSV: return nil
        case let .invalidUTF8(_, _, record, _), let .textAfterClosingQuote(_, _, record, _),
            let .unterminatedQuotedField(_, record, _), let .fieldTooLong(_, _, record, _), let .rowTooLong(_, _, record, _),
            let .tooManyColumns(_, _, record, _):
            return record
        }
    }

    /// The 1-based physical line of `offset`, when the problem is inside a record.
    public var line: Int? {
        switch self {
        case .notCSV: return nil
        case let .invalidUTF8(_, _, _, line), let .textAfterClosingQuote(_, _, _, line),
            let .unterminatedQuotedField(_, _, line), let .fieldTooLong(_, _, _, line), let .rowTooLong(_, _, _, line),
            let .tooManyColumns(_, _, _, line):
            return line
        }
    }

    public var description: String {
        switch self {
        case let .notCSV(reason, offset):
            return "not a CSV file: \(reason) at byte \(offset)"
        case let .invalidUTF8(defect, offset, record, line):
            return "invalid UTF-8 at byte \(offset) (record \(record), line \(line)): \(defect); export the file as UTF-8"
        case let .textAfterClosingQuote(byte, offset, record, line):
            return "\(Self.describe(byte)) after a closing quote at byte \(offset) (record \(record), line \(line)): "
                + "a quoted field ends with '\"' followed by the delimiter or a line break; a quote inside it is written '\"\"'"
        case let .unterminatedQuotedField(offset, record, line):
            return "quoted field opened at byte \(offset) (record \(record), line \(line)) is never closed"
        case let .fieldTooLong(fieldBytesMax, offset, record, line):
            return "field at byte \(offset) (record \(record), line \(line)) is longer than fieldBytesMax \(fieldBytesMax) bytes"
        case let .rowTooLong(rowBytesMax, offset, record, line):
            return "record at byte \(offset) (record \(record), line \(line)) is longer than rowBytesMax \(rowBytesMax) bytes"
        case let .tooManyColumns(columnsMax, offset, record, line):
            return "record \(record) has more than columnsMax \(columnsMax) fields: field \(columnsMax + 1) starts at byte \(offset) (line \(line))"
        }
    }

    /// A byte as a reader would name it: `'c'`, `a space`, `a tab` or `byte 0xHH`.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        case 0x09: return "a tab"
        default:
            let digits = Array("0123456789ABCDEF")
            return "byte 0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
        }
    }
}
