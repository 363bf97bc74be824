/// An ISBN read from an export, validated, with its ISBN-10 and ISBN-13 forms.
///
/// Seed 004_…: duplicate detection tier 2 ("ISBN match"), with ISBN-10 and ISBN-13 equivalent (issue 4).
/// Exports write ISBNs in many ways: Goodreads wraps them as an Excel formula (`="0439023483"`, empty as
/// `=""`), hand-made spreadsheets hyphenate them (`978-0-385-55036-9`), some add spaces. `parse` strips
/// all of that, then checks the length, the prefix and the check digit.
public struct ISBNValue: Hashable, Sendable, CustomStringConvertible {
    /// The 13-digit form: the identity of the book for deduplication.
    public let isbn13: String
    /// The 10-digit form, for 978-prefixed ISBNs (979 ones have none).
    public let isbn10: String?

    /// What a field held.
    public enum Parsed: Hashable, Sendable {
        /// Nothing (an empty field, or Goodreads' `=""`).
        case empty
        case valid(ISBNValue)
        /// Something that is not a valid ISBN, with the reason (an ASIN in StoryGraph's `ISBN/UID`, a typo).
        case invalid(String)
    }

    /// Whether `field` holds only what ISBN fields are written with (digits, `X`, hyphens, spaces and
    /// Excel's `="…"`): a failed ISBN rather than another kind of identifier.
    public static func isWrittenWithISBNCharacters(_ field: String) -> Bool {
        field.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "-")
                || byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"")
        }
    }

    /// Reads an ISBN field as exports write it.
    public static func parse(_ field: String) -> Parsed {
        var digits: [UInt8] = []
        digits.reserveCapacity(13)
        var bytes = Array(field.utf8)[...]
        // Trim ASCII whitespace, then an Excel wrapper `="…"` (or a bare leading `=`).
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        if bytes.first == UInt8(ascii: "=") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "\""), bytes.count >= 2, bytes.last == UInt8(ascii: "\"") {
                bytes = bytes.dropFirst().dropLast()
            }
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
            case UInt8(ascii: "x"), UInt8(ascii: "X"): digits.append(UInt8(ascii: "X"))
            case UInt8(ascii: "-"), UInt8(ascii: " "): continue
            default:
                return .invalid("\"\(field)\" holds \"\(Character(Unicode.Scalar(byte)))\", which is not part of an ISBN")
            }
            if digits.count > 13 { return .invalid("\"\(field)\" has more than 13 digits") }
        }
        switch digits.count {
        case 0:
            return .empty
        case 10:
            guard digits[..<9].allSatisfy({ $0 != UInt8(ascii: "X") }) else { return .invalid("\"\(field)\" has an X before its check digit") }
            guard isbn10CheckDigit(digits[..<9]) == digits[9] else { return .invalid("\"\(field)\" fails the ISBN-10 check digit") }
            let isbn10 = String(decoding: digits, as: UTF8.self)
            return .valid(ISBNValue(isbn13: isbn13(fromISBN10Body: digits[..<9]), isbn10: isbn10))
        case 13:
            guard !digits.contains(UInt8(ascii: "X")) else { return .invalid("\"\(field)\" has an X, which ISBN-13 never has") }
            guard digits.starts(with: Array("978".utf8)) || digits.starts(with: Array("979".utf8)) else {
                return .invalid("\"\(field)\" does not start with 978 or 979")
            }
            guard isbn13CheckDigit(digits[..<12]) == digits[12] else { return .invalid("\"\(field)\" fails the ISBN-13 check digit") }
            let isbn13 = String(decoding: digits, as: UTF8.self)
            let isbn10: String? = digits.starts(with: Array("978".utf8))
                ? String(decoding: Array(digits[3..<12]) + [isbn10CheckDigit(digits[3..<12])], as: UTF8.self)
                : nil
            return .valid(ISBNValue(isbn13: isbn13, isbn10: isbn10))
        default:
            return .invalid("\"\(field)\" has \(digits.count) digits; an ISBN has 10 or 13")
        }
    }

    /// The ISBN-10 check character (`0`–`9` or `X`) of nine digits: weights 10 down to 2, modulo 11.
    static func isbn10CheckDigit<C: Collection<UInt8>>(_ body: C) -> UInt8 {
        var sum = 0
        for (index, digit) in body.enumerated() { sum += (10 - index) * Int(digit - UInt8(ascii: "0")) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? UInt8(ascii: "X") : UInt8(ascii: "0") + UInt8(check)
    }

    /// The ISBN-13 check digit of twelve digits: weights 1 and 3 alternating, modulo 10.
    static func isbn13CheckDigit<C: Collection<UInt8>>(_ body: C) -> UInt8 {
        var sum = 0
        for (index, digit) in body.enumerated() { sum += (index % 2 == 0 ? 1 : 3) * Int(digit - UInt8(ascii: "0")) }
        return UInt8(ascii: "0") + UInt8((10 - sum % 10) % 10)
    }

    static func isbn13(fromISBN10Body body: ArraySlice<UInt8>) -> String {
        let twelve = Array("978".utf8) + Array(body)
        return String(decoding: twelve + [isbn13CheckDigit(twelve)], as: UTF8.self)
    }

    public var description: String { isbn13 }
}

extension ISBNValue {
    /// A value with the given forms, unchecked; for tests that state expected results.
    package static func _testing(isbn13: String, isbn10: String?) -> ISBNValue {
        ISBNValue(isbn13: isbn13, isbn10: isbn10)
    }
}
