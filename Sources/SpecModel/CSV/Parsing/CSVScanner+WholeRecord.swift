// A fast path for `CSVRowReader`'s byte outputs: one whole, valid record read in one loop.
//
// The state machine in CSVScanner.swift reads any buffer from any point, so it keeps its place in
// the grammar, the field in progress and every counter in the scanner itself, and checks each limit
// as it goes. `CSVRowReader` holds the whole file, and nearly every record of an export is valid and
// far inside the limits. For those, `wholeRecord` reads the record from its first byte to its line
// break with every counter in a local, checks the limits once at the end, and only then writes the
// result to the scanner. Anything else (the input ending inside the record, invalid UTF-8, a NUL,
// text after a closing quote, a limit passed) returns `nil` before a single field of the scanner is
// changed, and the state machine reads the record again from the same place, with its exact errors.
// So the rows, errors and offsets are the state machine's by construction; `CSVHostileInputTests` and
// `CSVRoundTripTests` compare both outputs with the string rows on random and damaged files
// (Decision D-111).

extension CSVScanner {
    /// Reads the next record of `buffer`, the whole input, from `index` when it is a valid record that
    /// ends inside the buffer; returns it (its fields in `spans`, or only counted) with `index` past its
    /// line break. Returns `nil`, the scanner and `index` unchanged, when it is anything else.
    mutating func wholeRecord(in buffer: UnsafeBufferPointer<UInt8>, at index: inout Int) -> CSVRow? {
        guard output != .strings, failure == nil, pending == nil, state == .recordStart, partial.isEmpty,
            let base = buffer.baseAddress
        else { return nil }
        let end = buffer.count
        let delimiter = self.delimiter
        let quote = Self.quote
        let cr = Self.carriageReturn
        let lf = Self.lineFeed
        let keepsSpans = output == .spans
        var i = index
        var line = self.line

        // Blank lines before the record.
        while true {
            guard i < end else { return nil }
            let byte = base[i]
            if byte == lf {
                if !(i > 0 ? base[i - 1] == cr : previousByteWasCR) { line += 1 }
            } else if byte == cr {
                line += 1
            } else {
                break
            }
            i += 1
        }
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
        spans.removeAll(keepingCapacity: true)
        unescaped.removeAll(keepingCapacity: true)
        var fields = 0
        var longestField = 0
        var lastFieldOffset = i
        var lastFieldLine = line

        // Field after field; `i` is at a field's first byte.
        fieldLoop: while true {
            guard i < end else { return nil }
            lastFieldOffset = i
            lastFieldLine = line
            fields += 1
            let first = base[i]
            if first == quote {
                // Quoted: text runs to a quote not followed by another.
                i += 1
                var segmentStart = i
                var escapedStart = -1  // where the field's text begins in `unescaped`, once it has an escaped quote
                var length = 0
                while true {
                    i = Self.skipText(buffer, from: i, to: end, stoppingAt: quote)
                    guard i < end else { return nil }
                    let byte = base[i]
                    if byte == quote {
                        let next = i + 1
                        guard next < end else { return nil }
                        let after = base[next]
                        if after == quote {
                            length += next - segmentStart
                            if keepsSpans {
                                if escapedStart < 0 { escapedStart = unescaped.count }
                                unescaped.append(contentsOf: UnsafeBufferPointer(start: base + segmentStart, count: next - segmentStart))
                            }
                            i = next + 1
                            segmentStart = i
                            continue
                        }
                        length += i - segmentStart
                        longestField = max(longestField, length)
                        if keepsSpans {
                            if escapedStart < 0 {
                                spans.append(segmentStart)
                                spans.append(i)
                            } else {
                                unescaped.append(contentsOf: UnsafeBufferPointer(start: base + segmentStart, count: i - segmentStart))
                                spans.append(~escapedStart)
                                spans.append(unescaped.count)
                            }
                        }
                        i = next
                        if after == delimiter {
                            i += 1
                            continue fieldLoop
                        }
                        guard after == cr || after == lf else { return nil }
                        break fieldLoop
                    } else if byte == cr {
                        line += 1
                        i += 1
                    } else if byte == lf {
                        if base[i - 1] != cr { line += 1 }
                        i += 1
                    } else {
                        guard let after = Self.textEnd(buffer, at: i) else { return nil }
                        i = after
                    }
                }
            }
            // Unquoted (or empty): text runs to the delimiter or the line break.
            let start = i
            while true {
                i = Self.skipText(buffer, from: i, to: end, stoppingAt: delimiter)
                guard i < end else { return nil }
                let byte = base[i]
                if byte == delimiter || byte == cr || byte == lf { break }
                guard let after = Self.textEnd(buffer, at: i) else { return nil }
                i = after
            }
            longestField = max(longestField, i - start)
            if keepsSpans {
                spans.append(start)
                spans.append(i)
            }
            if base[i] == delimiter {
                i += 1
                continue
            }
            break
        }

        // `i` is at the record's line break. Every byte before it must lie within the record-length
        // limit; the state machine would have thrown at the first that does not.
        guard fields <= limits.columnsMax, longestField <= limits.fieldBytesMax,
            i - recordStart <= limits.rowBytesMax
        else { return nil }
        recordNumber += 1
        recordOffset = recordStart
        self.recordLine = recordLine
        fieldOffset = lastFieldOffset
        fieldLine = lastFieldLine
        columnsHint = fields
        fieldCount = 0
        self.line = line + 1
        i += 1
        previousByteWasCR = base[i - 1] == cr
        index = i
        return CSVRow(number: recordNumber, lineNumber: recordLine, byteOffset: recordStart, fields: [])
    }

    /// The index after the text at `index`, a byte `skipText` stopped at that is not the field's end:
    /// a valid UTF-8 sequence, or a control character other than NUL; `nil` for anything else.
    @inline(__always)
    static func textEnd(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = buffer[index]
        if byte >= 0x80 { return validSequenceEnd(buffer, lead: index) }
        return byte == 0 ? nil : index + 1
    }

    /// The index after the valid UTF-8 sequence whose lead byte (0x80 or more) is at `lead`, or `nil`
    /// when the sequence is invalid or the buffer cuts it.
    @inline(__always)
    static func validSequenceEnd(_ buffer: UnsafeBufferPointer<UInt8>, lead: Int) -> Int? {
        guard let sequence = try? UTF8Lead.classify(buffer[lead]) else { return nil }
        let after = lead + 1 + sequence.continuations
        guard after <= buffer.count else { return nil }
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
