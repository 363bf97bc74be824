// The kit's suites run against the app's Library Reset, Series Tracking and progress socket, through the
// adapters in LibraryAdapters.swift: one test per seam.

import SpecConformance
import SpecTesting
import Testing

@Suite struct LibraryConformanceTests {
    @Test func libraryReset() {
        checkConformance(to: .libraryReset) { AppLibraryReset() }
    }

    @Test func seriesDetection() {
        checkConformance(to: .seriesDetection) { AppSeriesDetection() }
    }

    @Test func seriesProgress() {
        checkConformance(to: .seriesProgress) { AppSeriesProgress() }
    }

    @Test func nextInSeries() {
        checkConformance(to: .nextInSeries) { AppNextInSeries() }
    }

    @Test func progressMessageDecoding() {
        checkConformance(to: .progressMessageDecoding) { AppProgressMessages() }
    }

    @Test func heartbeat() {
        checkConformance(to: .heartbeat) { AppHeartbeat() }
    }

    @Test func progressReconnect() {
        checkConformance(to: .progressReconnect) { AppProgressSocket() }
    }
}
