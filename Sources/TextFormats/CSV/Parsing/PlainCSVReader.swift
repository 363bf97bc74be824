/// The CSV grammar stated as plainly as it can be: one byte at a time, one state, each check once.
///
/// This is the reference `CSVParser` and `CSVRowReader` are held to (the differential tests and the
/// fuzz target `fuzz-csv` compare them on the same bytes): the same records, then the same error at
/// the same byte, record and line. It reads a whole file held in memory and has no fast path; the
/// scanner behind the parser (`CSVScanner`) reads chunks and skips text eight bytes at a time.
///
/// The file: if its first bytes are a signature of something that is not text (`CSVFileSignature`),
/// it is `notCSV` at byte 0; a UTF-8 byte-order mark at the start is skipped. Then, for each byte in
/// file order, inside a record:
///
///   1. unless the byte is a line break that ends the record, the record may not grow past
///      `rowBytesMax` bytes (`rowTooLong`);
///   2. while a UTF-8 sequence is open, the byte must be its next continuation byte (`invalidUTF8`,
///      at the sequence's lead byte);
///   3. the grammar: a field is quoted (`"…"`, a quote inside written `""`, delimiters and line
///      breaks are text) or not (quotes are text); a delimiter ends a field, a line break outside
///      quotes ends the record; after a closing quote only a delimiter, a line break or another quote
///      may come (`textAfterClosingQuote`); a NUL byte is `notCSV`; a byte of 0x80 or more opens a
///      UTF-8 sequence.
///
/// A field's text may not pass `fieldBytesMax` bytes, checked when it ends; a delimiter that would
/// start field `columnsMax + 1` is `tooManyColumns`. Line breaks between records are blank lines. A
/// line ends at CR, at LF, or at CRLF counted once. At the end of the file, an open UTF-8 sequence is
/// `invalidUTF8`, an open quoted field `unterminatedQuotedField`, and a record without its line
/// break still a record.
///
/// - Complexity: O(*n*) in the bytes; it holds the whole file's records.
public enum PlainCSVReader {
    /// The records of `bytes` before the first error, and that error if there is one.
    public static func read(_ bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) -> (rows: [CSVRow], error: CSVParseError?) {
        var reading = Reading(bytes: bytes, delimiter: dialect.delimiter, limits: limits)
        do {
            try reading.run()
            return (reading.rows, nil)
        } catch {
            return (reading.rows, error)
        }
    }

    struct Reading {
        enum State {
            case betweenRecords, fieldStart, unquoted, quoted
            /// Just after a quote inside a quoted field: it closes the field, or is the first of `""`.
            case afterQuote
        }

        let bytes: [UInt8]
        let delimiter: UInt8
        let limits: CSVLimits
        var rows: [CSVRow] = []
        var state = State.betweenRecords
        var line = 1
        var record = 0
        var recordOffset = 0
        var recordLine = 0
        var fields: [String] = []
        var field: [UInt8] = []
        var fieldOffset = 0
        var fieldLine = 0
        /// An open UTF-8 sequence: its lead byte's offset, the continuation bytes still to come, and
        /// the range the next one must fall in (with the defect when a continuation byte is outside it).
        var sequence: (start: Int, remaining: Int, low: UInt8, high: UInt8, defect: UTF8Defect)?

        static let quote = UInt8(ascii: "\""), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A

        init(bytes: [UInt8], delimiter: UInt8, limits: CSVLimits) {
            self.bytes = bytes
            self.delimiter = delimiter
            self.limits = limits
        }

        mutating func run() throws(CSVParseError) {
            let head = bytes.prefix(CSVFileSignature.prefixBytesMax)
            if let reason = CSVFileSignature.notCSVReason(prefix: head) { throw .notCSV(reason: reason, offset: 0) }
            var offset = CSVFileSignature.bytesToSkip(prefix: head)
            while offset < bytes.count {
                try read(bytes[offset], at: offset)
                let byte = bytes[offset]
                if byte == Self.cr || (byte == Self.lf && !(offset > 0 && bytes[offset - 1] == Self.cr)) { line += 1 }
                offset += 1
            }
            try end()
        }

