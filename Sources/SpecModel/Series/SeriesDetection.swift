/// What detecting one book's series did: a link or a skip per series named, and the warnings to log.
///
/// Seed: 002_…, User Story 1 and the flow "Series Metadata Exists? → Auto-Detect Series Name +
/// Position → Series Already Exists? → Link Book / Create New Series Entity"; "No" → "Book Remains
/// Unassigned".
public struct SeriesDetection: Hashable, Sendable {
    /// What happened for one series the book's metadata names.
    public enum Outcome: Hashable, Sendable {
        /// A new auto-detected series, with the book at this place.
        case created(SeriesID, SeriesPlace)
        /// The book joined an existing series (detected or manual) at this place.
        case linked(SeriesID, SeriesPlace)
        /// The book was already in the series; its place (perhaps the user's) is kept.
        case alreadyInSeries(SeriesID, SeriesPlace)
        /// The user deleted a series of this name or Google Books ID; it is not recreated.
        case skippedDeletedSeries(name: String)
        /// The user removed this book from the series; it is not put back.
        case skippedRemovedByUser(SeriesID)
        /// The series already holds `booksPerSeriesMax` books; the book is not added.
        case skippedSeriesFull(SeriesID)
        /// The book is in `seriesPerBookMax` series already; it is not added to another.
        case skippedTooManySeriesForBook
        /// The library holds `seriesCountMax` series; no series is created.
        case skippedLibraryFull

        /// The series the book is in after this outcome, if any.
        public var seriesID: SeriesID? {
            switch self {
            case let .created(id, _), let .linked(id, _), let .alreadyInSeries(id, _): return id
            default: return nil
            }
        }
    }

    /// What happened for each series the book's metadata names, in the order detection met them.
    public internal(set) var outcomes: [Outcome] = []
    /// What detection skipped or corrected, for the log, in the order it happened.
    public internal(set) var warnings: [SeriesWarning] = []

    /// A detection with these outcomes and warnings; by default an empty one.
    public init(outcomes: [Outcome] = [], warnings: [SeriesWarning] = []) {
        self.outcomes = outcomes
        self.warnings = warnings
    }

    /// The series the book is in after detection, from this detection's outcomes.
    public var seriesIDs: [SeriesID] { outcomes.compactMap(\.seriesID) }

    /// Whether detection left the book in no series it named: the seed's "book remains unassigned".
    public var isUnassigned: Bool { seriesIDs.isEmpty }
}

extension SeriesLibrary {
    public static let entriesPerSourceMax = SeriesLimits.entriesPerSourceMax

    /// Detects a book's series from its enrichment metadata and its title, and links it: the seed's
    /// `SeriesDetectionService.detectAndLink(work:)`, run after enrichment.
    ///
    /// 1. **Claims.** Every Google Books `volumeSeries` entry, every OpenLibrary string and every
    ///    Goodreads marker in the work's title is read (`SeriesClaim`); what does not parse is a
    ///    warning and is skipped. A book with no claim stays unassigned: nothing is inferred from
    ///    subjects, authors or titles without a marker (the seed's "no false positives", and The
    ///    Hobbit's "respects Google Books classification"; Decision D-096).
    /// 2. **Names for Google Books IDs.** An unnamed Google Books entry whose ID no series has takes the
    ///    name an OpenLibrary string or the title marker gives the same place; otherwise it is skipped
    ///    with a warning (Decision D-096).
    /// 3. **One claim per series.** A claim names an existing series by Google Books ID, else by name
    ///    key (`SeriesName.key`, current or earlier names), else a new one by its key. Claims naming
    ///    the same series merge: the first source in precedence (Google Books, OpenLibrary, title)
    ///    gives the place, a differing place is a warning, the Google Books IDs of all are kept. At
    ///    most `claimsPerBookMax` series are read (Decision D-097: a book may be in several).
    /// 4. **Link or create.** An existing series, manual or detected, gets the book at the claimed
    ///    place, unless the book is in it already (its place is kept: the user's edits win) or the user
    ///    removed it; a new name creates an auto-detected series, unless the user deleted a series of
    ///    that name or ID (Decisions D-098, D-099). A total from a series lookup fills an unknown total;
    ///    a place past the total raises it, with a warning. A series without author takes the work's
    ///    first author.
    ///
    /// - Complexity: O(metadata + title + claims × books of the series linked); no scan of the library.
    public mutating func detectSeries(for work: PersistentIdentifier, metadata: SeriesMetadata, in store: LibraryStore, at now: Timestamp) -> SeriesDetection {
        guard let stored = store.work(work) else { return SeriesDetection(warnings: [.workNotFound(work)]) }
        var detection = SeriesDetection()
        let (groups, warnings) = claimGroups(metadata: metadata, title: stored.title)
        detection.warnings = warnings
        let author = Self.cleanedAuthor(stored.authorIDList.first.flatMap { store.author($0)?.name })
        for group in groups {
            detection.outcomes.append(link(work, group, author: author, at: now, warnings: &detection.warnings))
        }
        return detection
    }

