// ISBNs as the CSV exports of Goodreads, LibraryThing and StoryGraph write them.
//
// An ISBN-10 is nine digits and a check character: the weighted sum of all ten (weights 10 down to
// 1, "X" counting 10) is a multiple of 11. An ISBN-13 is twelve digits and a check digit: the sum of
// the digits weighted 1, 3, 1, 3... is a multiple of 10; books use the prefixes 978 and 979, and the
// ISBN-13 of a book with an ISBN-10 is "978", the first nine digits, and a new check digit.

/// Computes and verifies ISBN check characters; pure functions shared by the generators.
public enum ISBNCheckDigit {
    /// Returns the ISBN-10 check character ("0"..."9" or "X") for the first nine digits.
    ///
    /// - Precondition: `body` is exactly nine ASCII digits.
    public static func isbn10(_ body: String) -> Character {
        guard let digits = asciiDigits(body), digits.count == 9 else {
            preconditionFailure("an ISBN-10 body is nine ASCII digits, got \(String(reflecting: body))")
        }
        var sum = 0
        for (position, digit) in digits.enumerated() { sum += (10 - position) * digit }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : Character(String(check))
    }

    /// Returns the ISBN-13 check digit for the first twelve digits.
    ///
    /// - Precondition: `body` is exactly twelve ASCII digits.
    public static func isbn13(_ body: String) -> Character {
        guard let digits = asciiDigits(body), digits.count == 12 else {
            preconditionFailure("an ISBN-13 body is twelve ASCII digits, got \(String(reflecting: body))")
        }
        var sum = 0
        for (position, digit) in digits.enumerated() { sum += (position % 2 == 0 ? 1 : 3) * digit }
        return Character(String((10 - sum % 10) % 10))
    }

    /// Whether `text` is exactly an ISBN-10 with a correct check character (uppercase "X" only).
    public static func isValidISBN10(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10 else { return false }
        let body = String(String.UnicodeScalarView(scalars[0..<9]))
        guard asciiDigits(body) != nil else { return false }
        return isbn10(body) == Character(scalars[9])
    }

    /// Whether `text` is exactly an ISBN-13 with a correct check digit.
    public static func isValidISBN13(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 13, asciiDigits(text) != nil else { return false }
        return isbn13(String(String.UnicodeScalarView(scalars[0..<12]))) == Character(scalars[12])
    }

    /// The values of `text`'s scalars when all are ASCII digits; otherwise `nil`.
    static func asciiDigits(_ text: String) -> [Int]? {
        var digits: [Int] = []
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0x30, scalar.value <= 0x39 else { return nil }
            digits.append(Int(scalar.value - 0x30))
        }
        return digits
    }
}

/// An ISBN-10 and the ISBN-13 that denotes the same book ("978", the same nine digits, a new check).
public struct ISBNPair: Hashable, Sendable, CustomStringConvertible {
    /// The ten-character ISBN-10, check character included (`X` for ten).
    public let isbn10: String
    /// The thirteen-digit ISBN-13: `978`, the ISBN-10's first nine digits and a recomputed check digit.
    public let isbn13: String

    /// Creates the pair of a valid ISBN-10.
    ///
    /// - Precondition: `isbn10` is a valid ISBN-10 (`ISBNCheckDigit.isValidISBN10`).
    public init(isbn10: String) {
        precondition(ISBNCheckDigit.isValidISBN10(isbn10), "not a valid ISBN-10: \(String(reflecting: isbn10))")
        self.isbn10 = isbn10
        let body = "978" + String(isbn10.prefix(9))
        isbn13 = body + String(ISBNCheckDigit.isbn13(body))
    }

    public var description: String { "\(isbn10)/\(isbn13)" }
}

/// How an export writes an ISBN.
public enum ISBNFormat: Sendable, Hashable, CaseIterable {
    /// Digits alone: `9780385550369`.
    case plain
    /// Hyphens between prefix, group, registrant, publication and check: `978-0-385-55036-9`.
    case hyphenated
    /// Spaces where the hyphens would be: `978 0 385 55036 9`.
    case spaced
    /// Goodreads' Excel guard, an equals sign and quotes: `="9780385550369"`.
    case excelWrapped

    /// Writes `isbn` (10 or 13 plain characters) in this format.
    ///
    /// The group and registrant lengths vary by country and publisher in real ISBNs; the caller
    /// chooses them. The publication part takes the remaining digits.
    /// - Precondition: `groupLength >= 1`, `registrantLength >= 1`, and together they leave at
    ///   least one digit of the nine between prefix and check.
    public func apply(to isbn: String, groupLength: Int = 1, registrantLength: Int = 3) -> String {
        switch self {
        case .plain: return isbn
        case .excelWrapped: return "=\"" + isbn + "\""
        case .hyphenated: return Self.grouped(isbn, separator: "-", groupLength: groupLength, registrantLength: registrantLength)
        case .spaced: return Self.grouped(isbn, separator: " ", groupLength: groupLength, registrantLength: registrantLength)
        }
    }

