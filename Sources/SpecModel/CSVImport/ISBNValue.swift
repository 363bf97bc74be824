/// An ISBN read from an export, validated, with its ISBN-10 and ISBN-13 forms.
///
/// Seed 004_…, "Duplicate Detection Algorithm" (tier 2, "ISBN match"), with ISBN-10 and ISBN-13
/// equivalent (Decision D-051). Exports write ISBNs in many ways: Goodreads wraps them as an Excel
/// formula (`="0439023483"`, empty as `=""`), hand-made spreadsheets hyphenate them
/// (`978-0-385-55036-9`), some add spaces. `parse` unwraps the guard, keeps the digits, then checks
/// the length, the prefix and the check digit.
public struct ISBNValue: Hashable, Sendable, CustomStringConvertible {
    /// The 13-digit form: the identity of the book for deduplication.
    public let isbn13: String
    /// The 10-digit form, for 978-prefixed ISBNs (979 ones have none).
    public let isbn10: String?

    /// What an ISBN field held (seed 004_…, "Duplicate Detection Algorithm", tier 2).
    public enum Parsed: Hashable, Sendable {
        /// Nothing (an empty field, or Goodreads' `=""`).
        case empty
        /// A valid ISBN, in both its forms.
        case valid(ISBNValue)
        /// Something that is not a valid ISBN, with the reason (an ASIN in StoryGraph's `ISBN/UID`, a typo).
        case invalid(String)
    }

    /// The ISBN-13, as the summary and reports show it.
    public var description: String { isbn13 }

    /// Whether `field` holds only what ISBN fields are written with (digits, `X`, hyphens, spaces,
    /// tabs and Excel's `="…"`): a failed ISBN rather than another kind of identifier (seed 004_…,
    /// User Story 1, StoryGraph's `ISBN/UID`; Decision D-066).
    public static func isWrittenWithISBNCharacters(_ field: String) -> Bool {
        field.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || "xX- \t=\"".unicodeScalars.contains($0) }
    }

    /// Reads an ISBN field as exports write it (seed 004_…, "Duplicate Detection Algorithm", tier 2;
    /// Decision D-051).
    ///
    /// 1. Spaces and tabs at either end go, then Excel's guard: a leading `=`, and the quotes around
    ///    what follows it.
    /// 2. The digits and `X` (either case) are kept in order, hyphens and spaces skipped; any other
    ///    character, or a 14th digit, makes the field invalid there and then.
    /// 3. No digits is an empty field. Ten are an ISBN-10: `X` only as the check character, which must
    ///    be right; its ISBN-13 is `978`, the first nine, and their check digit. Thirteen are an
    ///    ISBN-13: no `X`, `978` or `979` first, the check digit right; a `978` one has an ISBN-10,
    ///    its digits 4 to 12 and their check character. Any other count is invalid.
    public static func parse(_ field: String) -> Parsed {
        var text = Array(field.unicodeScalars)[...]
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        if text.first == "=" {
            text.removeFirst()
            if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        }
        var digits: [Unicode.Scalar] = []
        for scalar in text {
            switch scalar {
            case "0"..."9": digits.append(scalar)
            case "x", "X": digits.append("X")
            case "-", " ": continue
            default: return .invalid("\"\(field)\" holds \"\(scalar)\", which is not part of an ISBN")
            }
            if digits.count > 13 { return .invalid("\"\(field)\" has more than 13 digits") }
        }
        switch digits.count {
        case 0:
            return .empty
        case 10:
            let body = digits[..<9]
            guard !body.contains("X") else { return .invalid("\"\(field)\" has an X before its check digit") }
            guard digits[9] == isbn10CheckCharacter(body) else { return .invalid("\"\(field)\" fails the ISBN-10 check digit") }
            let thirteen = Array("978".unicodeScalars) + body
            return .valid(ISBNValue(isbn13: string(thirteen + [isbn13CheckDigit(thirteen)]), isbn10: string(digits)))
        case 13:
            guard !digits.contains("X") else { return .invalid("\"\(field)\" has an X, which ISBN-13 never has") }
            let prefix = string(digits[..<3])
            guard prefix == "978" || prefix == "979" else { return .invalid("\"\(field)\" does not start with 978 or 979") }
            guard digits[12] == isbn13CheckDigit(digits[..<12]) else { return .invalid("\"\(field)\" fails the ISBN-13 check digit") }
            let ten = digits[3..<12]
            return .valid(ISBNValue(isbn13: string(digits), isbn10: prefix == "978" ? string(ten + [isbn10CheckCharacter(ten)]) : nil))
        default:
            return .invalid("\"\(field)\" has \(digits.count) digits; an ISBN has 10 or 13")
        }
    }

    /// The ISBN-10 check character of nine digits: weights 10 down to 2, then 11 minus the sum modulo
    /// 11, modulo 11, written `X` when it is 10.
    static func isbn10CheckCharacter(_ digits: some Collection<Unicode.Scalar>) -> Unicode.Scalar {
        let sum = zip(digits, (2...10).reversed()).reduce(0) { $0 + value($1.0) * $1.1 }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : digit(check)
    }

    /// The ISBN-13 check digit of twelve digits: weights 1 and 3 in turn, then 10 minus the sum modulo
    /// 10, modulo 10.
    static func isbn13CheckDigit(_ digits: some Collection<Unicode.Scalar>) -> Unicode.Scalar {
        let sum = digits.enumerated().reduce(0) { $0 + value($1.element) * ($1.offset % 2 == 0 ? 1 : 3) }
        return digit((10 - sum % 10) % 10)
    }

    static func value(_ digit: Unicode.Scalar) -> Int { Int(digit.value) - 0x30 }

    static func digit(_ value: Int) -> Unicode.Scalar { Unicode.Scalar(UInt8(0x30 + value)) }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String { TitleNormalization.string(scalars) }
}

extension ISBNValue {
    /// A value with the given forms, unchecked; for tests that state expected results.
    package static func _testing(isbn13: String, isbn10: String?) -> ISBNValue {
        ISBNValue(isbn13: isbn13, isbn10: isbn10)
    }
}
