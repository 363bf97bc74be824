// A book's position in a series (seed 002: "Position field: Integer (1, 2, 3, ...)").
//
// Real metadata also writes prequels (`#0`), novellas between books (`#1.5`) and omnibus editions
// (`#1-3`), so the app keeps those rather than refusing them: whole numbers from 1 are the *counted*
// books ("Harry Potter (7 books)"); 0 and decimals sit between them in reading order but are never
// counted; an omnibus covers each counted book of its range.

public struct SeriesPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The largest number accepted.
    public static let numberMax = 9_999
    /// The most books an omnibus may collect.
    public static let omnibusBooksMax = 100
    /// The most digits after the decimal point.
    public static let fractionDigitsMax = 3

    /// The first position, in thousandths.
    public let firstThousandths: Int
    /// The last position, in thousandths (equal to the first for one book).
    public let lastThousandths: Int

    /// Book `number` (0 is a prequel).
    public init(_ number: Int) {
        precondition((0...Self.numberMax).contains(number), "position \(number) out of range")
        firstThousandths = number * 1000
        lastThousandths = number * 1000
    }

    /// The position `thousandths / 1000`, such as 1500 for `#1.5`.
    public init(thousandths: Int) {
        precondition((0...Self.numberMax * 1000 + 999).contains(thousandths), "position \(thousandths)‰ out of range")
        firstThousandths = thousandths
        lastThousandths = thousandths
    }

    /// An omnibus of books `books`.
    public init(omnibus books: ClosedRange<Int>) {
        precondition(books.lowerBound >= 1 && books.upperBound <= Self.numberMax && books.count >= 2 && books.count <= Self.omnibusBooksMax)
        firstThousandths = books.lowerBound * 1000
        lastThousandths = books.upperBound * 1000
    }

    /// A position from its stored thousandths (an omnibus when they differ; its ends are whole books).
    public init(firstThousandths: Int, lastThousandths: Int) {
        precondition(0 <= firstThousandths && firstThousandths <= lastThousandths, "position \(firstThousandths)‰-\(lastThousandths)‰")
        self.firstThousandths = firstThousandths
        self.lastThousandths = lastThousandths
    }

    public var isOmnibus: Bool { firstThousandths != lastThousandths }

    /// The counted books the position covers: a whole number from 1, or each book of an omnibus.
    public var countedNumbers: ClosedRange<Int>? {
        if isOmnibus {
            let low = max(1, (firstThousandths + 999) / 1000)
            let high = lastThousandths / 1000
            return low <= high ? low...high : nil
        }
        guard firstThousandths % 1000 == 0, firstThousandths >= 1000 else { return nil }
        return (firstThousandths / 1000)...(firstThousandths / 1000)
    }

    /// The counted book a reader has reached after this one: its whole part (`#2.5` → 2), or an
    /// omnibus's last book.
    public var reachedNumber: Int { lastThousandths / 1000 }

    /// As written after `#`: `2`, `0.5`, `1-3`.
    public var description: String {
        if isOmnibus { return "\(firstThousandths / 1000)-\(lastThousandths / 1000)" }
        let whole = firstThousandths / 1000
        let fraction = firstThousandths % 1000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// "Book 2", "Book 1.5", "Books 1-3".
    public var label: String { (isOmnibus ? "Books " : "Book ") + description }

    public static func < (lhs: SeriesPosition, rhs: SeriesPosition) -> Bool {
        (lhs.firstThousandths, lhs.lastThousandths) < (rhs.firstThousandths, rhs.lastThousandths)
    }

    /// Reads a position as written after `#`: `1`, `0`, `1.5`, `2.25`, `1-3` (or `1–3`); `nil` otherwise.
    public static func parse<S: StringProtocol>(_ text: S) -> SeriesPosition? {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.count <= 16 else { return nil }
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy(\.isASCIIDigit), let value = Int(part), value <= numberMax else { return nil }
            return value
        }
        let rangeSeparators: Set<Character> = ["-", "–"]
        if let dash = trimmed.firstIndex(where: { rangeSeparators.contains($0) }) {
            guard let low = number(trimmed[..<dash]), let high = number(trimmed[trimmed.index(after: dash)...]),
                  low >= 1, high > low, high - low + 1 <= omnibusBooksMax else { return nil }
            return SeriesPosition(omnibus: low...high)
        }
        if let dot = trimmed.firstIndex(of: ".") {
            let fractionText = trimmed[trimmed.index(after: dot)...]
            guard let whole = number(trimmed[..<dot]), !fractionText.isEmpty, fractionText.count <= fractionDigitsMax,
                  fractionText.allSatisfy(\.isASCIIDigit) else { return nil }
            let padded = String(fractionText) + String(repeating: "0", count: fractionDigitsMax - fractionText.count)
            return SeriesPosition(thousandths: whole * 1000 + Int(padded)!)
        }
        guard let whole = number(trimmed[...]) else { return nil }
        return SeriesPosition(whole)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingSpaces() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = text.lastIndex(where: { !$0.isWhitespace })!
        return text[first...last]
    }
}
