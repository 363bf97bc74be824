import SpecModel

/// The CSV parser's oracle: every read API, fed the input in any chunks, reads the records the plain
/// reader (`PlainCSVReader`, the grammar stated plainly) reads and stops at its error; what it reads is well numbered; and `CSVWriter`'s text of those records
/// reads back as the same records.
///
/// Architecture "CSV parsing" and Decisions D-046, D-047 and D-049: the same bytes in any chunking give
/// the same rows and the same error at the same offsets, from `CSVParser` (push) and `CSVRowReader`
/// (pull) alike; an error is sticky. The dialect, the limits (the defaults, or small ones so that every
/// limit is met), the chunk sizes and the batch size are drawn from the input (`FuzzDraws`).
public enum CSVOracle {
    /// What a read gives: the records before the first error, and that error if there was one.
    public struct Outcome: Hashable, Sendable, CustomStringConvertible {
        public var rows: [CSVRow]
        public var error: CSVParseError?

        public init(rows: [CSVRow], error: CSVParseError?) {
            self.rows = rows
            self.error = error
        }

        public var description: String {
            "\(rows.count) records, " + (error.map { "then \($0)" } ?? "no error")
        }
    }

    /// How one read is made: the dialect and limits, and the chunks and batch size a reader uses.
    public struct Plan: Sendable, CustomStringConvertible {
        public var dialect: CSVDialect
        public var limits: CSVLimits
        /// Chunk sizes, used in turn and again from the first; a 0 is an empty chunk. At least one is
        /// not 0.
        public var chunkBytes: [Int]
        /// Whether chunks are handed over as a collection without contiguous storage, which the push
        /// parser copies before scanning.
        public var nonContiguousChunks: Bool
        /// `CSVRowReader.nextBatch(rowsMax:)`'s argument.
        public var batchRowsMax: Int

        public var description: String {
            "\(dialect), limits \(limits.fieldBytesMax)/\(limits.rowBytesMax)/\(limits.columnsMax) (field/row/columns), "
                + "chunks \(chunkBytes.prefix(24))\(chunkBytes.count > 24 ? "…" : "")\(nonContiguousChunks ? " (non-contiguous)" : ""), batches of \(batchRowsMax)"
        }

        /// Splits `bytes` into the plan's chunks, in order; together they are `bytes`.
        func chunks(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            var chunks: [ArraySlice<UInt8>] = []
            var start = 0
            var turn = 0
            while start < bytes.count {
                let size = chunkBytes.isEmpty ? bytes.count : chunkBytes[turn % chunkBytes.count]
                turn += 1
                let end = min(bytes.count, start + size)
                chunks.append(bytes[start..<end])
                start = end
            }
            return chunks
        }
    }

    /// One way of reading a file, named for the report.
    public struct Reader: Sendable {
        public var name: String
        public var read: @Sendable (_ bytes: [UInt8], _ plan: Plan) -> Outcome

        public init(name: String, read: @escaping @Sendable (_ bytes: [UInt8], _ plan: Plan) -> Outcome) {
            self.name = name
            self.read = read
        }
    }

    /// The plain reader, which states the grammar and is the reference, then the public read APIs:
    /// the push parser fed the whole file and fed it in the plan's chunks,
    /// `CSVParser.rows(in:)`, and the pull reader record by record and in batches.
    public static let readers: [Reader] = [
        Reader(name: "PlainCSVReader, the grammar") { bytes, plan in
            let (rows, error) = PlainCSVReader.read(bytes, dialect: plan.dialect, limits: plan.limits)
            return Outcome(rows: rows, error: error)
        },
        Reader(name: "CSVParser fed the whole file") { bytes, plan in
            push([bytes[...]], plan: plan, nonContiguous: false)
        },
        Reader(name: "CSVParser fed the plan's chunks") { bytes, plan in
            push(plan.chunks(of: bytes), plan: plan, nonContiguous: plan.nonContiguousChunks)
        },
        Reader(name: "CSVParser.rows(in:)") { bytes, plan in
            do throws(CSVParseError) {
                return Outcome(rows: try CSVParser.rows(in: bytes, dialect: plan.dialect, limits: plan.limits), error: nil)
            } catch {
                // `rows(in:)` gives no records with its error: its error is compared, beside the push
                // parser's records.
                return Outcome(rows: push([bytes[...]], plan: plan, nonContiguous: false).rows, error: error)
            }
        },
        Reader(name: "CSVRowReader.next()") { bytes, plan in
            var reader = CSVRowReader(bytes: bytes, dialect: plan.dialect, limits: plan.limits)
            var rows: [CSVRow] = []
            do throws(CSVParseError) {
                while let row = try reader.next() { rows.append(row) }
                return Outcome(rows: rows, error: nil)
            } catch {
                return Outcome(rows: rows, error: error)
            }
        },
        Reader(name: "CSVRowReader.nextBatch(rowsMax:)") { bytes, plan in
            var reader = CSVRowReader(bytes: bytes, dialect: plan.dialect, limits: plan.limits)
            var rows: [CSVRow] = []
            do throws(CSVParseError) {
                while case let batch = try reader.nextBatch(rowsMax: plan.batchRowsMax), !batch.isEmpty { rows += batch }
                return Outcome(rows: rows, error: nil)
            } catch {
                return Outcome(rows: rows, error: error)
            }
        },
    ]

