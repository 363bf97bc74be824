import SpecConformance
import SpecModel

// Wrong next-in-series recommenders: each picks, prompts or celebrates one thing the way an app's code might.

/// The model with one edit applied to the question it is asked or to the answer it gives.
private struct EditedRecommender: NextInSeriesRecommending {
    var editQuestion: @Sendable (NextInSeriesQuestion) -> NextInSeriesQuestion = { $0 }
    var editAnswer: @Sendable (NextInSeriesQuestion, NextInSeriesAnswer?) -> NextInSeriesAnswer? = { $1 }

    func recommendation(for question: NextInSeriesQuestion) -> NextInSeriesAnswer? {
        editAnswer(question, ModelNextInSeriesRecommender().recommendation(for: editQuestion(question)))
    }
}

extension SeriesShelf {
    /// The total, or the highest number a book covers (0 for none).
    var lastNumber: Int { totalBooks ?? books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0 }

    /// The first book in reading order covering `number` that passes `isIncluded`.
    func book(covering number: Int, where isIncluded: (Book) -> Bool) -> Int? {
        books.firstIndex { isIncluded($0) && $0.place.countedNumbers?.contains(number) == true }
    }

    /// Whether a book passing `isIncluded` covers `number`.
    func covers(_ number: Int, where isIncluded: (Book) -> Bool) -> Bool {
        book(covering: number, where: isIncluded) != nil
    }
}

extension NextInSeriesAnswer {
    /// Suggesting book `number` of `series` the way the model prompts it: continue with an owned
    /// book, add a known one by title, add an unknown one by number.
    static func suggesting(_ number: Int, in series: SeriesShelf) -> NextInSeriesAnswer {
        if let owned = series.book(covering: number, where: { $0.owned }) {
            return NextInSeriesAnswer(next: .continueWith(book: owned, number: number), prompt: "Continue with Book \(number)?")
        }
        if let wanted = series.book(covering: number, where: { !$0.owned }) {
            let title = SeriesClaim.titleWithoutMarkers(series.books[wanted].title)
            return NextInSeriesAnswer(next: .add(number: number, book: wanted), prompt: "Add '\(title) (Book \(number))' to your library?")
        }
        return NextInSeriesAnswer(next: .add(number: number, book: nil), prompt: "Add Book \(number)?")
    }

    /// The number suggested, if a book is.
    var number: Int? {
        switch next {
        case let .continueWith(_, number), let .add(number, _): return number
        case .relatedSeries: return nil
        }
    }
}

