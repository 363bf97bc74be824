import Generators
import SpecModel

// Generators of JSON values for the codec's properties, and an oracle that compares values by
// structure, independently of the canonical encoding that `JSONValue.==` relies on.

extension Gen where Value == JSONValue {
    /// JSON values nested at most `depthMax` levels: hostile strings and keys, integers over the whole
    /// `Int64` range, doubles from every binade, arrays and objects with keys distinct by UTF-8 bytes.
    static func jsonValue(depthMax: Int = 4) -> Gen<JSONValue> {
        Gen.recursive(depthMax: depthMax, nodeProbability: 0.4, leaf: jsonScalar) { children in
            Gen.oneOf(
                Gen<JSONValue>.array(of: children, count: 0...5).map { JSONValue.array($0) },
                Gen<JSONValue>.jsonObject(values: children).map { JSONValue.object($0) }
            )
        }
    }

    /// Null, booleans, numbers and strings.
    static var jsonScalar: Gen<JSONValue> {
        Gen.frequency([
            (1, Gen.constant(JSONValue.null)),
            (1, Gen<Bool>.bool.map { JSONValue.bool($0) }),
            (3, Gen<Int64>.anyInteger.map { JSONValue.integer($0) }),
            (3, Gen<Double>.jsonDouble.map { JSONValue.double($0) }),
            (4, Gen<String>.jsonText.map { JSONValue.string($0) }),
        ])
    }

    /// Objects whose values come from `values`, with distinct keys (later duplicates dropped).
    static func jsonObject(values: Gen<JSONValue>, count: ClosedRange<Int> = 0...5) -> Gen<JSONObject> {
        Gen<(String, JSONValue)>.array(of: Gen<(String, JSONValue)>.zip(Gen<String>.jsonKey, values), count: count)
            .map { JSONObject(jsonMembersDistinctByKey($0)) }
    }
}

/// Keeps the first member for each key, comparing keys by UTF-8 bytes as JSON does.
func jsonMembersDistinctByKey(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
    var seen = Set<[UInt8]>()
    return members.filter { seen.insert(Array($0.0.utf8)).inserted }
}

extension Gen where Value == String {
    /// Strings that break codecs: any Unicode scalar (controls, NUL, quotes, backslashes, combining
    /// marks, astral emoji), often with the characters JSON escapes.
    static var jsonText: Gen<String> {
        Gen.frequency([
            (3, Gen.unicodeString(count: 0...16)),
            (1, Gen.string(ofScalars: Gen<Unicode.Scalar>.element(of: Array("\"\\/\u{0}\u{8}\u{C}\n\r\t\u{1F}\u{7F}é\u{301}😀".unicodeScalars)), count: 0...8)),
        ])
    }

    /// Keys: a few common ones (so objects collide and shuffle meaningfully), canonically
    /// equivalent pairs ("é" as U+00E9 and as "e" then U+0301), and hostile text.
    static var jsonKey: Gen<String> {
        Gen.frequency([
            (2, Gen.element(of: ["a", "b", "jobId", "", "\u{E9}", "e\u{301}", "A", "aa", "payload"])),
            (1, Gen.jsonText),
        ])
    }
}

extension Gen where Value == Double {
    /// Finite doubles: landmarks (zeros, subnormals, extremes, 0.1), uniform values, and arbitrary
    /// bit patterns (a non-finite pattern is moved into the largest finite binade).
    static var jsonDouble: Gen<Double> {
        Gen.frequency([
            (1, Gen.element(of: [0.0, -0.0, 1.0, -1.0, 0.1, 100.0, 1e16, 1e21, 1e-7, -.leastNonzeroMagnitude,
                                 2.2250738585072014e-308, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                 9007199254740993.0, 123456789.125])),
            (1, Gen.double(in: -1_000_000...1_000_000)),
            (2, Gen<UInt64>.word.map { bits in
                let double = Double(bitPattern: bits)
                return double.isFinite ? double : Double(bitPattern: bits & 0x800F_FFFF_FFFF_FFFF | 0x7FE0_0000_0000_0000)
            }),
        ])
    }
}

/// Structural equality, written independently of the encoder: same kinds; integers equal; doubles
/// with the same bits; strings with the same UTF-8 bytes; arrays element by element; objects with
/// the same keys (by bytes) mapped to structurally equal values, in any order.
func jsonStructurallyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.number(a), .number(b)):
        switch (a.storage, b.storage) {
        case let (.integer(x), .integer(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        default: return false
        }
    case let (.string(a), .string(b)): return Array(a.utf8) == Array(b.utf8)
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy { jsonStructurallyEqual($0, $1) }
    case let (.object(a), .object(b)):
        guard a.count == b.count else { return false }
        return a.members.allSatisfy { member in
            let partners = b.members.filter { Array($0.key.utf8) == Array(member.key.utf8) }
            return partners.count == 1 && jsonStructurallyEqual(member.value, partners[0].value)
        }
    default: return false
    }
}