    /// A deliberately wrong reader, the canary: fed in chunks, it loses a file's last record when the
    /// file ends without a line break and was fed in more than one chunk.
    public static let canaryReader = Reader(name: "the canary: a parser that forgets to finish") { bytes, plan in
        let chunks = plan.chunks(of: bytes)
        var outcome = push(chunks, plan: plan, nonContiguous: false)
        if chunks.count > 1, outcome.error == nil, let last = bytes.last, last != 0x0A, last != 0x0D, !outcome.rows.isEmpty {
            outcome.rows.removeLast()
        }
        return outcome
    }

    /// The push parser fed `chunks` (an empty chunk between each pair when the plan has zeros), then
    /// finished; every call after an error must throw that same error again.
    static func push(_ chunks: [ArraySlice<UInt8>], plan: Plan, nonContiguous: Bool) -> Outcome {
        var parser = CSVParser(dialect: plan.dialect, limits: plan.limits)
        var rows: [CSVRow] = []
        do throws(CSVParseError) {
            for chunk in chunks {
                if nonContiguous {
                    try parser.feed(chunk.lazy.map { $0 }) { rows.append($0) }
                } else {
                    try parser.feed(chunk) { rows.append($0) }
                }
            }
            try parser.finish { rows.append($0) }
            return Outcome(rows: rows, error: nil)
        } catch {
            return Outcome(rows: rows, error: error)
        }
    }

    /// Draws the plan for `bytes`.
    static func plan(for bytes: [UInt8]) -> Plan {
        var draws = FuzzDraws(bytes)
        let dialect: CSVDialect
        switch draws.int(in: 0...3) {
        case 0: dialect = .comma
        case 1: dialect = .tab
        default: dialect = CSVDialect.detect(in: bytes)
        }
        let limits = draws.chance(1, in: 4)
            ? CSVLimits(fieldBytesMax: draws.int(in: 1...48), rowBytesMax: draws.int(in: 1...160), columnsMax: draws.int(in: 1...12))
            : .default
        var sizes: [Int] = []
        switch draws.int(in: 0...4) {
        case 0: sizes = (0..<draws.int(in: 1...16)).map { _ in draws.int(in: 1...4) }
        case 1: sizes = (0..<draws.int(in: 1...16)).map { _ in draws.int(in: 1...64) }
        case 2: sizes = [max(1, draws.int(in: 0...bytes.count)), bytes.count]  // one cut anywhere
        case 3: sizes = (0..<draws.int(in: 1...8)).map { _ in draws.element(of: [0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 4_096]) }
        default: sizes = [1]  // byte by byte
        }
        if sizes.allSatisfy({ $0 == 0 }) { sizes.append(1) }
        return Plan(
            dialect: dialect, limits: limits, chunkBytes: sizes, nonContiguousChunks: draws.chance(1, in: 3),
            batchRowsMax: draws.element(of: [1, 2, 3, 7, 50])
        )
    }

