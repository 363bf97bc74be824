import Generators
import SpecModel

/// The CSV record vectors, split as JSONTestSuite splits JSON (seed 004_…, Feature Specifications §1;
/// D-039 to D-051):
///
/// - `csv-y-…`, must accept, each case tagged with the rule that makes it so: RFC 4180's files (CSV-01),
///   spaces (CSV-18), the decisions on LF and CR, blank lines, a byte-order mark, tabs and UTF-8 text
///   (CSV-14 to CSV-17, CSV-12), Goodreads' guards (CSV-08), files at each limit (CSV-09);
/// - `csv-n-…`, must reject by the rule that says so (CSV-02, CSV-10, CSV-12, CSV-13, CSV-19), with the
///   model's error kind, byte offset, record and line (CSV-03, CSV-04) and the records delivered before it
///   (CSV-11);
/// - `csv-i-…`, implementation-defined (CSV-05): a reader may accept the file with the model's records
///   or reject it, keeping the records before the odd one.
///
/// Every expectation is the model's reader (`ModelCSVRecordReader`) on the case's bytes; the files of
/// the first two groups are the suite's own (`CSVReadingCases`), so a vector and the suite never
/// disagree on what a reader must do. Every outcome holds in any chunking of the bytes (CSV-06).
enum CSVRecordVectors {
    static let area = "csv-records"

