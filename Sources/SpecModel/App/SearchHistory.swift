/// Recent searches and the cached trending books. Library Reset clears both.
///
/// Seed: 000_…, "Search History (recent searches, trending books)". Recording follows production:
/// queries are trimmed, empty ones ignored, repeats removed case-insensitively (the newest spelling
/// wins), newest first, at most `recentSearchesMax`.
public struct SearchHistory: Hashable, Sendable {
    /// The recorded searches, newest first: trimmed, without case-insensitive repeats, at most
    /// `recentSearchesMax`.
    public private(set) var recentSearches: [String] = []
    /// The cached trending books, part of the search history that Library Reset clears.
    public var trendingBooks: [String] = []

    /// The most recent searches kept.
    public static let recentSearchesMax = 10

    /// A history that records `recentSearches` oldest first, so they follow the recording rules, and
    /// keeps `trendingBooks`.
    public init(recentSearches: [String] = [], trendingBooks: [String] = []) {
        for query in recentSearches.reversed() { record(query) }
        self.trendingBooks = trendingBooks
    }

    public mutating func record(_ query: String) {
        let trimmed = query.trimmingSpaces()
        guard !trimmed.isEmpty else { return }
        recentSearches.removeAll { $0.lowercased() == trimmed.lowercased() }
        recentSearches.insert(trimmed, at: 0)
        if recentSearches.count > Self.recentSearchesMax { recentSearches.removeLast(recentSearches.count - Self.recentSearchesMax) }
    }

    /// Clears recent searches and trending books.
    public mutating func clearAll() {
        recentSearches = []
        trendingBooks = []
    }

    public var isEmpty: Bool { recentSearches.isEmpty && trendingBooks.isEmpty }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (Unicode-aware, no Foundation).
    package func trimmingSpaces() -> String {
        // Most text has nothing to trim: an ASCII byte other than whitespace at each end starts and ends
        // a character that is not whitespace (no whitespace scalar extends or prepends to a cluster).
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, !first.isSpace, !last.isSpace {
            return self
        }
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
