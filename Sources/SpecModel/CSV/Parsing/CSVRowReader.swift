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
    var scanner: CSVScanner
    /// The offset of the next byte to read.
    var position = 0
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
    public var byteOffset: Int { position }

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
            let row = try bytes.withUnsafeBufferPointer { buffer throws(CSVParseError) in
                try scanner.nextRow(in: buffer, base: 0, at: &position)
            }
            if let row { return row }
            isAtEnd = true
        }
        return try scanner.finish()
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
