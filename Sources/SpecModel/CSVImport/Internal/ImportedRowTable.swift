/// `ImportedRows` as tables: the work of each row earlier imports handled, and the work that
/// replaced each replaced work, looked up in O(1) (Decision D-131).
struct ImportedRowTable {
    var works: [ImportedRowFingerprint: PersistentIdentifier] = [:]
    var replacedBy: [PersistentIdentifier: PersistentIdentifier] = [:]

    /// Every row and replacement of the store's imports numbered below `number`; a later row wins.
    init(_ store: LibraryStore, before number: Int) {
        for checkpoint in store.importHistory where checkpoint.number < number {
            for batch in checkpoint.batches {
                for row in batch.rows { works[row.fingerprint] = row.work }
                for replacement in batch.replacements { replacedBy[replacement.replaced] = replacement.by }
            }
        }
    }

    /// Whether no earlier import handled any row: the import then asks nothing of the table.
    var isEmpty: Bool { works.isEmpty }

    /// The live work the row was imported into, if any (`ImportedRows.work(of:in:)`).
    func work(of fingerprint: ImportedRowFingerprint, in store: LibraryStore) -> PersistentIdentifier? {
        guard var work = works[fingerprint] else { return nil }
        while let next = replacedBy[work] { work = next }
        return store.contains(work) ? work : nil
    }
}
