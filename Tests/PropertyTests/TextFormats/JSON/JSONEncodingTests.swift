import Generators
import SpecModel
import SpecTesting
import Testing

/// The canonical form, pinned byte for byte: sorted keys, no whitespace, minimal escapes, plain
/// integers, shortest round-trip doubles.
@Suite struct JSONEncodingTests {
    @Test func keysAreSortedByTheirUTF8Bytes() {
        let value: JSONValue = ["b": 1, "a": 2, "B": 3, "\u{E9}": 4, "aa": 5, "": 6, "e\u{301}": 7]
        // "" < "B" (0x42) < "a" < "aa" < "b" < "e" then U+0301 (0x65 …) < U+00E9 (0xC3 0xA9).
        let expected = #"{"":6,"B":3,"a":2,"aa":5,"b":1,""# + "e\u{301}" + #"":7,"\#u{E9}":4}"#
        #expect(value.encoded() == Array(expected.utf8))
    }

    @Test func thereIsNoInsignificantWhitespace() {
        let value: JSONValue = [1, [2, [:]], ["a": .null, "b": true, "c": false], [], "x y"]
        #expect(value.encodedString() == #"[1,[2,{}],{"a":null,"b":true,"c":false},[],"x y"]"#)
    }

    /// Only `"`, `\` and controls are escaped, with the short forms where JSON has them and
    /// lowercase `\u00XX` otherwise; `/`, DEL and non-ASCII text are written as they are.
    @Test func stringsAreEscapedMinimally() {
        let value = JSONValue.string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1}\u{1F}\u{7F}é😀\u{2028}")
        let expected: [UInt8] = Array(#""\"\\/\b\f\n\r\t\u0000\u0001\u001f"#.utf8) + [0x7F] + Array("é😀\u{2028}\"".utf8)
        #expect(value.encoded() == expected)
    }

    @Test(arguments: [
        (JSONValue.integer(0), "0"),
        (.integer(-42), "-42"),
        (.integer(.min), "-9223372036854775808"),
        (.integer(.max), "9223372036854775807"),
        (.double(0.0), "0.0"),
        (.double(-0.0), "-0.0"),
        (.double(100.0), "100.0"),
        (.double(0.1), "0.1"),
        (.double(1e16), "1e+16"),
        (.double(1e-7), "1e-07"),
        (.double(.leastNonzeroMagnitude), "5e-324"),
        (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
    ])
    func numbersAreWrittenInPlainDecimalOrShortestRoundTripForm(value: JSONValue, text: String) {
        #expect(value.encodedString() == text)
    }

    /// Canonically equivalent strings are different JSON: they travel as different bytes.
    @Test func canonicallyEquivalentStringsAreDifferentValues() {
        let composed = JSONValue.string("\u{E9}")
        let decomposed = JSONValue.string("e\u{301}")
        #expect(composed != decomposed)
        #expect(composed.encoded() != decomposed.encoded())
        let object: JSONObject = ["\u{E9}": 1, "e\u{301}": 2]
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == 1)
        #expect(object["e\u{301}"] == 2)
    }

    /// `1` and `1.0` differ, as do `0.0` and `-0.0`: each pair encodes differently.
    @Test func numbersAreEqualOnlyWhenTheyEncodeAlike() {
        #expect(JSONValue.integer(1) != JSONValue.double(1))
        #expect(JSONValue.double(0.0) != JSONValue.double(-0.0))
        #expect(JSONValue.integer(0) == JSONValue.integer(-0))
        #expect(JSONNumber(1).double == 1.0)
        #expect(JSONNumber(1.0).int64 == nil)
    }

    /// Non-finite doubles cannot become JSON numbers, so encoding never meets them.
    @Test func nonFiniteDoublesAreNotJSONNumbers() {
        #expect(JSONNumber(finite: .infinity) == nil)
        #expect(JSONNumber(finite: -.infinity) == nil)
        #expect(JSONNumber(finite: .nan) == nil)
        #expect(JSONNumber(finite: 1.5)?.double == 1.5)
    }

    /// Values as deep as the parser allows encode, compare and parse back (all iteratively).
    @Test func theDeepestParsableValueEncodesAndComparesWithoutRecursion() throws {
        let depth = JSONParseLimits.depthCeiling
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let limits = JSONParseLimits(depthMax: depth)
        let value = try JSONValue(parsing: text, limits: limits)
        #expect(value.encodedString() == text)
        #expect(try JSONValue(parsing: value.encoded(), limits: limits) == value)
    }

    @Test func objectsCanBeEditedByKey() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = "x"
        object["c"] = .null
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(JSONValue.object(object).encodedString() == #"{"a":"x","c":null}"#)
    }

    /// Integers are written digit by digit without building a String; the digits are `String(value)`'s.
    @Test(arguments: [Int64.min, Int64.min + 1, -1_000_000_007, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_699_564_820_000, Int64.max])
    func integersAreWrittenAsTheirDecimalDigits(value: Int64) {
        #expect(JSONValue.integer(value).encodedString() == String(value))
    }

    @Test func anyIntegerIsWrittenAsItsDecimalDigits() {
        property(Gen<Int64>.anyInteger, cases: 500) { value in
            try requireEqual(JSONValue.integer(value).encodedString(), String(value))
        }
    }
}
