import InternalChecks

// A fast path for `CSVRowReader`'s byte outputs: one whole, valid record read in one loop.
//
// The state machine in CSVScanner.swift reads any buffer from any point, so it keeps its place in
// the grammar, the field in progress and every counter in the scanner itself, and checks each limit
// as it goes. `CSVRowReader` holds the whole file, and nearly every record of an export is valid and
// far inside the limits. For those, `wholeRecord` reads the record from its first byte to its line
// break with every counter in a local, checks the limits once at the end, and only then writes the
// result to the scanner. Unquoted text is read eight bytes at a time, with exact masks of the word's
// delimiters and of the bytes that need a look, so a field costs a few instructions beyond its
// bytes; the spans go straight into room made ahead. The validation pass, which keeps nothing, has a
// loop of its own (`countedRecord`) that counts a word's delimiters at once. Anything else (the input ending inside the record, invalid
// UTF-8, a NUL, text after a closing quote, a limit passed, more fields than there is room for)
// returns `nil` before a single field of the scanner is changed, and the state machine reads the
// record again from the same place, with its exact errors.
// So the rows, errors and offsets are the state machine's by construction; `CSVHostileInputTests` and
// `CSVRoundTripTests` compare both outputs with the string rows on random and damaged files
// (Decisions D-111 and D-112).

extension CSVScanner {
    /// Reads the next record of `buffer`, the whole input, from `index` when it is a valid record that
    /// ends inside the buffer; returns it (its fields in `spans`, or only counted) with `index` past its
    /// line break. Returns `nil`, the scanner and `index` unchanged, when it is anything else.
    mutating func wholeRecord(in buffer: UnsafeBufferPointer<UInt8>, at index: inout Int) -> CSVRow? {
        guard failure == nil, pending == nil, state == .recordStart, partial.isEmpty else { return nil }
        internalCheck(index >= 0 && index <= buffer.count, "CSVScanner.wholeRecord: reading from \(index) of a buffer of \(buffer.count) bytes")
        switch output {
        case .strings: return nil
        case .spans: return spannedRecord(in: buffer, at: &index)
        case .none: return countedRecord(in: buffer, at: &index)
        }
    }

