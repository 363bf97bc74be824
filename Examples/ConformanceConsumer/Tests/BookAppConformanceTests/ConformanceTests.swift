import SpecConformance
import SpecTesting
import Testing

/// The app's implementations that keep the specification: each suite runs in one call.
@Suite struct PassingConformanceTests {
    @Test func titleCleaning() {
        checkConformance(to: .titleNormalization) { AppTitleNormalizer() }
    }

    @Test func isbnReading() {
        checkConformance(to: .isbnReading) { AppISBNReader() }
    }

    @Test func heartbeat() {
        checkConformance(to: .heartbeat) { AppHeartbeat() }
    }
}

/// The seed's own heartbeat: it keeps the seed's rules and differs from decision D-077 (the reconnect
/// comes at 120 s, not 95 s), so `swift test` warns and `CONFORMANCE_STRICT=1 swift test` fails it.
@Suite struct DecisionConformanceTests {
    @Test func legacyHeartbeat() {
        checkConformance(to: .heartbeat) { AppLegacyHeartbeat() }
    }
}

/// The app's old ISBN reader, kept to show a failing verdict: it breaks the ISBN standard's check digits
/// (ISBN-05), and `.ci/check-example` checks that `swift test` reports it.
@Suite struct WrongConformanceTests {
    @Test func checkDigitBlindISBNReading() {
        checkConformance(to: .isbnReading) { AppCheckDigitBlindISBNReader() }
    }
}
