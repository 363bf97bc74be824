import SpecConformance
import SpecModel
import Testing

// Wrong CSV record readers: each reads files the way an app's parser might get one thing wrong.

/// The model's parser with other limits, or with its input or output changed.
private struct EditedCSVReader: CSVRecordReading {
    var limits = CSVLimits.default
    var input: @Sendable ([[UInt8]]) -> [[[UInt8]]] = { [$0] }
    var output: @Sendable (CSVReadOutcome) -> CSVReadOutcome = { $0 }

    /// Reads each group of chunks `input` makes as a file of its own, one after the other.
    func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
        var records: [[String]] = []
        for file in input(chunks) {
            var parser = CSVParser(dialect: dialect, limits: limits)
            do throws(CSVParseError) {
                for chunk in file { try parser.feed(chunk) { records.append($0.fields) } }
                try parser.finish { records.append($0.fields) }
            } catch {
                return output(CSVReadOutcome(records: records, error: CSVReadError(error)))
            }
        }
        return output(CSVReadOutcome(records: records))
    }
}

/// A hand-written parser with production's bug: a quote right after a closing quote opens a new
/// quoted section instead of being the second half of an escaped quote, so the quote is lost.
private struct QuoteReopeningReader: CSVRecordReading {
    func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
        var bytes = Array(chunks.joined())
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        enum State { case fieldStart, unquoted, quoted, afterClosingQuote }
        let quote = UInt8(ascii: "\"")
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var inRecord = false
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
        }
        func endRecord() {
            endField()
            records.append(fields)
            fields = []
            inRecord = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let isLineBreak = byte == 0x0A || byte == 0x0D
            if isLineBreak, byte == 0x0D, index < bytes.count, bytes[index] == 0x0A, state != .quoted { index += 1 }
            switch state {
            case .quoted:
                if byte == quote { state = .afterClosingQuote } else { field.append(byte) }
            case .afterClosingQuote:
                if byte == quote {
                    state = .quoted  // The bug: `""` here is an escaped quote, not a new opening quote.
                } else if byte == dialect.delimiter {
                    endField()
                    state = .fieldStart
                } else if isLineBreak {
                    endRecord()
                    state = .fieldStart
                } else {
                    return CSVReadOutcome(records: records, error: CSVReadError(kind: .textAfterClosingQuote, offset: index - 1, record: records.count + 1, line: nil))
                }
            case .fieldStart, .unquoted:
                if byte == quote, state == .fieldStart {
                    state = .quoted
                    inRecord = true
                } else if byte == dialect.delimiter {
                    endField()
                    state = .fieldStart
                    inRecord = true
                } else if isLineBreak {
                    if inRecord { endRecord() }
                    state = .fieldStart
                } else {
                    field.append(byte)
                    state = .unquoted
                    inRecord = true
                }
            }
        }
        if state == .quoted {
            return CSVReadOutcome(records: records, error: CSVReadError(kind: .unterminatedQuotedField, offset: 0, record: records.count + 1, line: nil))
        }
        if inRecord { endRecord() }
        return CSVReadOutcome(records: records)
    }
}

/// A lenient hand-written parser with production's bug in the form that swallows rows: a `""` right
/// after a closing quote opens a new quoted section (both quotes dropped), and any other text after a
/// closing quote goes back into the quoted field, so at Goodreads' `"=""0062671189"""` the field never
/// closes and takes the rest of the row.
struct GuardSwallowingReader: CSVRecordReading {
    func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
        var bytes = Array(chunks.joined())
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        enum State { case fieldStart, unquoted, quoted, afterClosingQuote }
        let quote = UInt8(ascii: "\"")
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var inRecord = false
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
        }
        func endRecord() {
            endField()
            records.append(fields)
            fields = []
            inRecord = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let isLineBreak = byte == 0x0A || byte == 0x0D
            switch state {
            case .quoted:
                if byte == quote { state = .afterClosingQuote } else { field.append(byte) }
            case .afterClosingQuote:
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        index += 1  // The bug: `""` after a closing quote opens a new quoted section.
                    } else {
                        field.append(quote)
                    }
                    state = .quoted
                } else if byte == dialect.delimiter {
                    endField()
                    state = .fieldStart
                } else if isLineBreak {
                    if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    endRecord()
                    state = .fieldStart
                } else {
                    field.append(quote)
                    field.append(byte)
                    state = .quoted
                }
            case .fieldStart, .unquoted:
                if byte == quote, state == .fieldStart {
                    state = .quoted
                    inRecord = true
                } else if byte == dialect.delimiter {
                    endField()
                    state = .fieldStart
                    inRecord = true
                } else if isLineBreak {
                    if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    if inRecord { endRecord() }
                    state = .fieldStart
                } else {
                    field.append(byte)
                    state = .unquoted
                    inRecord = true
                }
            }
        }
        if inRecord || state != .fieldStart { endRecord() }
        return CSVReadOutcome(records: records)
    }
}

