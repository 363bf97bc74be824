/// The app's feature flags and its AI provider. Library Reset sets them to their defaults.
///
/// Seed: 000_…, User Story 4 and "Feature Flags (reset to defaults: Gemini AI, experimental scanner
/// enabled)".
public struct FeatureFlags: Hashable, Sendable {
    public var aiProvider: AIProvider
    public var experimentalScannerEnabled: Bool
    public var batchEnrichmentEnabled: Bool
    public var seriesTrackingEnabled: Bool

    /// The defaults: Gemini, experimental scanner enabled.
    public static let defaults = FeatureFlags(aiProvider: .gemini, experimentalScannerEnabled: true, batchEnrichmentEnabled: true, seriesTrackingEnabled: true)

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

    public enum AIProvider: String, Hashable, Sendable, CaseIterable {
        case gemini, workersAI, openAI
    }
}
