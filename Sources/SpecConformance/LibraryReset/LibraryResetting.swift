import SpecModel

/// Seam: Library Reset, from the Settings button to an empty library, over the app's state.
///
/// Seed 000_… (Library Reset PRD): a confirmation dialog, then the backend job canceled
/// (`POST /api/enrichment/cancel` with `currentJobId`), every Work, Edition, Author and
/// UserLibraryEntry deleted, the enrichment queue, search history and feature flags cleared, App
/// Settings and CloudKit state kept. The suite builds the app's state from a `LibraryResetSetup`,
/// plays the user, and answers the cancel request itself (success, an error, offline, a timeout).
/// Wrap the app's settings screen model with a mock network client:
///
///     struct AppReset: LibraryResetting {
///         var app = TestApp()  // in-memory ModelContainer, EnrichmentQueue, SearchHistoryService, FeatureFlags
///         mutating func setUp(_ setup: LibraryResetSetup) throws { try app.load(setup) }
///         mutating func confirmReset() throws -> BackendCancelRequest? { try app.settings.confirmReset(); return app.network.pendingCancel }
///         mutating func receiveCancelResult(_ result: CancelRequestResult) throws { try app.network.complete(with: result) }
///         func observe() -> LibraryResetObservation { app.observation() }
///     }
public protocol LibraryResetting {
    /// Builds the app's state: called once, on a fresh instance, before anything else.
    mutating func setUp(_ setup: LibraryResetSetup) throws

    /// The user taps "Reset Library" in Settings → Library Management.
    mutating func tapResetLibrary()

    /// The user taps Cancel in the confirmation dialog.
    mutating func cancelConfirmation()

    /// The user taps Reset in the confirmation dialog. If the app follows a backend job, it sends the
    /// cancel request and waits for its result: the request is returned. Otherwise the reset runs to
    /// its end and `nil` is returned.
    mutating func confirmReset() throws -> BackendCancelRequest?

    /// The cancel request's result arrives (or the request failed); the reset runs to its end.
    mutating func receiveCancelResult(_ result: CancelRequestResult) throws

    /// Whether `setUp` can make the reset's first delete or save fail (`LibraryResetSetup.storeFailure`);
    /// the checks that need it are not applicable otherwise.
    var supportsStoreFailures: Bool { get }

    /// The user taps Retry on the failure alert; the reset runs again to its end.
    mutating func retryAfterFailure() throws

    /// What the app holds and shows now.
    func observe() -> LibraryResetObservation
}

extension LibraryResetting {
    /// A session that cannot make the store fail.
    public var supportsStoreFailures: Bool { false }

    /// Never called on a session that does not support store failures.
    public mutating func retryAfterFailure() throws {
        preconditionFailure("\(Self.self) supports no store failure, yet the suite tapped Retry")
    }
}

/// The app's state before a reset, as plain values.
public struct LibraryResetSetup: Hashable, Sendable, CustomStringConvertible {
    /// Author names, every one saved; an author may have no work.
    public var authors: [String]
    /// The books, each a work with its authors, editions and the user's entry.
    public var books: [ResetBook]
    /// Books queued for enrichment (indices into `books`), in queue order.
    public var queuedBooks: [Int]
    /// The backend job the enrichment queue follows (`currentJobId`), if any.
    public var followedJob: FollowedJob?
    /// Recent searches, newest first.
    public var recentSearches: [String]
    /// The cached trending books (search history's second part).
    public var trendingBooks: [String]
    /// The feature flags and the AI provider.
    public var featureFlags: FeatureFlags
    /// Theme and UI preferences.
    public var settings: AppSettings
    /// The device's CloudKit sync state.
    public var cloudKit: CloudKitSyncState
    /// The user's series, by name (a table of their own, D-020).
    public var series: [String]
    /// A store failure to inject into the reset, if any (only when the session supports it).
    public var storeFailure: ResetStoreFailure?

