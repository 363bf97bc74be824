import Generators
import SpecModel

extension ConformanceSuite where Implementation: ISBNReading {
    /// The ISBN reading suite: what the ISBN standard says (how an ISBN is printed, its two forms,
    /// lengths 9/10/11 and 12/13/14, check digits off by one, `X`, prefixes, other characters), where a
    /// field that is no ISBN may read as invalid or as empty; then the decisions (Goodreads' guard,
    /// hyphens anywhere and whitespace around, a lowercase `x`, invalid rather than empty), and the
    /// model's answer on generated fields for information.
    public static var isbnReading: ConformanceSuite {
        typealias R = ISBNRules
        let model = ModelISBNReader()
        func asked(_ field: String) -> String { "readISBN(\(String(reflecting: field)))" }
        func reads(_ examples: [ConformanceExample<(String, ISBNReadResult)>], _ rule: Rule, _ about: String, label: String? = nil) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, examples) { implementation, pair in
                try ensureSame(implementation.readISBN(pair.0), pair.1, asked(pair.0))
            }
        }
        /// Fields the ISBN standard calls no ISBN: any answer but valid passes, and the report says
        /// whether the reader said invalid or empty.
        func noISBN(_ examples: [ConformanceExample<String>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .choices(rule, about, examples) { implementation, field in
                let answer = implementation.readISBN(field)
                switch answer {
                case .valid:
                    throw ConformanceViolation("a field that is no ISBN was read as valid", question: asked(field),
                        model: model.readISBN(field).description + " (or empty)", implementation: answer.description, kind: "no ISBN read as valid")
                case .invalid: return "reports it invalid"
                case .empty: return "reports it empty"
                }
            }
        }
        func expect(_ implementation: Implementation, _ field: String, _ expected: ISBNReadResult, _ why: String) throws {
            let answer = implementation.readISBN(field)
            try ensure(answer == expected, why, question: asked(field), model: expected.description, implementation: answer.description)
        }
        /// Fails unless the field reads as anything but valid (the standard's "no ISBN").
        func notValid(_ implementation: Implementation, _ field: String, _ why: String) throws {
            let answer = implementation.readISBN(field)
            if case .valid = answer {
                throw ConformanceViolation(why, question: asked(field), model: model.readISBN(field).description + " (or empty)", implementation: answer.description, kind: why)
            }
        }
        return ConformanceSuite(id: "isbn-reading", title: "ISBN reading", seam: "ISBNReading", checks: [
            reads(ISBNReadingExamples.guarded, R.excelGuard, "Goodreads' guarded fields"),
            .property(R.excelGuard, "generated Goodreads ISBN cells", Gen<(ISBNPair?, Bool)>.zip(Gen<ISBNPair>.isbn10And13.optional(nilProbability: 0.25), Gen<Bool>.bool).map { pair, ten in
                (pair, "=\"" + (pair.map { ten ? $0.isbn10 : $0.isbn13 } ?? "") + "\"")
            }, describe: { String(reflecting: $0.1) },
                exercises: { $0.1.hasPrefix("=\"") }) { implementation, value in
                let expected: ISBNReadResult = value.0.map { .valid(isbn13: $0.isbn13, isbn10: $0.isbn10) } ?? .empty
                try expect(implementation, value.1, expected, "the guarded cell did not read as the ISBN inside it")
            },
            reads(ISBNReadingExamples.printed, R.formatting, "ISBNs as the standard prints them"),
            reads(ISBNReadingExamples.bothForms, R.bothForms, "the two forms"),
            .property(R.bothForms, "generated ISBN-13s (978 and 979) and ISBN-10s", Gen<(String, Bool)>.zip(Gen<String>.isbn13, Gen<Bool>.bool), describe: { String(reflecting: $0.0) },
                exercises: { $0.0.hasPrefix("978") || $0.0.hasPrefix("979") }) { implementation, value in
                let isbn13 = value.0
                guard isbn13.hasPrefix("978") else {
                    try expect(implementation, isbn13, .valid(isbn13: isbn13, isbn10: nil), "a 979 ISBN-13 read wrong")
                    return
                }
                let body = String(isbn13.dropFirst(3).prefix(9))
                let isbn10 = body + String(ISBNCheckDigit.isbn10(body))
                try expect(implementation, value.1 ? isbn10 : isbn13, .valid(isbn13: isbn13, isbn10: isbn10), "the ISBN did not read as both forms of the same book")
            },
            .property(R.lengths, "valid ISBNs cut or extended by one digit", Gen<(ISBNPair, String)>.zip(Gen<ISBNPair>.isbn10And13, Gen<String>.element(of: (0...9).map { String($0) })), describe: { "\($0.0) + \($0.1)" },
                exercises: { $0.0.isbn10.count == 10 && $0.0.isbn13.count == 13 }) { implementation, value in
                let (pair, digit) = value
                try expect(implementation, pair.isbn10, .valid(isbn13: pair.isbn13, isbn10: pair.isbn10), "10 digits must be read")
                try expect(implementation, pair.isbn13, .valid(isbn13: pair.isbn13, isbn10: pair.isbn10), "13 digits must be read")
                let eleven: String = pair.isbn10 + digit
                let fourteen: String = pair.isbn13 + digit
                try notValid(implementation, String(pair.isbn10.dropLast()), "9 digits read as an ISBN")
                try notValid(implementation, eleven, "11 digits read as an ISBN")
                try notValid(implementation, String(pair.isbn13.dropLast()), "12 digits read as an ISBN")
                try notValid(implementation, fourteen, "14 digits read as an ISBN")
            },
            noISBN(ISBNReadingExamples.lengths, R.lengths, "lengths around 10 and 13"),
            .property(R.checkDigits, "valid ISBNs with the check digit one up or one down", Gen<(ISBNPair, Bool, Bool)>.zip(Gen<ISBNPair>.isbn10And13, Gen<Bool>.bool, Gen<Bool>.bool), describe: { "\($0.0), up: \($0.1), ISBN-10: \($0.2)" },
                // The form whose check digit is moved has all its characters, so the last one is its check digit.
                exercises: { $0.2 ? $0.0.isbn10.count == 10 : $0.0.isbn13.count == 13 }) { implementation, value in
                let (pair, up, ten) = value
                if ten {
                    let check = pair.isbn10.last == "X" ? 10 : Int(String(pair.isbn10.suffix(1))) ?? 0
                    let wrong = (check + (up ? 1 : 10)) % 11
                    try notValid(implementation, String(pair.isbn10.prefix(9)) + (wrong == 10 ? "X" : String(wrong)), "an ISBN-10 check digit off by one was accepted")
                } else {
                    let check = Int(String(pair.isbn13.suffix(1))) ?? 0
                    let wrong = (check + (up ? 1 : 9)) % 10
                    try notValid(implementation, String(pair.isbn13.prefix(12)) + String(wrong), "an ISBN-13 check digit off by one was accepted")
                }
            },
            noISBN(ISBNReadingExamples.checkDigits, R.checkDigits, "check digits off by one"),
            reads(ISBNReadingExamples.xWhereItMayStand, R.checkCharacterX, "X where it may stand"),
            noISBN(ISBNReadingExamples.xWhereItMayNotStand, R.checkCharacterX, "X where it may not stand"),
            .property(R.checkCharacterX, "valid ISBN-10s with a body digit written X", Gen<(String, Int)>.zip(Gen<String>.isbn10, Gen<Int>.int(in: 0...8)), describe: { "\($0.0), position \($0.1)" },
                exercises: { $0.1 < 9 }) { implementation, value in
                var characters = Array(value.0)
                characters[value.1] = "X"
                try notValid(implementation, String(characters), "an X before the check character was accepted")
            },
            .examples(R.prefixes, "the two prefixes", ISBNReadingExamples.prefixes) { implementation, pair in
                // Which ISBN-10 a 979 ISBN has is ISBN-03's; this rule asks only that the prefix is accepted.
                let answer = implementation.readISBN(pair.0)
                guard case let .valid(isbn13, _) = answer, isbn13 == pair.1 else {
                    throw ConformanceViolation("an ISBN-13 with a valid prefix was not read as that ISBN", question: asked(pair.0),
                        model: model.readISBN(pair.0).description, implementation: answer.description, kind: "a valid prefix refused")
                }
            },
            noISBN(ISBNReadingExamples.otherPrefixes, R.prefixes, "other prefixes"),
            .property(R.prefixes, "13 digits with a correct check digit and another prefix", Gen<(String, String)>.zip(Gen<String>.element(of: ["977", "000", "123", "980", "879", "999"]), Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789")), count: 9...9)), describe: { $0.0 + $0.1 },
                exercises: { !["978", "979"].contains($0.0) }) { implementation, value in
                let twelve = value.0 + value.1
                try notValid(implementation, twelve + String(ISBNCheckDigit.isbn13(twelve)), "a 13-digit number without 978 or 979 was accepted")
            },
            noISBN(ISBNReadingExamples.otherCharacters, R.otherText, "characters no ISBN is written with"),
            .property(R.otherText, "near misses with a letter other than X", cases: 200, Gen<String>.invalidISBN, describe: { String(reflecting: $0) },
                exercises: { field in field.contains { $0.isLetter && $0 != "X" && $0 != "x" } }) { implementation, field in
                try notValid(implementation, field, "a field that is no ISBN was read as valid")
            },
            .differential(R.agreesWithModel, "generated fields: formatted, guarded, damaged and random ISBN characters", cases: 300, anyField,
                question: { "readISBN(\(String(reflecting: $0)))" }, model: model.readISBN, implementation: { $0.readISBN($1) }, show: { $0.description }),
            reads(ISBNReadingExamples.formattedAnywhere, R.formattingAnywhere, "ISBNs formatted as exports and spreadsheets write them"),
            .property(R.formattingAnywhere, "generated ISBN-10s and ISBN-13s hyphenated or spaced anywhere, padded with spaces or tabs", formattedAnywhere,
                describe: { String(reflecting: $0.text) },
                exercises: { $0.text != $0.plain }) { implementation, value in
                // What the plain ISBN reads as is the standard's rules'; this rule asks that its formatting changes nothing.
                let plain = implementation.readISBN(value.plain)
                guard case .valid = plain else { return }
                let answer = implementation.readISBN(value.text)
                try ensure(answer == plain, "a formatted ISBN did not read as its plain form", question: asked(value.text),
                    model: plain.description + " (as \(asked(value.plain)))", implementation: answer.description)
            },
            reads(ISBNReadingExamples.lowercaseX, R.lowercaseX, "a lowercase x check character"),
            .examples(R.invalidOrEmpty, "fields that are no ISBN", ISBNReadingExamples.invalidOrEmpty) { implementation, example in
                let (field, expected, standardSaysNoISBN) = example
                let answer = implementation.readISBN(field)
                // A field the standard calls no ISBN read as valid is the standard's rule's failure, reported there.
                if standardSaysNoISBN, case .valid = answer { return }
                try ensureSame(answer, expected, asked(field), show: { $0.description },
                    kind: expected == .empty ? "a blank field not read as empty" : "text that is no ISBN not read as invalid")
            },
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

    /// A valid ISBN hyphenated or spaced at generated places and padded with spaces or tabs, with its
    /// plain digits (Goodreads' guard is ISBN-01's, not among the formats).
    static var formattedAnywhere: Gen<(text: String, plain: String)> {
        Gen<(String, Bool, String)>.zip(
            Gen<String>.oneOf(Gen<String>.isbn10, Gen<String>.isbn13), Gen<Bool>.bool, Gen<String>.element(of: ["", " ", "\t", "  ", " \t"])
        ).flatMap { plain, hyphens, pad in
            Gen<String>.formattedISBN(Gen.constant(plain), formats: [hyphens ? .hyphenated : .spaced]).map { text in (text: pad + text + pad, plain: plain) }
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

/// The ISBN reading suite's example lists, one per check: the suite checks them and the test vectors
/// (`ISBNVectors`) are made of them, so that a vector and the suite never disagree on what a field is.
enum ISBNReadingExamples {
    /// ISBN-01's: Goodreads' guarded fields (D-051).
    static var guarded: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("an ISBN-10 in the guard", ("=\"0525540679\"", .valid(isbn13: "9780525540670", isbn10: "0525540679")), pins: "D-051"),
            ConformanceExample("an ISBN-13 in the guard", ("=\"9780525540670\"", .valid(isbn13: "9780525540670", isbn10: "0525540679")), pins: "D-051"),
            ConformanceExample("the empty guard", ("=\"\"", .empty), pins: "D-051"),
            ConformanceExample("a bare equals sign", ("=", .empty), pins: "D-051"),
            ConformanceExample("spaces around the guard", (" =\"0439023483\" ", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "D-051"),
        ]
    }

    /// ISBN-02's: ISBNs as the standard prints them.
    static var printed: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("an ISBN-13 hyphenated between its elements", ("978-0-385-55036-9", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "ISO 2108: display"),
            ConformanceExample("an ISBN-13 spaced between its elements", ("978 0 385 55036 9", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "ISO 2108: display"),
            ConformanceExample("a hyphenated ISBN-10", ("0-439-02348-3", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "ISO 2108: display"),
            ConformanceExample("a hyphenated ISBN-10 ending in X", ("0-8044-2957-X", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "ISO 2108: display"),
        ]
    }

    /// ISBN-03's: the two forms.
    static var bothForms: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("an ISBN-10", ("0439023483", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "ISO 2108: conversion"),
            ConformanceExample("its ISBN-13", ("9780439023481", .valid(isbn13: "9780439023481", isbn10: "0439023483")), pins: "ISO 2108: conversion"),
            ConformanceExample("an X check character", ("080442957X", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "ISO 2108: check digit"),
            ConformanceExample("a 979 ISBN-13 has no ISBN-10", ("9791032305690", .valid(isbn13: "9791032305690", isbn10: nil)), pins: "ISO 2108: conversion"),
        ]
    }

    /// ISBN-04's: lengths around 10 and 13, no ISBN.
    static var lengths: [ConformanceExample<String>] {
        [
            ConformanceExample("9 digits", "043902348", pins: "ISO 2108: structure"),
            ConformanceExample("11 digits", "04390234830", pins: "ISO 2108: structure"),
            ConformanceExample("12 digits", "978043902348", pins: "ISO 2108: structure"),
            ConformanceExample("14 digits", "97804390234811", pins: "ISO 2108: structure"),
            ConformanceExample("14 digits, hyphenated", "978-0-439-02348-11", pins: "ISO 2108: structure"),
        ]
    }

    /// ISBN-05's: check digits off by one, no ISBN.
    static var checkDigits: [ConformanceExample<String>] {
        [
            ConformanceExample("ISBN-10, one up", "0439023484", pins: "ISO 2108: check digit"),
            ConformanceExample("ISBN-10, one down", "0439023482", pins: "ISO 2108: check digit"),
            ConformanceExample("ISBN-13, one up", "9780439023482", pins: "ISO 2108: check digit"),
            ConformanceExample("ISBN-13, one down", "9780439023480", pins: "ISO 2108: check digit"),
            ConformanceExample("ISBN-10 whose check should be X, written 0", "0804429570", pins: "ISO 2108: check digit"),
        ]
    }

    /// ISBN-06's: X where it may stand.
    static var xWhereItMayStand: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("X as the check character", ("080442957X", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "ISO 2108: check digit"),
        ]
    }

    /// ISBN-06's: X where it may not stand, no ISBN.
    static var xWhereItMayNotStand: [ConformanceExample<String>] {
        [
            ConformanceExample("X first", "X439023483", pins: "ISO 2108: check digit"),
            ConformanceExample("X inside", "04390X3483", pins: "ISO 2108: check digit"),
            ConformanceExample("X ending 13 characters", "978080442957X", pins: "ISO 2108: check digit"),
        ]
    }

    /// ISBN-07's: the two prefixes, each field with the ISBN-13 it reads as.
    static var prefixes: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("978 is a prefix", ("9780439023481", "9780439023481"), pins: "ISO 2108: structure"),
            ConformanceExample("979 is a prefix", ("9791032305690", "9791032305690"), pins: "ISO 2108: structure"),
        ]
    }

    /// ISBN-07's: other prefixes, no ISBN.
    static var otherPrefixes: [ConformanceExample<String>] {
        [
            ConformanceExample("977 with a correct check digit (an ISSN's prefix)", "9770439023482", pins: "ISO 2108: structure"),
            ConformanceExample("980 with a correct check digit", "9800439023486", pins: "ISO 2108: structure"),
        ]
    }

    /// ISBN-08's: characters no ISBN is written with, no ISBN.
    static var otherCharacters: [ConformanceExample<String>] {
        [
            ConformanceExample("an Amazon ASIN", "B00ABCDEFG", pins: "ISO 2108: structure"),
            ConformanceExample("a letter after the digits", "0439023483a", pins: "ISO 2108: structure"),
            ConformanceExample("a StoryGraph UID", "6f1f2c7e-8a3b-4c1d-9e2f-0a1b2c3d4e5f", pins: "ISO 2108: structure"),
        ]
    }

    /// ISBN-10's: ISBNs formatted as exports and spreadsheets write them (D-051).
    static var formattedAnywhere: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("hyphens where the standard puts none", ("97-80385-550369", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
            ConformanceExample("spaces around", ("  9780385550369 ", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
            ConformanceExample("tabs around", ("\t9780385550369\t", .valid(isbn13: "9780385550369", isbn10: "0385550367")), pins: "D-051"),
        ]
    }

    /// ISBN-11's: a lowercase x check character (D-051).
    static var lowercaseX: [ConformanceExample<(String, ISBNReadResult)>] {
        [
            ConformanceExample("a lowercase x", ("080442957x", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "D-051"),
            ConformanceExample("a hyphenated lowercase x", ("0-8044-2957-x", .valid(isbn13: "9780804429573", isbn10: "080442957X")), pins: "D-051"),
        ]
    }

    /// ISBN-12's: fields that are no ISBN, each with its reading and whether the standard already calls it no ISBN (D-051, D-066).
    static var invalidOrEmpty: [ConformanceExample<(String, ISBNReadResult, Bool)>] {
        [
            ConformanceExample("9 digits", ("043902348", ISBNReadResult.invalid, true), pins: "D-051"),
            ConformanceExample("14 digits", ("97804390234811", ISBNReadResult.invalid, true), pins: "D-051"),
            ConformanceExample("a check digit one up", ("0439023484", ISBNReadResult.invalid, true), pins: "D-051"),
            ConformanceExample("X inside", ("04390X3483", ISBNReadResult.invalid, true), pins: "D-051"),
            ConformanceExample("977 with a correct check digit", ("9770439023482", ISBNReadResult.invalid, true), pins: "D-051"),
            ConformanceExample("an Amazon ASIN", ("B00ABCDEFG", ISBNReadResult.invalid, true), pins: "D-066"),
            ConformanceExample("a StoryGraph UID", ("6f1f2c7e-8a3b-4c1d-9e2f-0a1b2c3d4e5f", ISBNReadResult.invalid, true), pins: "D-066"),
            ConformanceExample("a word before the digits", ("ISBN 0439023483", ISBNReadResult.invalid, false), pins: "D-051"),
            ConformanceExample("a slash between the groups", ("978/0439023481", ISBNReadResult.invalid, false), pins: "D-051"),
            ConformanceExample("full-width digits", ("\u{FF10}\u{FF14}\u{FF13}\u{FF19}\u{FF10}\u{FF12}\u{FF13}\u{FF14}\u{FF18}\u{FF13}", ISBNReadResult.invalid, false), pins: "D-051"),
            ConformanceExample("empty", ("", ISBNReadResult.empty, false), pins: "D-051"),
            ConformanceExample("blank", ("  \t ", ISBNReadResult.empty, false), pins: "D-051"),
        ]
    }
}
