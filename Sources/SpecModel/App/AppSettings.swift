/// The user's app settings: theme and UI preferences. Library Reset preserves them.
///
/// Seed: 000_…, "What's NOT Deleted": "App Settings (theme selection, UI preferences) - User choice preserved".
public struct AppSettings: Hashable, Sendable {
    public var theme: Theme
    public var libraryLayout: LibraryLayout
    public var showsCoverImages: Bool
    /// Text size relative to the system's, in percent.
    public var textScalePercent: Int

    public init(theme: Theme = .system, libraryLayout: LibraryLayout = .grid, showsCoverImages: Bool = true, textScalePercent: Int = 100) {
        self.theme = theme
        self.libraryLayout = libraryLayout
        self.showsCoverImages = showsCoverImages
        self.textScalePercent = textScalePercent
    }

    public enum Theme: String, Hashable, Sendable, CaseIterable {
        case system, liquidBlue, cosmicPurple, forestGreen, sunsetOrange, moonlightSilver
    }

    public enum LibraryLayout: String, Hashable, Sendable, CaseIterable {
        case grid, list
    }
}

/// The device's CloudKit sync state. Library Reset preserves it (it deletes local data only).
///
/// Seed: 000_…, "CloudKit Sync State (reset only deletes local data, CloudKit unchanged)" and
/// "iCloud Account (user still signed in)".
public struct CloudKitSyncState: Hashable, Sendable {
    public var isSyncEnabled: Bool
    public var accountStatus: AccountStatus
    /// The server change token of the last completed sync, if any.
    public var lastChangeToken: String?

    public init(isSyncEnabled: Bool = false, accountStatus: AccountStatus = .noAccount, lastChangeToken: String? = nil) {
        self.isSyncEnabled = isSyncEnabled
        self.accountStatus = accountStatus
        self.lastChangeToken = lastChangeToken
    }

    public enum AccountStatus: String, Hashable, Sendable, CaseIterable {
        case available, noAccount, restricted
    }
}
