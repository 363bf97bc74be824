import SpecModel

/// Seam: next in series, what the app suggests once the user marks a book of a series read.
///
/// Seed 002_…, User Story 5 ("Next in Series" Recommendations) and the seed's
/// `SeriesRecommendationService`: the next book to continue or add, the book skipped earlier, the
/// author's other series, the celebration. Wrap the app's service:
///
///     struct AppNextInSeries: NextInSeriesRecommending {
///         func recommendation(for question: NextInSeriesQuestion) -> NextInSeriesAnswer? {
///             SeriesRecommendationService(series: BookSeries(question.series), others: question.otherSeries.map(BookSeries.init))
///                 .afterFinishing(question.finished, reduceMotion: question.reduceMotion)?.conformanceAnswer
///         }
///     }
public protocol NextInSeriesRecommending {
    /// What to suggest in `question.series` after its book `question.finished` was marked read, or
    /// `nil` when the series counts no book (only a prequel or novellas).
    func recommendation(for question: NextInSeriesQuestion) -> NextInSeriesAnswer?
}

/// A book just finished, its series as it stands now, and the user's other series.
public struct NextInSeriesQuestion: Hashable, Sendable, CustomStringConvertible {
    /// The series, with the finished book already marked read.
    public var series: SeriesShelf
    /// The index in `series.books` of the book just finished.
    public var finished: Int
    /// The user's other series, for "related series by same author"; every name has its own
    /// `SeriesName.key`, unlike `series.name`'s.
    public var otherSeries: [SeriesShelf]
    /// The user's "Reduce Motion" setting: no confetti.
    public var reduceMotion: Bool

    /// Builds a question; `finished` must be an index of `series.books` whose book is marked read.
    public init(series: SeriesShelf, finished: Int, otherSeries: [SeriesShelf] = [], reduceMotion: Bool = false) {
        precondition(series.books.indices.contains(finished), "book \(finished) is not one of the series' \(series.books.count) books")
        precondition(series.books[finished].read, "the finished book is marked read: \(series)")
        self.series = series
        self.finished = finished
        self.otherSeries = otherSeries
        self.reduceMotion = reduceMotion
    }

    /// `finished #2 of "Red Rising" …; other series: …; reduce motion`.
    public var description: String {
        "finished #\(series.books[finished].place) (book \(finished)) of \(series)"
            + (otherSeries.isEmpty ? "" : "; other series: " + otherSeries.map(\.description).joined(separator: "; "))
            + (reduceMotion ? "; reduce motion" : "")
    }
}

/// What the app shows after the user finishes a book of a series.
public struct NextInSeriesAnswer: Hashable, Sendable, CustomStringConvertible {
    /// The suggestion.
    public enum Next: Hashable, Sendable {
        /// The book at this index of the series is owned and unread: "Continue with Book N?".
        case continueWith(book: Int, number: Int)
        /// Book `number` is not owned: the series' book at this index when it knows one (wishlisted),
        /// else `nil`.
        case add(number: Int, book: Int?)
        /// Every book is read: these series by the same author, by name.
        case relatedSeries([String])
    }

    /// The book or series suggested.
    public var next: Next
    /// "Continue with Book 2?", "Add 'Golden Son (Book 2)' to your library?", "Add Book 5?", "More
    /// series by Pierce Brown: Iron Gold", or `nil` when there is nothing to suggest.
    public var prompt: String?
    /// "You finished Foundation! 🎉" when every book of the series is read, else `nil`.
    public var celebration: String?
    /// Whether the celebration throws confetti.
    public var confetti: Bool

    /// Builds an answer: the suggestion, its prompt, and any celebration and confetti.
    public init(next: Next, prompt: String?, celebration: String? = nil, confetti: Bool = false) {
        self.next = next
        self.prompt = prompt
        self.celebration = celebration
        self.confetti = confetti
    }

    public var description: String {
        "\(next), prompt \(String(reflecting: prompt)), celebration \(String(reflecting: celebration))" + (confetti ? " with confetti" : "")
    }
}

/// The model's next-in-series recommendation (`SeriesLibrary.recommendations(afterFinishing:in:)`),
/// the reference every suite compares with.
///
/// It builds a store and a series library holding the question's series (a read book has an entry
/// marked read, an owned one an entry to read, a wanted one a wishlist entry) and asks the model.
public struct ModelNextInSeriesRecommender: NextInSeriesRecommending {
    /// The model's recommender; it holds no state.
    public init() {}

    /// The model's answer, from a fresh library holding the question's series (see the protocol).
    public func recommendation(for question: NextInSeriesQuestion) -> NextInSeriesAnswer? {
        var world = ModelSeriesWorld()
        let (id, works) = world.add(question.series)
        var names: [SeriesID: String] = [id: question.series.name]
        for other in question.otherSeries {
            let (otherID, _) = world.add(other)
            names[otherID] = other.name
        }
        let recommendations = world.library.recommendations(afterFinishing: works[question.finished], in: world.store, reduceMotion: question.reduceMotion)
        guard let recommendation = recommendations.first(where: { $0.seriesID == id }) else { return nil }
        let next: NextInSeriesAnswer.Next
        switch recommendation.next {
        case let .continueWith(work, number):
            guard let book = works.firstIndex(of: work) else { preconditionFailure("the model continues with \(work), not a book of the series") }
            next = .continueWith(book: book, number: number)
        case let .add(number, work, _):
            next = .add(number: number, book: work.flatMap { works.firstIndex(of: $0) })
        case let .relatedSeries(ids):
            next = .relatedSeries(ids.map { names[$0] ?? "\($0)" })
        }
        return NextInSeriesAnswer(
            next: next, prompt: recommendation.prompt, celebration: recommendation.celebration?.text, confetti: recommendation.celebration?.confetti ?? false
        )
    }
}