    static func file() -> TestVectorFile {
        typealias R = CSVRules
        typealias Cases = CSVReadingCases
        var list = TestVectorCaseList(prefix: "csv")
        let accepted: [([CSVReadingCase], Rule)] = [
            (Cases.rfc4180, R.mustAccept), (Cases.spaces, R.spaces), (Cases.lineBreaks, R.lineBreaks),
            (Cases.blankLines, R.blankLines), (Cases.byteOrderMarks, R.byteOrderMark), (Cases.tabSeparated, R.tabs),
            (Cases.utf8Text, R.utf8), (Cases.signaturePrefixes, R.notText),
        ]
        precondition(accepted.reduce(0) { $0 + $1.0.count } == Cases.mustAccept.count, "every file every reader must accept is tagged with its rule")
        for (cases, rule) in accepted {
            for testCase in cases { add(&list, "y", testCase, rules: [rule, R.chunking]) }
        }
        for testCase in Cases.goodreadsGuards {
            add(&list, "y", testCase, rules: [R.goodreadsGuard, R.chunking])
        }
        for testCase in Cases.withinLimits {
            add(&list, "y", testCase, rules: [R.withinLimits, R.chunking])
        }
        // The extra files' rules: by what they break (a byte-order mark before the unterminated quote is
        // CSV-16's, which lets the quote be read at all).
        let rejected: [([(name: String, bytes: [UInt8], pins: String)], [Rule])] = [
            (Cases.textAfterClosingQuote.map { ($0.name, $0.bytes, $0.pins) }, [R.mustReject]),
            (Cases.unterminatedQuotes.map { ($0.name, $0.bytes, $0.pins) }, [R.unterminatedQuote]),
            (extraRejections.filter { $0.pins == "D-043" }, [R.unterminatedQuote, R.byteOrderMark]),
            (Cases.invalidUTF8.map { ($0.name, $0.bytes, $0.pins) } + extraRejections.filter { $0.pins == "D-044" }, [R.utf8]),
            (Cases.notText.map { ($0.name, $0.bytes, $0.pins) } + extraRejections.filter { $0.pins == "D-042" }, [R.notText]),
        ]
        precondition(rejected.reduce(0) { $0 + $1.0.count } == Cases.mustReject.count + extraRejections.count, "every file every reader must reject is tagged with its rule")
        for (cases, rules) in rejected {
            for (name, bytes, pins) in cases {
                add(&list, "n", name, bytes, .comma, pins, rules: rules + [R.errorKind, R.errorPosition, R.recordsBeforeAnError, R.chunking])
            }
        }
        for testCase in Cases.pastLimits {
            add(&list, "n", testCase, rules: [R.pastLimits, R.errorKind, R.errorPosition, R.recordsBeforeAnError, R.chunking])
        }
        for odd in implementationDefined {
            let bytes = Array(odd.text.utf8)
            let outcome = read(bytes, .comma)
            precondition(outcome.error == nil, "the model rejects the implementation-defined file \"\(odd.name)\"; a file the model rejects belongs with the must-reject ones")
            list.add("i", input: input(bytes, .comma), expected: TestVectorValues.object([
                ("verdict", "either"),
                ("records", records(outcome.records)),
                ("recordsBeforeOddRecord", records(Array(outcome.records.prefix(odd.oddRecord - 1)))),
            ]), rules: [R.implementationDefined, R.chunking], name: odd.name + " (record \(odd.oddRecord) is the odd one)", pins: odd.decision)
        }
        let tables = Gen<([[String]], CSVDialect, CSVWriter.Terminator, CSVWriter.Quoting, Bool)>.zip(
            Cases.table, Cases.dialect, Gen<CSVWriter.Terminator>.element(of: CSVWriter.Terminator.allCases),
            Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases), Gen<Bool>.bool(probability: 0.8)
        )
        for (index, (table, dialect, terminator, quoting, final)) in TestVectorSampling.samples(tables, 8, salt: 1).enumerated() {
            let bytes = CSVWriter.encode(rows: table, dialect: dialect, terminator: terminator, quoting: quoting, endsWithTerminator: final)
            // LF and CR, and tabs, are what the decisions add to RFC 4180's files.
            let decided = (terminator == .crlf ? [] : [R.lineBreaks]) + (dialect == .tab ? [R.tabs] : [])
            list.add("y-gen", input: input(bytes, dialect), expected: expected(read(bytes, dialect)), rules: [R.roundTrip] + decided + [R.chunking],
                     note: "generated \(index + 1): a table of \(table.count) rows written with \(terminator), \(quoting) quoting" + (final ? "" : ", no final line break"))
        }
        let broken = Gen<([[String]], Int, Int)>.zip(Cases.table, Gen<Int>.int(in: 0...10_000), Gen<Int>.int(in: 0...(Cases.brokenBytes.count - 1)))
        for (index, (table, position, which)) in TestVectorSampling.samples(broken, 8, salt: 2).enumerated() {
            var bytes = CSVWriter.encode(rows: table)
            let at = position % (bytes.count + 1)
            bytes.insert(contentsOf: Cases.brokenBytes[which], at: at)
            list.add("n-gen", input: input(bytes, .comma), expected: expected(read(bytes, .comma)),
                     rules: [R.utf8, R.errorKind, R.errorPosition, R.recordsBeforeAnError, R.chunking],
                     note: "generated \(index + 1): a written table with \(TestVectorValues.hex(Cases.brokenBytes[which])) inserted at byte \(at)")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    /// Adds a case of the suite's: its name, bytes and pin (the suite's expectation is not used; the
    /// model's answer is).
    static func add(_ list: inout TestVectorCaseList, _ group: String, _ testCase: CSVReadingCase, rules: [Rule]) {
        add(&list, group, testCase.name, testCase.bytes, testCase.dialect, testCase.pins, rules: rules)
    }

    /// Adds a fixed file, its expectation the model's.
    static func add(_ list: inout TestVectorCaseList, _ group: String, _ name: String, _ bytes: [UInt8], _ dialect: CSVDialect, _ pins: String, rules: [Rule]) {
        // The decisions are the rules' own, and the one the file pins; RFC 4180's pin joins the note.
        list.add(group, input: input(bytes, dialect), expected: expected(read(bytes, dialect)), rules: rules, name: name, pins: pins)
    }

    /// The model's outcome for `bytes` read in one chunk (any chunking gives the same, CSV-06).
    static func read(_ bytes: [UInt8], _ dialect: CSVDialect) -> CSVReadOutcome {
        ModelCSVRecordReader().readRecords(chunks: [bytes], dialect: dialect)
    }

    static func input(_ bytes: [UInt8], _ dialect: CSVDialect) -> JSONValue {
        TestVectorValues.object([("bytes", TestVectorValues.bytes(bytes)), ("delimiter", .string(String(UnicodeScalar(dialect.delimiter))))])
    }

    /// `{"verdict": "accept", "records": …}` or `{"verdict": "reject", "records": …, "error": …}`.
    static func expected(_ outcome: CSVReadOutcome) -> JSONValue {
        guard let error = outcome.error else {
            return TestVectorValues.object([("verdict", "accept"), ("records", records(outcome.records))])
        }
        return TestVectorValues.object([
            ("verdict", "reject"),
            ("records", records(outcome.records)),
            ("error", TestVectorValues.object([
                ("kind", .string(error.kind.rawValue)), ("offset", .integer(Int64(error.offset))),
                ("record", TestVectorValues.integer(error.record)), ("line", TestVectorValues.integer(error.line)),
            ])),
        ])
    }

    /// Records as arrays of fields.
    static func records(_ records: [[String]]) -> JSONValue {
        .array(records.map { .array($0.map(JSONValue.string)) })
    }

    /// Files every reader must reject that the suite leaves to the parser's own tests
    /// (`CSVExactCaseTests`): the rest of the UTF-8 defects and binary signatures.
    static let extraRejections: [(name: String, bytes: [UInt8], pins: String)] = [
        ("an overlong four-byte form", [0xF0, 0x80, 0x80, 0x80], "D-044"),
        ("a sequence cut by a line break", [0x61, 0xC3, 0x0A], "D-044"),
        ("UTF-16 big-endian text", [0xFE, 0xFF, 0x00, 0x61], "D-042"),
        ("gzip", [0x1F, 0x8B, 0x08, 0x00], "D-042"),
        ("a JPEG", [0xFF, 0xD8, 0xFF, 0xE0], "D-042"),
        ("an unterminated quote after a byte-order mark", Array("\u{FEFF}\"abc".utf8), "D-043"),
    ]

    /// A file RFC 4180 and the decisions leave open, and which of its records is the odd one.
    struct ImplementationDefined {
        let name: String
        let text: String
        let oddRecord: Int
        let decision: String
    }

    /// The files left to the implementation (CSV-05): the suite's, and the other scalars a reader may
    /// refuse in text.
    static let implementationDefined: [ImplementationDefined] = [
        ("a quote inside an unquoted field, as Excel reads it", "ab\"c,d\"", "D-039"),
        ("spaces before an opening quote", " \"a\",b", "D-039"),
        ("an escaped quote in an unquoted field", "a\"\"b,c", "D-039"),
        ("a quote ending an unquoted field", "abc\",d", "D-039"),
        ("U+FEFF inside the file", "\u{FEFF}b,c", "D-043"),
        ("U+FEFF inside a quoted field", "\"a\u{FEFF}\",c", "D-043"),
        ("control characters and a tab in a comma-separated file", "a\u{1}b\tc,d", "D-039"),
        ("DEL and a C1 control character", "a\u{7F}b,\u{85}c", "D-039"),
        ("a vertical tab and a form feed, which end no line", "a\u{B}b,c\u{C}d", "D-049"),
        ("U+2028 and U+2029, which end no line", "a\u{2028}b,c\u{2029}d", "D-049"),
    ].map { name, odd, decision in
        ImplementationDefined(name: name, text: "Title,Author\n" + odd + "\nx,y\n", oddRecord: 2, decision: decision)
    } + [
        ImplementationDefined(name: "two byte-order marks: the second is text", text: "\u{FEFF}\u{FEFF}a,b\nc,d\n", oddRecord: 1, decision: "D-043"),
    ]
}
