import Generators
import SpecModel

/// The shape of an app's library and surroundings, from which `LibraryFixture` builds an `AppState`.
///
/// Detailed works are listed one by one (so shrinking deletes them and simplifies each); bulk works
/// are a count, built alike, so a case can hold thousands of books and still shrink to a few.
public struct LibraryShape: Sendable, Hashable, CustomStringConvertible {
    /// A detailed work: its authors (indices into the shared pool), editions, entry and volume IDs.
    public struct WorkShape: Sendable, Hashable {
        /// The work's title.
        public var title: String
        /// Its authors, as indices into `authorNames` (modulo the pool's size).
        public var authorIndices: [Int]
        /// The number of editions it has.
        public var editionCount: Int
        /// The reading status of its library entry, or `nil` for no entry.
        public var entry: ReadingStatus?
        /// Whether the entry reads the work's first edition.
        public var entryReadsEdition: Bool
        /// Google Books volume IDs; with any, the work goes through the work cache (an ID already mapped adds no work).
        public var volumeIDs: [String]

        /// Builds a work shape; by default no authors, editions, entry or volume IDs.
        public init(title: String, authorIndices: [Int] = [], editionCount: Int = 0, entry: ReadingStatus? = nil, entryReadsEdition: Bool = false, volumeIDs: [String] = []) {
            self.title = title
            self.authorIndices = authorIndices
            self.editionCount = editionCount
            self.entry = entry
            self.entryReadsEdition = entryReadsEdition
            self.volumeIDs = volumeIDs
        }
    }

    /// The shared author pool (authors write several works).
    public var authorNames: [String]
    /// The detailed works, one by one.
    public var works: [WorkShape]
    /// Further works, each with one edition, one entry and an author from the pool.
    public var bulkWorks: Int
    /// Works inserted after the last save (unsaved changes at the moment of the reset).
    public var unsavedWorks: Int
    /// Indices of works queued for enrichment (modulo the number of works).
    public var queuedWorkIndices: [Int]
    /// Whether the app follows a running backend job enriching the queued works.
    public var followsBackendJob: Bool
    /// The search history's recent searches.
    public var recentSearches: [String]
    /// The search history's trending books.
    public var trendingBooks: [String]
    /// The app's feature flags.
    public var featureFlags: FeatureFlags
    /// The app's settings.
    public var settings: AppSettings
    public var cloudKit: CloudKitSyncState

    /// Builds a shape; by default an empty library with default flags, settings and sync state.
    public init(
        authorNames: [String] = [], works: [WorkShape] = [], bulkWorks: Int = 0, unsavedWorks: Int = 0,
        queuedWorkIndices: [Int] = [], followsBackendJob: Bool = false, recentSearches: [String] = [],
        trendingBooks: [String] = [], featureFlags: FeatureFlags = .defaults, settings: AppSettings = AppSettings(),
        cloudKit: CloudKitSyncState = CloudKitSyncState()
    ) {
        self.authorNames = authorNames
        self.works = works
        self.bulkWorks = bulkWorks
        self.unsavedWorks = unsavedWorks
        self.queuedWorkIndices = queuedWorkIndices
        self.followsBackendJob = followsBackendJob
        self.recentSearches = recentSearches
        self.trendingBooks = trendingBooks
        self.featureFlags = featureFlags
        self.settings = settings
        self.cloudKit = cloudKit
    }

    /// The number of works the built library holds.
    public var workCount: Int { works.count + bulkWorks + unsavedWorks }

    public var description: String {
        var parts = ["\(works.count) works + \(bulkWorks) bulk + \(unsavedWorks) unsaved", "\(authorNames.count) authors"]
        if !works.isEmpty {
            parts.append("works: " + works.map { w in
                "\(w.title)[a\(w.authorIndices) e\(w.editionCount)\(w.entry.map { " \($0)\(w.entryReadsEdition ? "*" : "")" } ?? "")\(w.volumeIDs.isEmpty ? "" : " v\(w.volumeIDs)")]"
            }.joined(separator: " "))
        }
        if !queuedWorkIndices.isEmpty { parts.append("queued \(queuedWorkIndices)") }
        if followsBackendJob { parts.append("follows a job") }
        if !recentSearches.isEmpty || !trendingBooks.isEmpty { parts.append("searches \(recentSearches) trending \(trendingBooks)") }
        if featureFlags != .defaults { parts.append("flags \(featureFlags)") }
        if settings != AppSettings() { parts.append("settings \(settings)") }
        if cloudKit != CloudKitSyncState() { parts.append("cloudKit \(cloudKit)") }
        return parts.joined(separator: "; ")
    }
}