    static func grouped(_ isbn: String, separator: String, groupLength: Int, registrantLength: Int) -> String {
        let characters = Array(isbn)
        precondition(characters.count == 10 || characters.count == 13, "an ISBN has 10 or 13 characters, got \(String(reflecting: isbn))")
        precondition(groupLength >= 1 && registrantLength >= 1 && groupLength + registrantLength <= 8,
                     "group \(groupLength) and registrant \(registrantLength) must leave a publication digit of nine")
        var parts: [String] = []
        var start = 0
        if characters.count == 13 {
            parts.append(String(characters[0..<3]))
            start = 3
        }
        for length in [groupLength, registrantLength, 9 - groupLength - registrantLength, 1] {
            parts.append(String(characters[start..<(start + length)]))
            start += length
        }
        return parts.joined(separator: separator)
    }
}

extension Gen where Value == String {
    /// One ISBN digit, uniform (real ISBNs have no small-number bias), shrinking toward "0".
    static var isbnDigit: Gen { Gen<String>.element(of: (0...9).map { String($0) }) }

    /// Nine digits: the body an ISBN-10 and its ISBN-13 share.
    static var isbnBody: Gen { Gen<String>.array(of: isbnDigit, count: 9...9).map { $0.joined() } }

    /// Generates valid ISBN-10s as ten plain characters, the last possibly "X".
    ///
    /// Shrinks toward `0000000000`. About one in eleven ends in "X".
    public static var isbn10: Gen {
        isbnBody.map { body in body + String(ISBNCheckDigit.isbn10(body)) }
    }

    /// Generates valid ISBN-13s as thirteen plain digits with prefix 978 or 979.
    ///
    /// Shrinks toward `9780000000002`.
    public static var isbn13: Gen {
        Gen.element(of: ["978", "979"]).zip(isbnBody).map { prefix, body in
            let twelve = prefix + body
            return twelve + String(ISBNCheckDigit.isbn13(twelve))
        }
    }

    /// Writes ISBNs from `isbn` in one of `formats`, shrinking toward the first format listed.
    ///
    /// Hyphenated and spaced forms draw a group length (1–5) and a registrant length (2–7, leaving
    /// at least one publication digit), so the separators move as they do between publishers.
    public static func formattedISBN(_ isbn: Gen<String>, formats: [ISBNFormat] = ISBNFormat.allCases) -> Gen {
        precondition(!formats.isEmpty, "formattedISBN needs at least one format")
        let grouping = Gen<Int>.int(in: 1...5).flatMap { group in
            Gen<Int>.int(in: 2...(8 - group)).map { registrant in (group, registrant) }
        }
        return isbn.zip(Gen<ISBNFormat>.element(of: formats)).flatMap { text, format in
            switch format {
            case .plain, .excelWrapped:
                return Gen.constant(format.apply(to: text))
            case .hyphenated, .spaced:
                return grouping.map { group, registrant in
                    format.apply(to: text, groupLength: group, registrantLength: registrant)
                }
            }
        }
    }

    /// Generates Goodreads ISBN cells: `=""` for a book without one, otherwise `="<isbn>"`.
    ///
    /// Shrinks toward the empty cell `=""`.
    public static func goodreadsISBNField(_ isbn: Gen<String>, emptyProbability: Double = 0.2) -> Gen {
        isbn.optional(nilProbability: emptyProbability).map { "=\"" + ($0 ?? "") + "\"" }
    }

    /// Generates strings that are not valid ISBNs: a wrong check character, a wrong length, letters.
    ///
    /// Each kind is a near miss of a valid ISBN, the hard case for a validator: a valid ISBN-10 or -13
    /// with its check character replaced by another (never lowercase "x"); a valid ISBN-13 cut or
    /// extended to 1, 8, 9, 11, 12 or 14 digits; or a valid ISBN with one of its first nine characters
    /// replaced by a letter. Shrinks toward `0000000001`.
    public static var invalidISBN: Gen {
        let wrongCheck10 = isbn10.zip(Gen<Int>.int(in: 1...10)).map { valid, shift -> String in
            let check = valid.last == "X" ? 10 : Int(String(valid.last!))!
            let wrong = (check + shift) % 11
            return String(valid.prefix(9)) + (wrong == 10 ? "X" : String(wrong))
        }
        let wrongCheck13 = isbn13.zip(Gen<Int>.int(in: 1...9)).map { valid, shift -> String in
            let check = Int(String(valid.last!))!
            return String(valid.prefix(12)) + String((check + shift) % 10)
        }
        let wrongLength = Gen<(String, Int, String)>.zip(isbn13, Gen<Int>.element(of: [12, 9, 11, 14, 8, 1]), isbnDigit).map { valid, length, extra -> String in
            length <= 13 ? String(valid.prefix(length)) : valid + extra
        }
        let letters = Gen<(String, Int, Character, Bool)>.zip(Gen.oneOf(isbn10, isbn13), Gen<Int>.int(in: 0...8), Gen<Character>.character(in: "A"..."Z"), Gen<Bool>.bool)
            .map { valid, position, letter, lowercase -> String in
                var characters = Array(valid)
                characters[position] = lowercase ? Character(letter.lowercased()) : letter
                return String(characters)
            }
        return Gen.oneOf(wrongCheck10, wrongCheck13, wrongLength, letters)
    }
}

extension Gen where Value == ISBNPair {
    /// Generates an ISBN-10 with the 978-prefixed ISBN-13 of the same book.
    public static var isbn10And13: Gen {
        Gen<String>.isbn10.map { ISBNPair(isbn10: $0) }
    }
}
