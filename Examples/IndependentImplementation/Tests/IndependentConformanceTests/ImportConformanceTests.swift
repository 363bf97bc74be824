// The conformance kit's suites run against the app's import code, one @Test per seam.

import SpecConformance
import SpecTesting
import Testing

@Suite struct ImportConformanceTests {
    @Test func titleNormalizationConforms() {
        checkConformance(to: .titleNormalization) { AppTitleNormalizer() }
    }

    @Test func isbnReadingConforms() {
        checkConformance(to: .isbnReading) { AppISBNReader() }
    }

    @Test func csvRecordReadingConforms() {
        checkConformance(to: .csvRecordReading) { AppCSVRecordReader() }
    }

    @Test func exportFormatDetectionConforms() {
        checkConformance(to: .exportFormatDetection) { AppExportFormatDetector() }
    }

    @Test func duplicateDetectionConforms() {
        checkConformance(to: .duplicateDetection) { AppDuplicateDetector() }
    }

    @Test func workCacheConforms() {
        checkConformance(to: .workCache) { AppWorkCacheSession() }
    }
}