extension LibraryShape {
    /// Libraries from empty to thousands of books, with shared authors, editions, entries, queued
    /// works, a followed backend job, unsaved changes and non-default settings.
    ///
    /// - Parameter bulkWorksMax: the most bulk works; one case in five draws a bulk count.
    ///
    /// A static member of the shape rather than of `Gen`: inside `extension Gen where Value == X`,
    /// `Gen.int` would mean `Gen<X>.int` (see Docs/PropertyTesting.md).
    public static func generator(bulkWorksMax: Int = 3_000) -> Gen<LibraryShape> {
        let name = Gen<String>.element(of: ["Ann", "Bo", "Cy", "Dee", "Liz Moore", "Gabriel García Márquez", "J.R.R. Tolkien"])
        let title = Gen<String>.element(of: ["A", "Dune", "Emma", "The Hobbit", "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)"])
        let volumeIDs = Gen.array(of: Gen<String>.element(of: ["v1", "v2", "v3", "v4"]), count: 0...2)
        let workShape = Gen<(String, [Int], Int, ReadingStatus?, Bool, [String])>.zip(
            title,
            Gen.array(of: Gen.int(in: 0...7), count: 0...3),
            Gen.int(in: 0...3),
            Gen.element(of: ReadingStatus.allCases).optional(nilProbability: 0.4),
            Gen.bool,
            volumeIDs
        ).map { LibraryShape.WorkShape(title: $0, authorIndices: $1, editionCount: $2, entry: $3, entryReadsEdition: $4, volumeIDs: $5) }
        let bulk = Gen.frequency([(4, Gen.constant(0)), (1, Gen.int(in: 0...bulkWorksMax))])
        let flags = Gen<(FeatureFlags.AIProvider, Bool, Bool, Bool)>.zip(Gen.element(of: FeatureFlags.AIProvider.allCases), Gen.bool, Gen.bool, Gen.bool)
            .map { FeatureFlags(aiProvider: $0, experimentalScannerEnabled: $1, batchEnrichmentEnabled: $2, seriesTrackingEnabled: $3) }
        let settings = Gen<(AppSettings.Theme, AppSettings.LibraryLayout, Bool, Int)>.zip(
            Gen.element(of: AppSettings.Theme.allCases), Gen.element(of: AppSettings.LibraryLayout.allCases), Gen.bool, Gen.int(in: 80...200)
        ).map { AppSettings(theme: $0, libraryLayout: $1, showsCoverImages: $2, textScalePercent: $3) }
        let cloudKit = Gen<(Bool, CloudKitSyncState.AccountStatus, String?)>.zip(
            Gen.bool, Gen.element(of: CloudKitSyncState.AccountStatus.allCases), Gen.element(of: ["token-1", "token-2"]).optional()
        ).map { CloudKitSyncState(isSyncEnabled: $0, accountStatus: $1, lastChangeToken: $2) }
        let searches = Gen.array(of: Gen<String>.element(of: ["dune", "Dune ", " emma", "tolkien", "márquez"]), count: 0...4)
        let parts = Gen<([String], [LibraryShape.WorkShape], Int, Int, [Int], Bool)>.zip(
            Gen.array(of: name, count: 0...8),
            Gen.array(of: workShape, count: 0...12),
            bulk,
            Gen.int(in: 0...3),
            Gen.array(of: Gen.int(in: 0...50), count: 0...6),
            Gen.bool
        )
        let surroundings = Gen<([String], [String], FeatureFlags, AppSettings, CloudKitSyncState)>.zip(searches, searches, flags, settings, cloudKit)
        return parts.zip(surroundings).map { parts, surroundings in
            LibraryShape(
                authorNames: parts.0, works: parts.1, bulkWorks: parts.2, unsavedWorks: parts.3,
                queuedWorkIndices: parts.4, followsBackendJob: parts.5, recentSearches: surroundings.0,
                trendingBooks: surroundings.1, featureFlags: surroundings.2, settings: surroundings.3, cloudKit: surroundings.4
            )
        }
    }
}
