/// ISO 8601 UTC timestamps in the exact form `2025-10-31T14:30:00Z`, to and from epoch milliseconds.
///
/// The backend's API writes `meta.timestamp` in this form, with seconds precision (Seed: 000_…, API
/// Specification, `POST /api/enrichment/cancel`). The arithmetic is pure integer civil-date
/// arithmetic on the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`), with no clock, no time zone database and no floating point.
///
/// - Precision: formatting drops the milliseconds, rounding toward the earlier second (floor), so a
///   timestamp names the second that contains the instant: -1 ms is `1969-12-31T23:59:59Z`, not
///   `1970-01-01T00:00:00Z`. Parsing gives the instant at the start of the second.
/// - Range: the four-digit years 0000 to 9999 (year 0000 is 1 BC, as ISO 8601 counts), which is
///   what the form can express. Formatting any other `Int64` is a typed error, never a trap.
/// - Exact form: 20 ASCII bytes, uppercase `T` and `Z`; no fractional seconds, no offsets, no
///   lowercase, no leap second `60` (epoch milliseconds cannot name one). Anything else is a typed
///   error saying what was expected where.
public enum ISO8601Timestamp {
    /// The earliest instant that can be formatted: `0000-01-01T00:00:00Z`.
    public static let epochMillisecondsMin: Int64 = -62_167_219_200_000
    /// The latest instant that can be formatted: the last millisecond of `9999-12-31T23:59:59Z`.
    public static let epochMillisecondsMax: Int64 = 253_402_300_799_999
    /// The length of the form, in bytes.
    public static let textBytes = 20

    /// Formats `epochMilliseconds` as `YYYY-MM-DDTHH:MM:SSZ`, dropping the milliseconds (floor).
    ///
    /// - Throws: `.outOfRange` for instants outside `epochMillisecondsMin...epochMillisecondsMax`.
    public static func format(epochMilliseconds: Int64) throws(ISO8601TimestampError) -> String {
        guard (epochMillisecondsMin...epochMillisecondsMax).contains(epochMilliseconds) else {
            throw .outOfRange(epochMilliseconds: epochMilliseconds)
        }
        // Within the range, no step below can overflow: |seconds| < 2^38.
        let seconds = floorDivide(epochMilliseconds, 1_000)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = ""
        text.reserveCapacity(textBytes)
        text += digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
        text += "T" + digits(secondOfDay / 3_600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2) + "Z"
        return text
    }

    /// Parses the exact form `YYYY-MM-DDTHH:MM:SSZ` into epoch milliseconds (a whole second).
    ///
    /// - Throws: `.wrongLength` unless `text` is 20 bytes, `.unexpectedCharacter` naming the first byte
    ///   that breaks the form, `.fieldOutOfRange` for a month, day, hour, minute or second that does
    ///   not exist (`2025-02-29`, `24:00:00`).
    public static func parse(_ text: String) throws(ISO8601TimestampError) -> Int64 {
        let bytes = Array(text.utf8.prefix(textBytes + 1))
        guard bytes.count == textBytes else { throw .wrongLength(bytes: text.utf8.count) }
        // The form, byte by byte: `d` is a digit, anything else must match exactly.
        let form = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        for (offset, expected) in form.enumerated() {
            let byte = bytes[offset]
            if expected == UInt8(ascii: "d") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    throw .unexpectedCharacter(offset: offset, found: byte, expected: "a digit")
                }
            } else if byte != expected {
                throw .unexpectedCharacter(offset: offset, found: byte, expected: "'\(Character(Unicode.Scalar(expected)))'")
            }
        }
        func number(_ offset: Int, _ count: Int) -> Int64 {
            bytes[offset..<(offset + count)].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        guard (1...12).contains(month) else { throw .fieldOutOfRange(.month, value: Int(month), range: 1...12) }
        let dayMax = daysInMonth(year: year, month: month)
        guard (1...dayMax).contains(day) else { throw .fieldOutOfRange(.day, value: Int(day), range: 1...Int(dayMax)) }
        guard (0...23).contains(hour) else { throw .fieldOutOfRange(.hour, value: Int(hour), range: 0...23) }
        guard (0...59).contains(minute) else { throw .fieldOutOfRange(.minute, value: Int(minute), range: 0...59) }
        guard (0...59).contains(second) else { throw .fieldOutOfRange(.second, value: Int(second), range: 0...59) }
        let days = self.days(fromCivil: year, month, day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000
    }

    // MARK: - Civil-date arithmetic

    /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
    @inlinable
    package static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400                                               // 0...399
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097                                                             // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)                // 0...365
        let shiftedMonth = (5 * dayOfYear + 2) / 153                                                  // 0...11, from March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    @inlinable
    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Division rounding toward negative infinity (Swift's `/` rounds toward zero).
    @usableFromInline
    static func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// `value` in decimal, zero-padded to `width` digits (`value` is never negative here).
    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// Why a timestamp could not be formatted or parsed.
public enum ISO8601TimestampError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The instant is outside the years 0000 to 9999, which the four-digit form cannot express.
    case outOfRange(epochMilliseconds: Int64)
    /// The text is not the 20 bytes of `YYYY-MM-DDTHH:MM:SSZ`.
    case wrongLength(bytes: Int)
    /// The byte at `offset` breaks the form; `expected` says what belongs there.
    case unexpectedCharacter(offset: Int, found: UInt8, expected: String)
    /// A field names a month, day or time of day that does not exist.
    case fieldOutOfRange(Field, value: Int, range: ClosedRange<Int>)

    public enum Field: String, Sendable, Hashable {
        /// The month (1 to 12), the day of the month, and the time of day's hour, minute and second.
        case month, day, hour, minute, second
    }

    public var description: String {
        let form = "timestamps look like 2025-10-31T14:30:00Z (UTC, seconds precision)"
        switch self {
        case let .outOfRange(epochMilliseconds):
            return "\(epochMilliseconds) ms since 1970 is outside \(ISO8601Timestamp.epochMillisecondsMin)...\(ISO8601Timestamp.epochMillisecondsMax), the years 0000 to 9999 that \(form) can express"
        case let .wrongLength(bytes):
            return "timestamp is \(bytes) bytes long, not \(ISO8601Timestamp.textBytes); \(form)"
        case let .unexpectedCharacter(offset, found, expected):
            return "expected \(expected) at byte \(offset) of the timestamp, found \(JSONParseError.Found.byte(found)); \(form)"
        case let .fieldOutOfRange(field, value, range):
            return "\(field.rawValue) \(value) is outside \(range.lowerBound)...\(range.upperBound); \(form)"
        }
    }
}
