// "Next in Series" (seed 002, User Story 5): after the user marks a series book read, continue with the
// next owned book, offer to add the next missing one (the earliest first), or, once every book is read,
// celebrate and suggest the author's other series.

public struct NextInSeriesSuggestion: Sendable, Hashable {
    public enum Next: Sendable, Hashable {
        /// The owned, unread book at `bookIndex` covers `number`: "Continue with Book N?".
        case continueWith(bookIndex: Int, number: Int)
        /// Book `number` is not owned; `bookIndex` is the series' wishlist book for it, if it knows one.
        case add(number: Int, bookIndex: Int?)
        /// Every book is read: the author's other series, by name.
        case relatedSeries([String])
    }

    public var next: Next
    public var prompt: String?
    public var celebration: String?
    public var confetti: Bool
}

public struct SeriesRecommender: Sendable {
    public let series: BookSeries
    /// The user's other series.
    public let others: [BookSeries]

    public init(series: BookSeries, others: [BookSeries] = []) {
        self.series = series
        self.others = others
    }

    /// What to suggest after the book at `finished` was marked read; `nil` when the series counts no book.
    public func afterFinishing(_ finished: Int, reduceMotion: Bool) -> NextInSeriesSuggestion? {
        guard let range = series.countedRange, series.books.indices.contains(finished) else { return nil }
        let reached = series.books[finished].position.reachedNumber
        let unread = range.filter { !series.hasRead($0) }

        guard let number = unread.first(where: { $0 > reached }) ?? unread.first else {
            return everythingRead(reduceMotion: reduceMotion)
        }
        if let index = series.books.firstIndex(where: { $0.owned && !$0.read && ($0.position.countedNumbers?.contains(number) ?? false) }) {
            return NextInSeriesSuggestion(next: .continueWith(bookIndex: index, number: number), prompt: "Continue with Book \(number)?", celebration: nil, confetti: false)
        }
        let wished = series.books.firstIndex { !$0.owned && ($0.position.countedNumbers?.contains(number) ?? false) }
        let prompt: String
        if let wished, !series.books[wished].displayTitle.isEmpty {
            prompt = "Add '\(series.books[wished].displayTitle) (Book \(number))' to your library?"
        } else {
            prompt = "Add Book \(number)?"
        }
        return NextInSeriesSuggestion(next: .add(number: number, bookIndex: wished), prompt: prompt, celebration: nil, confetti: false)
    }

    /// The series is read through: celebrate when its end is known, and suggest the author's other
    /// series that are not read through yet.
    private func everythingRead(reduceMotion: Bool) -> NextInSeriesSuggestion {
        let related = relatedSeries()
        let prompt: String? = related.isEmpty || series.author == nil
            ? nil
            : "More series by \(SeriesNames.cleaned(series.author!)): " + related.joined(separator: ", ")
        let finishedForSure = series.totalBooks != nil
        return NextInSeriesSuggestion(
            next: .relatedSeries(related), prompt: prompt,
            celebration: finishedForSure ? "You finished \(series.name)! 🎉" : nil,
            confetti: finishedForSure && !reduceMotion
        )
    }

    private func relatedSeries() -> [String] {
        guard let author = series.author.map(Self.authorKey), !author.isEmpty else { return [] }
        return others.filter { other in
            guard other.author.map(Self.authorKey) == author, SeriesNames.key(other.name) != SeriesNames.key(series.name) else { return false }
            guard other.totalBooks != nil, let range = other.countedRange else { return true }
            return !range.allSatisfy(other.hasRead)
        }.map(\.name)
    }

    static func authorKey(_ author: String) -> String {
        SeriesNames.cleaned(author).lowercased()
    }
}