    /// The fast path keeping the record's fields as spans.
    private mutating func spannedRecord(in buffer: UnsafeBufferPointer<UInt8>, at index: inout Int) -> CSVRow? {
        guard let base = buffer.baseAddress else { return nil }
        let end = buffer.count
        let delimiter = self.delimiter
        let quote = Self.quote
        let cr = Self.carriageReturn
        let lf = Self.lineFeed
        var line = self.line
        var i = Self.skipBlankLines(buffer, from: index, line: &line, previousByteWasCR: previousByteWasCR)
        guard i < end else { return nil }
        let recordStart = i
        let recordLine = line
        var spans = self.spans
        var unescaped = self.unescaped
        self.spans = []
        self.unescaped = []
        defer {
            self.spans = spans
            self.unescaped = unescaped
        }
        unescaped.removeAll(keepingCapacity: true)
        // The spans are written in place, two slots a field, into room for one field more than the
        // previous record had; a record with more fields than that is left to the state machine (and
        // the next finds room for its count).
        let slots = 2 * (columnsHint + 1)
        if spans.count < slots { spans.append(contentsOf: repeatElement(0, count: slots - spans.count)) }
        var fields = 1  // the record's first field has begun
        var fieldStart = i  // the current field's first byte
        var longestField = 0
        let delimiters = Self.ones &* UInt64(delimiter)
        let quotes = Self.ones &* UInt64(quote)

        let complete = spans.withUnsafeMutableBufferPointer { slots -> Bool in
            // Records field `fields` (counting from 1) as `start..<stop`, or says there is no room.
            @inline(__always)
            func keep(_ start: Int, _ stop: Int) -> Bool {
                let slot = 2 &* (fields &- 1)
                guard slot &+ 1 < slots.count else { return false }
                slots[slot] = start
                slots[slot &+ 1] = stop
                return true
            }
            // `i` is inside the field that began at `fieldStart`.
            fieldLoop: while true {
                guard i < end else { return false }
                if i == fieldStart, base[i] == quote {
                    i += 1
                    var segmentStart = i
                    var escapedStart = -1  // where the field's text begins in `unescaped`, once it has an escaped quote
                    var length = 0
                    // Each escaped quote ends a segment of text, kept with one of its quotes.
                    guard let close = Self.closingQuote(buffer, from: i, line: &line, escaped: { first in
                        internalCheck(segmentStart <= first + 1 && first + 1 < end, "CSVScanner.wholeRecord: an escaped quote at \(first) after \(segmentStart), of \(end)")
                        length += first + 1 - segmentStart
                        if escapedStart < 0 { escapedStart = unescaped.count }
                        unescaped.append(contentsOf: UnsafeBufferPointer(start: base + segmentStart, count: first + 1 - segmentStart))
                        segmentStart = first + 2
                    }) else { return false }
                    // `closingQuote` returns a quote with a byte after it, never one before the text.
                    internalCheck(segmentStart <= close && close + 1 < end && base[close] == quote, "CSVScanner.wholeRecord: a closing quote at \(close) after \(segmentStart), of \(end)")
                    length += close - segmentStart
                    longestField = max(longestField, length)
                    if escapedStart < 0 {
                        guard keep(segmentStart, close) else { return false }
                    } else {
                        unescaped.append(contentsOf: UnsafeBufferPointer(start: base + segmentStart, count: close - segmentStart))
                        guard keep(~escapedStart, unescaped.count) else { return false }
                    }
                    i = close + 1
                    let after = base[i]
                    if after == delimiter {
                        i += 1
                        fields += 1
                        fieldStart = i
                        continue fieldLoop
                    }
                    guard after == cr || after == lf else { return false }
                    break fieldLoop
                }

                // Unquoted text, eight bytes at a time: each delimiter before the word's first other byte
                // that needs a look (a quote, a control character, a byte of 0x80 or more) ends a field
                // and starts the next; the masks are exact for every byte of the word.
                if i &+ 8 <= end {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    var atDelimiters = Self.equalBytes(word, delimiters)
                    let needsLook = (Self.bytesBelow0E(word) & ~atDelimiters) | (word & Self.highBits) | Self.equalBytes(word, quotes)
                    internalCheck(Self.masksAreExact(word, delimiter: delimiter), "CSVScanner.wholeRecord: the masks of the word at \(i) are not its bytes'")
                    if needsLook != 0 { atDelimiters &= (needsLook & (0 &- needsLook)) &- 1 }
                    while atDelimiters != 0 {
                        let at = i &+ (atDelimiters.trailingZeroBitCount &>> 3)
                        internalCheck(at >= fieldStart && at < end && base[at] == delimiter, "CSVScanner.wholeRecord: a delimiter at \(at) (field from \(fieldStart), of \(end)) that is not one")
                        longestField = max(longestField, at &- fieldStart)
                        guard keep(fieldStart, at) else { return false }
                        fields &+= 1
                        fieldStart = at &+ 1
                        atDelimiters &= atDelimiters &- 1
                    }
                    guard needsLook != 0 else {
                        i &+= 8
                        continue
                    }
                    i &+= needsLook.trailingZeroBitCount &>> 3
                } else {
                    let byte = base[i]
                    if byte == delimiter {
                        longestField = max(longestField, i &- fieldStart)
                        guard keep(fieldStart, i) else { return false }
                        fields &+= 1
                        i &+= 1
                        fieldStart = i
                        continue
                    }
                    if byte &- 0x0E < 0x72, byte != quote {
                        i &+= 1
                        continue
                    }
                }
                // A byte that needs a look.
                internalCheck(i < end, "CSVScanner.wholeRecord: a byte to look at, \(i), past the end \(end)")
                let byte = base[i]
                if byte == quote {
                    if i == fieldStart { continue }  // a quoted field
                    i += 1  // a quote inside an unquoted field is text
                } else if byte == cr || byte == lf {
                    longestField = max(longestField, i - fieldStart)
                    guard keep(fieldStart, i) else { return false }
                    break
                } else {
                    guard let after = Self.textEnd(buffer, at: i) else { return false }
                    i = after
                }
            }
            return true
        }
        guard complete, longestField <= limits.fieldBytesMax else { return nil }
        internalCheck(2 * fields <= spans.count, "CSVScanner.wholeRecord: \(fields) fields in room for \(spans.count / 2)")
        return commitRecord(in: buffer, start: recordStart, line: recordLine, end: i, fields: fields, lines: line, at: &index, spans: 2 * fields)
    }

