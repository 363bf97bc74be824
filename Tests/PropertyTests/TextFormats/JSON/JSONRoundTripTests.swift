import Generators
import SpecModel
import SpecTesting
import Testing

/// Encoding is canonical and parsing inverts it: what the model sends is what it reads back, byte
/// for byte, so traces of WebSocket messages can be compared (Seed: 003_…, the progress protocol).
@Suite struct JSONRoundTripTests {
    /// Any value, however hostile its strings or extreme its numbers, survives encoding and parsing,
    /// checked against a structural oracle that does not use the encoder.
    @Test func parsingTheEncodingGivesBackTheSameValue() {
        property(Gen.jsonValue(), cases: 300) { value in
            let bytes = value.encoded()
            let parsed = try JSONValue(parsing: bytes)
            try require(jsonStructurallyEqual(parsed, value), "parsed \(parsed.encodedString()) differs from \(value.encodedString())")
            try requireEqual(parsed, value)
        }
    }

    /// Re-encoding a parsed encoding gives the same bytes: the encoding is a fixed point.
    @Test func theEncodingIsCanonical() {
        property(Gen.jsonValue(), cases: 300) { value in
            let bytes = value.encoded()
            try requireEqual(try JSONValue(parsing: bytes).encoded(), bytes)
            try requireEqual(value.encodedString(), String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Two objects with the same members in different orders encode to identical bytes, are equal,
    /// and hash alike.
    @Test func membersInAnyOrderEncodeToIdenticalBytes() {
        let members = Gen<(String, JSONValue)>.array(of: Gen.zip(Gen<String>.jsonKey, Gen.jsonValue(depthMax: 2)), count: 0...8)
            .map(jsonMembersDistinctByKey)
        let orders = members.flatMap { members in Gen.shuffled(members).map { (members, $0) } }
        property(orders, cases: 200) { original, reordered in
            let a = JSONValue.object(JSONObject(original))
            let b = JSONValue.object(JSONObject(reordered))
            try requireEqual(a.encoded(), b.encoded())
            try requireEqual(a, b)
            try requireEqual(a.hashValue, b.hashValue)
        }
    }

    /// Equality means "encodes to the same bytes", and agrees with the structural oracle. Values
    /// come from a small pool so that equal pairs, `1` against `1.0`, `0.0` against `-0.0` and
    /// canonically equivalent strings all come up.
    @Test func valuesAreEqualExactlyWhenTheirEncodingsAre() {
        let small = Gen.recursive(depthMax: 2, nodeProbability: 0.3, leaf: Gen.element(of: [
            JSONValue.null, true, 1, 1.0, 0.0, -0.0, 0, "\u{E9}", "e\u{301}", "a",
        ])) { children in
            Gen.oneOf(
                Gen<JSONValue>.array(of: children, count: 0...2).map { JSONValue.array($0) },
                Gen<JSONValue>.jsonObject(values: children, count: 0...2).map { JSONValue.object($0) }
            )
        }
        property(
            Gen.zip(small, small), cases: 500,
            coverage: [CoverageRequirement("equal", atLeastPercent: 2), CoverageRequirement("different", atLeastPercent: 30)],
            labels: { a, b in [a == b ? "equal" : "different"] }
        ) { a, b in
            try requireEqual(a == b, a.encoded() == b.encoded(), "equality of \(a) and \(b)")
            try requireEqual(a == b, jsonStructurallyEqual(a, b), "oracle on \(a) and \(b)")
            if a == b { try requireEqual(a.hashValue, b.hashValue, "hashes of \(a) and \(b)") }
        }
    }

    /// Every finite double, subnormals and extremes included, encodes in a form JSON accepts and
    /// parses back to the same bits.
    @Test func everyFiniteDoubleSurvivesBitForBit() {
        property(Gen<UInt64>.word, cases: 1_000) { bits in
            let double = Double(bitPattern: bits)
            try assume(double.isFinite, "not finite")
            let text = JSONValue.double(double).encodedString()
            let parsed = try JSONValue(parsing: text)
            try requireEqual(parsed.number?.storage.isDouble, true, "\(text) did not parse as a double")
            try requireEqual(parsed.double?.bitPattern, double.bitPattern, "\(text)")
        }
    }

    /// Integers over the whole Int64 range stay exact integers.
    @Test func integersOverTheWholeInt64RangeStayExact() {
        property(Gen<Int64>.anyInteger, cases: 1_000) { integer in
            let text = JSONValue.integer(integer).encodedString()
            try requireEqual(text, String(integer))
            try requireEqual(try JSONValue(parsing: text).int64, integer)
        }
    }

    /// The canary: an encoder that forgets to sort keys must be caught by the determinism property.
    /// If this passes silently, the generators no longer make objects whose order matters.
    @Test func anEncoderThatKeepsMemberOrderIsCaught() throws {
        let members = Gen<(String, JSONValue)>.array(of: Gen.zip(Gen<String>.jsonKey, Gen.jsonScalar), count: 0...6).map(jsonMembersDistinctByKey)
        let orders = members.flatMap { members in Gen.shuffled(members).map { (members, $0) } }
        let report = checkProperty(orders, settings: PropertySettings(name: "canary", cases: 300)) { original, reordered in
            try requireEqual(unsortedEncoding(JSONObject(original)), unsortedEncoding(JSONObject(reordered)))
        }
        let failure = try #require(report.failure)
        #expect(failure.shrink?.stop == .converged)
    }
}

/// The deliberately wrong encoder of the canary: members in stored order.
private func unsortedEncoding(_ object: JSONObject) -> String {
    "{" + object.members.map { JSONValue.string($0.key).encodedString() + ":" + $0.value.encodedString() }.joined(separator: ",") + "}"
}

fileprivate extension JSONNumber.Storage {
    var isDouble: Bool {
        if case .double = self { return true }
        return false
    }
}
