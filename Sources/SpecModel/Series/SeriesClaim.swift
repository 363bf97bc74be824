/// Where a claim about a book's series comes from, in order of precedence.
///
/// When two sources place the same book in the same series at different places, the earlier source
/// wins (Decision D-096): Google Books' structured info, then OpenLibrary, then the Goodreads marker.
public enum SeriesEvidence: Int, Hashable, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// Google Books' structured `seriesInfo`: the strongest evidence.
    case googleBooks
    /// An OpenLibrary series string such as "The Lord of the Rings #2".
    case openLibrary
    /// A Goodreads series marker in the imported title, such as "(Foundation, #1)": the weakest.
    case titleMarker

    public var description: String {
        switch self {
        case .googleBooks: return "Google Books"
        case .openLibrary: return "OpenLibrary"
        case .titleMarker: return "title marker"
        }
    }

    public static func < (lhs: SeriesEvidence, rhs: SeriesEvidence) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one source says about a book: the series (by name, Google Books ID or both) and the book's place.
///
/// Seed: 002_…, "Parsing Logic": `"Foundation #1"` → name "Foundation", position 1, total from a
/// series lookup or unknown.
public struct SeriesClaim: Hashable, Sendable {
    /// The series' name, cleaned; `nil` for a Google Books entry no lookup named.
    public var name: String?
    public var googleBooksSeriesID: String?
    /// Where the source places the book in the series.
    public var place: SeriesPlace
    /// The number of books, when a series lookup gave it.
    public var totalBooks: Int?
    /// The source of the claim, which decides between conflicting places (D-096).
    public var evidence: SeriesEvidence

    /// A claim with these fields.
    public init(name: String?, googleBooksSeriesID: String? = nil, place: SeriesPlace, totalBooks: Int? = nil, evidence: SeriesEvidence) {
        self.name = name
        self.googleBooksSeriesID = googleBooksSeriesID
        self.place = place
        self.totalBooks = totalBooks
        self.evidence = evidence
    }
}

/// The result of reading one series entry.
public enum SeriesParse: Hashable, Sendable {
    /// A series and a place.
    case claim(SeriesClaim)
    /// The entry is blank: nothing to say, nothing to warn about.
    case noSeries
    /// The entry names a series the parser cannot place; the seed's "log warning and skip".
    case unparseable(SeriesWarning)
}

extension SeriesClaim {
    public static let openLibraryUTF8BytesMax = SeriesLimits.openLibrarySeriesUTF8BytesMax
    public static let googleBooksSeriesIDUTF8BytesMax = SeriesLimits.googleBooksSeriesIDUTF8BytesMax

    /// Reads an OpenLibrary series string: the seed's `^(.+?)\s*#(\d+)$`, widened to decimals and
    /// ranges after the `#` (Decisions D-094, D-095).
    ///
    /// The string is trimmed first; the name is everything before the last `#` (the lazy `.+?` with
    /// the anchored end leaves exactly that), cleaned; the place is everything after it, with no
    /// space between `#` and the digits (as in the seed's expression). "Foundation Book 1",
    /// "Book 1 of The Expanse", "Discworld" and "Foundation # 1" are refused with a warning; a blank
    /// string is no series at all.
    ///
    /// - Complexity: O(length), at most `openLibraryUTF8BytesMax` bytes.
    public static func parseOpenLibrary(_ text: String) -> SeriesParse {
        guard text.utf8.count <= openLibraryUTF8BytesMax else { return .unparseable(.unparseableOpenLibrarySeries(SeriesWarning.excerpt(text))) }
        let trimmed = SeriesName.cleaned(text)
        if trimmed.isEmpty { return .noSeries }
        let refused = SeriesParse.unparseable(.unparseableOpenLibrarySeries(SeriesWarning.excerpt(trimmed)))
        guard let hash = trimmed.lastIndex(of: "#"), let place = SeriesPlace(parsing: trimmed[trimmed.index(after: hash)...]) else { return refused }
        switch SeriesName.validated(String(trimmed[..<hash])) {
        case let .success(name):
            return .claim(SeriesClaim(name: name, place: place, evidence: .openLibrary))
        case .failure(.empty):
            return refused
        case let .failure(.tooLong(bytes)):
            return .unparseable(.nameTooLong(.openLibrary, utf8Bytes: bytes))
        }
    }