    /// The claims of one series, merged: the first (highest precedence) decides the place.
    struct ClaimGroup {
        enum Target: Hashable {
            case existing(SeriesID)
            case new(key: String)
        }

        var target: Target
        var primary: SeriesClaim
        var googleBooksIDs: [String]
        var totalBooks: Int?
    }

    /// Steps 1 to 3 of `detectSeries`: the book's claims, named and grouped by the series they name.
    func claimGroups(metadata: SeriesMetadata, title: String) -> (groups: [ClaimGroup], warnings: [SeriesWarning]) {
        var warnings: [SeriesWarning] = []
        var dropped = 0
        var claims: [SeriesClaim] = []
        func read(_ parse: SeriesParse) {
            switch parse {
            case let .claim(claim): claims.append(claim)
            case .noSeries: break
            case let .unparseable(warning): warnings.append(warning)
            }
        }
        for entry in metadata.googleBooks.prefix(Self.entriesPerSourceMax) { read(SeriesClaim.parseGoogleBooks(entry)) }
        for text in metadata.openLibrary.prefix(Self.entriesPerSourceMax) { read(SeriesClaim.parseOpenLibrary(text)) }
        let markers = SeriesClaim.titleMarkers(in: title)
        for parse in markers.prefix(Self.entriesPerSourceMax) { read(parse) }
        dropped += Swift.max(0, metadata.googleBooks.count - Self.entriesPerSourceMax)
        dropped += Swift.max(0, metadata.openLibrary.count - Self.entriesPerSourceMax)
        dropped += Swift.max(0, markers.count - Self.entriesPerSourceMax)

        // Step 2: unnamed Google Books entries of unknown series borrow a name, or are skipped.
        var named: [SeriesClaim] = []
        for claim in claims {
            guard claim.name == nil, let googleID = claim.googleBooksSeriesID else {
                named.append(claim)
                continue
            }
            if idByGoogleBooksID[googleID] != nil {
                named.append(claim)
            } else if let donor = claims.first(where: { $0.evidence != .googleBooks && $0.name != nil && $0.place == claim.place }) {
                var adopted = claim
                adopted.name = donor.name
                named.append(adopted)
            } else {
                warnings.append(.unnamedGoogleBooksSeries(seriesID: googleID))
            }
        }

        // Step 3: one group per series, in order of first claim (claims are in precedence order).
        var groups: [ClaimGroup] = []
        for claim in named {
            var target = self.target(of: claim)
            // One Google Books series ID is one series within a book as across books (D-098), whatever
            // names its lookups give.
            if let googleID = claim.googleBooksSeriesID, let holder = groups.first(where: { $0.googleBooksIDs.contains(googleID) }) {
                target = holder.target
            }
            if let index = groups.firstIndex(where: { $0.target == target }) {
                if let googleID = claim.googleBooksSeriesID, !groups[index].googleBooksIDs.contains(googleID) {
                    groups[index].googleBooksIDs.append(googleID)
                }
                if groups[index].totalBooks == nil { groups[index].totalBooks = claim.totalBooks }
                let primary = groups[index].primary
                if claim.place != primary.place {
                    let seriesName = primary.name ?? target.existingID.flatMap { seriesByID[$0]?.name } ?? ""
                    warnings.append(.conflictingPlaces(series: seriesName, kept: primary.place, keptFrom: primary.evidence, ignored: claim.place, ignoredFrom: claim.evidence))
                }
                continue
            }
            guard groups.count < Self.claimsPerBookMax else {
                dropped += 1
                continue
            }
            groups.append(ClaimGroup(target: target, primary: claim, googleBooksIDs: claim.googleBooksSeriesID.map { [$0] } ?? [], totalBooks: claim.totalBooks))
        }
        if dropped > 0 { warnings.append(.tooManySeries(dropped: dropped)) }
        return (groups, warnings)
    }

