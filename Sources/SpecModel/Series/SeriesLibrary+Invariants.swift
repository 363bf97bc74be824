extension SeriesLibrary {
    /// Checks every series and index; with a store, also that no membership names a work the store
    /// does not hold (true after `removeDeletedWorks`). For tests, after every transition.
    ///
    /// - Complexity: O(series + books + index entries).
    package func _checkInvariants(against store: LibraryStore? = nil) throws(SeriesInvariantViolation) {
        func fail(_ message: String) -> SeriesInvariantViolation { SeriesInvariantViolation(message: message) }
        guard seriesIDs.count == seriesByID.count else { throw fail("\(seriesIDs.count) IDs in creation order, \(seriesByID.count) series") }
        guard seriesIDs.count <= Self.seriesCountMax else { throw fail("\(seriesIDs.count) series, more than \(Self.seriesCountMax)") }
        var previous: SeriesID?
        var memberships = 0
        for id in seriesIDs {
            if let previous, previous >= id { throw fail("creation order: \(previous) before \(id)") }
            previous = id
            guard id.rawValue < nextRawIdentifier else { throw fail("\(id) is not below the counter \(nextRawIdentifier)") }
            guard let series = seriesByID[id], series.id == id else { throw fail("\(id) is listed but not stored under its ID") }
            try Self.check(series, fail)
            for key in series.nameKeys where idByNameKey[key] != id {
                throw fail("\(id)'s name key \"\(key)\" indexes \(String(describing: idByNameKey[key]))")
            }
            for googleID in series.googleBooksSeriesIDs where idByGoogleBooksID[googleID] != id {
                throw fail("\(id)'s Google Books ID \"\(googleID)\" indexes \(String(describing: idByGoogleBooksID[googleID]))")
            }
            for book in series.books {
                guard idsByWork[book.workID]?.contains(id) == true else { throw fail("\(book.workID) is in \(id) but its index lists \(idsByWork[book.workID] ?? [])") }
                if let store, !store.contains(book.workID) { throw fail("\(id) holds \(book.workID), which the store does not") }
            }
            memberships += series.books.count
        }
        for key in idByNameKey.keys.sorted() {
            let id = idByNameKey[key]!
            guard seriesByID[id]?.nameKeys.contains(key) == true else { throw fail("name key \"\(key)\" indexes \(id), which does not have it") }
            guard !deletedNameKeys.contains(key) else { throw fail("name key \"\(key)\" is both live and deleted") }
        }
        for googleID in idByGoogleBooksID.keys.sorted() {
            let id = idByGoogleBooksID[googleID]!
            guard seriesByID[id]?.googleBooksSeriesIDs.contains(googleID) == true else { throw fail("Google Books ID \"\(googleID)\" indexes \(id), which does not have it") }
        }
        var indexed = 0
        for work in idsByWork.keys.sorted() {
            let ids = idsByWork[work]!
            guard !ids.isEmpty else { throw fail("\(work) has an empty series list") }
            guard ids.count <= Self.seriesPerBookMax else { throw fail("\(work) is in \(ids.count) series, more than \(Self.seriesPerBookMax)") }
            guard zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) else { throw fail("\(work)'s series \(ids) are not ascending") }
            for id in ids where seriesByID[id]?.contains(work) != true {
                throw fail("\(work)'s index lists \(id), which does not hold it")
            }
            indexed += ids.count
        }
        guard indexed == memberships else { throw fail("\(indexed) indexed memberships, \(memberships) in the series") }
    }

    static func check(_ series: Series, _ fail: (String) -> SeriesInvariantViolation) throws(SeriesInvariantViolation) {
        let id = series.id
        guard case let .success(cleaned) = SeriesName.validated(series.name), cleaned == series.name else {
            throw fail("\(id)'s name \"\(series.name)\" is not a clean, valid name")
        }
        guard series.nameKeys.first == SeriesName.key(series.name) else { throw fail("\(id)'s first name key \(series.nameKeys) is not its name's") }
        guard series.nameKeys.count <= nameKeysPerSeriesMax else { throw fail("\(id) has \(series.nameKeys.count) name keys") }
        guard Set(series.nameKeys).count == series.nameKeys.count else { throw fail("\(id) repeats a name key: \(series.nameKeys)") }
        guard series.createdAt <= series.updatedAt else { throw fail("\(id) was updated at \(series.updatedAt), before its creation at \(series.createdAt)") }
        guard series.books.count <= booksPerSeriesMax else { throw fail("\(id) holds \(series.books.count) books") }
        guard zip(series.books, series.books.dropFirst()).allSatisfy({ $0.place <= $1.place }) else {
            throw fail("\(id)'s books are not in reading order: \(series.books)")
        }
        guard Set(series.books.map(\.workID)).count == series.books.count else { throw fail("\(id) holds a work twice: \(series.books)") }
        for book in series.books where series.removedWorkIDs.contains(book.workID) {
            throw fail("\(id) holds \(book.workID), which the user removed")
        }
        if let total = series.totalBooks {
            guard (1...SeriesPlace.numberMax).contains(total) else { throw fail("\(id)'s total \(total) is out of range") }
            if let highest = series.highestCountedNumber, highest > total { throw fail("\(id)'s total \(total) is below book \(highest)") }
        }
    }
}

/// A broken invariant of the series library.
package struct SeriesInvariantViolation: Error, CustomStringConvertible {
    package let message: String
    package var description: String { "series library invariant: \(message)" }
}
