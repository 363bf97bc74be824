// Test hooks: package-visible, underscored, never part of the public API.

extension CSVParser {
    /// The bytes of the file the parser holds right now: the current record's finished fields and
    /// its field in progress (as text), plus the first bytes of the file while they wait for the
    /// signature check. Never more than one record: a finished record is handed over and dropped.
    package var _bufferedBytes: Int { head.count + scanner.bufferedBytes }
}

extension CSVRowReader {
    /// The bytes of the current record the reader holds besides the input (see
    /// `CSVParser._bufferedBytes`).
    package var _bufferedBytes: Int { scanner.bufferedBytes }
}
