// CSVParsingActor's streaming parser (seed 004, Feature Specifications §1 "CSV Parsing").
//
// Bytes arrive in chunks of any size (a file handle, a network stream); records come out as soon as
// they are complete, so the importer can take them 50 at a time without loading the whole file.
// RFC 4180 quoting, with what real exports do: a UTF-8 byte-order mark, CRLF / LF / CR line breaks,
// blank lines between records.

/// Why a file stopped being read, and where.
public struct CSVParsingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Not a text file: a NUL byte, a UTF-16/UTF-32 byte-order mark or a binary format's signature.
        case notCSV
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// Something other than the delimiter, a quote or a line break right after a closing quote.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the file.
        case unterminatedQuotedField
        /// A field of more than `CSVLimits.fieldBytesMax` bytes of text.
        case fieldTooLong
        /// A record of more than `CSVLimits.rowBytesMax` bytes as written.
        case rowTooLong
        /// A record of more than `CSVLimits.columnsMax` fields.
        case tooManyColumns
    }

    public let kind: Kind
    /// Byte offset from the start of the file (a byte-order mark counts) where the evidence starts: the
    /// offending byte, the start of the offending UTF-8 sequence, the start of a field that is too long
    /// or unterminated, the start of a record that is too long or too wide.
    public let offset: Int
    /// 1-based record number (the header is record 1; blank lines are not records), when in a record.
    public let record: Int?
    /// 1-based physical line of `offset`, when in a record.
    public let line: Int?

    public init(kind: Kind, offset: Int, record: Int?, line: Int?) {
        self.kind = kind
        self.offset = offset
        self.record = record
        self.line = line
    }

    /// The message the import screen shows.
    public var description: String {
        let place = (record.map { " in row \($0)" } ?? "") + (line.map { " (line \($0))" } ?? "")
        switch kind {
        case .notCSV: return "This file is not a CSV text file. Please select a .csv file exported from Goodreads, LibraryThing or StoryGraph."
        case .invalidUTF8: return "The file is not UTF-8 text: unreadable bytes at byte \(offset)\(place)."
        case .textAfterClosingQuote: return "Unexpected text after a closing quote at byte \(offset)\(place)."
        case .unterminatedQuotedField: return "A quoted field starting at byte \(offset)\(place) is never closed."
        case .fieldTooLong: return "A field starting at byte \(offset)\(place) is longer than \(CSVLimits.fieldBytesMax) bytes."
        case .rowTooLong: return "A row starting at byte \(offset)\(place) is longer than \(CSVLimits.rowBytesMax) bytes."
        case .tooManyColumns: return "A row starting at byte \(offset)\(place) has more than \(CSVLimits.columnsMax) columns."
        }
    }
}

/// The parser's limits: a book export never comes near them; a file that does is not a book export,
/// and the limits keep the parser's memory bounded on it.
public enum CSVLimits {
    /// The longest field, in bytes of text (quotes removed).
    public static let fieldBytesMax = 65_536
    /// The longest record, in bytes as written (quotes and delimiters included, the line break not).
    public static let rowBytesMax = 1_048_576
    /// The most fields in one record.
    public static let columnsMax = 512
}

/// A streaming RFC 4180 parser: push chunks, take records, then finish.
public struct StreamingCSVParser {
    /// The byte between fields (`,` by default; LibraryThing also exports tab-separated).
    public let delimiter: UInt8

    private static let quote = UInt8(ascii: "\"")
    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D

