/// A behaviour the seeds describe that the kit offers no seam for, and why.
///
/// Where a behaviour lives only in UI or in SwiftData and CloudKit, the kit does not invent a protocol
/// an app could not honestly implement; the report lists it here instead, with what checks it, if
/// anything does.
public struct UnseamedBehaviour: Hashable, Sendable {
    /// Why there is no seam.
    public enum Reason: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A view, an animation, a gesture or an alert's look; the data it shows has a seam.
        case presentation = "presentation"
        /// SwiftData, CloudKit or the device: the platform's behaviour, modelled in the simulator at most.
        case platform = "platform"
        /// A wall-time or memory figure: benchrunner measures it on the model.
        case measurement = "measurement"
        /// Logic the model has and tests, not yet offered as a seam.
        case modelOnly = "model only"

        public var description: String { rawValue }
    }

    /// The seed document that describes the behaviour.
    public let seed: SeedDocument
    /// The behaviour, in the seed's terms: "the Reset Library button, the confirmation dialog's look, …".
    public let behaviour: String
    /// Why the kit offers no seam for it.
    public let reason: Reason
    /// What checks it, or what would.
    public let note: String

    /// Builds an entry from the seed, the behaviour, why it has no seam, and what checks it.
    public init(_ seed: SeedDocument, _ behaviour: String, _ reason: Reason, _ note: String) {
        self.seed = seed
        self.behaviour = behaviour
        self.reason = reason
        self.note = note
    }

    /// Every behaviour without a seam, in seed order.
    public static let all: [UnseamedBehaviour] = [
        UnseamedBehaviour(.libraryReset, "the Reset Library button, the confirmation dialog's look, the success toast, the empty Library tab", .presentation, "their texts and the screen states are in the model (`LibraryReset`, `Screen`); RESET-01 and RESET-02 check what they show"),
        UnseamedBehaviour(.libraryReset, "other devices syncing the empty library through CloudKit", .platform, "the simulator's `CloudKitRun` (CloudKitRunTests) checks convergence on the model"),
        UnseamedBehaviour(.libraryReset, "a reset under 1 s, and under 2 s for 1,000+ books", .measurement, "benchrunner `library.reset.*`; LibraryResetGrowthTests"),
        UnseamedBehaviour(.workCache, "robustness against concurrent modifications", .platform, "SwiftData's actors; the cache seam's programs interleave maps, deletes, saves and rollbacks (CACHE-08)"),
        UnseamedBehaviour(.seriesTracking, "the completion confetti, colour contrast, Dynamic Type, VoiceOver actions, the cover grid, drag gestures", .presentation, "the confetti flag is SERIESNEXT-05, the texts SERIESPROG-09 to -11, reordering SERIES-22"),
        UnseamedBehaviour(.seriesTracking, "series syncing between devices", .platform, "SwiftData's CloudKit mirroring of a separate table (D-020)"),
        UnseamedBehaviour(.seriesTracking, "the series list's sorts and filters, and the library search when assigning books", .modelOnly, "`SeriesLibrary.summaries` and `assignableWorks`, checked by SeriesProgressTests and SeriesEditingTests"),
        UnseamedBehaviour(.seriesTracking, "a 50-series view in under 300 ms, detection in under 100 ms a book", .measurement, "benchrunner `series.*`"),
        UnseamedBehaviour(.progressProtocol, "the error alert with its Retry button, the status view, the UI staying responsive", .presentation, "the payloads they show are ERROR-01 to -15 and STATUS-01 to -09; the rate that protects the UI is THROTTLE-01 and -09"),
        UnseamedBehaviour(.csvImport, "the file picker, the preview of the first three books, the manual column-mapping screen", .presentation, "the fallback to a manual mapping is FORMAT-05; `ColumnMapping.manual` is tested in ExportFormatTests"),
        UnseamedBehaviour(.csvImport, "atomic SwiftData transactions", .platform, "what can be observed of them, a save per batch of 50, is IMPORT-06 (D-030)"),
        UnseamedBehaviour(.csvImport, "import speed, parse speed and peak memory for 1,500 books", .measurement, "benchrunner `csv.parse.*` and `csv.import.*`; CSVImportGrowthTests"),
        UnseamedBehaviour(.csvImport, "the enrichment worker's choice of a candidate (80% confidence, up to ten kept for review) and the banner's count", .modelOnly, "`EnrichmentWorker`, checked by EnrichmentWorkerTests and EnrichmentScenarioTests (D-052, D-053, D-060)"),
    ]
}
