import BookApp
import SpecConformance
import SpecTesting
import Testing

/// The adapter: the kit's seam, answered by the app's function.
struct AppTitleNormalizer: TitleNormalizing {
    func normalizedTitle(_ title: String) -> String { TitleCleaner.searchTitle(title) }
}

@Suite struct PassingConformanceTests {
    @Test func titleCleaning() {
        checkConformance(to: .titleNormalization) { AppTitleNormalizer() }
    }
}
