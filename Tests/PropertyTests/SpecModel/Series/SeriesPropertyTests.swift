import Generators
import SpecModel
import SpecTesting
import Testing

/// The five properties of series tracking, each against generated series, metadata and
/// libraries (seed 002_…, "Testing Strategy"), plus the detection of Goodreads markers.
@Suite struct SeriesPropertyTests {
    /// Seed: "Given series metadata is missing, when enrichment fails, book remains unassigned (no
    /// false positives)". Whatever the title's decoys and the providers' malformed entries, a book
    /// whose metadata names no series joins none, and the library does not change.
    @Test func detectionNeverAssignsABookWhoseMetadataHasNoSeries() {
        property(SeriesGen.bookWithoutSeries, cases: 300) { sample in
            var world = SeriesWorld()
            // Series exist that a careless matcher could link to.
            _ = try world.create("Foundation")
            _ = try world.create("Series")
            let work = try world.addBook(sample.title, by: "Isaac Asimov")
            let before = world.library
            let detection = world.detect(work, sample.metadata)
            try require(detection.isUnassigned, "assigned: \(detection.outcomes)")
            try require(detection.outcomes.isEmpty, "outcomes: \(detection.outcomes)")
            try require(world.library == before, "the library changed")
            try require(world.library.seriesIDs(containing: work).isEmpty, "the work is in a series")
            try world.library._checkInvariants(against: world.store)
        }
    }

    /// The marker the import keeps in a Goodreads title is found, with its name and place, among
    /// subtitles, edition markers, odd spacing and case.
    @Test func aGoodreadsMarkerInATitleIsDetectedWithItsNameAndPlace() {
        property(SeriesGen.titleWithMarker, cases: 200) { title in
            let marker = try requireSome(title.series, "the title has no marker")
            var world = SeriesWorld()
            let work = try world.addBook(title.text)
            let detection = world.detect(work)
            try requireEqual(detection.outcomes.count, 1, "outcomes \(detection.outcomes)")
            let id = try requireSome(detection.seriesIDs.first, "no series")
            let series = try world.series(id)
            try requireEqual(series.name, SeriesName.cleaned(marker.name), "the series' name")
            try requireEqual(series.books, [SeriesBook(workID: work, place: SeriesGen.place(of: marker.position))], "the book's place")
            try world.library._checkInvariants(against: world.store)
        }
    }

    /// "SeriesProgressCalculator - Calculates 4/7 = 57% completion": progress is within 0 to 100% and
    /// equals a model that counts owned and read numbers with sets.
    @Test func progressStaysWithin0To100PercentAndEqualsASimpleModel() {
        property(SeriesGen.shape, cases: 300, labels: { shape in
            [shape.total == nil ? "unknown total" : "known total", shape.books.contains { $0.place.isOmnibus } ? "omnibus" : "single books"]
        }) { shape in
            let (world, id, _) = try shape.build()
            let progress = try world.progress(id)
            let last = shape.total ?? shape.books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
            var owned = Set<Int>()
            var read = Set<Int>()
            for book in shape.books where book.state.isOwned {
                guard let numbers = book.place.countedNumbers else { continue }
                for number in numbers where number <= last {
                    owned.insert(number)
                    if book.state.isRead { read.insert(number) }
                }
            }
            try requireEqual(progress.lastCountedNumber, last, "last counted number")
            try requireEqual(progress.ownedCount, owned.count, "owned")
            try requireEqual(progress.readCount, read.count, "read")
            try requireEqual(progress.missingNumbers, (0..<last).map { $0 + 1 }.filter { !owned.contains($0) }, "missing")
            try requireEqual(progress.percentComplete, shape.total.map { owned.count * 100 / $0 }, "percentage")
            if let percent = progress.percentComplete {
                try require((0...100).contains(percent), "\(percent)% is outside 0...100")
                try require((percent == 100) == (owned.count == last), "100% without every book, or every book below 100%")
            }
            try requireEqual(progress.isCompleted, shape.total != nil && read.count == last, "completed")
            try requireEqual(progress.isAllOwned, shape.total != nil && owned.count == last, "all owned")
            // The detail and the list agree with it.
            try requireEqual(world.library.detail(of: id, in: world.store)?.progress, progress, "the detail's progress")
            try requireEqual(world.library.summaries(in: world.store).first?.progress, progress, "the card's progress")
        }
    }

    /// Drag-to-reorder: the books after are the books before in the given order, on the same places.
    @Test func reorderingIsAPermutation() {
        let cases = SeriesGen.shape.flatMap { shape in
            Gen<Int>.shuffled(Array(shape.books.indices)).map { (shape, $0) }
        }
        property(cases, cases: 200) { shape, permutation in
            let (built, id, works) = try shape.build()
            var world = built
            let before = try world.series(id)
            let order = permutation.map { before.books[$0].workID }
            try requireEqual(world.library.reorder(id, readingOrder: order, at: world.advance()), .reordered(id), "the edit")
            let after = try world.series(id)
            try requireEqual(after.workIDs, order, "the new reading order")
            try requireEqual(after.books.map(\.place), before.books.map(\.place), "the places")
            try requireEqual(after.workIDs.sorted(), works.sorted(), "the books")
            try world.library._checkInvariants()
            // An order that is not a permutation changes nothing.
            if let first = order.first {
                let library = world.library
                let brokenOrders = [Array(order.dropLast()), order + [first], Array(repeating: first, count: order.count)]
                for broken in brokenOrders where broken != order {
                    try requireEqual(world.library.reorder(id, readingOrder: broken, at: world.advance()), .notAPermutation(id), "a broken order \(broken)")
                }
                try require(world.library == library, "a refused reorder changed the library")
            }
        }
    }

