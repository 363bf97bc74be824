/// A series' progress: books owned and read, the percentage, the badges and the gaps.
///
/// Seed: 002_…, User Stories 2 and 4 and the accessibility requirements:
/// - "Given I own 4/7 Foundation books, when I view series, I see '57% complete' progress bar";
/// - "Progress (3/7 books)", "Progress bar ('4/7 books')", screen reader "4 of 7 books complete";
/// - "Given I complete all books in a series, when viewing series detail, I see 'Completed! 🎉'
///   badge", and the flow's "All Books Owned ✅";
/// - "Given I own books 1, 3, 5 (missing 2, 4), series detail shows gaps with 'Add Missing Books'
///   prompt".
///
/// Decision D-103 (resolves O-12, owned or read): the seed uses both, so the model keeps both. The
/// progress bar, "N/T books", the percentage and the screen reader's "N of T books complete" count
/// books *owned*, as the seed's only worked example does (4 owned of 7 is 57%). The "Completed! 🎉"
/// badge, the celebration and the Completed filter need every book *read*, as "complete all books"
/// and "when the last book is marked 'Read'" say; owning every book shows "All Books Owned ✅".
///
/// Counting (Decisions D-094, D-095): the counted books are numbers 1 through the series' last counted
/// number (`Series.lastCountedNumber`: the total, or the highest number placed when it is unknown).
/// A number is owned (read) when some book in the library covers it: a single book at that number or
/// an omnibus whose range holds it. Prequels at 0 and decimals are never counted. Books whose work is
/// gone from the store count as missing.
///
/// The percentage is `floor(owned × 100 / total)`: 4 of 7 is 57%, 6 of 7 is 85% (not 86), so 100%
/// means every book is owned. With an unknown total there is no percentage and no completion.
public struct SeriesProgress: Hashable, Sendable {
    /// The series' total, or `nil` when unknown.
    public let totalBooks: Int?
    /// The last counted number: the total, or the highest placed when the total is unknown.
    public let lastCountedNumber: Int
    /// Counted numbers owned.
    public let ownedCount: Int
    /// Counted numbers read.
    public let readCount: Int
    /// Counted numbers not owned, ascending.
    public let missingNumbers: [Int]

    /// Progress from each book's place and state.
    ///
    /// - Complexity: O(books + lastCountedNumber).
    public init(totalBooks: Int?, books: [(place: SeriesPlace, state: SeriesBookState)]) {
        let last = totalBooks ?? books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
        var owned = [Bool](repeating: false, count: last + 1)
        var read = [Bool](repeating: false, count: last + 1)
        for book in books where book.state.isOwned {
            guard let numbers = book.place.countedNumbers else { continue }
            for number in numbers where number <= last {
                owned[number] = true
                if book.state.isRead { read[number] = true }
            }
        }
        self.totalBooks = totalBooks
        lastCountedNumber = last
        ownedCount = owned.dropFirst().lazy.filter { $0 }.count
        readCount = read.dropFirst().lazy.filter { $0 }.count
        missingNumbers = last == 0 ? [] : (1...last).filter { !owned[$0] }
    }

    /// The progress of `series`, reading each book's state from `store`.
    public init(of series: Series, in store: LibraryStore) {
        self.init(totalBooks: series.totalBooks, books: series.books.map { ($0.place, SeriesBookState(of: $0.workID, in: store)) })
    }

    /// `floor(owned × 100 / total)`, or `nil` when the total is unknown.
    public var percentComplete: Int? {
        totalBooks.map { ownedCount * 100 / $0 }
    }

    /// Every counted book owned (the total known).
    public var isAllOwned: Bool { totalBooks != nil && ownedCount == lastCountedNumber }

    /// Every counted book read (the total known): the "Completed! 🎉" badge.
    public var isCompleted: Bool { totalBooks != nil && readCount == lastCountedNumber }

    /// Whether any counted book is missing.
    public var hasGaps: Bool { !missingNumbers.isEmpty }

    /// The list card's progress: "4/7 books"; "4 books" when the total is unknown.
    public var progressText: String {
        guard let totalBooks else { return "\(ownedCount) \(ownedCount == 1 ? "book" : "books")" }
        return "\(ownedCount)/\(totalBooks) books"
    }

    /// The progress bar's label: "57% complete"; `nil` when the total is unknown.
    public var percentText: String? { percentComplete.map { "\($0)% complete" } }

    /// What the screen reader announces: "4 of 7 books complete"; "4 books, total unknown".
    public var accessibilityLabel: String {
        guard let totalBooks else { return "\(ownedCount) \(ownedCount == 1 ? "book" : "books"), total unknown" }
        return "\(ownedCount) of \(totalBooks) books complete"
    }

    /// The badge: "Completed! 🎉" when every book is read, "All Books Owned ✅" when every book is owned.
    public var badge: String? {
        if isCompleted { return Self.completedBadge }
        if isAllOwned { return Self.allOwnedBadge }
        return nil
    }

    /// The badge when every counted book is read.
    public static let completedBadge = "Completed! 🎉"
    /// The badge when every counted book is owned but not every one read.
    public static let allOwnedBadge = "All Books Owned ✅"
    /// The detail view's action when books are missing.
    public static let addMissingBooksAction = "Add Missing Books"

    /// The gaps: "books 2 and 4 missing"; runs are ranges ("books 2-7 missing"); `nil` without gaps.
    public var gapsText: String? { Self.gapsText(missingNumbers) }

    /// "book 2 missing", "books 2 and 4 missing", "books 2-3 missing", "books 2, 4-6 and 9 missing".
    ///
    /// Consecutive numbers are one run written `first-last` (the seed writes "missing Books 2-3"); runs
    /// are joined by commas and a final "and" (the seed writes "missing 2, 4" as "books 2 and 4").
    public static func gapsText(_ missing: [Int]) -> String? {
        guard !missing.isEmpty else { return nil }
        var runs: [ClosedRange<Int>] = []
        for number in missing {
            if let last = runs.last, last.upperBound + 1 == number {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        let items = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
        let list = items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        return (missing.count == 1 ? "book " : "books ") + list + " missing"
    }
}
