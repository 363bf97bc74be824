// ISBNs as CSV exports write them (seed 004: Tier 2 duplicate detection, ISBN columns of the exports).
//
// Goodreads guards its ISBN cells against Excel with a formula: `="0525540679"`, and an empty one as
// `=""`. Other exports write the bare number, sometimes hyphenated (`978-0-525-54067-2`) or spaced.

/// A valid ISBN in both of its forms.
public struct ISBN: Hashable, Sendable, CustomStringConvertible {
    /// The 13-digit form (978… or 979…).
    public let thirteen: String
    /// The 10-digit form, when there is one (978 ISBNs only); the check character is an uppercase `X`
    /// when it is 10.
    public let ten: String?

    public var description: String { thirteen }

    /// Reads an ISBN from an export's field; `nil` when the field is empty or not a valid ISBN
    /// (`ISBNField.read` tells which).
    public init?(exportField: String) {
        guard case let .valid(isbn) = ISBNField.read(exportField) else { return nil }
        self = isbn
    }

    init(thirteen: String, ten: String?) {
        self.thirteen = thirteen
        self.ten = ten
    }
}

/// What an ISBN field of an export holds.
public enum ISBNField: Hashable, Sendable {
    /// Nothing: empty, blank, or Goodreads' `=""`.
    case empty
    /// A valid ISBN.
    case valid(ISBN)
    /// Something that is not a valid ISBN.
    case invalid

    /// Reads a field. Accepted wrappers: Goodreads' `="…"`, and one pair of plain double quotes.
    /// Inside, ASCII spaces and hyphens are separators and ignored; surrounding whitespace is ignored.
    /// Digits must be ASCII; an ISBN-10's check character may be `X` or `x`.
    public static func read(_ field: String) -> ISBNField {
        var text = Substring(field).trimmingWhitespace()
        if text.hasPrefix("=\"") && text.hasSuffix("\"") && text.count >= 3 {
            text = text.dropFirst(2).dropLast().trimmingWhitespace()
        } else if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 {
            text = text.dropFirst().dropLast().trimmingWhitespace()
        }
        if text.isEmpty { return .empty }

        var chars: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "-": continue
            case "0"..."9": chars.append(UInt8(scalar.value))
            case "X", "x": chars.append(UInt8(ascii: "X"))
            default: return .invalid
            }
        }
        switch chars.count {
        case 10: return ISBNChecksum.fromTen(chars).map(ISBNField.valid) ?? .invalid
        case 13: return ISBNChecksum.fromThirteen(chars).map(ISBNField.valid) ?? .invalid
        default: return .invalid
        }
    }
}

enum ISBNChecksum {
    static let x = UInt8(ascii: "X")
    static let zero = UInt8(ascii: "0")

    /// An ISBN-10 (nine digits, then a digit or X) with a correct check character.
    static func fromTen(_ chars: [UInt8]) -> ISBN? {
        guard chars.prefix(9).allSatisfy({ $0 != x }) else { return nil }
        var sum = 0
        for (i, c) in chars.enumerated() {
            let value = c == x ? 10 : Int(c - zero)
            sum += value * (10 - i)
        }
        guard sum % 11 == 0 else { return nil }
        let body = String(decoding: chars.prefix(9), as: UTF8.self)
        let ten = String(decoding: chars, as: UTF8.self)
        let twelve = "978" + body
        return ISBN(thirteen: twelve + String(checkDigit13(Array(twelve.utf8))), ten: ten)
    }

    /// An ISBN-13 (978 or 979, thirteen digits) with a correct check digit.
    static func fromThirteen(_ chars: [UInt8]) -> ISBN? {
        guard chars.allSatisfy({ $0 != x }) else { return nil }
        let text = String(decoding: chars, as: UTF8.self)
        guard text.hasPrefix("978") || text.hasPrefix("979") else { return nil }
        guard checkDigit13(Array(chars.prefix(12))) == Int(chars[12] - zero) else { return nil }
        var ten: String?
        if text.hasPrefix("978") {
            let body = Array(chars[3..<12])
            ten = String(decoding: body, as: UTF8.self) + checkCharacter10(body)
        }
        return ISBN(thirteen: text, ten: ten)
    }

    static func checkDigit13(_ twelve: [UInt8]) -> Int {
        var sum = 0
        for (i, c) in twelve.enumerated() { sum += Int(c - zero) * (i % 2 == 0 ? 1 : 3) }
        return (10 - sum % 10) % 10
    }

    static func checkCharacter10(_ nine: [UInt8]) -> String {
        var sum = 0
        for (i, c) in nine.enumerated() { sum += Int(c - zero) * (10 - i) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return s
    }
}
