import InternalChecks

// The RFC 4180 state machine behind `CSVParser` (push) and `CSVRowReader` (pull).
//
// The scanner reads a buffer from an index and returns as soon as a record is complete, or when the
// buffer is exhausted, keeping just enough state to resume in the next buffer: where it is in the
// grammar, the current record's finished fields, the text of the field in progress when that field
// began in an earlier buffer (or had an escaped quote), and a UTF-8 sequence cut by the buffer's end.
// It never holds more than one record, and never a byte of a finished record.
//
// The grammar, and the order in which each byte's checks run, are `PlainCSVReader`'s, which reads one
// byte at a time; the scanner gives its rows and errors (the differential tests and `fuzz-csv`
// hold it to them), and chunking never changes the result. The fast paths below only skip bytes
// that no check can fail on (printable ASCII inside a field), and check the record-length limit for
// a skipped run as the per-byte rule would have.
//
// Speed (`benchrunner --filter csv.parse`; D-111): one loop moves from field to field rather than
// through the state switch, whose indirect jump mispredicts; text is skipped eight bytes at a time
// (`skipText`); short fields become small Strings through `String(unsafeUninitializedCapacity:)`,
// which skips a second validation of ASCII text.

/// The parse state shared by `CSVParser` and `CSVRowReader`.
///
/// `@usableFromInline`, with the members `CSVRowReader.withNextRecord` reads: the import calls that
/// once a record from another module, and inlined there it costs no generic call per record.
@usableFromInline
struct CSVScanner: Sendable {
    /// Where the scanner is in the grammar, between two bytes.
    enum State: UInt8 {
        /// Between records: line breaks here are blank lines.
        case recordStart
        /// At the start of a field, after a delimiter or at the start of a record.
        case fieldStart
        /// Inside a field that did not start with a quote: quotes are text.
        case unquoted
        /// Inside a quoted field: delimiters and line breaks are text.
        case quoted
        /// Just after a quote inside a quoted field, when that quote was the last byte of a buffer:
        /// the next byte says whether it closed the field or was the first of an escaped `""`.
        case quoteInQuoted
    }

    /// A UTF-8 sequence whose lead byte was read and whose continuation bytes are still to come.
    struct PendingSequence {
        /// The offset of the lead byte, where an error is reported.
        var start: Int
        /// The continuation bytes still expected.
        var remaining: Int
        /// The range the next byte must fall in (narrower than 80–BF for the second byte of some
        /// leads), and what a continuation byte outside it means.
        var low: UInt8
        var high: UInt8
        var defect: UTF8Defect
    }

    static let quote = UInt8(ascii: "\"")
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    let delimiter: UInt8
    let limits: CSVLimits

    var state = State.recordStart
    /// The physical line of the next byte.
    var line = 1
    /// Whether the byte before the next buffer's first byte was CR (for CRLF across buffers).
    var previousByteWasCR = false
    /// The number of the current (or last) record.
    var recordNumber = 0
    var recordOffset = 0
    var recordLine = 1
    /// The current field's first byte (its opening quote, if quoted) and that byte's line.
    var fieldOffset = 0
    var fieldLine = 1
    /// The current record's finished fields.
    var fields: [String] = []
    /// The current field's text so far, when it does not lie in one piece in the current buffer
    /// (it began in an earlier buffer, or an escaped quote interrupted it). Empty otherwise: the
    /// text is then the bytes from the field's start in the current buffer.
    var partial: [UInt8] = []
    var pending: PendingSequence?
    /// What the scanner makes of each finished field (Decision D-110).
    @usableFromInline var output = FieldOutput.strings
    /// The current record's fields so far, whatever the output.
    var fieldCount = 0
    /// With `.spans`, the current record's fields as pairs of offsets: `start, end` in the input for a
    /// field whose text lies in one piece there, `~start, end` in `unescaped` for one that does not
    /// (an escaped quote, or a field the input's end cut). Valid until the next record starts.
    @usableFromInline var spans: [Int] = []
    /// With `.spans`, how many entries of `spans` the current (or last) record uses; the fast path of
    /// `wholeRecord` writes into room made ahead, so `spans` may be longer.
    @usableFromInline var spanCount = 0
    /// With `.spans`, the text of the current record's fields that do not lie in one piece in the input.
    @usableFromInline var unescaped: [UInt8] = []
    /// The previous record's field count, to size the next record's array once.
    var columnsHint = 8
    /// The first error; every later call throws it again.
    var failure: CSVParseError?

