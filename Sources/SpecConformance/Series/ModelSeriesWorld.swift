import SpecModel

/// A store and a series library built from shelves, for the model's adapters.
struct ModelSeriesWorld {
    /// 2026-01-05T00:00:00Z, the seed's date.
    static let start = Timestamp(epochMilliseconds: 1_767_571_200_000)

    var store = LibraryStore()
    var library = SeriesLibrary()
    var now = ModelSeriesWorld.start

    /// One second later.
    mutating func advance() -> Timestamp {
        now = now.adding(milliseconds: 1_000)
        return now
    }

    /// Creates `shelf` as a manual series and its books as works; returns the series and the works in
    /// the shelf's order.
    mutating func add(_ shelf: SeriesShelf) -> (SeriesID, [PersistentIdentifier]) {
        guard case let .created(id) = library.createSeries(named: shelf.name, totalBooks: shelf.totalBooks, author: shelf.author, at: advance()) else {
            preconditionFailure("the model refuses the series \(shelf): \(library.createSeries(named: shelf.name, totalBooks: shelf.totalBooks, author: shelf.author, at: now))")
        }
        var works: [PersistentIdentifier] = []
        for book in shelf.books {
            let work = store.insertWork(WorkDraft(title: book.title))
            let status: ReadingStatus = book.read ? .read : (book.owned ? .toRead : .wishlist)
            do {
                _ = try store.insertEntry(EntryDraft(readingStatus: status), for: work)
            } catch {
                preconditionFailure("the model's store refused \(book.title): \(error)")
            }
            let edit = library.assign(work, to: id, place: book.place, in: store, at: advance())
            precondition(edit.isApplied, "the model refuses #\(book.place) of \(shelf): \(edit)")
            works.append(work)
        }
        do {
            try store.save()
        } catch {
            preconditionFailure("the model's store refused to save \(shelf): \(error)")
        }
        return (id, works)
    }
}