    /// Checks one input with `readers`; the first is the reference the others must match.
    public static func check(_ bytes: [UInt8], readers: [Reader] = readers, target: FuzzTarget = .csv) throws(OracleFailure) {
        let plan = plan(for: bytes)
        let reference = readers[0].read(bytes, plan)
        for reader in readers.dropFirst() {
            let outcome = reader.read(bytes, plan)
            guard outcome == reference else {
                throw OracleFailure(
                    target, rule: "every read API, in any chunking, reads the same records and stops at the same error",
                    "\(readers[0].name) read \(reference); \(reader.name) read \(outcome).\n"
                        + firstDifference(reference, outcome) + "\nplan: \(plan)"
                )
            }
        }
        try checkNumbering(reference, bytes: bytes, plan: plan, target: target)
        try checkStickyError(reference, bytes: bytes, plan: plan, target: target)
        try checkBatches(bytes, plan: plan, target: target)
        if let error = reference.error {
            try ErrorMessageBound.check(error, target: target)
        } else {
            try checkRoundTrip(reference.rows, bytes: bytes, plan: plan, target: target)
        }
    }

    /// Records are numbered 1, 2, 3…, each starting on a later line and byte than the one before, with at
    /// least one field; an error is in the record after the last one read, at a byte of the file. (A NUL
    /// byte makes the file `notCSV` wherever it is, after the records before it were read, D-042.)
    static func checkNumbering(_ outcome: Outcome, bytes: [UInt8], plan: Plan, target: FuzzTarget) throws(OracleFailure) {
        func fail(_ details: String) -> OracleFailure {
            OracleFailure(target, rule: "records are numbered in order and an error names where it is", details + "\nplan: \(plan)")
        }
        for (index, row) in outcome.rows.enumerated() {
            guard row.number == index + 1 else { throw fail("record \(index + 1) is numbered \(row.number): \(row)") }
            guard !row.fields.isEmpty else { throw fail("\(row) has no field") }
            guard row.byteOffset >= 0, row.byteOffset < bytes.count else { throw fail("\(row) starts outside the file's \(bytes.count) bytes") }
            if index > 0 {
                let previous = outcome.rows[index - 1]
                guard row.byteOffset > previous.byteOffset else { throw fail("\(row) starts at or before \(previous)") }
                guard row.lineNumber > previous.lineNumber else { throw fail("\(row) starts on the line of \(previous) or before it") }
            }
        }
        guard let error = outcome.error else { return }
        guard error.offset >= 0, error.offset <= bytes.count else { throw fail("\(error) is outside the file's \(bytes.count) bytes") }
        if let record = error.record {
            guard record == outcome.rows.count + 1 else { throw fail("\(error) is in record \(record), after \(outcome.rows.count) records read") }
        }
    }

    /// After an error every call throws it again: the push parser's `feed` and `finish`, and the pull
    /// reader's `next()`.
    static func checkStickyError(_ outcome: Outcome, bytes: [UInt8], plan: Plan, target: FuzzTarget) throws(OracleFailure) {
        guard let error = outcome.error else { return }
        func fail(_ details: String) -> OracleFailure {
            OracleFailure(target, rule: "after an error every call throws it again (D-047)", details + "\nplan: \(plan)")
        }
        func name(_ error: CSVParseError?) -> String { error.map { "\($0)" } ?? "nothing" }
        var parser = CSVParser(dialect: plan.dialect, limits: plan.limits)
        if let fromFeed = thrown({ () throws(CSVParseError) in try parser.feed(bytes) { _ in } }) {
            guard fromFeed == error else { throw fail("the parser fed the whole file threw \(fromFeed), expected \(error)") }
            let again = thrown { () throws(CSVParseError) in try parser.feed([UInt8(ascii: "a"), 0x0A]) { _ in } }
            guard again == error else { throw fail("after \(error), feeding more threw \(name(again))") }
        }
        let fromFinish = thrown { () throws(CSVParseError) in try parser.finish { _ in } }
        guard fromFinish == error else { throw fail("after \(error), finish() threw \(name(fromFinish))") }
        let fromFinishAgain = thrown { () throws(CSVParseError) in try parser.finish { _ in } }
        guard fromFinishAgain == error else { throw fail("after \(error), a second finish() threw \(name(fromFinishAgain))") }
        var reader = CSVRowReader(bytes: bytes, dialect: plan.dialect, limits: plan.limits)
        for attempt in 1...3 {
            let again = thrown { () throws(CSVParseError) in while try reader.next() != nil {} }
            guard again == error else { throw fail("CSVRowReader.next() threw \(name(again)) on attempt \(attempt), expected \(error)") }
        }
    }

