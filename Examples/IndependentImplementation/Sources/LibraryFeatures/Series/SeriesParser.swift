// Series auto-detection from enrichment metadata (seed 002, "Series Auto-Detection"): Google Books'
// `volumeInfo.seriesInfo.volumeSeries[]`, OpenLibrary's `series[]` ("The Lord of the Rings #2") and the
// Goodreads marker an imported title keeps ("Golden Son (Red Rising Saga, #2)", seed 004). What cannot be
// parsed is logged and skipped: no false positives.

/// One `volumeSeries` entry of Google Books, with what the app's series lookup added, if it made one.
public struct GoogleVolumeSeries: Sendable, Hashable {
    public var seriesId: String
    public var orderNumber: Int?
    /// The series' title, from the lookup.
    public var seriesName: String?
    /// The number of books, from the lookup.
    public var totalBooks: Int?

    public init(seriesId: String, orderNumber: Int?, seriesName: String? = nil, totalBooks: Int? = nil) {
        self.seriesId = seriesId
        self.orderNumber = orderNumber
        self.seriesName = seriesName
        self.totalBooks = totalBooks
    }
}

/// The series part of an enrichment response.
public struct EnrichmentSeriesInfo: Sendable, Hashable {
    public var googleBooks: [GoogleVolumeSeries]
    public var openLibrary: [String]

    public init(googleBooks: [GoogleVolumeSeries] = [], openLibrary: [String] = []) {
        self.googleBooks = googleBooks
        self.openLibrary = openLibrary
    }
}

/// Where a series claim comes from, strongest first.
public enum SeriesSource: Int, Sendable, Hashable, Comparable, CaseIterable {
    case googleBooks
    case openLibrary
    case titleMarker

    public static func < (lhs: SeriesSource, rhs: SeriesSource) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the parser logs.
public enum SeriesParseWarning: Sendable, Hashable {
    /// An entry names a series but the app cannot read the book's position (or the name is unusable).
    case unparseable(SeriesSource)
    /// A Google Books series with no name from a lookup and no other source to name it.
    case unnamedGoogleSeries(id: String)
    /// Two claims place the book differently in one series; the stronger one is kept.
    case conflictingPositions(kept: SeriesSource, ignored: SeriesSource)
    /// The lookup's total was below the book's own number.
    case totalRaised(from: Int, to: Int)
    /// More series or entries than the app reads for one book.
    case tooManySeries
}

/// A series the book was detected in.
public struct DetectedSeriesLink: Sendable, Hashable {
    public var name: String
    public var googleBooksSeriesIDs: [String]
    public var position: SeriesPosition
    public var totalBooks: Int?

    public init(name: String, googleBooksSeriesIDs: [String], position: SeriesPosition, totalBooks: Int?) {
        self.name = name
        self.googleBooksSeriesIDs = googleBooksSeriesIDs
        self.position = position
        self.totalBooks = totalBooks
    }
}

/// The parser's result for one book.
public struct SeriesDetection: Sendable, Hashable {
    public var series: [DetectedSeriesLink] = []
    public var warnings: [SeriesParseWarning] = []

    public init(series: [DetectedSeriesLink] = [], warnings: [SeriesParseWarning] = []) {
        self.series = series
        self.warnings = warnings
    }
}

public enum SeriesParser {
    /// The most entries read from one source.
    public static let entriesPerSourceMax = 10
    /// The most series one book is linked to.
    public static let seriesPerBookMax = 5

    struct Claim {
        var source: SeriesSource
        var order: Int
        var name: String?
        var googleID: String?
        var position: SeriesPosition?
        var totalBooks: Int?
    }

