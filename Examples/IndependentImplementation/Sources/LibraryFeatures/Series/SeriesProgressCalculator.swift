// Series progress (seed 002, User Stories 2 and 4): "4/7 books", "57% complete", "4 of 7 books complete",
// "Completed! 🎉", gaps with "Add Missing Books".

public struct SeriesProgressSummary: Sendable, Hashable {
    public var ownedCount: Int
    public var readCount: Int
    /// Owned counted books over the total, rounded down (seed: own 4/7 → "57% complete"); `nil` when the
    /// total is unknown.
    public var percentComplete: Int?
    public var missingNumbers: [Int]
    public var progressText: String
    public var percentText: String?
    public var accessibilityLabel: String
    public var badge: String?
    public var gapsText: String?
    public var showsAddMissingBooks: Bool
}

public struct SeriesProgressCalculator: Sendable {
    public static let completedBadge = "Completed! 🎉"
    public static let allOwnedBadge = "All Books Owned ✅"

    public let series: BookSeries

    public init(_ series: BookSeries) {
        self.series = series
    }

    public var summary: SeriesProgressSummary {
        let numbers = series.countedRange.map(Array.init) ?? []
        let owned = numbers.filter(series.owns)
        let read = numbers.filter(series.hasRead)
        let missing = numbers.filter { !series.owns($0) }
        let total = series.totalBooks
        let percent: Int? = total.flatMap { $0 > 0 ? owned.count * 100 / $0 : nil }

        let progressText: String
        let accessibility: String
        if let total {
            progressText = "\(owned.count)/\(total) \(Self.books(total))"
            accessibility = "\(owned.count) of \(total) \(Self.books(total)) complete"
        } else {
            progressText = "\(owned.count) \(Self.books(owned.count))"
            accessibility = "\(owned.count) \(Self.books(owned.count)), total unknown"
        }

        var badge: String?
        if total != nil, !numbers.isEmpty {
            if read.count == numbers.count {
                badge = Self.completedBadge
            } else if owned.count == numbers.count {
                badge = Self.allOwnedBadge
            }
        }

        return SeriesProgressSummary(
            ownedCount: owned.count, readCount: read.count, percentComplete: percent, missingNumbers: missing,
            progressText: progressText, percentText: percent.map { "\($0)% complete" }, accessibilityLabel: accessibility,
            badge: badge, gapsText: Self.gapsText(missing), showsAddMissingBooks: !missing.isEmpty
        )
    }

    static func books(_ count: Int) -> String { count == 1 ? "book" : "books" }

    /// "book 2 missing", "books 2 and 4 missing", "books 2, 4 and 6 missing".
    static func gapsText(_ missing: [Int]) -> String? {
        guard let last = missing.last else { return nil }
        if missing.count == 1 { return "book \(last) missing" }
        let head = missing.dropLast().map(String.init).joined(separator: ", ")
        return "books \(head) and \(last) missing"
    }
}
