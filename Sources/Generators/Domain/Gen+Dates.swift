// Calendar dates and timestamps, as exports write "Date Read" and "Date Added".
//
// Goodreads writes `2025/10/31`, StoryGraph and LibraryThing `2025-10-31`, the app stores epoch
// milliseconds. Everything here is integer arithmetic on the proleptic Gregorian calendar in UTC:
// no Foundation, no time zones, no libm.

/// A day of the proleptic Gregorian calendar: a year, a month 1–12 and a valid day of that month.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, proleptic: 0 is 1 BCE.
    public let year: Int
    /// The month, 1 (January) through 12.
    public let month: Int
    /// The day of the month, from 1 to the month's length in that year.
    public let day: Int

    public static let millisecondsPerDay: Int64 = 86_400_000

    /// Creates a date.
    /// - Precondition: the date exists (`CalendarDate.isValid(year:month:day:)`).
    public init(year: Int, month: Int, day: Int) {
        precondition(Self.isValid(year: year, month: month, day: day), "\(year)-\(month)-\(day) is not a calendar date")
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date `days` days after 1970-01-01 (before it, when negative).
    ///
    /// Howard Hinnant's `civil_from_days`: shift to eras of 400 years (146,097 days) starting on
    /// 0000-03-01, so that the leap day is the last day of each shifted year.
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Creates the UTC date of an instant given in milliseconds since 1970-01-01T00:00:00Z.
    public init(epochMilliseconds: Int64) {
        let (quotient, remainder) = epochMilliseconds.quotientAndRemainder(dividingBy: Self.millisecondsPerDay)
        // Floor division: an instant before the epoch belongs to the day that started before it.
        self.init(daysSinceEpoch: Int(remainder < 0 ? quotient - 1 : quotient))
    }

    /// The number of days from 1970-01-01 to this date (negative before it).
    ///
    /// Howard Hinnant's `days_from_civil`, the inverse of `init(daysSinceEpoch:)`.
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Midnight UTC at the start of this date, in milliseconds since the epoch.
    public var epochMilliseconds: Int64 { Int64(daysSinceEpoch) * Self.millisecondsPerDay }

    /// Whether `year` has a February 29th (divisible by 4, except centuries not divisible by 400).
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` of `year`.
    /// - Precondition: `month` is in 1...12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        precondition((1...12).contains(month), "month \(month) is outside 1...12")
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether year, month and day name a date that exists.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Goodreads' form, `yyyy/MM/dd`: `2025/10/31`.
    public var goodreadsText: String { text(separator: "/") }

    /// ISO 8601's calendar date, `yyyy-MM-dd`: `2025-10-31`.
    public var isoText: String { text(separator: "-") }

    public var description: String { isoText }

    /// The year padded to four digits (with a leading "-" before year 0), then month and day.
    func text(separator: String) -> String {
        let yearDigits = String(year.magnitude)
        let paddedYear = String(repeating: "0", count: Swift.max(0, 4 - yearDigits.count)) + yearDigits
        return (year < 0 ? "-" : "") + paddedYear + separator + Self.twoDigits(month) + separator + Self.twoDigits(day)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension Gen where Value == CalendarDate {
    /// Generates valid dates in `years`, shrinking toward January 1st of the year nearest zero.
    ///
    /// Year, month and day are separate choices, the day's range depending on the month, so the
    /// shrinker simplifies each part on its own (a day beyond a shorter month clamps to its end).
    /// Generation favours the dates parsers get wrong: February one time in four and the last day
    /// of the month one time in five, so leap days and month ends come in every few hundred cases.
    public static func calendarDate(years: ClosedRange<Int> = 1900...2100) -> Gen {
        let drawYear = Gen<Int>.int(in: years).run
        let monthKind = ChoiceKind(offsetMax: 11)
        return Gen { source throws(GenerationStop) in
            let year = try drawYear(&source)
            let monthIndex = try source.drawIndex(monthKind) { rng in
                rng.nextBounded(below: 4) == 0 ? 1 : rng.nextBounded(below: 12)
            }
            let month = 1 + Int(monthIndex)
            let length = UInt64(CalendarDate.daysInMonth(year: year, month: month))
            let dayIndex = try source.drawIndex(ChoiceKind(offsetMax: length - 1)) { rng in
                rng.nextBounded(below: 5) == 0 ? length - 1 : rng.nextBounded(below: length)
            }
            return CalendarDate(year: year, month: month, day: 1 + Int(dayIndex))
        }
    }

    /// Generates dates between `range`'s bounds inclusive, shrinking toward the lower bound.
    ///
    /// One choice, the number of days after the lower bound.
    public static func calendarDate(in range: ClosedRange<CalendarDate>) -> Gen {
        let first = range.lowerBound.daysSinceEpoch
        return Gen<Int>.int(in: 0...(range.upperBound.daysSinceEpoch - first)).map { offset in
            CalendarDate(daysSinceEpoch: first + offset)
        }
    }
}

extension Gen where Value == Int64 {
    /// Generates instants in `range`, in milliseconds since 1970-01-01T00:00:00Z.
    ///
    /// Shrinks toward the instant nearest the epoch; generation favours the range's edges and
    /// instants near earlier draws, so equal and adjacent timestamps come often.
    public static func epochMilliseconds(in range: ClosedRange<Int64>) -> Gen {
        integer(in: range)
    }

    /// Generates instants from the start of the first of `years` to the end of the last, UTC.
    public static func epochMilliseconds(years: ClosedRange<Int>) -> Gen {
        let start = CalendarDate(year: years.lowerBound, month: 1, day: 1).epochMilliseconds
        let end = CalendarDate(year: years.upperBound, month: 12, day: 31).epochMilliseconds + CalendarDate.millisecondsPerDay - 1
        return integer(in: start...end)
    }
}
