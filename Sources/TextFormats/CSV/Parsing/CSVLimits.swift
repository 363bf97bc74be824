/// The bounds a parse stays within, so that a hostile file costs bounded memory.
///
/// Each is checked as the parser reads; the first one exceeded is reported as a `CSVParseError`
/// naming the limit and the byte. The parser holds at most one record (`rowBytesMax` bytes), so the
/// limits are also its memory bound. The defaults are far above real exports: a Goodreads row is a
/// few hundred bytes, its longest field a review of a few kilobytes, and it has 24 columns.
///
/// Seed: 004_…, Non-Functional Requirements (memory < 200 MB for 1,500 books; streaming parser).
public struct CSVLimits: Hashable, Sendable {
    /// The longest field, in UTF-8 bytes of its text (quotes removed, an escaped quote counted once).
    /// Checked when the field ends.
    public var fieldBytesMax: Int
    /// The longest record, in bytes as written (quotes and delimiters included, the line break not).
    /// Checked at every byte, so the parser never holds more than this.
    public var rowBytesMax: Int
    /// The most fields in one record. Checked at the delimiter that would start one more.
    public var columnsMax: Int

    /// The defaults: 64 KiB fields, 1 MiB records, 512 columns.
    public static let `default` = CSVLimits()

    /// Limits with the given bounds; each defaults to the value in `default`.
    ///
    /// - Precondition: every limit is at least 1.
    public init(fieldBytesMax: Int = 65_536, rowBytesMax: Int = 1_048_576, columnsMax: Int = 512) {
        self.fieldBytesMax = fieldBytesMax
        self.rowBytesMax = rowBytesMax
        self.columnsMax = columnsMax
        validate()
    }

    /// Traps with the offending value if a limit is below 1 (the properties are settable, so the
    /// parser checks again when it starts).
    func validate() {
        precondition(fieldBytesMax >= 1, "CSVLimits.fieldBytesMax must be at least 1, got \(fieldBytesMax)")
        precondition(rowBytesMax >= 1, "CSVLimits.rowBytesMax must be at least 1, got \(rowBytesMax)")
        precondition(columnsMax >= 1, "CSVLimits.columnsMax must be at least 1, got \(columnsMax)")
    }
}