    /// A state; every part but the books defaults to empty or to the defaults.
    public init(
        authors: [String] = [], books: [ResetBook] = [], queuedBooks: [Int] = [], followedJob: FollowedJob? = nil,
        recentSearches: [String] = [], trendingBooks: [String] = [], featureFlags: FeatureFlags = .defaults,
        settings: AppSettings = AppSettings(), cloudKit: CloudKitSyncState = CloudKitSyncState(), series: [String] = [],
        storeFailure: ResetStoreFailure? = nil
    ) {
        self.authors = authors
        self.books = books
        self.queuedBooks = queuedBooks
        self.followedJob = followedJob
        self.recentSearches = recentSearches
        self.trendingBooks = trendingBooks
        self.featureFlags = featureFlags
        self.settings = settings
        self.cloudKit = cloudKit
        self.series = series
        self.storeFailure = storeFailure
    }

    /// One line: counts, and what is not at its default.
    public var description: String {
        var parts = ["\(books.count) books (\(books.filter { !$0.saved }.count) unsaved)", "\(authors.count) authors (\(authorsWithoutBooks) without a book)"]
        if !queuedBooks.isEmpty { parts.append("queued \(queuedBooks)") }
        if let followedJob { parts.append("following \(followedJob)") }
        if !recentSearches.isEmpty || !trendingBooks.isEmpty { parts.append("searches \(recentSearches), trending \(trendingBooks)") }
        if featureFlags != .defaults { parts.append("flags \(featureFlags)") }
        if settings != AppSettings() { parts.append("settings \(settings)") }
        if cloudKit != CloudKitSyncState() { parts.append("CloudKit \(cloudKit)") }
        if !series.isEmpty { parts.append("series \(series)") }
        if let storeFailure { parts.append("the reset's \(storeFailure.rawValue) fails once") }
        return parts.joined(separator: "; ")
    }

    /// Authors no book names.
    public var authorsWithoutBooks: Int {
        authors.indices.filter { index in !books.contains { $0.authors.contains(index) } }.count
    }
}

/// A book of a reset's setup: a work, its authors, its editions and the user's entry.
public struct ResetBook: Hashable, Sendable, CustomStringConvertible {
    /// The work's title.
    public var title: String
    /// The work's Google Books volume IDs.
    public var volumeIDs: [String]
    /// Indices into `LibraryResetSetup.authors`.
    public var authors: [Int]
    /// One edition per ISBN-13.
    public var editionISBNs: [String]
    /// The user's entry, if any.
    public var entry: ReadingStatus?
    /// The edition the entry reads (an index into `editionISBNs`), if any.
    public var entryEdition: Int?
    /// Whether the book was saved; unsaved books were inserted after the last save.
    public var saved: Bool

    public init(title: String, volumeIDs: [String] = [], authors: [Int] = [], editionISBNs: [String] = [], entry: ReadingStatus? = nil, entryEdition: Int? = nil, saved: Bool = true) {
        self.title = title
        self.volumeIDs = volumeIDs
        self.authors = authors
        self.editionISBNs = editionISBNs
        self.entry = entry
        self.entryEdition = entryEdition
        self.saved = saved
    }

    /// `"Dune" a[0] e2 reading`.
    public var description: String {
        "\(String(reflecting: title)) a\(authors) e\(editionISBNs.count)\(entry.map { " \($0.rawValue)" } ?? "")\(saved ? "" : " unsaved")"
    }
}

/// The backend job the app follows, with the token its requests bear (D-080).
public struct FollowedJob: Hashable, Sendable, CustomStringConvertible {
    /// The job's ID (`currentJobId`).
    public var jobId: String
    /// The job's token, if it has one.
    public var token: String?

    public init(jobId: String, token: String? = nil) {
        self.jobId = jobId
        self.token = token
    }

    /// `550e8400-… (token t)`.
    public var description: String { jobId + (token.map { " (token \($0))" } ?? "") }
}

/// Which store operation of the reset fails, once.
public enum ResetStoreFailure: String, Hashable, Sendable, CaseIterable {
    /// Deleting the library objects.
    case delete
    /// Saving the deletion.
    case save
}