    /// Reads one entry of Google Books' `volumeSeries`: an ID and an order number are required; a
    /// name and a total come from the app's series lookup when it made one.
    public static func parseGoogleBooks(_ entry: GoogleBooksVolumeSeries) -> SeriesParse {
        let id = SeriesName.cleaned(entry.seriesID)
        guard !id.isEmpty else { return .unparseable(.invalidGoogleBooksSeries(seriesID: "", .missingSeriesID)) }
        guard id.utf8.count <= googleBooksSeriesIDUTF8BytesMax else {
            return .unparseable(.invalidGoogleBooksSeries(seriesID: SeriesWarning.excerpt(id), .seriesIDTooLong(utf8Bytes: id.utf8.count)))
        }
        guard let number = entry.orderNumber else { return .unparseable(.invalidGoogleBooksSeries(seriesID: id, .missingOrderNumber)) }
        guard (0...SeriesPlace.numberMax).contains(number) else {
            return .unparseable(.invalidGoogleBooksSeries(seriesID: id, .orderNumberOutOfRange(number)))
        }
        var name: String?
        if let given = entry.seriesName {
            switch SeriesName.validated(given) {
            case let .success(cleaned): name = cleaned
            case .failure(.empty): name = nil
            case let .failure(.tooLong(bytes)): return .unparseable(.nameTooLong(.googleBooks, utf8Bytes: bytes))
            }
        }
        let total = entry.totalBooks.flatMap { (1...SeriesPlace.numberMax).contains($0) ? $0 : nil }
        return .claim(SeriesClaim(name: name, googleBooksSeriesID: id, place: SeriesPlace(number), totalBooks: total, evidence: .googleBooks))
    }

    /// Reads the Goodreads series markers in a title: `(Name, #N)`, as the import's title normalization
    /// recognises them (`\([^)]*,\s*#\d+\)`), with decimals and ranges after the `#` as well.
    ///
    /// Each `)` closes the nearest `(` before it (after the previous marker), the name runs to the
    /// last comma inside, and `#` and the place must follow that comma with only spaces between and
    /// nothing after: "(Sun, Moon, Stars, #2)" is the series "Sun, Moon, Stars"; "(Penguin Classics)",
    /// "(Series, # 3)" and "[Special Edition]" are not markers and are ignored without a warning, since
    /// a title's parentheses are not meant as series data. Every marker in the title is read.
    ///
    /// - Complexity: O(length).
    public static func titleMarkers(in title: String) -> [SeriesParse] {
        markerMatches(in: Array(title.unicodeScalars)).map(\.parse)
    }

    /// The title as a list shows it: the Goodreads markers this reads taken out, with the spaces
    /// before them. "Golden Son (Red Rising Saga, #2)" is "Golden Son"; other parentheses stay.
    ///
    /// - Complexity: O(length).
    public static func titleWithoutMarkers(_ title: String) -> String {
        let scalars = Array(title.unicodeScalars)
        let matches = markerMatches(in: scalars)
        guard !matches.isEmpty else { return title }
        var view = String.UnicodeScalarView()
        var start = 0
        for match in matches {
            var end = match.range.lowerBound
            while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
            view.append(contentsOf: scalars[start..<end])
            start = match.range.upperBound
        }
        view.append(contentsOf: scalars[start...])
        return String(view)
    }

    /// Every marker in the title with the scalars it spans, parenthesis to parenthesis.
    static func markerMatches(in scalars: [Unicode.Scalar]) -> [(range: Range<Int>, parse: SeriesParse)] {
        guard scalars.contains("(") else { return [] }
        var results: [(range: Range<Int>, parse: SeriesParse)] = []
        var consumedThrough = -1
        var openIndex: Int?
        for (index, scalar) in scalars.enumerated() {
            if scalar == "(" {
                openIndex = index
                continue
            }
            guard scalar == ")", let open = openIndex, open > consumedThrough else { continue }
            openIndex = nil
            guard let parse = marker(scalars[(open + 1)..<index]) else { continue }
            results.append((open..<(index + 1), parse))
            consumedThrough = index
        }
        return results
    }

    /// The marker inside one pair of parentheses, or `nil` if the text is not `name, #place`.
    static func marker(_ content: ArraySlice<Unicode.Scalar>) -> SeriesParse? {
        guard let comma = content.lastIndex(of: ",") else { return nil }
        var cursor = comma + 1
        while cursor < content.endIndex, content[cursor].properties.isWhitespace { cursor += 1 }
        guard cursor < content.endIndex, content[cursor] == "#" else { return nil }
        var placeText = String.UnicodeScalarView()
        placeText.append(contentsOf: content[(cursor + 1)...])
        guard let place = SeriesPlace(parsing: Substring(String(placeText))) else { return nil }
        var nameText = String.UnicodeScalarView()
        nameText.append(contentsOf: content[content.startIndex..<comma])
        switch SeriesName.validated(String(nameText)) {
        case let .success(name): return .claim(SeriesClaim(name: name, place: place, evidence: .titleMarker))
        case .failure(.empty): return nil
        case let .failure(.tooLong(bytes)): return .unparseable(.nameTooLong(.titleMarker, utf8Bytes: bytes))
        }
    }
}