    /// Batches hold `rowsMax` records, fewer only at the end of the file or before an error, and none
    /// once the end is reached.
    static func checkBatches(_ bytes: [UInt8], plan: Plan, target: FuzzTarget) throws(OracleFailure) {
        var reader = CSVRowReader(bytes: bytes, dialect: plan.dialect, limits: plan.limits)
        var sizes: [Int] = []
        let error = thrown { () throws(CSVParseError) in
            while case let batch = try reader.nextBatch(rowsMax: plan.batchRowsMax), !batch.isEmpty { sizes.append(batch.count) }
        }
        if error == nil {
            // The end is reached: every later call returns no records.
            let after = (try? reader.nextBatch(rowsMax: plan.batchRowsMax)) ?? []
            guard after.isEmpty else {
                throw OracleFailure(target, rule: "nextBatch returns no records once the end is reached", "it returned \(after.count) more\nplan: \(plan)")
            }
        }
        guard sizes.dropLast().allSatisfy({ $0 == plan.batchRowsMax }), sizes.allSatisfy({ $0 >= 1 && $0 <= plan.batchRowsMax }) else {
            throw OracleFailure(
                target, rule: "nextBatch(rowsMax:) returns rowsMax records, fewer only at the end or before an error",
                "batches of \(sizes) with rowsMax \(plan.batchRowsMax), then \(error.map { "\($0)" } ?? "the end")\nplan: \(plan)"
            )
        }
    }

    /// The error `body` throws, or `nil`.
    static func thrown(_ body: () throws(CSVParseError) -> Void) -> CSVParseError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// `CSVWriter`'s text of the records, with a terminator, quoting and final line break drawn from the
    /// input, reads back as the same fields with the same dialect.
    static func checkRoundTrip(_ rows: [CSVRow], bytes: [UInt8], plan: Plan, target: FuzzTarget) throws(OracleFailure) {
        guard !rows.isEmpty else { return }
        var draws = FuzzDraws(bytes, salt: 0x5752_4954_4552)  // "WRITER"
        let terminator = draws.element(of: CSVWriter.Terminator.allCases)
        let quoting = draws.element(of: CSVWriter.Quoting.allCases)
        let endsWithTerminator = draws.chance(1, in: 2)
        let fields = rows.map(\.fields)
        let written = CSVWriter.encode(rows: fields, dialect: plan.dialect, terminator: terminator, quoting: quoting, endsWithTerminator: endsWithTerminator)
        // Quotes make a record longer as written; the fields themselves are no longer than they were.
        let limits = CSVLimits(
            fieldBytesMax: CSVLimits.default.fieldBytesMax, rowBytesMax: max(CSVLimits.default.rowBytesMax, written.count),
            columnsMax: CSVLimits.default.columnsMax
        )
        let readBack: [[String]]
        do {
            readBack = try CSVParser.rows(in: written, dialect: plan.dialect, limits: limits).map(\.fields)
        } catch {
            throw OracleFailure(
                target, rule: "CSVWriter writes what the parser reads back",
                "the written records (\(terminator), \(quoting), final line break \(endsWithTerminator)) failed to read: \(error)\n"
                    + "written: \(String(reflecting: String(decoding: written.prefix(400), as: UTF8.self)))\nplan: \(plan)"
            )
        }
        guard readBack == fields else {
            let index = zip(readBack, fields).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(readBack.count, fields.count)
            throw OracleFailure(
                target, rule: "CSVWriter writes what the parser reads back",
                "written with \(terminator), \(quoting), final line break \(endsWithTerminator): \(fields.count) records read back as \(readBack.count); "
                    + "record \(index + 1) was \(fields.indices.contains(index) ? String(reflecting: fields[index]) : "absent"), "
                    + "read back \(readBack.indices.contains(index) ? String(reflecting: readBack[index]) : "absent")\nplan: \(plan)"
            )
        }
    }

    static func firstDifference(_ a: Outcome, _ b: Outcome) -> String {
        for (index, (x, y)) in zip(a.rows, b.rows).enumerated() where x != y {
            return "first difference at record \(index + 1): \(x) against \(y)"
        }
        if a.rows.count != b.rows.count {
            let longer = a.rows.count > b.rows.count ? a.rows : b.rows
            return "the records agree up to \(min(a.rows.count, b.rows.count)); the next is \(longer[min(a.rows.count, b.rows.count)])"
        }
        return "the records agree; the errors are \(a.error.map { "\($0)" } ?? "none") and \(b.error.map { "\($0)" } ?? "none")"
    }
}