enum WrongCSVRecordReaders {
    static let all: [WrongImplementation] = [
        .of({ .csvRecordReading }, "ForgetsStateBetweenChunks", flaw: "parses each chunk as a file of its own, so a quote or a record cut by a chunk boundary is misread", breaks: "CSV-06") {
            EditedCSVReader(input: { chunks in chunks.map { [$0] } })
        },
        .of({ .csvRecordReading }, "QuoteAfterClosingQuoteReopens", flaw: "reads `\"\"` after a closing quote as a new opening quote (production's bug): Goodreads' `=\"…\"` guards lose their quotes", breaks: "CSV-01", "CSV-08") {
            QuoteReopeningReader()
        },
        .of({ .csvRecordReading }, "LossyUTF8", flaw: "decodes invalid UTF-8 as U+FFFD instead of rejecting the file", breaks: "CSV-12") {
            EditedCSVReader(input: { chunks in
                // ASCII needs no decoding; anything else is decoded with repairs.
                guard chunks.contains(where: { $0.contains { $0 >= 0x80 } }) else { return [chunks] }
                return [[Array(String(decoding: Array(chunks.joined()), as: UTF8.self).utf8)]]
            })
        },
        .of({ .csvRecordReading }, "FieldLimitOffByOne", flaw: "rejects a field of exactly 65,536 bytes (`>=` for `>`)", breaks: "CSV-09") {
            EditedCSVReader(limits: CSVLimits(fieldBytesMax: 65_535))
        },
        .of({ .csvRecordReading }, "ColumnLimitOffByOne", flaw: "reads a record of 513 fields (513 columns allowed)", breaks: "CSV-10") {
            EditedCSVReader(limits: CSVLimits(columnsMax: 513))
        },
        .of({ .csvRecordReading }, "DropsRecordsBeforeAnError", flaw: "returns no record at all when the file has an error (all or nothing)", breaks: "CSV-11") {
            EditedCSVReader(output: { outcome in outcome.error == nil ? outcome : CSVReadOutcome(records: [], error: outcome.error) })
        },
        .of({ .csvRecordReading }, "ErrorLinesCountedFromZero", flaw: "numbers an error's line from 0", breaks: "CSV-04") {
            EditedCSVReader(output: { outcome in
                var outcome = outcome
                if var error = outcome.error {
                    error.line = error.line.map { $0 - 1 }
                    outcome.error = error
                }
                return outcome
            })
        },
        .of({ .csvRecordReading }, "GuardSwallowsTheRow", flaw: "a `\"\"` after a closing quote opens a new quoted section and text after a closing quote stays in the field: a 24-field Goodreads row is read as 6 fields at `\"=\"\"0062671189\"\"\"`", breaks: "CSV-01", "CSV-08") {
            GuardSwallowingReader()
        },
        .of({ .csvRecordReading }, "SpacesTrimmed", flaw: "trims the spaces around every field, so a line of spaces is an empty field", breaks: "CSV-18") {
            EditedCSVReader(output: { outcome in
                var outcome = outcome
                outcome.records = outcome.records.map { $0.map { $0.trimmingSpaces() } }
                return outcome
            })
        },
    ]
}

/// The reader the independent team's report described, which turned a real Goodreads row of 24 fields
/// into 6 at its guarded ISBN, fails an RFC 4180 rule: its root cause is RFC 4180's quote escaping.
@Suite struct GuardSwallowingReaderTests {
    @Test func itReadsAGoodreadsRowOf24FieldsAsSix() {
        let line = "48953684,The Night Watchman,Louise Erdrich,\"Erdrich, Louise\",,\"=\"\"0062671189\"\"\",\"=\"\"9780062671189\"\"\","
            + "4,4.03,Harper,Hardcover,451,2020,2020,2020/04/12,2020/03/02,,,read,,,,1,0"
        let row = Array(line.utf8)
        let outcome = GuardSwallowingReader().readRecords(chunks: [row], dialect: .comma)
        #expect(outcome.records.map(\.count) == [6])
    }

    @Test func itFailsAnRFC4180Rule() {
        let result = ConformanceSuite.csvRecordReading.run("GuardSwallowsTheRow") { GuardSwallowingReader() }
        #expect(result.grade(of: "CSV-01") == .fail)
        #expect(!result.passed)
        #expect(ConformanceSuite<GuardSwallowingReader>.csvRecordReading.rules.first { $0.id == "CSV-01" }?.basis.kind == .standard)
    }
}
