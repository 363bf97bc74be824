/// Everything the app holds that Library Reset touches or must preserve.
///
/// Durability on a crash follows the app: the store keeps what was saved; the enrichment queue and
/// records, search history, feature flags, settings, CloudKit state and the series library are written
/// as they change and survive; the work cache and what is on screen live in memory and are lost.
public struct AppState: Hashable, Sendable {
    /// The SwiftData-like store of works, editions, authors and library entries; Library Reset empties it.
    public var store: LibraryStore
    /// The work cache (volume ID → work), in memory only; Library Reset clears it.
    public var workCache: DTOMapper
    /// The works waiting for enrichment and the backend job the app follows; Library Reset clears it.
    public var enrichmentQueue: EnrichmentQueue
    /// How each enriched, failed or review-bound work ended, and the run's counts (persisted).
    public var enrichmentRecords: EnrichmentRecords
    /// Recent searches and trending books; Library Reset clears them.
    public var searchHistory: SearchHistory
    /// The feature flags and AI provider; Library Reset restores their defaults.
    public var featureFlags: FeatureFlags
    /// The user's settings; Library Reset preserves them.
    public var settings: AppSettings
    /// The device's CloudKit sync state; Library Reset preserves it.
    public var cloudKit: CloudKitSyncState
    /// The user's series, a table of its own beside the store: a library reset keeps it (D-020, D-100).
    public var series: SeriesLibrary
    /// The dialog, alert and toast on screen; in memory only, so a relaunch starts with an empty one.
    public var screen: Screen

    /// An app with these parts; each defaults to its fresh-install state.
    public init(
        store: LibraryStore = LibraryStore(),
        workCache: DTOMapper = DTOMapper(),
        enrichmentQueue: EnrichmentQueue = EnrichmentQueue(),
        enrichmentRecords: EnrichmentRecords = EnrichmentRecords(),
        searchHistory: SearchHistory = SearchHistory(),
        featureFlags: FeatureFlags = .defaults,
        settings: AppSettings = AppSettings(),
        cloudKit: CloudKitSyncState = CloudKitSyncState(),
        series: SeriesLibrary = SeriesLibrary(),
        screen: Screen = Screen()
    ) {
        self.store = store
        self.workCache = workCache
        self.enrichmentQueue = enrichmentQueue
        self.enrichmentRecords = enrichmentRecords
        self.searchHistory = searchHistory
        self.featureFlags = featureFlags
        self.settings = settings
        self.cloudKit = cloudKit
        self.series = series
        self.screen = screen
    }

    /// The app after a crash and relaunch: unsaved changes, the work cache and the screen are lost.
    public func relaunchedAfterCrash() -> AppState {
        AppState(
            store: store.relaunchedAfterCrash(),
            workCache: DTOMapper(),
            enrichmentQueue: enrichmentQueue,
            enrichmentRecords: enrichmentRecords,
            searchHistory: searchHistory,
            featureFlags: featureFlags,
            settings: settings,
            cloudKit: cloudKit,
            series: series,
            screen: Screen()
        )
    }

    /// Whether two app states look the same to the user and to the store (pending-change bookkeeping
    /// aside, see `LibraryStore.isObservablyEqual`).
    public func isObservablyEqual(to other: AppState) -> Bool {
        store.isObservablyEqual(to: other.store)
            && workCache == other.workCache
            && enrichmentQueue == other.enrichmentQueue
            && enrichmentRecords == other.enrichmentRecords
            && searchHistory == other.searchHistory
            && featureFlags == other.featureFlags
            && settings == other.settings
            && cloudKit == other.cloudKit
            && series == other.series
            && screen == other.screen
    }

    public static func == (lhs: AppState, rhs: AppState) -> Bool { lhs.isObservablyEqual(to: rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(settings)
        hasher.combine(featureFlags)
    }
}

/// What is on screen: dialogs, alerts and toasts the model's flows show.
public struct Screen: Hashable, Sendable {
    /// The confirmation dialog on screen, if any.
    public var dialog: Dialog?
    public var alert: Alert?
    public var toast: Toast?

    /// A screen showing these; by default nothing.
    public init(dialog: Dialog? = nil, alert: Alert? = nil, toast: Toast? = nil) {
        self.dialog = dialog
        self.alert = alert
        self.toast = toast
    }

    /// A confirmation dialog.
    public struct Dialog: Hashable, Sendable {
        /// The dialog's title ("Reset Library?").
        public let title: String
        /// The body text under the title.
        public let message: String
        /// The button that closes the dialog and changes nothing.
        public let cancelTitle: String
        /// The destructive action's title, shown in red.
        public let confirmTitle: String

        /// A dialog with these texts.
        public init(title: String, message: String, cancelTitle: String, confirmTitle: String) {
            self.title = title
            self.message = message
            self.cancelTitle = cancelTitle
            self.confirmTitle = confirmTitle
        }
    }

    /// An alert, with its buttons.
    public struct Alert: Hashable, Sendable {
        /// The alert's title ("Reset failed, try again").
        public let title: String
        /// The body text, such as the store error's description.
        public let message: String
        /// The buttons' titles, in order ("Retry", "OK").
        public let actions: [String]

        /// An alert with these texts and buttons.
        public init(title: String, message: String, actions: [String]) {
            self.title = title
            self.message = message
            self.actions = actions
        }
    }

    /// A transient message.
    public struct Toast: Hashable, Sendable {
        /// The text shown.
        public let text: String
        /// How long the toast stays before it disappears by itself, in milliseconds.
        public let dismissAfterMilliseconds: Int

        /// A toast showing `text` for `dismissAfterMilliseconds`.
        public init(text: String, dismissAfterMilliseconds: Int) {
            self.text = text
            self.dismissAfterMilliseconds = dismissAfterMilliseconds
        }
    }
}

extension LibraryStore: Hashable {
    public static func == (lhs: LibraryStore, rhs: LibraryStore) -> Bool { lhs.isObservablyEqual(to: rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(nextRawIdentifier)
    }
}
