extension SeriesLibrary {
    /// Drops the memberships of works no longer in the store, after works were deleted or the library
    /// reset; every series stays, with its name, total, author, names and Google Books IDs.
    ///
    /// Seed: 002_…, "Data Integrity: Series persists across library resets (separate entity)";
    /// Decision D-020 keeps series through a reset and leaves to this issue what they show after it
    /// (Decision D-100): a membership cannot point at a work that no longer exists, so the series
    /// shows its books as missing ("0/7 books") until detection or the user links new works; a
    /// re-imported book finds the series again by its name or Google Books ID. Views already skip
    /// books whose work is gone, so the library reads right before this runs; this makes it so.
    ///
    /// - Returns: what was unlinked, in series creation order then reading order.
    /// - Complexity: O(books in all series).
    public mutating func removeDeletedWorks(in store: LibraryStore, at now: Timestamp) -> [SeriesUnlink] {
        var unlinked: [SeriesUnlink] = []
        for id in seriesIDs {
            let series = seriesByID[id]!
            for book in series.books where !store.contains(book.workID) {
                unplace(book.workID, from: id, at: now)
                unlinked.append(SeriesUnlink(seriesID: id, workID: book.workID, place: book.place))
            }
            // Identifiers are never reused, so a removed work that is gone can never come back: forget it.
            if series.removedWorkIDs.contains(where: { !store.contains($0) }) {
                seriesByID[id]!.removedWorkIDs = series.removedWorkIDs.filter { store.contains($0) }
            }
        }
        return unlinked
    }

    /// `removeDeletedWorks(in:at:)` for a library reset: the same unlinking, without touching the
    /// series' `updatedAt`, because works leaving the library is not an edit of the series (the reset
    /// runs this once its deletion is saved, D-100).
    @discardableResult
    public mutating func removeDeletedWorks(in store: LibraryStore) -> [SeriesUnlink] {
        // `modify` keeps the later of `updatedAt` and the time given, so the earliest instant leaves it.
        removeDeletedWorks(in: store, at: Timestamp(epochMilliseconds: .min))
    }

    /// The library's works a user may assign to a series, for the seed's "search my library to assign
    /// books": works not in the series whose title contains `query` ignoring case and runs of spaces
    /// (every work for a blank query), in creation order, at most `searchResultsMax`.
    ///
    /// - Complexity: O(works in the store).
    public func assignableWorks(to id: SeriesID, matching query: String, in store: LibraryStore) -> [PersistentIdentifier] {
        guard let series = seriesByID[id] else { return [] }
        let needle = SeriesName.cleaned(query).lowercased()
        var found: [PersistentIdentifier] = []
        for work in store.works() where !series.contains(work.id) {
            guard needle.isEmpty || SeriesName.cleaned(work.title).lowercased().contains(needle) else { continue }
            found.append(work.id)
            if found.count == Self.searchResultsMax { break }
        }
        return found
    }
}

/// A membership dropped because its work is gone.
public struct SeriesUnlink: Hashable, Sendable {
    /// The series the work was in.
    public let seriesID: SeriesID
    /// The work that is gone from the store.
    public let workID: PersistentIdentifier
    /// The place the work had in the series.
    public let place: SeriesPlace

    /// A record of `workID` leaving `seriesID`, where it stood at `place`.
    public init(seriesID: SeriesID, workID: PersistentIdentifier, place: SeriesPlace) {
        self.seriesID = seriesID
        self.workID = workID
        self.place = place
    }
}
