// The app's in-memory state that Library Reset touches (seed 000, "What Gets Deleted" and "What's NOT
// Deleted"): the SwiftData library, the enrichment queue, search history, feature flags, the user's
// settings, CloudKit's sync state and the series (seed 002: series persist across a reset).

/// Identifies an object of the library store.
public struct ObjectID: Sendable, Hashable, Comparable {
    public let raw: Int
    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.raw < rhs.raw }
}

public struct WorkRecord: Sendable, Hashable {
    public var id: ObjectID
    public var title: String
    public var googleBooksVolumeIDs: [String]
    public var authors: [ObjectID]
    public var editions: [ObjectID]
    public var entry: ObjectID?
}

public struct AuthorRecord: Sendable, Hashable {
    public var id: ObjectID
    public var name: String
}

public struct EditionRecord: Sendable, Hashable {
    public var id: ObjectID
    public var isbn13: String
    public var work: ObjectID
}

public enum ShelfStatus: String, Sendable, Hashable, CaseIterable {
    case wishlist, toRead, reading, read, onHold, didNotFinish
}

public struct LibraryEntryRecord: Sendable, Hashable {
    public var id: ObjectID
    public var status: ShelfStatus
    public var work: ObjectID
    public var edition: ObjectID?
}

/// A store operation that fails.
public struct StoreError: Error, Sendable, Hashable {
    public var operation: String
}

/// The app's SwiftData library, in memory: Works, Editions, Authors and UserLibraryEntries, with
/// pending (unsaved) changes and the faults a test can inject.
public struct LibraryStore: Sendable, Hashable {
    public private(set) var works: [ObjectID: WorkRecord] = [:]
    public private(set) var authors: [ObjectID: AuthorRecord] = [:]
    public private(set) var editions: [ObjectID: EditionRecord] = [:]
    public private(set) var entries: [ObjectID: LibraryEntryRecord] = [:]
    public private(set) var hasUnsavedChanges = false
    private var nextID = 1

    /// The next delete fails once (a test's fault).
    public var failNextDelete = false
    /// The next save fails once (a test's fault).
    public var failNextSave = false

    public init() {}

    private mutating func newID() -> ObjectID {
        defer { nextID += 1 }
        return ObjectID(raw: nextID)
    }

    @discardableResult
    public mutating func insertAuthor(name: String) -> ObjectID {
        let id = newID()
        authors[id] = AuthorRecord(id: id, name: name)
        hasUnsavedChanges = true
        return id
    }

    @discardableResult
    public mutating func insertWork(title: String, volumeIDs: [String] = [], authors authorIDs: [ObjectID] = []) -> ObjectID {
        let id = newID()
        works[id] = WorkRecord(id: id, title: title, googleBooksVolumeIDs: volumeIDs, authors: authorIDs.filter { authors[$0] != nil }, editions: [], entry: nil)
        hasUnsavedChanges = true
        return id
    }

    @discardableResult
    public mutating func insertEdition(isbn13: String, of work: ObjectID) -> ObjectID? {
        guard works[work] != nil else { return nil }
        let id = newID()
        editions[id] = EditionRecord(id: id, isbn13: isbn13, work: work)
        works[work]!.editions.append(id)
        hasUnsavedChanges = true
        return id
    }

    @discardableResult
    public mutating func insertEntry(status: ShelfStatus, for work: ObjectID, edition: ObjectID? = nil) -> ObjectID? {
        guard works[work] != nil else { return nil }
        let id = newID()
        entries[id] = LibraryEntryRecord(id: id, status: status, work: work, edition: edition)
        works[work]!.entry = id
        hasUnsavedChanges = true
        return id
    }

    /// Deletes every object of every library type: Works and, separately, Authors (an author with no
    /// work would survive a cascade from Works), Editions and UserLibraryEntries.
    public mutating func deleteAll() throws(StoreError) {
        if failNextDelete {
            failNextDelete = false
            throw StoreError(operation: "delete")
        }
        if !works.isEmpty || !authors.isEmpty || !editions.isEmpty || !entries.isEmpty { hasUnsavedChanges = true }
        works = [:]
        authors = [:]
        editions = [:]
        entries = [:]
    }

    public mutating func save() throws(StoreError) {
        if failNextSave {
            failNextSave = false
            throw StoreError(operation: "save")
        }
        hasUnsavedChanges = false
    }
}

