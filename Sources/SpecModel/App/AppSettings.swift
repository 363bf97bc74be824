/// The user's app settings: theme and UI preferences. Library Reset preserves them.
///
/// Seed: 000_…, "What's NOT Deleted": "App Settings (theme selection, UI preferences) - User choice preserved".
public struct AppSettings: Hashable, Sendable {
    /// The colour theme the user chose.
    public var theme: Theme
    /// How the library lists books: a grid of covers or a list.
    public var libraryLayout: LibraryLayout
    /// Whether the library shows cover images.
    public var showsCoverImages: Bool
    /// Text size relative to the system's, in percent.
    public var textScalePercent: Int

    /// Settings with these values; by default the fresh-install ones.
    public init(theme: Theme = .system, libraryLayout: LibraryLayout = .grid, showsCoverImages: Bool = true, textScalePercent: Int = 100) {
        self.theme = theme
        self.libraryLayout = libraryLayout
        self.showsCoverImages = showsCoverImages
        self.textScalePercent = textScalePercent
    }

    /// A colour theme of the app.
    public enum Theme: String, Hashable, Sendable, CaseIterable {
        /// Follow the system's appearance, or one of the app's named colour themes.
        case system, liquidBlue, cosmicPurple, forestGreen, sunsetOrange, moonlightSilver
    }

    /// How the library lists its books.
    public enum LibraryLayout: String, Hashable, Sendable, CaseIterable {
        /// A grid of covers, or a list of rows.
        case grid, list
    }
}

/// The device's CloudKit sync state. Library Reset preserves it (it deletes local data only).
///
/// Seed: 000_…, "CloudKit Sync State (reset only deletes local data, CloudKit unchanged)" and
/// "iCloud Account (user still signed in)".
public struct CloudKitSyncState: Hashable, Sendable {
    /// Whether the user turned iCloud sync on.
    public var isSyncEnabled: Bool
    /// Whether the device has a usable iCloud account.
    public var accountStatus: AccountStatus
    /// The server change token of the last completed sync, if any.
    public var lastChangeToken: String?

    /// A sync state with these values; by default sync off and no account.
    public init(isSyncEnabled: Bool = false, accountStatus: AccountStatus = .noAccount, lastChangeToken: String? = nil) {
        self.isSyncEnabled = isSyncEnabled
        self.accountStatus = accountStatus
        self.lastChangeToken = lastChangeToken
    }

    /// The state of the device's iCloud account, as CloudKit reports it.
    public enum AccountStatus: String, Hashable, Sendable, CaseIterable {
        /// Signed in and usable; not signed in; or restricted (parental controls or device management).
        case available, noAccount, restricted
    }
}