/// The cancel request the app sends: `POST /api/enrichment/cancel` with `{"jobId": …}`.
public struct BackendCancelRequest: Hashable, Sendable, CustomStringConvertible {
    /// The body's `jobId`.
    public var jobId: String
    /// The bearer token the request carries.
    public var token: String?

    public init(jobId: String, token: String?) {
        self.jobId = jobId
        self.token = token
    }

    /// `cancel 550e8400-… (token t)`.
    public var description: String { "cancel \(jobId)" + (token.map { " (token \($0))" } ?? " (no token)") }
}

/// What the app holds and shows, as the suite compares it.
public struct LibraryResetObservation: Hashable, Sendable, CustomStringConvertible {
    /// Live Works.
    public var works: Int
    /// Live Editions.
    public var editions: Int
    /// Live Authors.
    public var authors: Int
    /// Live UserLibraryEntries.
    public var entries: Int
    /// Works waiting in the enrichment queue.
    public var pendingWorks: Int
    /// Whether a work is being enriched.
    public var workInFlight: Bool
    /// The backend job the enrichment queue follows.
    public var currentJobId: String?
    /// Recent searches, newest first.
    public var recentSearches: [String]
    /// Cached trending books.
    public var trendingBooks: [String]
    /// The feature flags and the AI provider.
    public var featureFlags: FeatureFlags
    /// Theme and UI preferences.
    public var settings: AppSettings
    public var cloudKit: CloudKitSyncState
    /// Series names, in the order they were made.
    public var series: [String]
    /// What the reset shows.
    public var screen: ResetScreen

    public init(
        works: Int, editions: Int, authors: Int, entries: Int, pendingWorks: Int, workInFlight: Bool, currentJobId: String?,
        recentSearches: [String], trendingBooks: [String], featureFlags: FeatureFlags, settings: AppSettings,
        cloudKit: CloudKitSyncState, series: [String], screen: ResetScreen
    ) {
        self.works = works
        self.editions = editions
        self.authors = authors
        self.entries = entries
        self.pendingWorks = pendingWorks
        self.workInFlight = workInFlight
        self.currentJobId = currentJobId
        self.recentSearches = recentSearches
        self.trendingBooks = trendingBooks
        self.featureFlags = featureFlags
        self.settings = settings
        self.cloudKit = cloudKit
        self.series = series
        self.screen = screen
    }

    /// Every field, on one line.
    public var description: String {
        "\(works) works, \(editions) editions, \(authors) authors, \(entries) entries; queue \(pendingWorks) pending\(workInFlight ? " + 1 in flight" : ""), following \(currentJobId ?? "nil"); "
            + "searches \(recentSearches), trending \(trendingBooks); flags \(featureFlags.aiProvider) scanner \(featureFlags.experimentalScannerEnabled) batch \(featureFlags.batchEnrichmentEnabled) series \(featureFlags.seriesTrackingEnabled); "
            + "settings \(settings.theme) \(settings.libraryLayout) covers \(settings.showsCoverImages) text \(settings.textScalePercent)%; CloudKit \(cloudKit.isSyncEnabled) \(cloudKit.accountStatus) \(cloudKit.lastChangeToken ?? "nil"); "
            + "series \(series); screen: \(screen.rawValue)"
    }
}

/// What the reset shows.
public enum ResetScreen: String, Hashable, Sendable, CaseIterable {
    /// Nothing of the reset's.
    case nothing
    /// The confirmation dialog ("Reset Library?").
    case confirmation
    /// The success toast ("Library reset successfully").
    case success
    /// The failure alert ("Reset failed, try again") with Retry.
    case failureWithRetry
}

/// The model's Library Reset over an `AppState`: the reference the suite compares with.
public struct ModelLibraryReset: LibraryResetting {
    /// The app.
    public private(set) var app = AppState()
    /// The reset's flow.
    public private(set) var reset = LibraryReset()

    /// An empty app.
    public init() {}

