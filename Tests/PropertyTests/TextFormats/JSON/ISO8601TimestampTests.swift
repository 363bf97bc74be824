import Generators
import SpecModel
import SpecTesting
import Testing

/// The API's `meta.timestamp` form, `2025-10-31T14:30:00Z` (Seed: 000_…, API Specification), to and
/// from epoch milliseconds, checked against known instants and a slow day-by-day oracle.
@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (1_761_921_000_000, "2025-10-31T14:30:00Z"),
        (951_868_799_000, "2000-02-29T23:59:59Z"),
        (1_698_764_400_000, "2023-10-31T15:00:00Z"),
        (-2_203_891_200_000, "1900-03-01T00:00:00Z"),
        (4_107_456_000_000, "2100-02-28T00:00:00Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00Z"),
        (253_402_300_799_000, "9999-12-31T23:59:59Z"),
    ])
    func knownInstantsFormatAndParse(epochMilliseconds: Int64, text: String) throws {
        #expect(try ISO8601Timestamp.format(epochMilliseconds: epochMilliseconds) == text)
        #expect(try ISO8601Timestamp.parse(text) == epochMilliseconds)
    }

    /// Milliseconds are dropped toward the earlier second, before 1970 as after it.
    @Test(arguments: [
        (Int64(999), "1970-01-01T00:00:00Z"),
        (1_000, "1970-01-01T00:00:01Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (-1_000, "1969-12-31T23:59:59Z"),
        (-1_001, "1969-12-31T23:59:58Z"),
        (1_761_921_000_999, "2025-10-31T14:30:00Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59Z"),
    ])
    func millisecondsAreDroppedTowardTheEarlierSecond(epochMilliseconds: Int64, text: String) throws {
        #expect(try ISO8601Timestamp.format(epochMilliseconds: epochMilliseconds) == text)
    }

    @Test func formattingThenParsingGivesTheStartOfTheSecond() {
        let instants = Gen<Int64>.integer(in: ISO8601Timestamp.epochMillisecondsMin...ISO8601Timestamp.epochMillisecondsMax)
        property(instants, cases: 500) { instant in
            let text = try ISO8601Timestamp.format(epochMilliseconds: instant)
            let parsed = try ISO8601Timestamp.parse(text)
            let millisecond = ((instant % 1_000) + 1_000) % 1_000
            try requireEqual(parsed, instant - millisecond)
            try requireEqual(try ISO8601Timestamp.format(epochMilliseconds: parsed), text)
        }
    }

    /// The civil-date arithmetic agrees with counting days year by year and month by month.
    @Test func formattingAgreesWithADayByDayOracle() {
        let instants = Gen<Int64>.integer(in: ISO8601Timestamp.epochMillisecondsMin...ISO8601Timestamp.epochMillisecondsMax)
        property(instants, cases: 300) { instant in
            try requireEqual(try ISO8601Timestamp.format(epochMilliseconds: instant), slowFormat(instant))
        }
    }

    /// Any Int64 formats or is a typed out-of-range error, never a trap.
    @Test func everyInt64FormatsOrIsOutOfRange() {
        property(Gen<Int64>.anyInteger, cases: 1_000) { instant in
            let range = ISO8601Timestamp.epochMillisecondsMin...ISO8601Timestamp.epochMillisecondsMax
            switch Result(catching: { () throws(ISO8601TimestampError) in try ISO8601Timestamp.format(epochMilliseconds: instant) }) {
            case .success: try require(range.contains(instant), "\(instant) formatted but is out of range")
            case let .failure(error): try requireEqual(error, .outOfRange(epochMilliseconds: instant))
            }
        }
    }

    @Test(arguments: [
        ISO8601TimestampTests.minimum - 1, ISO8601TimestampTests.maximum + 1, .min, .max,
    ])
    func instantsOutsideTheFourDigitYearsAreTypedErrors(instant: Int64) {
        #expect(throws: ISO8601TimestampError.outOfRange(epochMilliseconds: instant)) { try ISO8601Timestamp.format(epochMilliseconds: instant) }
    }

    static let minimum = ISO8601Timestamp.epochMillisecondsMin
    static let maximum = ISO8601Timestamp.epochMillisecondsMax

    @Test(arguments: [
        ("", ISO8601TimestampError.wrongLength(bytes: 0)),
        ("2025-10-31T14:30:00.000Z", .wrongLength(bytes: 24)),
        ("2025-10-31T14:30:00+00:00", .wrongLength(bytes: 25)),
        ("2025-10-31T14:30Z", .wrongLength(bytes: 17)),
        ("２０２５-10-31T14:30:00Z", .wrongLength(bytes: 28)),
        ("2025-10-31 14:30:00Z", .unexpectedCharacter(offset: 10, found: UInt8(ascii: " "), expected: "'T'")),
        ("2025-10-31t14:30:00Z", .unexpectedCharacter(offset: 10, found: UInt8(ascii: "t"), expected: "'T'")),
        ("2025-10-31T14:30:00z", .unexpectedCharacter(offset: 19, found: UInt8(ascii: "z"), expected: "'Z'")),
        ("2025-1O-31T14:30:00Z", .unexpectedCharacter(offset: 6, found: UInt8(ascii: "O"), expected: "a digit")),
        ("+025-10-31T14:30:00Z", .unexpectedCharacter(offset: 0, found: UInt8(ascii: "+"), expected: "a digit")),
        ("20251031T143000Z0000", .unexpectedCharacter(offset: 4, found: UInt8(ascii: "1"), expected: "'-'")),
        ("2025/10/31T14:30:00Z", .unexpectedCharacter(offset: 4, found: UInt8(ascii: "/"), expected: "'-'")),
        ("2025-00-31T14:30:00Z", .fieldOutOfRange(.month, value: 0, range: 1...12)),
        ("2025-13-01T00:00:00Z", .fieldOutOfRange(.month, value: 13, range: 1...12)),
        ("2025-10-00T00:00:00Z", .fieldOutOfRange(.day, value: 0, range: 1...31)),
        ("2025-02-29T00:00:00Z", .fieldOutOfRange(.day, value: 29, range: 1...28)),
        ("1900-02-29T00:00:00Z", .fieldOutOfRange(.day, value: 29, range: 1...28)),
        ("2024-02-30T00:00:00Z", .fieldOutOfRange(.day, value: 30, range: 1...29)),
        ("2025-04-31T00:00:00Z", .fieldOutOfRange(.day, value: 31, range: 1...30)),
        ("2025-10-31T24:00:00Z", .fieldOutOfRange(.hour, value: 24, range: 0...23)),
        ("2025-10-31T14:60:00Z", .fieldOutOfRange(.minute, value: 60, range: 0...59)),
        ("2016-12-31T23:59:60Z", .fieldOutOfRange(.second, value: 60, range: 0...59)),
    ])
    func malformedTimestampsAreTypedErrors(text: String, error: ISO8601TimestampError) {
        #expect(throws: error) { try ISO8601Timestamp.parse(text) }
    }

    @Test func errorsSayWhatATimestampLooksLike() {
        let errors: [ISO8601TimestampError] = [
            .outOfRange(epochMilliseconds: .max), .wrongLength(bytes: 24),
            .unexpectedCharacter(offset: 10, found: 0x20, expected: "'T'"), .fieldOutOfRange(.day, value: 30, range: 1...29),
        ]
        for error in errors {
            #expect(error.description.contains("2025-10-31T14:30:00Z"), "\(error)")
        }
        #expect(ISO8601TimestampError.unexpectedCharacter(offset: 10, found: 0x20, expected: "'T'").description.hasPrefix("expected 'T' at byte 10 of the timestamp, found a space"))
    }
}

/// Formats by counting whole years from 0000-01-01, then whole months: slow, but obviously right.
private func slowFormat(_ epochMilliseconds: Int64) -> String {
    var seconds = (epochMilliseconds - ISO8601Timestamp.epochMillisecondsMin) / 1_000
    var days = seconds / 86_400
    seconds %= 86_400
    func isLeap(_ year: Int64) -> Bool { year % 400 == 0 || (year % 4 == 0 && year % 100 != 0) }
    var year: Int64 = 0
    while days >= (isLeap(year) ? 366 : 365) {
        days -= isLeap(year) ? 366 : 365
        year += 1
    }
    let monthLengths: [Int64] = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var month = 0
    while days >= monthLengths[month] {
        days -= monthLengths[month]
        month += 1
    }
    func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: width - text.count) + text
    }
    return "\(padded(year, 4))-\(padded(Int64(month + 1), 2))-\(padded(days + 1, 2))T\(padded(seconds / 3_600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))Z"
}