    init(dialect: CSVDialect, limits: CSVLimits) {
        dialect.validate()
        limits.validate()
        delimiter = dialect.delimiter
        self.limits = limits
    }

    /// What the scanner makes of each finished field.
    @usableFromInline
    enum FieldOutput: Sendable {
        /// A `String` each, in `fields` and the returned row.
        case strings
        /// Their places in the input (`spans`); the returned row has no fields. Only for input read
        /// as one buffer (`CSVRowReader`), whose bytes outlive the record.
        case spans
        /// Nothing: a pass that only validates and counts records (Decision D-036).
        case none
    }

    /// The bytes of the current record the scanner holds: the finished fields' text and the
    /// current field's buffered text.
    var bufferedBytes: Int {
        fields.reduce(partial.count + unescaped.count) { $0 + $1.utf8.count }
    }

    // MARK: - Reading

    /// Reads `buffer` from `index` until a record is complete, and returns it with `index` just past
    /// its line break; returns `nil` with `index` at the end when the buffer ends first.
    ///
    /// `base` is the file offset of `buffer[0]`. `buffer[index - 1]`, when `index > 0`, must be the
    /// byte before `buffer[index]` in the file (the scanner looks back one byte for CRLF).
    mutating func nextRow(in buffer: UnsafeBufferPointer<UInt8>, base: Int, at index: inout Int) throws(CSVParseError) -> CSVRow? {
        if let failure { throw failure }
        do {
            return try scan(buffer, base: base, at: &index)
        } catch {
            failure = error
            throw error
        }
    }