    /// Builds the store (saved books, a save, then unsaved books), the queue, the job, the
    /// surroundings and the series; injects the store failure.
    public mutating func setUp(_ setup: LibraryResetSetup) throws {
        var store = LibraryStore()
        let authors = setup.authors.map { store.insertAuthor(AuthorDraft(name: $0)) }
        var works: [PersistentIdentifier?] = Array(repeating: nil, count: setup.books.count)
        for pass in [true, false] {
            for (index, book) in setup.books.enumerated() where book.saved == pass {
                let work = store.insertWork(WorkDraft(title: book.title, googleBooksVolumeIDs: book.volumeIDs))
                works[index] = work
                for author in book.authors {
                    try store.link(author: authors[author], to: work)
                }
                var editions: [PersistentIdentifier] = []
                for isbn in book.editionISBNs {
                    editions.append(try store.insertEdition(EditionDraft(isbn13: isbn), of: work))
                }
                if let status = book.entry {
                    try store.insertEntry(EntryDraft(readingStatus: status), for: work, edition: book.entryEdition.map { editions[$0] })
                }
            }
            if pass { try store.save() }
        }
        var queue = EnrichmentQueue()
        queue.addMultiple(setup.queuedBooks.compactMap { works.indices.contains($0) ? works[$0] : nil })
        if let job = setup.followedJob { queue.setCurrentJobId(job.jobId, token: job.token) }
        var series = SeriesLibrary()
        for name in setup.series {
            _ = series.createSeries(named: name, at: Timestamp(epochMilliseconds: 1_761_921_000_000))
        }
        switch setup.storeFailure {
        case .delete?: store.faults = StoreFaults(deleteFailuresRemaining: 1)
        case .save?: store.faults = StoreFaults(saveFailuresRemaining: 1)
        case nil: break
        }
        app = AppState(
            store: store, enrichmentQueue: queue, searchHistory: SearchHistory(recentSearches: setup.recentSearches, trendingBooks: setup.trendingBooks),
            featureFlags: setup.featureFlags, settings: setup.settings, cloudKit: setup.cloudKit, series: series
        )
    }

    /// `LibraryReset.requestReset(_:)`.
    public mutating func tapResetLibrary() {
        reset.requestReset(&app)
    }

    /// `LibraryReset.cancelConfirmation(_:)`.
    public mutating func cancelConfirmation() {
        reset.cancelConfirmation(&app)
    }

    /// `LibraryReset.confirm(_:)`, then every step when no request is due.
    public mutating func confirmReset() -> BackendCancelRequest? {
        let token = app.enrichmentQueue.currentJobToken
        if case let .sendCancelRequest(jobId)? = reset.confirm(&app) {
            return BackendCancelRequest(jobId: jobId, token: token)
        }
        reset.runSteps(&app)
        return nil
    }

    /// `LibraryReset.receiveCancelResult(_:_:)`, then every step.
    public mutating func receiveCancelResult(_ result: CancelRequestResult) {
        reset.receiveCancelResult(result, &app)
        reset.runSteps(&app)
    }

    /// The model's store takes injected faults.
    public var supportsStoreFailures: Bool { true }

    /// `LibraryReset.retry(_:)`, then every step.
    public mutating func retryAfterFailure() {
        reset.retry(&app)
        reset.runSteps(&app)
    }

    /// The app's counts, queue, surroundings, series and screen.
    public func observe() -> LibraryResetObservation {
        let screen: ResetScreen
        if app.screen.dialog != nil {
            screen = .confirmation
        } else if app.screen.alert != nil {
            screen = .failureWithRetry
        } else if app.screen.toast != nil {
            screen = .success
        } else {
            screen = .nothing
        }
        return LibraryResetObservation(
            works: app.store.count(of: .work), editions: app.store.count(of: .edition), authors: app.store.count(of: .author),
            entries: app.store.count(of: .userLibraryEntry), pendingWorks: app.enrichmentQueue.pendingCount,
            workInFlight: app.enrichmentQueue.inFlight != nil, currentJobId: app.enrichmentQueue.currentJobId,
            recentSearches: app.searchHistory.recentSearches, trendingBooks: app.searchHistory.trendingBooks,
            featureFlags: app.featureFlags, settings: app.settings, cloudKit: app.cloudKit,
            series: app.series.allSeries.map(\.name), screen: screen
        )
    }
}
