/// One card of the Series list: name, author, cover grid and progress.
///
/// Seed: 002_…, "Main Series List": "Card layout: Series cover grid (4 books), Series name, Author,
/// Progress bar ('4/7 books')"; "Sort options: Alphabetical, Recently Updated, Completion %";
/// "Filter: In Progress, Completed, Not Started".
public struct SeriesSummary: Hashable, Sendable {
    /// The series the card shows.
    public let id: SeriesID
    /// The series' name, cleaned.
    public let name: String
    /// "Harry Potter (7 books)".
    public let displayName: String
    /// The author the series is attributed to, if known.
    public let author: String?
    /// Whether detection or the user made the series.
    public let source: SeriesSource
    /// When the series itself last changed; the Recently Updated sort uses it.
    public let updatedAt: Timestamp
    /// Books owned and read, the percentage and the badge (D-103).
    public let progress: SeriesProgress
    /// The covers of the first books in reading order that are in the library and have one, at most
    /// `SeriesLibrary.coverGridCount`.
    public let coverURLs: [String]
}

/// The Series list's sort options.
public enum SeriesSort: Hashable, Sendable, CaseIterable {
    /// By name key (`SeriesName.key`: "The Expanse" sorts as "expanse"), then creation.
    case alphabetical
    /// Most recently changed first, then creation.
    case recentlyUpdated
    /// Highest percentage first, unknown totals last, then alphabetical.
    case completion
}

/// The Series list's filters, by reading (Decision D-103): Completed is every book read.
public enum SeriesFilter: Hashable, Sendable, CaseIterable {
    /// Every series.
    case all
    /// Some book read, not every one.
    case inProgress
    /// Every book read (the "Completed! 🎉" badge).
    case completed
    /// No book read.
    case notStarted

    func includes(_ progress: SeriesProgress) -> Bool {
        switch self {
        case .all: return true
        case .inProgress: return progress.readCount > 0 && !progress.isCompleted
        case .completed: return progress.isCompleted
        case .notStarted: return progress.readCount == 0 && !progress.isCompleted
        }
    }
}

extension SeriesLibrary {
    public static let coverGridCount = SeriesLimits.coverGridCount

    /// The card of one series.
    ///
    /// - Complexity: O(its books + its total).
    public func summary(of id: SeriesID, in store: LibraryStore) -> SeriesSummary? {
        guard let series = seriesByID[id] else { return nil }
        var covers: [String] = []
        for book in series.books where covers.count < Self.coverGridCount {
            if let cover = store.work(book.workID)?.coverURL { covers.append(cover) }
        }
        return SeriesSummary(
            id: id, name: series.name, displayName: series.displayName, author: series.author, source: series.source,
            updatedAt: series.updatedAt, progress: SeriesProgress(of: series, in: store), coverURLs: covers
        )
    }

    /// The Series list: every series passing `filter`, in `sort` order.
    ///
    /// - Complexity: O(series × log series + books + totals).
    public func summaries(sortedBy sort: SeriesSort = .alphabetical, filter: SeriesFilter = .all, in store: LibraryStore) -> [SeriesSummary] {
        var cards: [(summary: SeriesSummary, key: String)] = []
        cards.reserveCapacity(seriesIDs.count)
        for id in seriesIDs {
            guard let summary = summary(of: id, in: store), filter.includes(summary.progress) else { continue }
            cards.append((summary, seriesByID[id]!.nameKeys[0]))
        }
        // Every comparison ends on the series ID, so the order is total and the same in every run.
        switch sort {
        case .alphabetical:
            cards.sort { ($0.key, $0.summary.id) < ($1.key, $1.summary.id) }
        case .recentlyUpdated:
            cards.sort { ($1.summary.updatedAt, $0.summary.id) < ($0.summary.updatedAt, $1.summary.id) }
        case .completion:
            cards.sort { lhs, rhs in
                let left = lhs.summary.progress.percentComplete ?? -1
                let right = rhs.summary.progress.percentComplete ?? -1
                if left != right { return left > right }
                return (lhs.key, lhs.summary.id) < (rhs.key, rhs.summary.id)
            }
        }
        return cards.map(\.summary)
    }
}
