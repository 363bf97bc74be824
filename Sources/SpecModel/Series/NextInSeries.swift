/// The next book of a series to suggest, or the series to try after it.
///
/// Seed: 002_…, User Story 5, "Next in Series" (Decision D-104):
/// - "Given I finish 'Red Rising (Book 1),' when I mark it 'Read,' I see prompt: 'Add 'Golden Son
///   (Book 2)' to your library?'" — the next book is not owned;
/// - "Given the next book is already owned, when I finish book N, system prompts 'Continue with Book
///   N+1?'";
/// - "Given I'm missing multiple books (e.g., finished Book 1, missing Books 2-3, own Book 4), system
///   prioritizes Book 2 recommendation" — reading order first, so the lowest missing book before it
///   comes before an owned book further on;
/// - "Given I finish the last book in a series, system suggests related series by same author".
///
/// The rule: among the counted numbers 1 through the series' last (`Series.lastCountedNumber`), the
/// first unread number after the one just finished; if none is after it, the first unread number of
/// all (a book skipped earlier); if every number is read, the series is finished and related series
/// are suggested. The suggestion is always an unread book of the series, a series, or nothing.
public enum NextInSeries: Hashable, Sendable {
    /// The next book is owned and unread: "Continue with Book 5?".
    case continueWith(work: PersistentIdentifier, number: Int)
    /// The next book is not owned: "Add 'Golden Son (Book 2)' to your library?" when the series holds
    /// it as a wishlisted work (its title without Goodreads markers), "Add Book 5?" (the seed's flow)
    /// when no work is known.
    case add(number: Int, work: PersistentIdentifier?, title: String?)
    /// Every book is read: up to `SeriesLibrary.relatedSeriesMax` unfinished series by the same
    /// author (none when the author is unknown or has no other series).
    case relatedSeries([SeriesID])
}

/// The celebration when the last book of a series is read: "You finished Foundation! 🎉", with
/// confetti unless the user reduces motion (seed: "Reduced motion: Disable completion confetti").
public struct SeriesCelebration: Hashable, Sendable {
    /// The line shown: "You finished Foundation! 🎉".
    public let text: String
    /// Whether confetti falls; `false` when the user reduces motion.
    public let confetti: Bool

    /// A celebration with this text, with or without confetti.
    public init(text: String, confetti: Bool) {
        self.text = text
        self.confetti = confetti
    }
}

/// What the app shows for one series after the user finishes one of its books.
public struct SeriesRecommendation: Hashable, Sendable {
    public let seriesID: SeriesID
    /// What to suggest next: a book to continue with or add, or related series.
    public let next: NextInSeries
    /// The prompt, or `nil` when there is nothing to suggest.
    public let prompt: String?
    /// Set when the series is completed (every book read, the total known).
    public let celebration: SeriesCelebration?

    /// A recommendation with these parts.
    public init(seriesID: SeriesID, next: NextInSeries, prompt: String?, celebration: SeriesCelebration?) {
        self.seriesID = seriesID
        self.next = next
        self.prompt = prompt
        self.celebration = celebration
    }
}

extension SeriesLibrary {
    /// What to suggest after the user marks `work` read, one recommendation per series the work is in
    /// (creation order). Call it after the store records the new status.
    ///
    /// - Complexity: O(Σ (books + total) of the work's series), plus O(series) to find related series
    ///   when one is finished.
    public func recommendations(afterFinishing work: PersistentIdentifier, in store: LibraryStore, reduceMotion: Bool = false) -> [SeriesRecommendation] {
        seriesIDs(containing: work).compactMap { id in
            guard let place = seriesByID[id]?.place(of: work) else { return nil }
            return recommendation(in: id, afterReaching: place.reachedNumber, in: store, reduceMotion: reduceMotion)
        }
    }

    /// What to suggest in a series once the reader has reached book `number` (0 before the first).
    public func recommendation(in id: SeriesID, afterReaching number: Int, in store: LibraryStore, reduceMotion: Bool = false) -> SeriesRecommendation? {
        guard let series = seriesByID[id] else { return nil }
        let states = series.books.map { SeriesBookState(of: $0.workID, in: store) }
        let progress = SeriesProgress(totalBooks: series.totalBooks, books: zip(series.books.map(\.place), states).map { ($0, $1) })
        let last = progress.lastCountedNumber
        guard last > 0 else { return nil }
        var read = [Bool](repeating: false, count: last + 1)
        var owned = [Bool](repeating: false, count: last + 1)
        for (book, state) in zip(series.books, states) where state.isOwned {
            guard let numbers = book.place.countedNumbers else { continue }
            for covered in numbers where covered <= last {
                owned[covered] = true
                if state.isRead { read[covered] = true }
            }
        }
        let celebration = progress.isCompleted ? SeriesCelebration(text: "You finished \(series.name)! 🎉", confetti: !reduceMotion) : nil
        let unread = (1...last).filter { !read[$0] }
        guard let next = unread.first(where: { $0 > number }) ?? unread.first else {
            let related = relatedSeries(to: series, in: store)
            let names = related.compactMap { seriesByID[$0]?.name }
            let prompt = names.isEmpty ? nil : "More series by \(series.author ?? ""): " + names.joined(separator: ", ")
            return SeriesRecommendation(seriesID: id, next: .relatedSeries(related), prompt: prompt, celebration: celebration)
        }
        // The books covering `next`, in reading order.
        let covering = zip(series.books, states).filter { book, _ in book.place.countedNumbers?.contains(next) == true }
        if owned[next], let (book, _) = covering.first(where: { $0.1.isOwned }) {
            return SeriesRecommendation(seriesID: id, next: .continueWith(work: book.workID, number: next), prompt: "Continue with Book \(next)?", celebration: celebration)
        }
        if let (book, _) = covering.first(where: { $0.1 == .wishlisted }), let stored = store.work(book.workID)?.title {
            let title = SeriesClaim.titleWithoutMarkers(stored)
            return SeriesRecommendation(
                seriesID: id, next: .add(number: next, work: book.workID, title: title),
                prompt: "Add '\(title) (Book \(next))' to your library?", celebration: celebration
            )
        }
        return SeriesRecommendation(seriesID: id, next: .add(number: next, work: nil, title: nil), prompt: "Add Book \(next)?", celebration: celebration)
    }

    /// Unfinished series by the same author (by `SeriesName.key` of the author), alphabetical, at most
    /// `relatedSeriesMax`.
    ///
    /// - Complexity: O(series), plus the progress of each series by the author.
    func relatedSeries(to series: Series, in store: LibraryStore) -> [SeriesID] {
        guard let author = series.author else { return [] }
        let authorKey = SeriesName.key(author)
        guard !authorKey.isEmpty else { return [] }
        var related: [(key: String, id: SeriesID)] = []
        for id in seriesIDs where id != series.id {
            let other = seriesByID[id]!
            guard let otherAuthor = other.author, SeriesName.key(otherAuthor) == authorKey else { continue }
            guard !SeriesProgress(of: other, in: store).isCompleted else { continue }
            related.append((other.nameKeys[0], id))
        }
        related.sort { ($0.key, $0.id) < ($1.key, $1.id) }
        return related.prefix(Self.relatedSeriesMax).map(\.id)
    }
}
