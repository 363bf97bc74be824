import SpecModel
import Testing

/// Valid and invalid documents in the style of JSONTestSuite (y_ and n_ cases): the parser accepts
/// exactly RFC 8259, and each rejection names the problem and the byte where it is. Request bodies
/// of `POST /api/enrichment/cancel` may be hostile (Seed: 000_…, API Specification).
@Suite struct JSONDocumentTableTests {
    static let valid: [ValidJSONDocument] = [
        ValidJSONDocument("empty array", "[]", []),
        ValidJSONDocument("empty object", "{}", [:]),
        ValidJSONDocument("whitespace of all four kinds", " \t\n\r[ \t\n\r1 \t\n\r, 2] \t\n\r", [1, 2]),
        ValidJSONDocument("top-level true", "true", true),
        ValidJSONDocument("top-level null", "null", .null),
        ValidJSONDocument("top-level integer", "42", 42),
        ValidJSONDocument("top-level string", #""x""#, "x"),
        ValidJSONDocument("integers", "[0, -2, 10, -0]", [0, -2, 10, 0]),
        ValidJSONDocument("Int64 extremes", "[-9223372036854775808, 9223372036854775807]", [.integer(.min), .integer(.max)]),
        ValidJSONDocument("doubles", "[1.5, -0.0, 1e2, 1E-2, 0.5e+1, 123.456e78]", [1.5, -0.0, 100.0, 0.01, 5.0, 123.456e78]),
        ValidJSONDocument("integer with exponent is a double", "1e0", 1.0),
        ValidJSONDocument("underflow rounds to zero", "1e-400", 0.0),
        ValidJSONDocument("smallest subnormal", "5e-324", .double(.leastNonzeroMagnitude)),
        ValidJSONDocument("simple escapes", #""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        ValidJSONDocument("escaped NUL", #""\u0000""#, "\u{0}"),
        ValidJSONDocument("uppercase and lowercase hex", #""\u00E9\u00e9""#, "\u{E9}\u{E9}"),
        ValidJSONDocument("surrogate pair", #""\ud83d\ude00""#, "😀"),
        ValidJSONDocument("largest scalar by surrogates", #""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        ValidJSONDocument("noncharacter", #""\uFFFF""#, "\u{FFFF}"),
        ValidJSONDocument("raw two-, three- and four-byte UTF-8", bytes: [0x22, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22], "\u{E9}€😀"),
        ValidJSONDocument("raw largest scalar", bytes: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22], "\u{10FFFF}"),
        ValidJSONDocument("raw DEL", bytes: [0x22, 0x7F, 0x22], "\u{7F}"),
        ValidJSONDocument("raw line separator", #""\#u{2028}""#, "\u{2028}"),
        ValidJSONDocument("empty key", #"{"":0}"#, ["": 0]),
        ValidJSONDocument("canonically equivalent keys are distinct", #"{"\u00e9":1,"e\u0301":2}"#, ["\u{E9}": 1, "e\u{301}": 2]),
        ValidJSONDocument("nested", #"{"a":{"b":[true,false,null]}}"#, ["a": ["b": [true, false, .null]]]),
        ValidJSONDocument("depth exactly 64", String(repeating: "[", count: 64) + String(repeating: "]", count: 64), nestedArrays(depth: 64)),
        ValidJSONDocument("cancel request of the seed", #"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#, ["jobId": "550e8400-e29b-41d4-a716-446655440000"]),
    ]

    @Test(arguments: valid)
    func validDocumentsParseToTheExpectedValue(document: ValidJSONDocument) throws {
        let value = try JSONValue(parsing: document.bytes)
        #expect(value == document.value)
        #expect(jsonStructurallyEqual(value, document.value))
    }

    static let invalid: [InvalidJSONDocument] = [
        // Structure.
        InvalidJSONDocument("empty input", "", .unexpected(expected: .value, found: .end, offset: 0)),
        InvalidJSONDocument("whitespace only", " \t\n ", .unexpected(expected: .value, found: .end, offset: 4)),
        InvalidJSONDocument("trailing comma in array", "[1,]", .unexpected(expected: .value, found: .byte(UInt8(ascii: "]")), offset: 3)),
        InvalidJSONDocument("trailing comma in object", #"{"a":1,}"#, .unexpected(expected: .key, found: .byte(UInt8(ascii: "}")), offset: 7)),
        InvalidJSONDocument("double comma", "[1,,2]", .unexpected(expected: .value, found: .byte(UInt8(ascii: ",")), offset: 3)),
        InvalidJSONDocument("leading comma", "[,1]", .unexpected(expected: .valueOrArrayEnd, found: .byte(UInt8(ascii: ",")), offset: 1)),
        InvalidJSONDocument("missing comma in array", "[1 2]", .unexpected(expected: .arrayCommaOrEnd, found: .byte(UInt8(ascii: "2")), offset: 3)),
        InvalidJSONDocument("missing comma in object", #"{"a":1 "b":2}"#, .unexpected(expected: .objectCommaOrEnd, found: .byte(UInt8(ascii: "\"")), offset: 7)),
        InvalidJSONDocument("missing colon", #"{"a" 1}"#, .unexpected(expected: .colon, found: .byte(UInt8(ascii: "1")), offset: 5)),
        InvalidJSONDocument("missing value", #"{"a":}"#, .unexpected(expected: .value, found: .byte(UInt8(ascii: "}")), offset: 5)),
        InvalidJSONDocument("unquoted key", "{a:1}", .unexpected(expected: .keyOrObjectEnd, found: .byte(UInt8(ascii: "a")), offset: 1)),
        InvalidJSONDocument("unquoted second key", #"{"a":1,b:2}"#, .unexpected(expected: .key, found: .byte(UInt8(ascii: "b")), offset: 7)),
        InvalidJSONDocument("single-quoted string", "['a']", .unexpected(expected: .valueOrArrayEnd, found: .byte(UInt8(ascii: "'")), offset: 1)),
        InvalidJSONDocument("single-quoted key", "{'a':1}", .unexpected(expected: .keyOrObjectEnd, found: .byte(UInt8(ascii: "'")), offset: 1)),
        InvalidJSONDocument("line comment after the value", "[1]//c", .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: "/")), offset: 3)),
        InvalidJSONDocument("block comment before the value", "/*c*/[]", .unexpected(expected: .value, found: .byte(UInt8(ascii: "/")), offset: 0)),
        InvalidJSONDocument("two top-level values", "1 2", .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: "2")), offset: 2)),
        InvalidJSONDocument("two top-level objects", "{}{}", .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: "{")), offset: 2)),
        InvalidJSONDocument("extra closing bracket", #"["a"]]"#, .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: "]")), offset: 5)),
        InvalidJSONDocument("closing bracket alone", "]", .unexpected(expected: .value, found: .byte(UInt8(ascii: "]")), offset: 0)),
        InvalidJSONDocument("unterminated array", "[1", .unexpected(expected: .arrayCommaOrEnd, found: .end, offset: 2)),
        InvalidJSONDocument("unterminated object", #"{"a":1"#, .unexpected(expected: .objectCommaOrEnd, found: .end, offset: 6)),
        InvalidJSONDocument("key without colon at the end", #"{"a""#, .unexpected(expected: .colon, found: .end, offset: 4)),
        InvalidJSONDocument("form feed is not whitespace", "\u{C}[]", .unexpected(expected: .value, found: .byte(0x0C), offset: 0)),
        InvalidJSONDocument("no-break space is not whitespace", bytes: [0xC2, 0xA0, 0x5B, 0x5D], .unexpected(expected: .value, found: .byte(0xC2), offset: 0)),
        InvalidJSONDocument("non-ASCII outside a string", bytes: [0x5B, 0xC3, 0xA9, 0x5D], .unexpected(expected: .valueOrArrayEnd, found: .byte(0xC3), offset: 1)),
        InvalidJSONDocument("byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D], .byteOrderMark),
        // Literals.
        InvalidJSONDocument("truncated true", "tru", .unexpected(expected: .literal("true"), found: .end, offset: 3)),
        InvalidJSONDocument("misspelled null", "nul1", .unexpected(expected: .literal("null"), found: .byte(UInt8(ascii: "1")), offset: 3)),
        InvalidJSONDocument("capitalised True", "True", .unexpected(expected: .value, found: .byte(UInt8(ascii: "T")), offset: 0)),
        InvalidJSONDocument("NaN", "NaN", .unexpected(expected: .value, found: .byte(UInt8(ascii: "N")), offset: 0)),
        InvalidJSONDocument("Infinity", "[Infinity]", .unexpected(expected: .valueOrArrayEnd, found: .byte(UInt8(ascii: "I")), offset: 1)),
        InvalidJSONDocument("-Infinity", "-Infinity", .unexpected(expected: .integerDigit, found: .byte(UInt8(ascii: "I")), offset: 1)),
        // Numbers.
        InvalidJSONDocument("leading zero", "01", .leadingZero(offset: 1)),
        InvalidJSONDocument("negative leading zero", "[-01]", .leadingZero(offset: 3)),
        InvalidJSONDocument("minus alone", "-", .unexpected(expected: .integerDigit, found: .end, offset: 1)),
        InvalidJSONDocument("minus before a bracket", "[-]", .unexpected(expected: .integerDigit, found: .byte(UInt8(ascii: "]")), offset: 2)),
        InvalidJSONDocument("plus sign", "+1", .unexpected(expected: .value, found: .byte(UInt8(ascii: "+")), offset: 0)),
        InvalidJSONDocument("point without fraction", "1.", .unexpected(expected: .fractionDigit, found: .end, offset: 2)),
        InvalidJSONDocument("point before exponent", "2.e3", .unexpected(expected: .fractionDigit, found: .byte(UInt8(ascii: "e")), offset: 2)),
        InvalidJSONDocument("point without integer part", ".1", .unexpected(expected: .value, found: .byte(UInt8(ascii: ".")), offset: 0)),
        InvalidJSONDocument("exponent without digits", "1e", .unexpected(expected: .exponentDigit, found: .end, offset: 2)),
        InvalidJSONDocument("signed exponent without digits", "1e+", .unexpected(expected: .exponentDigit, found: .end, offset: 3)),
        InvalidJSONDocument("letter in exponent", "[1E-x]", .unexpected(expected: .exponentDigit, found: .byte(UInt8(ascii: "x")), offset: 4)),
        InvalidJSONDocument("hexadecimal number", "0x10", .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: "x")), offset: 1)),
        InvalidJSONDocument("two decimal points", "1.5.3", .unexpected(expected: .documentEnd, found: .byte(UInt8(ascii: ".")), offset: 3)),
        InvalidJSONDocument("integer above Int64.max", "9223372036854775808", .integerOutOfRange(offset: 0)),
        InvalidJSONDocument("integer below Int64.min", "[-9223372036854775809]", .integerOutOfRange(offset: 1)),
        InvalidJSONDocument("huge integer", "123456789012345678901234567890", .integerOutOfRange(offset: 0)),
        InvalidJSONDocument("double overflow", "1e400", .doubleOutOfRange(offset: 0)),
        InvalidJSONDocument("negative double overflow", "[-1.5e309]", .doubleOutOfRange(offset: 1)),
        InvalidJSONDocument("number longer than numberBytesMax", String(repeating: "1", count: 101), .numberTooLong(bytes: 101, numberBytesMax: 100, offset: 0)),
        // Strings.
        InvalidJSONDocument("unterminated string", #""abc"#, .unexpected(expected: .stringEnd, found: .end, offset: 4)),
        InvalidJSONDocument("raw tab in string", "[\"a\tb\"]", .controlCharacterInString(0x09, offset: 3)),
        InvalidJSONDocument("raw newline in string", "\"a\nb\"", .controlCharacterInString(0x0A, offset: 2)),
        InvalidJSONDocument("NUL byte in string", bytes: [0x22, 0x61, 0x00, 0x62, 0x22], .controlCharacterInString(0x00, offset: 2)),
        InvalidJSONDocument("NUL byte as the document", bytes: [0x00], .unexpected(expected: .value, found: .byte(0x00), offset: 0)),
        InvalidJSONDocument("NUL byte after the value", bytes: [0x5B, 0x5D, 0x00], .unexpected(expected: .documentEnd, found: .byte(0x00), offset: 2)),
        InvalidJSONDocument("invalid escape \\x", #""\x41""#, .unexpected(expected: .escapeCharacter, found: .byte(UInt8(ascii: "x")), offset: 2)),
        InvalidJSONDocument("escaped apostrophe", #""\'""#, .unexpected(expected: .escapeCharacter, found: .byte(UInt8(ascii: "'")), offset: 2)),
        InvalidJSONDocument("backslash at the end", #""\"#, .unexpected(expected: .escapeCharacter, found: .end, offset: 2)),
        InvalidJSONDocument("non-hex digit in \\u", #""\u12G4""#, .unexpected(expected: .hexDigit, found: .byte(UInt8(ascii: "G")), offset: 5)),
        InvalidJSONDocument("short \\u escape", #""\u12""#, .unexpected(expected: .hexDigit, found: .byte(UInt8(ascii: "\"")), offset: 5)),
        InvalidJSONDocument("lone high surrogate", #""\uD800""#, .loneSurrogate(0xD800, offset: 1)),
        InvalidJSONDocument("lone low surrogate", #""\uDC00""#, .loneSurrogate(0xDC00, offset: 1)),
        InvalidJSONDocument("high surrogate then a letter escape", #""\uD800\u0041""#, .loneSurrogate(0xD800, offset: 1)),
        InvalidJSONDocument("high surrogate then text", #""ab\uD83Dx""#, .loneSurrogate(0xD83D, offset: 3)),
        InvalidJSONDocument("two high surrogates", #""\uD800\uD800""#, .loneSurrogate(0xD800, offset: 1)),
        InvalidJSONDocument("overlong two-byte solidus C0 AF", bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8(.overlongEncoding, offset: 1)),
        InvalidJSONDocument("overlong three-byte E0 80 AF", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8(.overlongEncoding, offset: 1)),
        InvalidJSONDocument("overlong four-byte F0 8F BF BF", bytes: [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], .invalidUTF8(.overlongEncoding, offset: 1)),
        InvalidJSONDocument("UTF-8 encoded surrogate ED A0 80", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8(.encodedSurrogate, offset: 1)),
        InvalidJSONDocument("above U+10FFFF F4 90 80 80", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8(.beyondUnicode, offset: 1)),
        InvalidJSONDocument("truncated two-byte sequence", bytes: [0x22, 0x61, 0xC3, 0x22], .invalidUTF8(.truncatedSequence, offset: 2)),
        InvalidJSONDocument("truncated sequence at the end", bytes: [0x22, 0xE2, 0x82], .invalidUTF8(.truncatedSequence, offset: 1)),
        InvalidJSONDocument("lone continuation byte", bytes: [0x22, 0x80, 0x22], .invalidUTF8(.unexpectedContinuationByte, offset: 1)),
        InvalidJSONDocument("byte FF", bytes: [0x22, 0xFF, 0x22], .invalidUTF8(.invalidLeadByte, offset: 1)),
        // Objects.
        InvalidJSONDocument("duplicate key", #"{"a":1,"a":2}"#, .duplicateKey("a", offset: 7)),
        InvalidJSONDocument("duplicate key in a nested object", #"{"x":{"b":1,"c":2,"b":3}}"#, .duplicateKey("b", offset: 18)),
        InvalidJSONDocument("duplicate key written with an escape", #"{"a":1,"\u0061":2}"#, .duplicateKey("a", offset: 7)),
        // Limits.
        InvalidJSONDocument("array nested 65 deep", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .nestingTooDeep(depthMax: 64, offset: 64)),
        InvalidJSONDocument("object nested 65 deep", String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65), .nestingTooDeep(depthMax: 64, offset: 320)),
        InvalidJSONDocument("document beyond bytesMax", "[1, 2, 3, 4]", .documentTooLarge(bytes: 12, bytesMax: 10), limits: JSONParseLimits(bytesMax: 10)),
        InvalidJSONDocument("string beyond stringBytesMax", #"["abcd"]"#, .stringTooLong(stringBytesMax: 3, offset: 1), limits: JSONParseLimits(stringBytesMax: 3)),
        InvalidJSONDocument("array beyond membersMax", "[1, 2, 3]", .tooManyMembers(membersMax: 2, offset: 7), limits: JSONParseLimits(membersMax: 2)),
        InvalidJSONDocument("object beyond membersMax", #"{"a":1,"b":2,"c":3}"#, .tooManyMembers(membersMax: 2, offset: 13), limits: JSONParseLimits(membersMax: 2)),
        InvalidJSONDocument("any array when depthMax is 0", "[]", .nestingTooDeep(depthMax: 0, offset: 0), limits: JSONParseLimits(depthMax: 0)),
    ]

    @Test(arguments: invalid)
    func invalidDocumentsAreRejectedWithTheExactErrorAndOffset(document: InvalidJSONDocument) {
        #expect(throws: document.error) { try JSONValue(parsing: document.bytes, limits: document.limits) }
    }

    /// Every message names the byte (or, for an oversized document, both sizes).
    @Test(arguments: invalid)
    func everyRejectionSaysWhereInItsMessage(document: InvalidJSONDocument) {
        let description = document.error.description
        if case let .documentTooLarge(bytes, bytesMax) = document.error {
            #expect(description == "document of \(bytes) bytes exceeds bytesMax \(bytesMax)")
        } else {
            #expect(description.contains("at byte \(document.error.offset)"), "\(description)")
        }
    }

    @Test func messagesReadAsTheySayWhatWasExpectedAndFound() {
        let cases: [(JSONParseError, String)] = [
            (.unexpected(expected: .objectCommaOrEnd, found: .byte(UInt8(ascii: "x")), offset: 17), "expected ',' or '}' after an object member at byte 17, found 'x'"),
            (.invalidUTF8(.overlongEncoding, offset: 3), "invalid UTF-8 at byte 3: an overlong encoding"),
            (.nestingTooDeep(depthMax: 64, offset: 120), "nesting deeper than 64 at byte 120"),
            (.documentTooLarge(bytes: 2_000_000, bytesMax: 1_048_576), "document of 2000000 bytes exceeds bytesMax 1048576"),
            (.unexpected(expected: .value, found: .end, offset: 0), "expected a value at byte 0, found the end of the document"),
            (.unexpected(expected: .value, found: .byte(0xC3), offset: 2), "expected a value at byte 2, found byte 0xC3"),
            (.loneSurrogate(0xD83D, offset: 3), #"lone surrogate escape \uD83D at byte 3: a \uD800-\uDBFF escape must be followed by a \uDC00-\uDFFF escape, and a low surrogate cannot stand alone"#),
            (.duplicateKey("jobId", offset: 20), #"duplicate key "jobId" at byte 20: each key may appear once in an object"#),
        ]
        for (error, message) in cases {
            #expect(error.description == message)
        }
    }

    /// Found by the JSON fuzz target (Fuzz/Regressions/json): a duplicate key of any length is named
    /// in at most 60 characters, its length given, so the message stays short; 60 is shown whole.
    @Test func aLongDuplicateKeyIsNamedCutWithItsLength() throws {
        let long = String(repeating: "k", count: 5_000)
        #expect(JSONParseError.duplicateKey(long, offset: 9).description
            == "duplicate key \"\(String(repeating: "k", count: 60))…\" (5000 characters) at byte 9: each key may appear once in an object")
        let sixty = String(repeating: "é", count: 60)
        #expect(JSONParseError.duplicateKey(sixty, offset: 1).description.contains("\"\(sixty)\" at byte 1"))
        let document = Array("{\"\(long)\":1,\"\(long)\":2}".utf8)
        #expect(throws: JSONParseError.duplicateKey(long, offset: 5_006)) { try JSONValue(parsing: document) }
        do {
            _ = try JSONValue(parsing: document)
        } catch {
            #expect(error.description.utf8.count < 200)
        }
    }
}

/// A document the parser must accept, and the value it denotes.
struct ValidJSONDocument: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let value: JSONValue

    init(_ name: String, _ text: String, _ value: JSONValue) {
        self.init(name, bytes: Array(text.utf8), value)
    }

    init(_ name: String, bytes: [UInt8], _ value: JSONValue) {
        self.name = name
        self.bytes = bytes
        self.value = value
    }

    var testDescription: String { name }
}

/// A document the parser must reject, with the exact error.
struct InvalidJSONDocument: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let error: JSONParseError
    let limits: JSONParseLimits

    init(_ name: String, _ text: String, _ error: JSONParseError, limits: JSONParseLimits = .default) {
        self.init(name, bytes: Array(text.utf8), error, limits: limits)
    }

    init(_ name: String, bytes: [UInt8], _ error: JSONParseError, limits: JSONParseLimits = .default) {
        self.name = name
        self.bytes = bytes
        self.error = error
        self.limits = limits
    }

    var testDescription: String { name }
}

/// `[[…[]…]]` with `depth` levels.
func nestedArrays(depth: Int) -> JSONValue {
    var value: JSONValue = []
    for _ in 1..<depth { value = [value] }
    return value
}
