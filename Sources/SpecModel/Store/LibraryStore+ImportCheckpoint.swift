// The imports' checkpoints are saved and rolled back with the objects, as SwiftData models in the same
// context would be (Decisions D-130, D-131).
extension LibraryStore {
    /// The import in progress, or the last one finished; `nil` before any import and after a reset.
    public var importCheckpoint: ImportCheckpoint? { live.imports.last }

    /// Every import into the library, in order, the last one `importCheckpoint`.
    public var importHistory: [ImportCheckpoint] { live.imports }

    /// Begins a new import's checkpoint after the others; saved with the import's first batch.
    mutating func beginImport(_ checkpoint: ImportCheckpoint) {
        if undo.savedImportCount == nil { undo.savedImportCount = live.imports.count }
        live.imports.append(checkpoint)
    }

    /// Adds a batch to the current import's checkpoint, to be saved with the batch's objects.
    mutating func recordImportBatch(_ batch: ImportBatchRecord) {
        // An import begins its checkpoint with its first batch, and ends at its next batch once a reset
        // has removed it (D-190): a batch never finds the checkpoints empty.
        guard !live.imports.isEmpty else { preconditionFailure("an import batch recorded with no import begun") }
        if undo.savedImportCount == nil, undo.savedImportBatchCount == nil {
            undo.savedImportBatchCount = live.imports[live.imports.count - 1].batches.count
        }
        live.imports[live.imports.count - 1].batches.append(batch)
    }
}