        mutating func read(_ byte: UInt8, at offset: Int) throws(CSVParseError) {
            let isLineBreak = byte == Self.cr || byte == Self.lf
            if state == .betweenRecords {
                if isLineBreak { return }
                record += 1
                (recordOffset, recordLine, fields, state) = (offset, line, [], .fieldStart)
            }
            let endsRecord = isLineBreak && state != .quoted
            if !endsRecord, offset - recordOffset >= limits.rowBytesMax {
                throw .rowTooLong(rowBytesMax: limits.rowBytesMax, offset: recordOffset, record: record, line: recordLine)
            }
            if let open = sequence {
                guard byte >= open.low, byte <= open.high else {
                    let defect = (0x80...0xBF).contains(byte) ? open.defect : .truncatedSequence
                    throw .invalidUTF8(defect, offset: open.start, record: record, line: line)
                }
                field.append(byte)
                sequence = open.remaining == 1 ? nil : (open.start, open.remaining - 1, 0x80, 0xBF, .truncatedSequence)
                return
            }
            switch state {
            case .betweenRecords:
                return
            case .fieldStart:
                (fieldOffset, fieldLine, field) = (offset, line, [])
                if byte == Self.quote {
                    state = .quoted
                } else if byte == delimiter || isLineBreak {
                    try endField(at: offset, byte)
                } else {
                    state = .unquoted
                    try text(byte, at: offset)
                }
            case .unquoted:
                if byte == delimiter || isLineBreak { try endField(at: offset, byte) } else { try text(byte, at: offset) }
            case .quoted:
                if byte == Self.quote { state = .afterQuote } else { try text(byte, at: offset) }
            case .afterQuote:
                if byte == Self.quote {
                    field.append(byte)
                    state = .quoted
                } else if byte == delimiter || isLineBreak {
                    try endField(at: offset, byte)
                } else {
                    throw .textAfterClosingQuote(byte: byte, offset: offset, record: record, line: line)
                }
            }
        }

        /// A byte of a field's text: a NUL is not text, and a byte of 0x80 or more opens a sequence.
        mutating func text(_ byte: UInt8, at offset: Int) throws(CSVParseError) {
            if byte == 0 { throw .notCSV(reason: .nulByte, offset: offset) }
            if byte >= 0x80 {
                do {
                    let lead = try UTF8Lead.classify(byte)
                    sequence = (offset, lead.continuations, lead.secondLow, lead.secondHigh, lead.outsideSecond)
                } catch {
                    throw .invalidUTF8(error, offset: offset, record: record, line: line)
                }
            }
            field.append(byte)
        }

        /// The field ends at the delimiter or line break `byte` at `offset`.
        mutating func endField(at offset: Int, _ byte: UInt8) throws(CSVParseError) {
            try keepField()
            if byte == delimiter {
                if fields.count >= limits.columnsMax {
                    throw .tooManyColumns(columnsMax: limits.columnsMax, offset: offset + 1, record: record, line: line)
                }
                state = .fieldStart
            } else {
                endRecord()
            }
        }

        mutating func keepField() throws(CSVParseError) {
            if field.count > limits.fieldBytesMax {
                throw .fieldTooLong(fieldBytesMax: limits.fieldBytesMax, offset: fieldOffset, record: record, line: fieldLine)
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
        }

        mutating func endRecord() {
            rows.append(CSVRow(number: record, lineNumber: recordLine, byteOffset: recordOffset, fields: fields))
            state = .betweenRecords
        }

        mutating func end() throws(CSVParseError) {
            if let open = sequence { throw .invalidUTF8(.truncatedSequence, offset: open.start, record: record, line: line) }
            switch state {
            case .betweenRecords:
                return
            case .quoted:
                throw .unterminatedQuotedField(offset: fieldOffset, record: record, line: fieldLine)
            case .fieldStart, .unquoted, .afterQuote:
                // `fieldStart` follows a delimiter: the record ends with an empty field.
                try keepField()
                endRecord()
            }
        }
    }
}