    /// Detects the series of a book titled `title` (as imported) with enrichment `info`.
    public static func parse(title: String, enrichment info: EnrichmentSeriesInfo) -> SeriesDetection {
        var warnings: [SeriesParseWarning] = []
        var tooMany = false
        var claims: [Claim] = []

        for (index, entry) in info.googleBooks.enumerated() {
            guard index < entriesPerSourceMax else { tooMany = true; break }
            let id = String(entry.seriesId.trimmingSpaces())
            var position: SeriesPosition?
            if let number = entry.orderNumber {
                guard (0...SeriesPosition.numberMax).contains(number) else { warnings.append(.unparseable(.googleBooks)); continue }
                position = SeriesPosition(number)
            }
            var name: String?
            if let lookupName = entry.seriesName, !SeriesNames.key(lookupName).isEmpty {
                guard let valid = SeriesNames.validated(lookupName) else { warnings.append(.unparseable(.googleBooks)); continue }
                name = valid
            }
            guard !id.isEmpty, name != nil || position != nil else { warnings.append(.unparseable(.googleBooks)); continue }
            let total = entry.totalBooks.flatMap { $0 >= 1 ? $0 : nil }
            claims.append(Claim(source: .googleBooks, order: index, name: name, googleID: id, position: position, totalBooks: total))
        }

        for (index, text) in info.openLibrary.enumerated() {
            guard index < entriesPerSourceMax else { tooMany = true; break }
            guard !text.trimmingSpaces().isEmpty else { continue }
            guard let (name, position) = nameAndPosition(text[...]) else { warnings.append(.unparseable(.openLibrary)); continue }
            claims.append(Claim(source: .openLibrary, order: index, name: name, position: position))
        }

        let marker = titleMarkerClaims(title)
        for (index, parsed) in marker.enumerated() {
            guard index < entriesPerSourceMax else { tooMany = true; break }
            guard let (name, position) = parsed else { warnings.append(.unparseable(.titleMarker)); continue }
            claims.append(Claim(source: .titleMarker, order: index, name: name, position: position))
        }

        // Group the claims into series: the same name key, or the same Google Books ID.
        var groups: [[Claim]] = []
        func keys(_ group: [Claim]) -> Set<String> { Set(group.compactMap { $0.name.map(SeriesNames.key) }) }
        func ids(_ group: [Claim]) -> Set<String> { Set(group.compactMap(\.googleID)) }
        for claim in claims where claim.name != nil {
            let key = SeriesNames.key(claim.name!)
            if let index = groups.firstIndex(where: { keys($0).contains(key) || (claim.googleID.map(ids($0).contains) ?? false) }) {
                groups[index].append(claim)
            } else {
                groups.append([claim])
            }
        }
        // A Google Books entry without a name joins the series with its ID, or the one another source
        // places the book in at the same position.
        for claim in claims where claim.name == nil {
            if let index = groups.firstIndex(where: { ids($0).contains(claim.googleID!) }) {
                groups[index].append(claim)
            } else if let index = groups.firstIndex(where: { ids($0).isEmpty && placed($0)?.position == claim.position }) {
                groups[index].append(claim)
            } else {
                warnings.append(.unnamedGoogleSeries(id: claim.googleID!))
            }
        }

        var detection = SeriesDetection()
        for group in groups {
            let ordered = group.sorted { ($0.source, $0.order) < ($1.source, $1.order) }
            guard let kept = placed(ordered), let position = kept.position else {
                warnings.append(.unparseable(ordered[0].source))
                continue
            }
            if detection.series.count >= seriesPerBookMax {
                tooMany = true
                continue
            }
            for other in ordered where other.position != nil && other.position != position {
                warnings.append(.conflictingPositions(kept: kept.source, ignored: other.source))
            }
            var total = ordered.first { $0.totalBooks != nil }?.totalBooks
            if let known = total, let highest = position.countedNumbers?.upperBound, highest > known {
                warnings.append(.totalRaised(from: known, to: highest))
                total = highest
            }
            var googleIDs: [String] = []
            for id in ordered.compactMap(\.googleID) where !googleIDs.contains(id) { googleIDs.append(id) }
            let name = ordered.first { $0.name != nil }!.name!
            detection.series.append(DetectedSeriesLink(name: name, googleBooksSeriesIDs: googleIDs, position: position, totalBooks: total))
        }
        if tooMany { warnings.append(.tooManySeries) }
        detection.warnings = warnings
        return detection
    }

    /// The first claim, in precedence order, that places the book.
    static func placed(_ group: [Claim]) -> Claim? {
        group.sorted { ($0.source, $0.order) < ($1.source, $1.order) }.first { $0.position != nil }
    }

    /// `"Foundation #1"` → ("Foundation", #1), by the seed's `^(.+?)\s*#(\d+)$` widened to decimals and
    /// ranges; `nil` when there is no `#`, no usable name or no readable position.
    static func nameAndPosition(_ text: Substring) -> (String, SeriesPosition)? {
        guard let hash = text.lastIndex(of: "#") else { return nil }
        var namePart = text[..<hash].trimmingSpaces()
        if namePart.hasSuffix(",") { namePart = namePart.dropLast().trimmingSpaces() }
        guard let name = SeriesNames.validated(String(namePart)),
              let position = SeriesPosition.parse(text[text.index(after: hash)...]) else { return nil }
        return (name, position)
    }

    /// The Goodreads marker at the end of a title, "(Series, #2)" or "(A, #1; B, #3)": one entry per
    /// series it names (`nil` for one the app cannot read); none when the title has no marker.
    static func titleMarkerClaims(_ title: String) -> [(String, SeriesPosition)?] {
        let trimmed = title.trimmingSpaces()
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return [] }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard inner.contains("#") else { return [] }
        return inner.split(separator: ";").map { nameAndPosition($0) }
    }
}