    /// Ends the input: returns the last record when the file does not end with a line break, or
    /// throws what the end leaves unfinished (an open quoted field, a cut UTF-8 sequence).
    ///
    /// Calling it again returns `nil` (or throws the same error).
    mutating func finish() throws(CSVParseError) -> CSVRow? {
        if let failure { throw failure }
        do throws(CSVParseError) {
            if let sequence = pending {
                throw CSVParseError.invalidUTF8(.truncatedSequence, offset: sequence.start, record: recordNumber, line: line)
            }
            switch state {
            case .recordStart:
                return nil
            case .quoted:
                throw CSVParseError.unterminatedQuotedField(offset: fieldOffset, record: recordNumber, line: fieldLine)
            case .fieldStart, .unquoted, .quoteInQuoted:
                // `fieldStart` here follows a delimiter: the record ends with an empty field.
                try completeField(nil, base: 0, from: 0, to: 0)
                return completeRecord()
            }
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: - The state machine

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, base: Int, at index: inout Int) throws(CSVParseError) -> CSVRow? {
        // Every index below stays within `index...end`: each read is guarded by `i < end` (or
        // `next < end`), and `i` only moves forward, past bytes read.
        internalCheck(index >= 0 && index <= buffer.count, "CSVScanner: reading from \(index) of a buffer of \(buffer.count) bytes")
        internalCheck(partial.isEmpty || state != .recordStart, "CSVScanner: field text held between records")
        let end = buffer.count
        let delimiter = self.delimiter
        let quote = Self.quote
        let cr = Self.carriageReturn
        let lf = Self.lineFeed
        var i = index
        defer {
            internalCheck(i >= index && i <= end, "CSVScanner: stopped at \(i), outside \(index)...\(end)")
            index = i
            if i > 0 { previousByteWasCR = buffer[i - 1] == cr }
        }
        // The buffer index of the first byte beyond the record-length limit. Every byte of a record
        // at or after it, other than the record's line break, is an error.
        var rowLimit = rowLimitIndex(base: base)
        // Inside a field: where its text not yet copied to `partial` begins in this buffer.
        var segmentStart = i

        if let sequence = pending {
            i = try continueSequence(sequence, buffer, at: i, base: base, rowLimit: rowLimit, lineBreakEndsRecord: state == .unquoted)
            if pending != nil {
                savePartial(buffer, from: segmentStart, to: end)
                return nil
            }
        }

        while true {
            switch state {
            case .recordStart:
                // Blank lines are skipped; a record starts at the first other byte.
                i = Self.skipBlankLines(buffer, from: i, line: &line, previousByteWasCR: previousByteWasCR)
                guard i < end else { return nil }
                recordNumber += 1
                recordOffset = base + i
                recordLine = line
                rowLimit = rowLimitIndex(base: base)
                switch output {
                case .strings: fields.reserveCapacity(columnsHint)
                case .spans:
                    spans.removeAll(keepingCapacity: true)
                    unescaped.removeAll(keepingCapacity: true)
                case .none: break
                }
                state = .fieldStart

            case .quoteInQuoted:
                // The quote was the previous buffer's last byte; the field's text is in `partial`.
                guard i < end else { return nil }
                let after = buffer[i]
                if after == quote {
                    if i >= rowLimit { throw rowTooLong() }
                    partial.append(quote)
                    i += 1
                    segmentStart = i
                    state = .quoted
                } else if after == delimiter {
                    if i >= rowLimit { throw rowTooLong() }
                    try completeField(nil, base: 0, from: 0, to: 0)
                    try checkColumns(startingAt: base + i + 1)
                    i += 1
                    state = .fieldStart
                } else if after == cr || after == lf {
                    try completeField(nil, base: 0, from: 0, to: 0)
                    return endRecord(at: &i)
                } else {
                    if i >= rowLimit { throw rowTooLong() }
                    throw CSVParseError.textAfterClosingQuote(byte: after, offset: base + i, record: recordNumber, line: line)
                }

            case .fieldStart, .unquoted, .quoted:
                // Inside a record, field after field. The position in the grammar is kept in a
                // local and written back only when the buffer ends; moving from one field to the
                // next is a plain branch, not a trip through the switch.
                var position = state
                while true {
                    if position == .fieldStart {
                        guard i < end else {
                            state = .fieldStart
                            return nil
                        }
                        let byte = buffer[i]
                        fieldOffset = base + i
                        fieldLine = line
                        if byte == quote {
                            if i >= rowLimit { throw rowTooLong() }
                            i += 1
                            segmentStart = i
                            position = .quoted
                        } else if byte == delimiter {
                            if i >= rowLimit { throw rowTooLong() }
                            appendEmptyField(at: base + i)
                            try checkColumns(startingAt: base + i + 1)
                            i += 1
                            continue
                        } else if byte == cr || byte == lf {
                            appendEmptyField(at: base + i)
                            return endRecord(at: &i)
                        } else {
                            segmentStart = i
                            position = .unquoted
                        }
                    }

                    if position == .unquoted {
                        // Skip printable ASCII other than the delimiter (a quote is text here).
                        i = Self.skipText(buffer, from: i, to: end, stoppingAt: delimiter)
                        if i > rowLimit { throw rowTooLong() }
                        guard i < end else {
                            savePartial(buffer, from: segmentStart, to: end)
                            state = .unquoted
                            return nil
                        }
                        let byte = buffer[i]
                        if byte == delimiter {
                            if i >= rowLimit { throw rowTooLong() }
                            try completeField(buffer, base: base, from: segmentStart, to: i)
                            try checkColumns(startingAt: base + i + 1)
                            i += 1
                            position = .fieldStart
                        } else if byte == cr || byte == lf {
                            try completeField(buffer, base: base, from: segmentStart, to: i)
                            return endRecord(at: &i)
                        } else {
                            if i >= rowLimit { throw rowTooLong() }
                            if byte >= 0x80 {
                                i = try consumeSequence(buffer, at: i, base: base, rowLimit: rowLimit, lineBreakEndsRecord: true)
                                if pending != nil {
                                    savePartial(buffer, from: segmentStart, to: end)
                                    state = .unquoted
                                    return nil
                                }
                            } else if byte == 0 {
                                throw CSVParseError.notCSV(reason: .nulByte, offset: base + i)
                            } else {
                                i += 1  // a control character other than CR and LF: text
                            }
                        }
                    } else {
                        // Quoted. Skip printable ASCII other than the quote (a delimiter is text here).
                        i = Self.skipText(buffer, from: i, to: end, stoppingAt: quote)
                        if i > rowLimit { throw rowTooLong() }
                        guard i < end else {
                            savePartial(buffer, from: segmentStart, to: end)
                            state = .quoted
                            return nil
                        }
                        // Nothing inside quotes ends the record, so every byte counts toward its length.
                        if i >= rowLimit { throw rowTooLong() }
                        let byte = buffer[i]
                        if byte == quote {
                            let next = i + 1
                            guard next < end else {
                                savePartial(buffer, from: segmentStart, to: i)
                                i = next
                                state = .quoteInQuoted
                                return nil
                            }
                            let after = buffer[next]
                            if after == quote {
                                // An escaped quote: keep the text so far and one quote, skip the second.
                                if next >= rowLimit { throw rowTooLong() }
                                internalCheck(segmentStart <= i && i < end, "CSVScanner: an escaped quote's segment \(segmentStart)...\(i) of \(end)")
                                partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[segmentStart...i]))
                                i = next + 1
                                segmentStart = i
                            } else if after == delimiter {
                                // The closing quote, then the next field.
                                if next >= rowLimit { throw rowTooLong() }
                                try completeField(buffer, base: base, from: segmentStart, to: i)
                                try checkColumns(startingAt: base + next + 1)
                                i = next + 1
                                position = .fieldStart
                            } else if after == cr || after == lf {
                                try completeField(buffer, base: base, from: segmentStart, to: i)
                                i = next
                                return endRecord(at: &i)
                            } else {
                                if next >= rowLimit { throw rowTooLong() }
                                throw CSVParseError.textAfterClosingQuote(byte: after, offset: base + next, record: recordNumber, line: line)
                            }
                        } else if byte == cr {
                            line += 1
                            i += 1
                        } else if byte == lf {
                            if !(i > 0 ? buffer[i - 1] == cr : previousByteWasCR) { line += 1 }
                            i += 1
                        } else if byte >= 0x80 {
                            i = try consumeSequence(buffer, at: i, base: base, rowLimit: rowLimit, lineBreakEndsRecord: false)
                            if pending != nil {
                                savePartial(buffer, from: segmentStart, to: end)
                                state = .quoted
                                return nil
                            }
                        } else if byte == 0 {
                            throw CSVParseError.notCSV(reason: .nulByte, offset: base + i)
                        } else {
                            i += 1
                        }
                    }
                }
            }
        }
    }

    /// Returns the index of the first byte from `start` that is not a line break (`buffer.count` if
    /// there is none), counting the lines the breaks end in `line`. `previousByteWasCR` says whether
    /// the byte before `buffer[0]` was CR, for the LF of a CRLF across buffers.
    @inline(__always)
    static func skipBlankLines(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, previousByteWasCR: Bool) -> Int {
        var i = start
        while i < buffer.count {
            let byte = buffer[i]
            if byte == lineFeed {
                // The LF of a CRLF ends the same line as its CR.
                if !(i > 0 ? buffer[i - 1] == carriageReturn : previousByteWasCR) { line += 1 }
            } else if byte == carriageReturn {
                line += 1
            } else {
                break
            }
            i += 1
        }
        return i
    }

    /// Returns the index of the first byte from `start` that needs a look: `special`, a byte below
    /// 0x0E (CR, LF, NUL and other controls) or of 0x80 or more; `end` if there is none.
    ///
    /// Eight bytes at a time (SWAR): for each word, a mask with the high bit set in every byte that
    /// is below 0x0E, is 0x80 or more, or equals `special`. The masks' borrows can only flag bytes
    /// above a flagged one, so the lowest flagged byte is exact.
    @inline(__always)
    static func skipText(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, stoppingAt special: UInt8) -> Int {
        guard let base = buffer.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let specials = ones &* UInt64(special)
        let belowControls = ones &* 0x0E
        internalCheck(start >= 0 && start <= end && end <= buffer.count, "CSVScanner.skipText: \(start)..<\(end) of \(buffer.count) bytes")
        var i = start
        while i &+ 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let matches = word ^ specials
            let flagged = ((word &- belowControls) & ~word & highBits)  // bytes below 0x0E
                | (word & highBits)  // bytes of 0x80 or more
                | ((matches &- ones) & ~matches & highBits)  // bytes equal to `special`
            // The lowest flagged byte is exact: the bytes before it are text, and it is not.
            internalCheck(
                Self.firstNeedingALook(buffer, from: i, to: i &+ 8, special: special) == i &+ (flagged.trailingZeroBitCount &>> 3),
                "CSVScanner.skipText: the word at \(i) flags \(String(flagged, radix: 16)), not its first byte needing a look")
            if flagged != 0 { return i &+ (flagged.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        while i < end {
            let byte = base[i]
            guard byte &- 14 < 0x72, byte != special else { return i }
            i &+= 1
        }
        return i
    }

    /// The index of the first byte of `buffer[start..<end]` that `skipText` must stop at, found byte by
    /// byte: the plain rule its words are checked against (internal checks only).
    static func firstNeedingALook(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, special: UInt8) -> Int {
        buffer[start..<end].firstIndex { $0 < 0x0E || $0 >= 0x80 || $0 == special } ?? end
    }

    // MARK: - Fields and records

    /// Appends the field whose text is `partial` followed by `buffer[start..<stop]`; `base` is the
    /// input offset of `buffer[0]`.
    @inline(__always)
    private mutating func completeField(_ buffer: UnsafeBufferPointer<UInt8>?, base: Int, from start: Int, to stop: Int) throws(CSVParseError) {
        internalCheck(start >= 0 && start <= stop && stop <= (buffer?.count ?? 0), "CSVScanner: a field at \(start)..<\(stop) of \(buffer?.count ?? 0) bytes")
        fieldCount += 1
        if partial.isEmpty {
            guard stop - start <= limits.fieldBytesMax else { throw fieldTooLong() }
            switch output {
            case .none:
                return
            case .spans:
                if buffer == nil {
                    spans.append(~unescaped.count)
                    spans.append(unescaped.count)
                } else {
                    spans.append(base + start)
                    spans.append(base + stop)
                }
                return
            case .strings:
                break
            }
            guard let buffer, stop > start else {
                fields.append("")
                return
            }
            // The bytes are validated UTF-8 (the scanner checked every byte of 0x80 or more). Most
            // fields fit a small (inline) String, which `checkedUTF8` builds without the second
            // validation `String(decoding:as:)` makes of ASCII text: a few percent of the parse.
            fields.append(String(checkedUTF8: UnsafeBufferPointer(rebasing: buffer[start..<stop])))
        } else {
            if let buffer, stop > start {
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<stop]))
            }
            guard partial.count <= limits.fieldBytesMax else { throw fieldTooLong() }
            switch output {
            case .strings:
                fields.append(String(decoding: partial, as: UTF8.self))
            case .spans:
                spans.append(~unescaped.count)
                unescaped.append(contentsOf: partial)
                spans.append(unescaped.count)
            case .none:
                break
            }
            partial.removeAll(keepingCapacity: true)
        }
    }

    /// Appends an empty field that starts (and ends) at input offset `offset`.
    @inline(__always)
    private mutating func appendEmptyField(at offset: Int) {
        fieldCount += 1
        switch output {
        case .strings:
            fields.append("")
        case .spans:
            spans.append(offset)
            spans.append(offset)
        case .none:
            break
        }
    }

    /// Keeps `buffer[start..<stop]` as the current field's text so far, before the buffer goes.
    @inline(__always)
    private mutating func savePartial(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to stop: Int) {
        internalCheck(start >= 0 && stop <= buffer.count, "CSVScanner: keeping \(start)..<\(stop) of \(buffer.count) bytes")
        if stop > start { partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<stop])) }
    }

    /// Ends the record at the line break at `i` and returns it; `i` moves past the line break (the
    /// LF of a CRLF is skipped as a blank line would be, without counting a line).
    @inline(__always)
    private mutating func endRecord(at i: inout Int) -> CSVRow {
        // A record's line break is never the LF of a CRLF: a CR outside quotes ends the record first.
        line += 1
        i += 1
        return completeRecord()
    }

    /// Returns the current record and starts looking for the next.
    @inline(__always)
    private mutating func completeRecord() -> CSVRow {
        state = .recordStart
        let row = CSVRow(number: recordNumber, lineNumber: recordLine, byteOffset: recordOffset, fields: fields)
        columnsHint = fieldCount
        fieldCount = 0
        spanCount = spans.count
        if output == .strings { fields = [] }
        return row
    }

    @inline(__always)
    private func checkColumns(startingAt offset: Int) throws(CSVParseError) {
        if fieldCount >= limits.columnsMax {
            throw CSVParseError.tooManyColumns(columnsMax: limits.columnsMax, offset: offset, record: recordNumber, line: line)
        }
    }

    /// The buffer index of the current record's first byte beyond `rowBytesMax`, saturating at
    /// `Int.max` (a limit of `Int.max` means no limit, and must not overflow).
    @inline(__always)
    private func rowLimitIndex(base: Int) -> Int {
        let (end, overflow) = recordOffset.addingReportingOverflow(limits.rowBytesMax)
        return overflow ? Int.max : end - base
    }

    private func rowTooLong() -> CSVParseError {
        .rowTooLong(rowBytesMax: limits.rowBytesMax, offset: recordOffset, record: recordNumber, line: recordLine)
    }

    private func fieldTooLong() -> CSVParseError {
        .fieldTooLong(fieldBytesMax: limits.fieldBytesMax, offset: fieldOffset, record: recordNumber, line: fieldLine)
    }

    // MARK: - UTF-8

    /// Validates the UTF-8 sequence whose lead byte (0x80 or more) is at `i` and returns the index
    /// after it; when the buffer ends inside it, returns the end with `pending` set.
    /// `lineBreakEndsRecord` says whether the field is unquoted (a CR or LF would end the record).
    @inline(__always)
    private mutating func consumeSequence(
        _ buffer: UnsafeBufferPointer<UInt8>, at i: Int, base: Int, rowLimit: Int, lineBreakEndsRecord: Bool
    ) throws(CSVParseError) -> Int {
        let start = base + i
        internalCheck(i >= 0 && i < buffer.count && buffer[i] >= 0x80, "CSVScanner: a UTF-8 sequence's lead at \(i) of \(buffer.count) bytes")
        let lead: UTF8Lead
        do {
            lead = try UTF8Lead.classify(buffer[i])
        } catch {
            throw CSVParseError.invalidUTF8(error, offset: start, record: recordNumber, line: line)
        }
        let sequence = PendingSequence(
            start: start, remaining: lead.continuations, low: lead.secondLow, high: lead.secondHigh, defect: lead.outsideSecond)
        return try continueSequence(sequence, buffer, at: i + 1, base: base, rowLimit: rowLimit, lineBreakEndsRecord: lineBreakEndsRecord)
    }

    /// Reads the continuation bytes `sequence` still expects, from `i`; returns the index after the
    /// last, or the end with `pending` set when the buffer ends first.
    @inline(__always)
    private mutating func continueSequence(
        _ sequence: PendingSequence, _ buffer: UnsafeBufferPointer<UInt8>, at i: Int, base: Int, rowLimit: Int, lineBreakEndsRecord: Bool
    ) throws(CSVParseError) -> Int {
        var sequence = sequence
        var i = i
        while sequence.remaining > 0 {
            guard i < buffer.count else {
                pending = sequence
                return i
            }
            let byte = buffer[i]
            // A line break outside quotes would end the record, so it is not subject to the length
            // limit; it is not a continuation byte either, so it cuts the sequence short.
            let endsRecord = lineBreakEndsRecord && (byte == Self.carriageReturn || byte == Self.lineFeed)
            if !endsRecord, i >= rowLimit { throw rowTooLong() }
            guard byte >= sequence.low, byte <= sequence.high else {
                let defect = (0x80...0xBF).contains(byte) ? sequence.defect : .truncatedSequence
                throw CSVParseError.invalidUTF8(defect, offset: sequence.start, record: recordNumber, line: line)
            }
            sequence.remaining -= 1
            sequence.low = 0x80
            sequence.high = 0xBF
            sequence.defect = .truncatedSequence
            i += 1
        }
        pending = nil
        return i
    }
}
