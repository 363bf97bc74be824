import SpecModel

/// Seam: title normalization, the app's `String.normalizedTitleForSearch`.
///
/// Seed 004_…, "Title Normalization for Better Enrichment": the five steps that clean an imported title
/// for the metadata search. Wrap the app's function:
///
///     struct AppTitles: TitleNormalizing {
///         func normalizedTitle(_ title: String) -> String { title.normalizedTitleForSearch }
///     }
public protocol TitleNormalizing {
    /// The title as the enrichment search uses it.
    func normalizedTitle(_ title: String) -> String
}

/// The model's title normalization, the reference every suite compares with.
public struct ModelTitleNormalizer: TitleNormalizing {
    /// The model's normalizer; it holds no state.
    public init() {}

    /// The model's answer (`TitleNormalization.normalizedForSearch`, see the protocol).
    public func normalizedTitle(_ title: String) -> String {
        TitleNormalization.normalizedForSearch(title)
    }
}