    /// The fast path for the validation pass, keeping nothing: whether the record is valid, and
    /// where it ends.
    ///
    /// A word of unquoted text costs a handful of instructions whatever its fields: the delimiters
    /// before its first byte that needs a look are counted at once, and the field the look falls in
    /// began after the last of them. No field's length is tracked: a record no longer than
    /// `fieldBytesMax` cannot hold a field longer, and a longer one is left to the state machine.
    private mutating func countedRecord(in buffer: UnsafeBufferPointer<UInt8>, at index: inout Int) -> CSVRow? {
        guard let base = buffer.baseAddress else { return nil }
        let end = buffer.count
        let delimiter = self.delimiter
        let quote = Self.quote
        let cr = Self.carriageReturn
        let lf = Self.lineFeed
        var line = self.line
        var i = Self.skipBlankLines(buffer, from: index, line: &line, previousByteWasCR: previousByteWasCR)
        guard i < end else { return nil }
        let recordStart = i
        let recordLine = line
        var fields = 1
        var fieldStart = i
        let delimiters = Self.ones &* UInt64(delimiter)
        let quotes = Self.ones &* UInt64(quote)

        fieldLoop: while true {
            guard i < end else { return nil }
            if i &+ 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let atDelimiters = Self.equalBytes(word, delimiters)
                let needsLook = (Self.bytesBelow0E(word) & ~atDelimiters) | (word & Self.highBits) | Self.equalBytes(word, quotes)
                internalCheck(Self.masksAreExact(word, delimiter: delimiter), "CSVScanner.countedRecord: the masks of the word at \(i) are not its bytes'")
                // The delimiters before the first byte that needs a look (all of them if none does).
                let counted = needsLook == 0 ? atDelimiters : atDelimiters & ((needsLook & (0 &- needsLook)) &- 1)
                if counted != 0 {
                    // One bit a delimiter, at the top of its byte: summed by one multiplication (the
                    // baseline x86-64 target has no popcount instruction).
                    internalCheck(
                        Int(truncatingIfNeeded: ((counted &>> 7) &* Self.ones) &>> 56) == counted.nonzeroBitCount,
                        "CSVScanner.countedRecord: the word at \(i) counts its delimiters wrong")
                    fields &+= Int(truncatingIfNeeded: ((counted &>> 7) &* Self.ones) &>> 56)
                    fieldStart = i &+ ((63 &- counted.leadingZeroBitCount) &>> 3) &+ 1
                    internalCheck(fieldStart > i && fieldStart <= end && base[fieldStart - 1] == delimiter, "CSVScanner.countedRecord: a field after \(fieldStart - 1), which is no delimiter")
                }
                guard needsLook != 0 else {
                    i &+= 8
                    continue
                }
                i &+= needsLook.trailingZeroBitCount &>> 3
            } else {
                let byte = base[i]
                if byte == delimiter {
                    fields &+= 1
                    i &+= 1
                    fieldStart = i
                    continue
                }
                if byte &- 0x0E < 0x72, byte != quote {
                    i &+= 1
                    continue
                }
            }
            // A byte that needs a look.
            internalCheck(i < end, "CSVScanner.countedRecord: a byte to look at, \(i), past the end \(end)")
            let byte = base[i]
            if byte == quote {
                guard i == fieldStart else {
                    i &+= 1  // a quote inside an unquoted field is text
                    continue
                }
                guard let close = Self.closingQuote(buffer, from: i &+ 1, line: &line, escaped: { _ in }) else { return nil }
                internalCheck(close > i && close &+ 1 < end && base[close] == quote, "CSVScanner.countedRecord: a closing quote at \(close), of \(end)")
                i = close &+ 1
                let after = base[i]
                if after == delimiter {
                    i &+= 1
                    fields &+= 1
                    fieldStart = i
                    continue
                }
                guard after == cr || after == lf else { return nil }
                break
            } else if byte == cr || byte == lf {
                break
            } else {
                guard let after = Self.textEnd(buffer, at: i) else { return nil }
                i = after
            }
        }
        guard i - recordStart <= limits.fieldBytesMax else { return nil }
        return commitRecord(in: buffer, start: recordStart, line: recordLine, end: i, fields: fields, lines: line, at: &index, spans: 0)
    }

    /// Ends a record the fast path read, from `start` (on line `line`) to its line break at `end`,
    /// with `fields` fields, the input being on line `lines` at the break: checks the limits the
    /// state machine checks as it goes (returning `nil` when one is passed, the scanner unchanged),
    /// then moves the scanner past the record.
    @inline(__always)
    private mutating func commitRecord(
        in buffer: UnsafeBufferPointer<UInt8>, start: Int, line: Int, end: Int, fields: Int, lines: Int, at index: inout Int, spans: Int
    ) -> CSVRow? {
        // Every byte before the break must lie within the record-length limit; the state machine would
        // have thrown at the first that does not.
        guard fields <= limits.columnsMax, end - start <= limits.rowBytesMax else { return nil }
        internalCheck(start >= 0 && start <= end && end < buffer.count, "CSVScanner.commitRecord: a record at \(start)..<\(end) of \(buffer.count) bytes")
        internalCheck(buffer[end] == Self.carriageReturn || buffer[end] == Self.lineFeed, "CSVScanner.commitRecord: the record's end \(end) is no line break")
        recordNumber += 1
        recordOffset = start
        recordLine = line
        columnsHint = fields
        fieldCount = 0
        spanCount = spans
        self.line = lines + 1
        index = end + 1
        previousByteWasCR = buffer[end] == Self.carriageReturn
        return CSVRow(number: recordNumber, lineNumber: line, byteOffset: start, fields: [])
    }

    /// The index of the closing quote of the quoted field whose text begins at `start` (just after
    /// its opening quote): the first quote not doubled, with a byte after it. Calls `escaped` with the
    /// index of the first quote of each doubled pair, counts the line breaks of the text into `line`,
    /// and returns `nil` when the input ends first or the text holds a NUL or invalid UTF-8.
    // Transparent, not `@inline(__always)`: the inliner declined the latter in the count pass, which
    // then paid a call for each quoted field.
    @_transparent
    static func closingQuote(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, escaped: (Int) -> Void) -> Int? {
        let end = buffer.count
        var i = start
        while true {
            i = skipText(buffer, from: i, to: end, stoppingAt: quote)
            guard i < end else { return nil }
            let byte = buffer[i]
            if byte == quote {
                let next = i &+ 1
                guard next < end else { return nil }
                guard buffer[next] == quote else { return i }
                escaped(i)
                i = next &+ 1
            } else if byte == carriageReturn {
                line &+= 1
                i &+= 1
            } else if byte == lineFeed {
                internalCheck(i >= 1, "CSVScanner.closingQuote: a line feed at \(i), with no byte before it")
                if buffer[i &- 1] != carriageReturn { line &+= 1 }
                i &+= 1
            } else {
                guard let after = textEnd(buffer, at: i) else { return nil }
                i = after
            }
        }
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` equal to the byte `pattern` repeats; exact for every byte
    /// (no borrow crosses a byte).
    @inline(__always)
    static func equalBytes(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let difference = word ^ pattern
        return ~(((difference & lowBits) &+ lowBits) | difference | lowBits)
    }

    /// The high bit of each byte of `word` below 0x0E; exact for every byte.
    @inline(__always)
    static func bytesBelow0E(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ (ones &* 0x72)) | word | lowBits)
    }

    /// Whether `equalBytes` and `bytesBelow0E` flag exactly the delimiters, quotes and bytes below
    /// 0x0E of `word`, byte by byte: the fast paths' assumption (internal checks only).
    static func masksAreExact(_ word: UInt64, delimiter: UInt8) -> Bool {
        (0..<8).allSatisfy { position in
            let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(position)))
            let bit = highBits & (0xFF << (8 * UInt64(position)))
            return (equalBytes(word, ones &* UInt64(delimiter)) & bit != 0) == (byte == delimiter)
                && (equalBytes(word, ones &* UInt64(quote)) & bit != 0) == (byte == quote)
                && (bytesBelow0E(word) & bit != 0) == (byte < 0x0E)
        }
    }

    /// The index after the text at `index`, a byte `skipText` stopped at that is not the field's end:
    /// a valid UTF-8 sequence, or a control character other than NUL; `nil` for anything else.
    @inline(__always)
    static func textEnd(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        internalCheck(index >= 0 && index < buffer.count, "CSVScanner.textEnd: index \(index) of \(buffer.count) bytes")
        let byte = buffer[index]
        if byte >= 0x80 { return validSequenceEnd(buffer, lead: index) }
        return byte == 0 ? nil : index + 1
    }

    /// The index after the valid UTF-8 sequence whose lead byte (0x80 or more) is at `lead`, or `nil`
    /// when the sequence is invalid or the buffer cuts it.
    @inline(__always)
    static func validSequenceEnd(_ buffer: UnsafeBufferPointer<UInt8>, lead: Int) -> Int? {
        internalCheck(lead >= 0 && lead < buffer.count, "CSVScanner.validSequenceEnd: a lead at \(lead) of \(buffer.count) bytes")
        guard let sequence = try? UTF8Lead.classify(buffer[lead]) else { return nil }
        let after = lead + 1 + sequence.continuations
        guard after <= buffer.count else { return nil }
        internalCheck(sequence.continuations >= 1, "CSVScanner.validSequenceEnd: a lead with no continuation bytes")
        let second = buffer[lead + 1]
        guard second >= sequence.secondLow, second <= sequence.secondHigh else { return nil }
        var index = lead + 2
        while index < after {
            guard buffer[index] & 0xC0 == 0x80 else { return nil }
            index += 1
        }
        return after
    }
}
