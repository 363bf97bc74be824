import InternalChecks

/// A streaming RFC 4180 parser: feed it a file's bytes in chunks of any size, get its records.
///
///     var parser = CSVParser()
///     for chunk in chunks { try parser.feed(chunk) { row in batch.append(row) } }
///     try parser.finish { row in batch.append(row) }
///
/// What it accepts (RFC 4180, plus what real exports do):
/// - fields separated by the dialect's delimiter; records ending at LF, CRLF or CR, mixed freely;
///   the last record may lack its line break;
/// - quoted fields holding delimiters, quotes written `""`, and line breaks of any kind; so
///   Goodreads' Excel-guarded ISBN `"=""0525540679"""` is the text `="0525540679"`, and
///   `"="""""` is `=""`;
/// - a quote inside a field that did not start with one is text (`ab"c` is `ab"c`), as Excel
///   reads it; but after a quoted field's closing quote only the delimiter or a line break may
///   follow (`"ab"c` is `CSVParseError.textAfterClosingQuote`);
/// - a UTF-8 byte-order mark at the very start is skipped (offsets still count its three bytes);
/// - empty lines are blank lines, not records, wherever they are; a line of spaces is a record
///   with one field of spaces (whitespace is kept as written: trimming belongs to field mapping);
/// - `a,b,` ends with an empty field; a record has whatever number of fields it has (checking them
///   against the header is the importer's job).
///
/// What it rejects, each as a `CSVParseError` with the byte offset (and record and line): text
/// that is not UTF-8, an unterminated quoted field (at its opening quote), text after a closing
/// quote, anything beyond `CSVLimits`, and files that are not text (`notCSV`: a NUL byte anywhere,
/// or a binary or UTF-16 signature at the start; see `CSVParseError.NotCSVReason`). After an error
/// the parser stops: every later call throws the same error.
///
/// Feeding the same bytes in any chunking gives the same rows and the same error, at the same
/// offsets. The parser holds at most the current record (and, before the first 8 bytes have
/// arrived, those bytes, to check the file's signature); rows are handed to `onRow` as soon as
/// their line break arrives, so an importer can consume them in batches without the file's rows
/// ever being in memory together.
///
/// - Complexity: O(*n*) in the bytes fed; each byte is examined once.
///
/// Seed: 004_…, Feature Specifications §1 (CSV Parsing: streaming, 50 rows at a time, "Malformed
/// CSV … clear error message"), and the production notes on Goodreads exports.
public struct CSVParser: Sendable {
    /// The byte between fields: a comma, or a tab for tab-separated exports.
    public let dialect: CSVDialect
    /// The longest field and record, in bytes, and the most fields a record may have; also the parser's
    /// memory bound.
    public let limits: CSVLimits
    var scanner: CSVScanner
    /// The file's first bytes, held until there are `CSVFileSignature.prefixBytesMax` of them (or
    /// the input ends) and the signature check has run.
    var head: [UInt8] = []
    var isHeadChecked = false
    /// The bytes handed to the scanner so far: the file offset of the next one.
    var bytesScanned = 0
    var isFinished = false

    /// A parser for one file.
    ///
    /// - Precondition: `dialect` and `limits` are valid (see their initialisers).
    public init(dialect: CSVDialect = .comma, limits: CSVLimits = .default) {
        self.dialect = dialect
        self.limits = limits
        scanner = CSVScanner(dialect: dialect, limits: limits)
    }

    /// Parses the next `chunk` of the file, calling `onRow` for each record it completes.
    ///
    /// An error thrown by `onRow` stops the parse like a parse error: it propagates, and every later
    /// call throws it again.
    ///
    /// - Precondition: `finish(onRow:)` has not been called.
    public mutating func feed(_ chunk: some Collection<UInt8>, onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        precondition(!isFinished, "CSVParser.feed(_:onRow:) after finish(onRow:): use a new parser for another file")
        let result: Result<Void, CSVParseError>? = chunk.withContiguousStorageIfAvailable { buffer in
            Result { () throws(CSVParseError) in try self.consume(buffer, onRow: onRow) }
        }
        if let result {
            try result.get()
        } else {
            let copy = Array(chunk)
            try copy.withUnsafeBufferPointer { buffer throws(CSVParseError) in try consume(buffer, onRow: onRow) }
        }
    }

    /// Ends the file: calls `onRow` for the last record if the file does not end with a line break,
    /// or throws what the end leaves unfinished (an unterminated quoted field, a truncated UTF-8
    /// sequence). Calling it again does nothing (or throws the same error).
    public mutating func finish(onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        isFinished = true
        if !isHeadChecked { try checkHead(onRow: onRow) }
        if let row = try scanner.finish() { try deliver(row, to: onRow) }
    }

    /// Parses a whole file held in memory and returns its records.
    ///
    /// For tests and small files; the importer streams with `feed` or `CSVRowReader`.
    public static func rows(in bytes: some Collection<UInt8>, dialect: CSVDialect = .comma, limits: CSVLimits = .default) throws(CSVParseError) -> [CSVRow] {
        var parser = CSVParser(dialect: dialect, limits: limits)
        var rows: [CSVRow] = []
        try parser.feed(bytes) { rows.append($0) }
        try parser.finish { rows.append($0) }
        return rows
    }

    // MARK: - Internals

    private mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        var rest = buffer
        if !isHeadChecked {
            let taken = min(CSVFileSignature.prefixBytesMax - head.count, rest.count)
            internalCheck(taken >= 0, "CSVParser: \(head.count) bytes held for a signature of \(CSVFileSignature.prefixBytesMax)")
            head.append(contentsOf: UnsafeBufferPointer(rebasing: rest[0..<taken]))
            rest = UnsafeBufferPointer(rebasing: rest[taken...])
            guard head.count == CSVFileSignature.prefixBytesMax else { return }
            try checkHead(onRow: onRow)
        }
        try scan(rest, from: 0, onRow: onRow)
    }

    /// Checks the file's first bytes for a signature, then parses them (skipping a byte-order mark).
    private mutating func checkHead(onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        isHeadChecked = true
        if let reason = CSVFileSignature.notCSVReason(prefix: head) {
            let error = CSVParseError.notCSV(reason: reason, offset: 0)
            scanner.failure = error
            throw error
        }
        let held = head
        head = []
        let skipped = CSVFileSignature.bytesToSkip(prefix: held)
        try held.withUnsafeBufferPointer { buffer throws(CSVParseError) in
            // Scanning from `skipped` rather than a rebased buffer keeps `buffer[i - 1]` the true
            // previous byte, and offsets counting the byte-order mark.
            try scan(buffer, from: skipped, onRow: onRow)
        }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        var index = start
        while let row = try scanner.nextRow(in: buffer, base: bytesScanned, at: &index) {
            try deliver(row, to: onRow)
        }
        bytesScanned += buffer.count
    }

    private mutating func deliver(_ row: CSVRow, to onRow: (CSVRow) throws(CSVParseError) -> Void) throws(CSVParseError) {
        do {
            try onRow(row)
        } catch {
            scanner.failure = error
            throw error
        }
    }
}