    /// The series a claim names: by Google Books ID, else by name key, else a new one.
    func target(of claim: SeriesClaim) -> ClaimGroup.Target {
        if let googleID = claim.googleBooksSeriesID, let id = idByGoogleBooksID[googleID] { return .existing(id) }
        // A claim reaching here has a name: unnamed Google Books claims of unknown IDs were named or dropped.
        let key = SeriesName.key(claim.name ?? "")
        if let id = idByNameKey[key] { return .existing(id) }
        return .new(key: key)
    }

    /// Step 4 of `detectSeries` for one series.
    mutating func link(_ work: PersistentIdentifier, _ group: ClaimGroup, author: String?, at now: Timestamp, warnings: inout [SeriesWarning]) -> SeriesDetection.Outcome {
        let place = group.primary.place
        let id: SeriesID
        let created: Bool
        switch group.target {
        case let .existing(existing):
            let series = seriesByID[existing]!
            if series.removedWorkIDs.contains(work) { return .skippedRemovedByUser(existing) }
            if let current = series.place(of: work) {
                for googleID in group.googleBooksIDs { addGoogleBooksID(googleID, to: existing, at: now) }
                return .alreadyInSeries(existing, current)
            }
            guard series.books.count < Self.booksPerSeriesMax else { return .skippedSeriesFull(existing) }
            guard seriesIDs(containing: work).count < Self.seriesPerBookMax else { return .skippedTooManySeriesForBook }
            id = existing
            created = false
        case let .new(key):
            let name = group.primary.name ?? ""
            if deletedNameKeys.contains(key) || group.googleBooksIDs.contains(where: deletedGoogleBooksIDs.contains) {
                return .skippedDeletedSeries(name: name)
            }
            guard count < Self.seriesCountMax else { return .skippedLibraryFull }
            guard seriesIDs(containing: work).count < Self.seriesPerBookMax else { return .skippedTooManySeriesForBook }
            id = allocateID()
            insert(Series(id: id, name: name, totalBooks: nil, author: nil, source: .autoDetected, at: now))
            created = true
        }
        for googleID in group.googleBooksIDs { addGoogleBooksID(googleID, to: id, at: now) }
        self.place(work, at: place, in: id, at: now)
        modify(id, at: now) { series in
            if series.author == nil { series.author = author }
            if series.totalBooks == nil { series.totalBooks = group.totalBooks }
            if let total = series.totalBooks, let highest = series.highestCountedNumber, highest > total {
                series.totalBooks = highest
                warnings.append(.totalRaised(id, from: total, to: highest))
            }
        }
        return created ? .created(id, place) : .linked(id, place)
    }
}

extension SeriesLibrary.ClaimGroup.Target {
    var existingID: SeriesID? {
        if case let .existing(id) = self { return id }
        return nil
    }
}