    /// Binary formats recognised at byte 0, so that picking a spreadsheet or a PDF by mistake gives a
    /// clear error rather than a page of garbage rows.
    private static let signatures: [[UInt8]] = [
        [0x00, 0x00, 0xFE, 0xFF],                                   // UTF-32 BE BOM
        [0xFF, 0xFE],                                               // UTF-16 LE (and UTF-32 LE) BOM
        [0xFE, 0xFF],                                               // UTF-16 BE BOM
        [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x50, 0x4B, 0x07, 0x08], // ZIP: .xlsx, .numbers, .zip
        [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],           // OLE2: .xls
        Array("%PDF-".utf8),
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],           // PNG
        [0xFF, 0xD8, 0xFF],                                         // JPEG
        Array("GIF87a".utf8), Array("GIF89a".utf8),
        [0x1F, 0x8B],                                               // gzip
        Array("bplist00".utf8),                                     // binary property list
        Array("SQLite format 3".utf8) + [0x00],
        [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07],                       // RAR
        [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C],                       // 7z
    ]
    private static let sniffLength = 16
    private static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    private enum State {
        case recordStart, fieldStart, unquoted, quoted, quoteInQuoted, afterCR
    }

    // Input position.
    private var sniffing = true
    private var sniffBuffer: [UInt8] = []
    private var offset = 0
    private var line = 1
    private var lastWasCR = false
    private var failure: CSVParsingError?
    private var finished = false

    // UTF-8 validation.
    private var utf8Needed = 0
    private var utf8Lower: UInt8 = 0x80
    private var utf8Upper: UInt8 = 0xBF
    private var utf8LeadOffset = 0
    private var utf8LeadLine = 1

    // The record being read.
    private var state = State.recordStart
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var recordIsBlank = true
    private var recordStartOffset = 0
    private var recordStartLine = 1
    private var fieldStartOffset = 0
    private var fieldStartLine = 1
    private var rowBytes = 0

    /// Records completed and not yet taken.
    private var ready: [[String]] = []
    /// Records completed so far, taken or not.
    public private(set) var recordCount = 0

    public init(delimiter: UInt8 = UInt8(ascii: ",")) {
        precondition(delimiter != 0 && delimiter < 0x80 && delimiter != Self.quote && delimiter != Self.lf && delimiter != Self.cr,
                     "the delimiter must be ASCII and not a quote, a line break or NUL")
        self.delimiter = delimiter
    }

    /// Reads the next bytes of the file. Records they complete become available to `takeRecords`;
    /// on an error, the records before it stay available and every later call throws the same error.
    public mutating func push<Bytes: Sequence>(_ bytes: Bytes) throws(CSVParsingError) where Bytes.Element == UInt8 {
        if let failure { throw failure }
        precondition(!finished, "push after finish")
        do throws(CSVParsingError) {
            for byte in bytes {
                if sniffing {
                    sniffBuffer.append(byte)
                    if sniffBuffer.count >= Self.sniffLength { try endSniffing() }
                } else {
                    try process(byte)
                }
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Ends the file: the last record (with or without a final line break) becomes available.
    public mutating func finish() throws(CSVParsingError) {
        if let failure { throw failure }
        guard !finished else { return }
        finished = true
        do throws(CSVParsingError) {
            if sniffing { try endSniffing() }
            if utf8Needed > 0 {
                throw CSVParsingError(kind: .invalidUTF8, offset: utf8LeadOffset, record: currentRecord, line: utf8LeadLine)
            }
            switch state {
            case .recordStart, .afterCR:
                break
            case .quoted:
                throw CSVParsingError(kind: .unterminatedQuotedField, offset: fieldStartOffset, record: currentRecord, line: fieldStartLine)
            case .fieldStart, .unquoted, .quoteInQuoted:
                endRecord()
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// The records completed since the last call, in order.
    public mutating func takeRecords() -> [[String]] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    /// Takes at most `count` completed records (the importer's 50-row batches).
    public mutating func takeRecords(max count: Int) -> [[String]] {
        let batch = Array(ready.prefix(count))
        ready.removeFirst(batch.count)
        return batch
    }

    /// Parses a whole file delivered in chunks: every record, or the records before the first error
    /// and that error.
    public static func parse<Chunks: Sequence>(chunks: Chunks, delimiter: UInt8 = UInt8(ascii: ","))
        -> (records: [[String]], error: CSVParsingError?) where Chunks.Element: Sequence, Chunks.Element.Element == UInt8
    {
        var parser = StreamingCSVParser(delimiter: delimiter)
        var records: [[String]] = []
        do throws(CSVParsingError) {
            for chunk in chunks {
                try parser.push(chunk)
                records += parser.takeRecords()
            }
            try parser.finish()
            records += parser.takeRecords()
            return (records, nil)
        } catch {
            records += parser.takeRecords()
            return (records, error)
        }
    }

    // MARK: - Bytes

    private var currentRecord: Int { recordCount + 1 }

    private mutating func endSniffing() throws(CSVParsingError) {
        sniffing = false
        let head = sniffBuffer
        sniffBuffer = []
        for signature in Self.signatures where head.count >= signature.count && head.starts(with: signature) {
            throw CSVParsingError(kind: .notCSV, offset: 0, record: nil, line: nil)
        }
        var rest = head[...]
        if head.starts(with: Self.utf8BOM) {
            rest = rest.dropFirst(Self.utf8BOM.count)
            offset += Self.utf8BOM.count
        }
        for byte in rest { try process(byte) }
    }

    private mutating func process(_ byte: UInt8) throws(CSVParsingError) {
        // Physical lines: LF, CRLF and a lone CR each end one.
        if lastWasCR && byte != Self.lf { line += 1 }
        let byteOffset = offset
        let byteLine = line
        offset += 1
        if byte == Self.lf { line += 1 }
        lastWasCR = byte == Self.cr

        try validateUTF8(byte, at: byteOffset, line: byteLine)
        if byte == 0 {
            throw CSVParsingError(kind: .notCSV, offset: byteOffset, record: currentRecord, line: byteLine)
        }
        try parse(byte, at: byteOffset, line: byteLine)
    }

    private mutating func validateUTF8(_ byte: UInt8, at offset: Int, line: Int) throws(CSVParsingError) {
        if utf8Needed == 0 {
            switch byte {
            case 0x00...0x7F: return
            case 0xC2...0xDF: utf8Needed = 1; utf8Lower = 0x80; utf8Upper = 0xBF
            case 0xE0: utf8Needed = 2; utf8Lower = 0xA0; utf8Upper = 0xBF
            case 0xE1...0xEC, 0xEE...0xEF: utf8Needed = 2; utf8Lower = 0x80; utf8Upper = 0xBF
            case 0xED: utf8Needed = 2; utf8Lower = 0x80; utf8Upper = 0x9F
            case 0xF0: utf8Needed = 3; utf8Lower = 0x90; utf8Upper = 0xBF
            case 0xF1...0xF3: utf8Needed = 3; utf8Lower = 0x80; utf8Upper = 0xBF
            case 0xF4: utf8Needed = 3; utf8Lower = 0x80; utf8Upper = 0x8F
            default:
                throw CSVParsingError(kind: .invalidUTF8, offset: offset, record: currentRecord, line: line)
            }
            utf8LeadOffset = offset
            utf8LeadLine = line
        } else {
            guard byte >= utf8Lower && byte <= utf8Upper else {
                throw CSVParsingError(kind: .invalidUTF8, offset: utf8LeadOffset, record: currentRecord, line: utf8LeadLine)
            }
            utf8Lower = 0x80
            utf8Upper = 0xBF
            utf8Needed -= 1
        }
    }

    private mutating func parse(_ byte: UInt8, at offset: Int, line: Int) throws(CSVParsingError) {
        switch state {
        case .afterCR:
            state = .recordStart
            if byte == Self.lf { return }               // the LF of a CRLF
            try parse(byte, at: offset, line: line)

        case .recordStart:
            fields.removeAll(keepingCapacity: true)
            recordIsBlank = true
            recordStartOffset = offset
            recordStartLine = line
            rowBytes = 0
            state = .fieldStart
            try parse(byte, at: offset, line: line)

        case .fieldStart:
            if byte != Self.lf && byte != Self.cr {
                fieldStartOffset = offset
                fieldStartLine = line
            }
            if byte == Self.quote {
                recordIsBlank = false
                try countRowByte()
                state = .quoted
            } else if byte == delimiter || byte == Self.lf || byte == Self.cr {
                try separatorOrLineBreak(byte)
            } else {
                try countRowByte()
                try append(byte)
                state = .unquoted
            }

        case .unquoted:
            if byte == delimiter || byte == Self.lf || byte == Self.cr {
                try separatorOrLineBreak(byte)
            } else {
                try countRowByte()
                try append(byte)
            }

        case .quoted:
            try countRowByte()
            if byte == Self.quote {
                state = .quoteInQuoted
            } else {
                try append(byte)
            }

        case .quoteInQuoted:
            if byte == Self.quote {
                try countRowByte()
                try append(byte)
                state = .quoted
            } else if byte == delimiter || byte == Self.lf || byte == Self.cr {
                try separatorOrLineBreak(byte)
            } else {
                throw CSVParsingError(kind: .textAfterClosingQuote, offset: offset, record: currentRecord, line: line)
            }
        }
    }

    /// A delimiter ends the field; a line break ends the record.
    private mutating func separatorOrLineBreak(_ byte: UInt8) throws(CSVParsingError) {
        if byte == delimiter {
            recordIsBlank = false
            try countRowByte()
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            if fields.count >= CSVLimits.columnsMax {
                throw CSVParsingError(kind: .tooManyColumns, offset: recordStartOffset, record: currentRecord, line: recordStartLine)
            }
            state = .fieldStart
        } else {
            endRecord()
            state = byte == Self.cr ? .afterCR : .recordStart
        }
    }

    private mutating func append(_ byte: UInt8) throws(CSVParsingError) {
        if byte != 0x20 && byte != 0x09 { recordIsBlank = false }
        field.append(byte)
        if field.count > CSVLimits.fieldBytesMax {
            throw CSVParsingError(kind: .fieldTooLong, offset: fieldStartOffset, record: currentRecord, line: fieldStartLine)
        }
    }

    private mutating func countRowByte() throws(CSVParsingError) {
        rowBytes += 1
        if rowBytes > CSVLimits.rowBytesMax {
            throw CSVParsingError(kind: .rowTooLong, offset: recordStartOffset, record: currentRecord, line: recordStartLine)
        }
    }

    private mutating func endRecord() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        defer { fields.removeAll(keepingCapacity: true) }
        if recordIsBlank { return }                     // a blank line (nothing, or only spaces and tabs)
        ready.append(fields)
        recordCount += 1
    }
}
