import InternalChecks

/// Reads a CSV file held in memory one record at a time, on demand.
///
///     var reader = CSVRowReader(bytes: file)
///     while case let batch = try reader.nextBatch(rowsMax: 50), !batch.isEmpty { save(batch) }
///
/// It parses exactly as `CSVParser` does (same rows, same errors at the same offsets) but pulls:
/// each `next()` reads only as far as the end of the next record, so the reader holds the input
/// bytes and the current record, never the rows already returned. After an error every call throws
/// it again; after the last record every call returns `nil`.
///
/// Seed: 004_…, Feature Specifications §1 ("Streaming parser processes 50 rows at a time") and
/// Non-Functional Requirements (Batch Size: 50 rows).
public struct CSVRowReader: Sendable {
    /// The file.
    public let bytes: [UInt8]
    @usableFromInline var scanner: CSVScanner
    /// The offset of the next byte to read.
    @usableFromInline var position = 0
    var isHeadChecked = false
    var isAtEnd = false

    /// A reader over the whole file `bytes`.
    ///
    /// - Precondition: `dialect` and `limits` are valid (see their initialisers).
    public init(bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default) {
        self.bytes = bytes
        scanner = CSVScanner(dialect: dialect, limits: limits)
    }

    /// The offset of the first byte not yet read: just past the last record returned.
    @inlinable public var byteOffset: Int { position }

    /// Returns the next record, or `nil` at the end of the file.
    public mutating func next() throws(CSVParseError) -> CSVRow? {
        if !isHeadChecked {
            isHeadChecked = true
            let prefix = bytes.prefix(CSVFileSignature.prefixBytesMax)
            if let reason = CSVFileSignature.notCSVReason(prefix: prefix) {
                scanner.failure = .notCSV(reason: reason, offset: 0)
            } else {
                position = CSVFileSignature.bytesToSkip(prefix: prefix)
            }
        }
        if !isAtEnd {
            let bytes = self.bytes
            let row = try bytes.withUnsafeBufferPointer { buffer throws(CSVParseError) -> CSVRow? in
                // A valid record read in one loop when its fields are not made into strings; the
                // state machine otherwise, with the same rows and errors (Decision D-111).
                if let row = scanner.wholeRecord(in: buffer, at: &position) { return row }
                return try scanner.nextRow(in: buffer, base: 0, at: &position)
            }
            if let row { return row }
            isAtEnd = true
        }
        return try scanner.finish()
    }

    /// Reads the next record without making its fields' strings, and gives `body` the record (whose
    /// `fields` are empty) with a view of its fields' bytes; returns what `body` returns, or `nil` at
    /// the end of the file.
    ///
    /// The view is valid only inside `body`. The same rows, errors and offsets as `next()`.
    @inlinable
    package mutating func withNextRecord<Result>(_ body: (CSVRow, CSVFieldsView) throws(CSVParseError) -> Result) throws(CSVParseError) -> Result? {
        scanner.output = .spans
        defer { scanner.output = .strings }
        guard let row = try next() else { return nil }
        let file = bytes
        return try file.withUnsafeBufferPointer { file throws(CSVParseError) in
            try scanner.spans.withUnsafeBufferPointer { spans throws(CSVParseError) in
                try scanner.unescaped.withUnsafeBufferPointer { unescaped throws(CSVParseError) in
                    internalCheck(scanner.spanCount <= spans.count, "CSVRowReader: \(scanner.spanCount) spans of \(spans.count)")
                    let spans = UnsafeBufferPointer(rebasing: spans[..<scanner.spanCount])
                    let view = CSVFieldsView(file: file, unescaped: unescaped, spans: spans)
                    // Before it is lent: every field lies inside its buffer and is UTF-8.
                    internalCheckConsistency(view.problems(), "the fields of record \(row.number) lent by CSVRowReader")
                    return try body(row, view)
                }
            }
        }
    }

    /// Reads every remaining record only to validate and count them: the same errors as `next()`,
    /// and no field's text is made (Decision D-036).
    ///
    /// - Returns: the number of records read.
    package mutating func skipRemainingRecords() throws(CSVParseError) -> Int {
        scanner.output = .none
        defer { scanner.output = .strings }
        var count = 0
        while try next() != nil { count += 1 }
        return count
    }

    /// Returns the next records, at most `rowsMax` of them; fewer only at the end of the file or
    /// before an error, and none once the end is reached.
    ///
    /// An error met after some records of the batch ends the batch early with those records; the
    /// next call throws it (the reader keeps it). So no record before an error is lost, and the
    /// importer can save a batch before reporting the error with its record number.
    ///
    /// - Precondition: `rowsMax >= 1`.
    public mutating func nextBatch(rowsMax: Int) throws(CSVParseError) -> [CSVRow] {
        precondition(rowsMax >= 1, "CSVRowReader.nextBatch(rowsMax:) needs rowsMax >= 1, got \(rowsMax)")
        var batch: [CSVRow] = []
        batch.reserveCapacity(rowsMax)
        do {
            while batch.count < rowsMax, let row = try next() { batch.append(row) }
        } catch {
            if batch.isEmpty { throw error }
        }
        return batch
    }
}

/// The fields of one record, as bytes of the file (or of the scanner's unescaped text): what
/// `CSVRowReader.withNextRecord` lends. Valid only while it is lent.
@usableFromInline
package struct CSVFieldsView {
    @usableFromInline let file: UnsafeBufferPointer<UInt8>
    @usableFromInline let unescaped: UnsafeBufferPointer<UInt8>
    @usableFromInline let spans: UnsafeBufferPointer<Int>

    @usableFromInline
    init(file: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<Int>) {
        self.file = file
        self.unescaped = unescaped
        self.spans = spans
    }

    /// The number of fields.
    @inlinable
    package var count: Int { spans.count &>> 1 }

    /// The bytes of field `index` (quotes removed, escaped quotes unescaped), valid UTF-8.
    @inlinable
    package subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        internalCheck(index >= 0 && index < count, "CSVFieldsView: field \(index) of \(count)")
        let start = spans[2 &* index]
        let end = spans[2 &* index &+ 1]
        if start >= 0 {
            internalCheck(start <= end && end <= file.count, "CSVFieldsView: field \(index) at \(start)..<\(end) of a file of \(file.count) bytes")
            return UnsafeBufferPointer(rebasing: file[start..<end])
        }
        internalCheck(~start <= end && end <= unescaped.count, "CSVFieldsView: field \(index) at \(~start)..<\(end) of \(unescaped.count) unescaped bytes")
        return UnsafeBufferPointer(rebasing: unescaped[~start..<end])
    }

    /// What is wrong with the view, if anything: a field outside its buffer, or not UTF-8.
    ///
    /// - Complexity: O(the record's bytes).
    @usableFromInline
    func problems() -> [String] {
        guard spans.count % 2 == 0 else { return ["\(spans.count) span ends, an odd number"] }
        var problems: [String] = []
        for index in 0..<count {
            let (start, end) = (spans[2 * index], spans[2 * index + 1])
            let (from, limit) = start >= 0 ? (start, file.count) : (~start, unescaped.count)
            guard from <= end, end <= limit else {
                problems.append("field \(index) at \(from)..<\(end) of \(limit) bytes")
                continue
            }
            if !isValidUTF8(self[index]) { problems.append("field \(index) is not UTF-8") }
        }
        return problems
    }
}
