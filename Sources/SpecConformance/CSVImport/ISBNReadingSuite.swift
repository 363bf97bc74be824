import Generators
import SpecModel

extension ConformanceSuite where Implementation: ISBNReading {
    /// The ISBN reading suite: the Excel guard, formatting, both forms, lengths 9/10/11 and 12/13/14,
    /// check digits off by one, `X`, prefixes, other text, and the model's answer on generated fields.
    public static var isbnReading: ConformanceSuite {
        typealias R = ISBNRules
        let model = ModelISBNReader()
        func reads(_ examples: [ConformanceExample<(String, ISBNReadResult)>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, pair in
                try ensureSame(implementation.readISBN(pair.0), pair.1, "readISBN(\(String(reflecting: pair.0)))")
            }
        }
        func expect(_ implementation: Implementation, _ field: String, _ expected: ISBNReadResult, _ why: String) throws {
            let answer = implementation.readISBN(field)
            try ensure(answer == expected, why, question: "readISBN(\(String(reflecting: field)))", model: expected.description, implementation: answer.description)
        }
        func invalid(_ implementation: Implementation, _ field: String, _ why: String) throws {
            try expect(implementation, field, .invalid, why)
        }
        return ConformanceSuite(id: "isbn-reading", title: "ISBN reading", seam: "ISBNReading", checks: [
            reads([
                ConformanceExample("an ISBN-10 in the guard", ("=\"0525540679\"", .valid(isbn13: "9780525540670", isbn10: "0525540679")), pins: "D-051"),
                ConformanceExample("an ISBN-13 in the guard", ("=\"9780525540670\"", .valid(isbn13: "9780525540670", isbn10: "0525540679")), pins: "D-051"),
                ConformanceExample("the empty guard", ("=\"\"", .empty), pins: "D-051"),
                ConformanceExample("a bare equals sign", ("=", .empty), pins: "D-051"),
                ConformanceExample("spaces around the guard", (" =\"0439023483\" ", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "D-051"),
            ], R.excelGuard, "Goodreads' guarded fields"),
            .property(R.excelGuard, "generated Goodreads ISBN cells", Gen<(ISBNPair?, Bool)>.zip(Gen<ISBNPair>.isbn10And13.optional(nilProbability: 0.25), Gen<Bool>.bool).map { pair, ten in
                (pair, "=\"" + (pair.map { ten ? $0.isbn10 : $0.isbn13 } ?? "") + "\"")
            }, describe: { String(reflecting: $0.1) }) { implementation, value in
                let expected: ISBNReadResult = value.0.map { .valid(isbn13: $0.isbn13, isbn10: $0.isbn10) } ?? .empty
                try expect(implementation, value.1, expected, "the guarded cell did not read as the ISBN inside it")
            },
            reads([
                ConformanceExample("hyphenated as a spreadsheet writes it", ("978-0-385-55036-9", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
                ConformanceExample("spaced", ("978 0 385 55036 9", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
                ConformanceExample("tabs around", ("\t9780385550369\t", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
                ConformanceExample("a hyphenated ISBN-10", ("0-439-02348-3", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "D-051"),
            ], R.formatting, "formatted ISBNs"),
            .property(R.formatting, "generated ISBN-10s and ISBN-13s in every format", formattedValid, describe: { String(reflecting: $0.text) }) { implementation, value in
                try expect(implementation, value.text, value.expected, "a formatted ISBN did not read as its plain form")
            },
            reads([
                ConformanceExample("an ISBN-10", ("0439023483", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "D-051"),
                ConformanceExample("its ISBN-13", ("9780439023481", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "D-051"),
                ConformanceExample("an X check character", ("080442957X", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "D-051"),
                ConformanceExample("a lowercase x", ("080442957x", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "D-051"),
                ConformanceExample("a 979 ISBN-13 has no ISBN-10", ("9791032305690", .valid(isbn13: "9791032305690", isbn10: nil)), pins: "D-051"),
            ], R.bothForms, "the two forms"),
            .property(R.bothForms, "generated ISBN-13s (978 and 979) and ISBN-10s", Gen<(String, Bool)>.zip(Gen<String>.isbn13, Gen<Bool>.bool), describe: { String(reflecting: $0.0) }) { implementation, value in
                let isbn13 = value.0
                guard isbn13.hasPrefix("978") else {
                    try expect(implementation, isbn13, .valid(isbn13: isbn13, isbn10: nil), "a 979 ISBN-13 read wrong")
                    return
                }
                let body = String(isbn13.dropFirst(3).prefix(9))
                let isbn10 = body + String(ISBNCheckDigit.isbn10(body))
                try expect(implementation, value.1 ? isbn10 : isbn13, .valid(isbn13: isbn13, isbn10: isbn10), "the ISBN did not read as both forms of the same book")
            },
            .property(R.lengths, "valid ISBNs cut or extended by one digit", Gen<(ISBNPair, String)>.zip(Gen<ISBNPair>.isbn10And13, Gen<String>.element(of: (0...9).map { String($0) })), describe: { "\($0.0) + \($0.1)" }) { implementation, value in
                let (pair, digit) = value
                try expect(implementation, pair.isbn10, .valid(isbn13: pair.isbn13, isbn10: pair.isbn10), "10 digits must be read")
                try expect(implementation, pair.isbn13, .valid(isbn13: pair.isbn13, isbn10: pair.isbn10), "13 digits must be read")
                try invalid(implementation, String(pair.isbn10.dropLast()), "9 digits are no ISBN")
                try invalid(implementation, pair.isbn10 + digit, "11 digits are no ISBN")
                try invalid(implementation, String(pair.isbn13.dropLast()), "12 digits are no ISBN")
                try invalid(implementation, pair.isbn13 + digit, "14 digits are no ISBN")
                try invalid(implementation, "=\"" + pair.isbn13 + digit + "\"", "14 digits in the guard are no ISBN")
            },
            reads([
                ConformanceExample("9 digits", ("043902348", .invalid), pins: "D-051"),
                ConformanceExample("11 digits", ("04390234830", .invalid), pins: "D-051"),
                ConformanceExample("12 digits", ("978043902348", .invalid), pins: "D-051"),
                ConformanceExample("14 digits", ("97804390234811", .invalid), pins: "D-051"),
                ConformanceExample("14 digits, hyphenated", ("978-0-439-02348-11", .invalid), pins: "D-051"),
            ], R.lengths, "lengths around 10 and 13"),
            .property(R.checkDigits, "valid ISBNs with the check digit one up or one down", Gen<(ISBNPair, Bool, Bool)>.zip(Gen<ISBNPair>.isbn10And13, Gen<Bool>.bool, Gen<Bool>.bool), describe: { "\($0.0), up: \($0.1), ISBN-10: \($0.2)" }) { implementation, value in
                let (pair, up, ten) = value
                if ten {
                    let check = pair.isbn10.last == "X" ? 10 : Int(String(pair.isbn10.suffix(1))) ?? 0
                    let wrong = (check + (up ? 1 : 10)) % 11
                    try invalid(implementation, String(pair.isbn10.prefix(9)) + (wrong == 10 ? "X" : String(wrong)), "an ISBN-10 check digit off by one was accepted")
                } else {
                    let check = Int(String(pair.isbn13.suffix(1))) ?? 0
                    let wrong = (check + (up ? 1 : 9)) % 10
                    try invalid(implementation, String(pair.isbn13.prefix(12)) + String(wrong), "an ISBN-13 check digit off by one was accepted")
                }
            },
            reads([
                ConformanceExample("ISBN-10, one up", ("0439023484", .invalid), pins: "D-051"),
                ConformanceExample("ISBN-10, one down", ("0439023482", .invalid), pins: "D-051"),
                ConformanceExample("ISBN-13, one up", ("9780439023482", .invalid), pins: "D-051"),
                ConformanceExample("ISBN-13, one down", ("9780439023480", .invalid), pins: "D-051"),
            ], R.checkDigits, "check digits off by one"),
            reads([
                ConformanceExample("X as the check character", ("080442957X", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "D-051"),
                ConformanceExample("X first", ("X439023483", .invalid), pins: "D-051"),
                ConformanceExample("X inside", ("04390X3483", .invalid), pins: "D-051"),
                ConformanceExample("X ending 13 characters", ("978080442957X", .invalid), pins: "D-051"),
            ], R.checkCharacterX, "where X may stand"),
            .property(R.checkCharacterX, "valid ISBN-10s with a body digit written X", Gen<(String, Int)>.zip(Gen<String>.isbn10, Gen<Int>.int(in: 0...8)), describe: { "\($0.0), position \($0.1)" }) { implementation, value in
                var characters = Array(value.0)
                characters[value.1] = "X"
                try invalid(implementation, String(characters), "an X before the check character was accepted")
            },
            reads([
                ConformanceExample("979 is a prefix", ("9791032305690", .valid(isbn13: "9791032305690", isbn10: nil)), pins: "D-051"),
                ConformanceExample("977 with a correct check digit (an ISSN's prefix)", ("9770439023482", .invalid), pins: "D-051"),
                ConformanceExample("980 with a correct check digit", ("9800439023486", .invalid), pins: "D-051"),
            ], R.prefixes, "prefixes"),
            .property(R.prefixes, "13 digits with a correct check digit and another prefix", Gen<(String, String)>.zip(Gen<String>.element(of: ["977", "000", "123", "980", "879", "999"]), Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789")), count: 9...9)), describe: { $0.0 + $0.1 }) { implementation, value in
                let twelve = value.0 + value.1
                try invalid(implementation, twelve + String(ISBNCheckDigit.isbn13(twelve)), "a 13-digit number without 978 or 979 was accepted")
            },
            reads([
                ConformanceExample("an Amazon ASIN", ("B00ABCDEFG", .invalid), pins: "D-066"),
                ConformanceExample("a word before the digits", ("ISBN 0439023483", .invalid), pins: "D-051"),
                ConformanceExample("a letter after the digits", ("0439023483a", .invalid), pins: "D-051"),
                ConformanceExample("a StoryGraph UID", ("6f1f2c7e-8a3b-4c1d-9e2f-0a1b2c3d4e5f", .invalid), pins: "D-066"),
                ConformanceExample("empty", ("", .empty), pins: "D-051"),
                ConformanceExample("blank", ("  \t ", .empty), pins: "D-051"),
            ], R.otherText, "other text and blank fields"),
            .property(R.otherText, "near misses: letters, wrong lengths, wrong check characters", cases: 200, Gen<String>.invalidISBN, describe: { String(reflecting: $0) }) { implementation, field in
                let answer = implementation.readISBN(field)
                if case .valid = answer {
                    throw ConformanceViolation("a field that is no ISBN was read as valid", question: "readISBN(\(String(reflecting: field)))", model: model.readISBN(field).description, implementation: answer.description)
                }
            },
            .differential(R.agreesWithModel, "generated fields: formatted, guarded, damaged and random ISBN characters", cases: 300, anyField,
                question: { "readISBN(\(String(reflecting: $0)))" }, model: model.readISBN, implementation: { $0.readISBN($1) }, show: { $0.description }),
        ])
    }

    /// A valid ISBN (ISBN-10 or ISBN-13, 978 or 979) in any format, with what it must read as.
    static var formattedValid: Gen<(text: String, expected: ISBNReadResult)> {
        Gen<(ISBNPair, String, Bool)>.zip(Gen<ISBNPair>.isbn10And13, Gen<String>.isbn13, Gen<Bool>.bool).flatMap { pair, other, useTen in
            let plain: String
            let expected: ISBNReadResult
            if other.hasPrefix("979") {
                plain = other
                expected = .valid(isbn13: other, isbn10: nil)
            } else {
                plain = useTen ? pair.isbn10 : pair.isbn13
                expected = .valid(isbn13: pair.isbn13, isbn10: pair.isbn10)
            }
            return Gen<(String, String)>.zip(
                Gen<String>.formattedISBN(Gen.constant(plain)),
                Gen<String>.element(of: ["", " ", "\t", "  "])
            ).map { text, pad in (text: pad + text + pad, expected: expected) }
        }
    }

    /// Fields of every kind the reader meets.
    static var anyField: Gen<String> {
        Gen<String>.oneOf(
            formattedValid.map(\.text),
            Gen<String>.invalidISBN,
            Gen<String>.goodreadsISBNField(Gen<String>.oneOf(Gen<String>.isbn10, Gen<String>.isbn13, Gen<String>.invalidISBN)),
            Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789Xx- =\"\t")), count: 0...18),
            Gen<String>.string(of: Gen<Character>.element(of: Array("9780123456789")), count: 8...15)
        )
    }
}