/// The enrichment queue (`EnrichmentQueue.shared`) and the backend job it follows (`currentJobId`).
public struct EnrichmentQueueState: Sendable, Hashable {
    public var pending: [ObjectID] = []
    public var inFlight: ObjectID?
    public private(set) var currentJobId: String?
    public private(set) var currentJobToken: String?

    public init() {}

    public mutating func addMultiple(_ works: [ObjectID]) {
        for work in works where !pending.contains(work) && inFlight != work { pending.append(work) }
    }

    public mutating func setCurrentJobId(_ jobId: String, token: String?) {
        currentJobId = jobId
        currentJobToken = token
    }

    public mutating func clearCurrentJobId() {
        currentJobId = nil
        currentJobToken = nil
    }

    /// Empties the queue (pending and in flight).
    public mutating func clearAll() {
        pending = []
        inFlight = nil
    }
}

/// `SearchHistoryService`: recent searches and the cached trending books.
public struct SearchHistoryState: Sendable, Hashable {
    public var recentSearches: [String]
    public var trendingBooks: [String]

    public init(recentSearches: [String] = [], trendingBooks: [String] = []) {
        self.recentSearches = recentSearches
        self.trendingBooks = trendingBooks
    }

    public mutating func clearAll() {
        recentSearches = []
        trendingBooks = []
    }
}

public enum AIProviderChoice: String, Sendable, Hashable, CaseIterable {
    case gemini, workersAI, openAI
}

/// `FeatureFlags`.
public struct AppFeatureFlags: Sendable, Hashable {
    public var aiProvider: AIProviderChoice
    public var experimentalScannerEnabled: Bool
    public var batchEnrichmentEnabled: Bool
    public var seriesTrackingEnabled: Bool

    /// A fresh install's flags: Gemini, experimental scanner enabled (seed 000), and the shipped
    /// features on.
    public static let defaults = AppFeatureFlags(aiProvider: .gemini, experimentalScannerEnabled: true, batchEnrichmentEnabled: true, seriesTrackingEnabled: true)

    public init(aiProvider: AIProviderChoice, experimentalScannerEnabled: Bool, batchEnrichmentEnabled: Bool, seriesTrackingEnabled: Bool) {
        self.aiProvider = aiProvider
        self.experimentalScannerEnabled = experimentalScannerEnabled
        self.batchEnrichmentEnabled = batchEnrichmentEnabled
        self.seriesTrackingEnabled = seriesTrackingEnabled
    }

    public mutating func resetToDefaults() { self = .defaults }
}

public enum AppTheme: String, Sendable, Hashable, CaseIterable {
    case system, liquidBlue, cosmicPurple, forestGreen, sunsetOrange, moonlightSilver
}

public enum LibraryLayoutChoice: String, Sendable, Hashable, CaseIterable {
    case grid, list
}

/// Theme and UI preferences: kept by a reset.
public struct UserPreferences: Sendable, Hashable {
    public var theme: AppTheme
    public var libraryLayout: LibraryLayoutChoice
    public var showsCoverImages: Bool
    public var textScalePercent: Int

    public init(theme: AppTheme = .system, libraryLayout: LibraryLayoutChoice = .grid, showsCoverImages: Bool = true, textScalePercent: Int = 100) {
        self.theme = theme
        self.libraryLayout = libraryLayout
        self.showsCoverImages = showsCoverImages
        self.textScalePercent = textScalePercent
    }
}

public enum ICloudAccountStatus: String, Sendable, Hashable, CaseIterable {
    case available, noAccount, restricted
}

/// CloudKit's sync state: kept by a reset (it deletes local data only).
public struct CloudSyncState: Sendable, Hashable {
    public var isSyncEnabled: Bool
    public var accountStatus: ICloudAccountStatus
    public var lastChangeToken: String?

    public init(isSyncEnabled: Bool = false, accountStatus: ICloudAccountStatus = .noAccount, lastChangeToken: String? = nil) {
        self.isSyncEnabled = isSyncEnabled
        self.accountStatus = accountStatus
        self.lastChangeToken = lastChangeToken
    }
}

/// The whole app's state.
public struct BooksAppState: Sendable, Hashable {
    public var store = LibraryStore()
    public var enrichmentQueue = EnrichmentQueueState()
    public var searchHistory = SearchHistoryState()
    public var featureFlags = AppFeatureFlags.defaults
    public var preferences = UserPreferences()
    public var cloudSync = CloudSyncState()
    /// The user's series, by name, in the order they were made (a table of their own).
    public var seriesNames: [String] = []

    public init() {}
}
