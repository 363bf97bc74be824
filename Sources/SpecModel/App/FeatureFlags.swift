/// The app's feature flags and its AI provider. Library Reset sets them to their defaults.
///
/// Seed: 000_…, User Story 4 and "Feature Flags (reset to defaults: Gemini AI, experimental scanner
/// enabled)".
public struct FeatureFlags: Hashable, Sendable {
    /// The AI service the bookshelf scanner uses; Gemini by default.
    public var aiProvider: AIProvider
    /// Whether the experimental bookshelf scanner is on.
    public var experimentalScannerEnabled: Bool
    /// Whether batch enrichment of the library is on.
    public var batchEnrichmentEnabled: Bool
    public var seriesTrackingEnabled: Bool

    public static let defaults = FeatureFlags(aiProvider: .gemini, experimentalScannerEnabled: true, batchEnrichmentEnabled: true, seriesTrackingEnabled: true)

    /// Flags with these values; `defaults` holds the fresh-install ones.
    public init(aiProvider: AIProvider, experimentalScannerEnabled: Bool, batchEnrichmentEnabled: Bool, seriesTrackingEnabled: Bool) {
        self.aiProvider = aiProvider
        self.experimentalScannerEnabled = experimentalScannerEnabled
        self.batchEnrichmentEnabled = batchEnrichmentEnabled
        self.seriesTrackingEnabled = seriesTrackingEnabled
    }

    /// Sets every flag to its default and the AI provider to Gemini.
    public mutating func resetToDefaults() {
        self = .defaults
    }

    /// An AI service the app can use.
    public enum AIProvider: String, Hashable, Sendable, CaseIterable {
        /// Google's Gemini (the default), Cloudflare Workers AI, or OpenAI.
        case gemini, workersAI, openAI
    }
}