    /// Seed: "Edge case: User deletes series, books persist in library": deleting any series leaves
    /// the store as it was and the other series untouched.
    @Test func deletingASeriesNeverDeletesABook() {
        let memberships = Gen<(Int, SeriesPlace)>.array(of: Gen<(Int, SeriesPlace)>.zip(Gen<Int>.int(in: 0...5), SeriesGen.place), count: 0...6)
        let cases = Gen<([[(Int, SeriesPlace)]], Int)>.zip(Gen<[(Int, SeriesPlace)]>.array(of: memberships, count: 1...3), Gen<Int>.int(in: 0...2))
        property(cases, cases: 200) { seriesBooks, deleteIndex in
            var world = SeriesWorld()
            let works = try (0..<6).map { try world.addBook("Book \($0)", status: $0 % 2 == 0 ? .read : .toRead) }
            var ids: [SeriesID] = []
            for (index, books) in seriesBooks.enumerated() {
                let id = try world.create("Series \(index)")
                for (work, place) in books { _ = world.library.assign(works[work], to: id, place: place, in: world.store, at: world.advance()) }
                ids.append(id)
            }
            let target = ids[deleteIndex % ids.count]
            let store = world.store
            let others = ids.filter { $0 != target }.map { world.library.series($0) }
            let linked = try world.series(target).books.count
            try requireEqual(world.library.deleteSeries(target, at: world.advance()), .deleted(target, booksUnlinked: linked), "the edit")
            try require(world.store == store, "the store changed")
            try require(works.allSatisfy { world.store.work($0) != nil }, "a work is gone")
            try requireEqual(ids.filter { $0 != target }.map { world.library.series($0) }, others, "the other series")
            try require(works.allSatisfy { !world.library.seriesIDs(containing: $0).contains(target) }, "a work still lists the deleted series")
            try world.library._checkInvariants(against: world.store)
        }
    }

    /// "SeriesRecommender - Suggests Book 2 after finishing Book 1": after finishing any book, the
    /// suggestion is an unread book of the series (owned to continue, not owned to add) or a series,
    /// and it is the first unread number after the finished one, else the first unread.
    @Test func theRecommendationIsAlwaysAnUnreadBookOfTheSeriesOrNothing() {
        let cases = SeriesGen.shape.flatMap { shape in
            Gen<Int>.int(in: 0...Swift.max(0, shape.books.count - 1)).map { (shape, $0) }
        }
        property(cases, cases: 300, labels: { shape, _ in [shape.books.isEmpty ? "empty" : "books"] }) { shape, index in
            try assume(index < shape.books.count, "no book to finish")
            let (built, id, works) = try shape.build()
            var world = built
            let finished = works[index]
            try assume(shape.books[index].state != .deleted, "the finished book is gone")
            try world.mark(finished, .read)
            var books = shape.books
            if books[index].state == .noEntry {
                // A work without an entry cannot be marked read; it stays owned and unread.
            } else {
                books[index].state = .read
            }
            let recommendations = world.library.recommendations(afterFinishing: finished, in: world.store)
            let last = try world.series(id).lastCountedNumber
            guard last > 0 else {
                try requireEqual(recommendations, [], "a recommendation in a series with no counted book")
                return
            }
            try requireEqual(recommendations.map(\.seriesID), [id], "one recommendation, for the series")
            func covering(_ number: Int) -> [SeriesShape.Book] { books.filter { $0.place.countedNumbers?.contains(number) == true } }
            let unread = (0..<last).map { $0 + 1 }.filter { number in !covering(number).contains { $0.state.isRead } }
            let reached = shape.books[index].place.reachedNumber
            let expected = unread.first { $0 > reached } ?? unread.first
            guard let recommendation = recommendations.first else { return }
            switch recommendation.next {
            case let .continueWith(work, number):
                try requireEqual(number, expected, "the number suggested")
                let position = try requireSome(works.firstIndex(of: work), "\(work) is not a book of the series")
                try require(books[position].state.isOwned && !books[position].state.isRead, "continue with \(books[position].state)")
                try require(books[position].place.countedNumbers?.contains(number) == true, "the book does not cover \(number)")
            case let .add(number, work, _):
                try requireEqual(number, expected, "the number suggested")
                try require(!covering(number).contains { $0.state.isOwned }, "add book \(number), which is owned")
                if let work {
                    let position = try requireSome(works.firstIndex(of: work), "\(work) is not a book of the series")
                    try requireEqual(books[position].state, .wishlist, "the book to add")
                }
            case let .relatedSeries(related):
                try require(expected == nil, "related series while book \(String(describing: expected)) is unread")
                try require(related.isEmpty, "related series without an author")
            }
        }
    }
}
