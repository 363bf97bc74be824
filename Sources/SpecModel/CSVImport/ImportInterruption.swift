/// Why an import ended before its last row with nothing wrong in its file or its saves (D-190).
public enum ImportInterruption: Hashable, Sendable, CustomStringConvertible {
    /// The library was reset after the import was prepared: its books and its checkpoint went with the
    /// rest, and the rows left are not imported into the empty library (seed 000: "I imported the wrong
    /// CSV and want to start over").
    case libraryReset
    /// Import `number` began in the library after this one was prepared, and its checkpoint is the
    /// store's current one.
    case anotherImportBegan(number: Int)

    /// What the app shows.
    public var description: String {
        switch self {
        case .libraryReset: "the import ended: the library was reset"
        case let .anotherImportBegan(number): "the import ended: import \(number) began in the library meanwhile"
        }
    }
}

/// What an import knows of the store it imports into, to see before each batch what others did to the
/// library since its last one (D-190): a reset or another import ends it; any other change makes it
/// read the library again, since its duplicate candidates may have changed or gone.
struct ImportWatch: Sendable {
    /// The store's batch deletes when the import was prepared.
    let batchDeletes: Int
    /// The store's stamp after the import was prepared or after its last batch.
    private(set) var stamp: LibraryStore.WriteStamp

    init(store: LibraryStore) {
        batchDeletes = store.batchDeletes
        stamp = store.writeStamp
    }

    enum Look: Equatable {
        case unchanged
        case changedByOthers
        case ended(ImportInterruption)
    }

    /// What happened to the library since the last batch of import `number`, with `batchesSaved`
    /// batches saved.
    func look(at store: LibraryStore, number: Int, batchesSaved: Int) -> Look {
        if store.batchDeletes != batchDeletes { return .ended(.libraryReset) }
        let last = store.importCheckpoint?.number ?? 0
        // With batches saved the store's last checkpoint is this import's unless a later one began: a
        // checkpoint leaves the store only with a batch delete, seen above.
        if batchesSaved > 0 ? last != number : last >= number { return .ended(.anotherImportBegan(number: last)) }
        return store.writeStamp == stamp ? .unchanged : .changedByOthers
    }

    /// Notes the store as the import's batch left it.
    mutating func batchEnded(in store: LibraryStore) {
        stamp = store.writeStamp
    }
}
