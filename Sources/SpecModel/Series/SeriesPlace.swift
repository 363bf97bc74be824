/// A book's place in a series: one number (`#2`, a prequel's `#0`, a novella's `#0.5`) or the run of
/// books an omnibus collects (`#1-3`).
///
/// Seed: 002_…, "Parsing Logic" (`Position: 1`) and "Book → Series Relationship" ("Position field:
/// Integer (1, 2, 3, ...)"). The seed's positions are whole numbers; Goodreads and OpenLibrary also
/// write decimals and ranges, which the model keeps rather than drops (Decisions D-094 and D-095):
///
/// - A whole number from 1 is a *counted* book: progress, gaps and recommendations count it.
/// - 0 and decimals (`#0.5`, `#2.25`) are books between the counted ones (prequels, novellas): they
///   are placed in reading order and shown, but never counted, so "Harry Potter (7 books)" stays 7.
/// - A range (`#1-3`) is an omnibus: it covers each counted book of the range, so owning it owns
///   books 1, 2 and 3, and reading it reads them.
///
/// Places are held in thousandths, so decimals order exactly with no floating point. Reading order
/// is by the first position, then the last (a single book before an omnibus starting at it).
public struct SeriesPlace: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let numberMax = SeriesLimits.placeNumberMax
    public static let fractionDigitsMax = SeriesLimits.placeFractionDigitsMax
    public static let omnibusBooksMax = SeriesLimits.omnibusBooksMax
    /// Thousandths in a whole number.
    static let scale = 1_000

    /// The first position, in thousandths.
    public let firstThousandths: Int
    /// The last position, in thousandths; equal to the first for one book.
    public let lastThousandths: Int

    /// The place of book `number` (0 is a prequel, uncounted).
    ///
    /// - Precondition: `number` is in `0...numberMax`.
    public init(_ number: Int) {
        precondition((0...Self.numberMax).contains(number), "series number \(number) is outside 0...\(Self.numberMax)")
        firstThousandths = number * Self.scale
        lastThousandths = firstThousandths
    }

    /// The place `thousandths / 1000` (`SeriesPlace(thousandths: 500)` is `#0.5`).
    ///
    /// - Precondition: `thousandths` is in `0...(numberMax × 1000 + 999)`.
    public init(thousandths: Int) {
        precondition(
            (0...(Self.numberMax * Self.scale + Self.scale - 1)).contains(thousandths),
            "series place \(thousandths) thousandths is outside 0 to \(Self.numberMax).999"
        )
        firstThousandths = thousandths
        lastThousandths = thousandths
    }

    /// The place of an omnibus collecting books `books.lowerBound` through `books.upperBound`.
    ///
    /// - Precondition: `books` starts at 1 or later, ends at `numberMax` or earlier, and holds 2 to
    ///   `omnibusBooksMax` books. (`init?(parsing:)` returns `nil` for text outside these bounds.)
    public init(omnibus books: ClosedRange<Int>) {
        precondition(books.lowerBound >= 1, "an omnibus starts at book 1 or later, not \(books.lowerBound)")
        precondition(books.upperBound <= Self.numberMax, "an omnibus ends at book \(Self.numberMax) or earlier, not \(books.upperBound)")
        precondition(books.count >= 2, "an omnibus collects two books or more, not \(books)")
        precondition(books.count <= Self.omnibusBooksMax, "an omnibus collects at most \(Self.omnibusBooksMax) books, not \(books.count)")
        firstThousandths = books.lowerBound * Self.scale
        lastThousandths = books.upperBound * Self.scale
    }

    /// Whether the place is a range of books.
    public var isOmnibus: Bool { lastThousandths != firstThousandths }

    /// The counted books the place covers: its number from 1, each book of an omnibus; `nil` for 0
    /// and decimals.
    public var countedNumbers: ClosedRange<Int>? {
        guard firstThousandths % Self.scale == 0, firstThousandths >= Self.scale else { return nil }
        return (firstThousandths / Self.scale)...(lastThousandths / Self.scale)
    }

    /// The whole number a single book's place starts at (`#2.5` → 2), used as the point a reader has
    /// reached after finishing it; for an omnibus, its last book.
    public var reachedNumber: Int { lastThousandths / Self.scale }

    /// The place as written after `#`: `2`, `0.5`, `2.25`, `1-3`.
    public var description: String {
        if isOmnibus { return "\(firstThousandths / Self.scale)-\(lastThousandths / Self.scale)" }
        let whole = firstThousandths / Self.scale
        var fraction = firstThousandths % Self.scale
        guard fraction != 0 else { return String(whole) }
        var digits = Self.fractionDigitsMax
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// The place as the app labels it: "Book 2", "Book 0.5", "Books 1-3".
    public var label: String { (isOmnibus ? "Books " : "Book ") + description }

    public static func < (lhs: SeriesPlace, rhs: SeriesPlace) -> Bool {
        (lhs.firstThousandths, lhs.lastThousandths) < (rhs.firstThousandths, rhs.lastThousandths)
    }
}

extension SeriesPlace {
    /// Reads a place as OpenLibrary and Goodreads write it after `#`: digits, optionally `.` and one
    /// to three digits, or digits, `-` (or `–`) and digits; `nil` for anything else or out of range.
    ///
    /// - Complexity: O(length); at most 16 characters are read.
    public init?(parsing text: Substring) {
        let scalars = Array(text.unicodeScalars.prefix(17))
        guard !scalars.isEmpty, scalars.count <= 16 else { return nil }
        var index = 0
        func digits() -> (value: Int, count: Int)? {
            var value = 0
            var count = 0
            while index < scalars.count, let digit = Self.asciiDigit(scalars[index]) {
                value = value * 10 + digit
                count += 1
                index += 1
            }
            return count == 0 ? nil : (value, count)
        }
        // Sixteen characters hold at most sixteen digits, so `value` cannot overflow.
        guard let whole = digits(), whole.value <= Self.numberMax else { return nil }
        if index == scalars.count {
            self.init(whole.value)
            return
        }
        let separator = scalars[index]
        index += 1
        if separator == "." {
            guard let fraction = digits(), fraction.count <= Self.fractionDigitsMax, index == scalars.count else { return nil }
            var thousandths = fraction.value
            for _ in fraction.count..<Self.fractionDigitsMax { thousandths *= 10 }
            self.init(thousandths: whole.value * Self.scale + thousandths)
            return
        }
        guard separator == "-" || separator == "\u{2013}" else { return nil }
        guard let last = digits(), index == scalars.count, last.value <= Self.numberMax else { return nil }
        guard whole.value >= 1, last.value > whole.value, last.value - whole.value < Self.omnibusBooksMax else { return nil }
        self.init(omnibus: whole.value...last.value)
    }

    static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
    }
}