enum WrongNextInSeriesRecommenders {
    static let all: [WrongImplementation] = [
        .of({ .nextInSeries }, "LowestMissingBookFirst", flaw: "suggests adding the lowest missing book whatever was finished, over an owned next book (D-104's option a)", breaks: "SERIESNEXT-09") {
            EditedRecommender(editAnswer: { question, answer in
                let series = question.series
                guard series.lastNumber > 0, let missing = (1...series.lastNumber).first(where: { !series.covers($0, where: { $0.owned }) }) else { return answer }
                return .suggesting(missing, in: series)
            })
        },
        .of({ .nextInSeries }, "NextNumberEvenIfRead", flaw: "suggests book N+1 after book N, even when it is already read", breaks: "SERIESNEXT-08") {
            EditedRecommender(editAnswer: { question, answer in
                let next = question.series.books[question.finished].place.reachedNumber + 1
                guard next <= question.series.lastNumber else { return answer }
                return .suggesting(next, in: question.series)
            })
        },
        .of({ .nextInSeries }, "OwnedBookPreferred", flaw: "continues with the next owned unread book, passing over missing books before it", breaks: "SERIESNEXT-01") {
            EditedRecommender(editAnswer: { question, answer in
                let series = question.series
                let reached = series.books[question.finished].place.reachedNumber
                guard reached < series.lastNumber,
                    let owned = ((reached + 1)...series.lastNumber).first(where: { series.covers($0, where: { $0.owned && !$0.read }) && !series.covers($0, where: { $0.read }) })
                else { return answer }
                return .suggesting(owned, in: series)
            })
        },
        .of({ .nextInSeries }, "NoReturnToSkippedBooks", flaw: "after the last book, suggests the author's series though a book skipped earlier is unread", breaks: "SERIESNEXT-02") {
            EditedRecommender(editAnswer: { question, answer in
                let reached = question.series.books[question.finished].place.reachedNumber
                guard let number = answer?.number, number <= reached else { return answer }
                // Ask about the series with every book read, as if it were finished, and drop the celebration.
                let last = question.series.lastNumber
                let finished = SeriesShelf(name: question.series.name, author: question.series.author, totalBooks: question.series.totalBooks,
                    books: (1...last).map { SeriesShelf.Book(place: SeriesPlace($0), owned: true, read: true) })
                let related = ModelNextInSeriesRecommender().recommendation(for: NextInSeriesQuestion(series: finished, finished: 0, otherSeries: question.otherSeries))
                return related.map { NextInSeriesAnswer(next: $0.next, prompt: $0.prompt) }
            })
        },
        .of({ .nextInSeries }, "PromptKeepsGoodreadsMarker", flaw: "prompts \"Add 'Golden Son (Red Rising Saga, #2) (Book 2)'…\" with the title as stored", breaks: "SERIESNEXT-10") {
            EditedRecommender(editAnswer: { question, answer in
                guard var edited = answer, case let .add(number, book?) = edited.next else { return answer }
                edited.prompt = "Add '\(question.series.books[book].title) (Book \(number))' to your library?"
                return edited
            })
        },
        .of({ .nextInSeries }, "RelatedSeriesIncludeFinishedOnes", flaw: "suggests every series by the author, finished ones too", breaks: "SERIESNEXT-04") {
            EditedRecommender(editQuestion: { question in
                var edited = question
                edited.otherSeries = question.otherSeries.map { SeriesShelf(name: $0.name, author: $0.author, totalBooks: nil, books: $0.books) }
                return edited
            })
        },
        .of({ .nextInSeries }, "FourRelatedSeries", flaw: "suggests up to 4 related series, one past the limit of 3", breaks: "SERIESNEXT-04") {
            EditedRecommender(editAnswer: { question, answer in
                guard var edited = answer, case let .relatedSeries(names) = edited.next, names.count == 3, let author = question.series.author else { return answer }
                let key = SeriesName.key(author)
                let unfinished = question.otherSeries.filter { other in
                    other.author.map(SeriesName.key) == key && ModelSeriesProgressCalculator().progress(of: other).badge != SeriesProgress.completedBadge
                }
                let all = unfinished.map(\.name).sorted { SeriesName.key($0) < SeriesName.key($1) }
                edited.next = .relatedSeries(Array(all.prefix(4)))
                edited.prompt = "More series by \(author): " + all.prefix(4).joined(separator: ", ")
                return edited
            })
        },
        .of({ .nextInSeries }, "ConfettiUnderReducedMotion", flaw: "throws confetti although the user reduces motion", breaks: "SERIESNEXT-12") {
            EditedRecommender(editQuestion: { question in
                var edited = question
                edited.reduceMotion = false
                return edited
            })
        },
        .of({ .nextInSeries }, "CelebratesWithUnknownTotal", flaw: "celebrates once every book placed is read, though the total is unknown", breaks: "SERIESNEXT-13") {
            EditedRecommender(editAnswer: { question, answer in
                guard var edited = answer, edited.celebration == nil, case .relatedSeries = edited.next else { return answer }
                edited.celebration = "You finished \(question.series.name)! 🎉"
                edited.confetti = !question.reduceMotion
                return edited
            })
        },
        .of({ .nextInSeries }, "NovellaSuggestedNext", flaw: "suggests an unread novella after the finished book before the next numbered one", breaks: "SERIESNEXT-06") {
            EditedRecommender(editAnswer: { question, answer in
                guard let number = answer?.number else { return answer }
                let finished = question.series.books[question.finished].place
                guard let novella = question.series.books.firstIndex(where: { book in
                    book.owned && !book.read && book.place.countedNumbers == nil && book.place > finished && book.place < SeriesPlace(number)
                }) else { return answer }
                let place = question.series.books[novella].place
                return NextInSeriesAnswer(next: .continueWith(book: novella, number: place.reachedNumber), prompt: "Continue with Book \(place)?")
            })
        },
    ]
}
