import Generators
import SpecModel
import SpecTesting
import Testing

/// The maps that find values by identifier or by interned key through arrays rather than hashing
/// (Decision D-113) behave as a dictionary does, whatever order and spread the keys come in: in
/// increasing order a few apart (their usual case), below the first, far above the window, of
/// another kind, removed and given again, and emptied and started again; and their whole-structure
/// checks (the internal checks') find nothing wrong after any step.
@Suite struct IdentifierMapTests {
    /// One change to a map, and a lookup after it.
    enum Step: Sendable, CustomStringConvertible {
        /// Sets a value for the key `stride` past the last one set (or below it, when negative: back
        /// into a gap a far jump left, which the window may since have reached).
        case set(stride: Int, value: Int)
        /// Adds one to a key's value, making it 0 first if absent (in place where the map can).
        case bump(key: Int)
        /// Removes a key chosen among the keys used so far.
        case remove(key: Int)
        /// Removes every key.
        case clear

        var description: String {
            switch self {
            case let .set(stride, value): return "set(+\(stride)) = \(value)"
            case let .bump(key): return "bump(#\(key))"
            case let .remove(key): return "remove(#\(key))"
            case .clear: return "clear"
            }
        }
    }

    static let steps: Gen<[Step]> = Gen.array(
        of: Gen<Step>.frequency([
            (weight: 8, generator: Gen.zip(Gen<Int>.frequency([
                (weight: 6, generator: Gen<Int>.int(in: 1...4)),
                (weight: 1, generator: Gen<Int>.int(in: -40...0)),
                (weight: 1, generator: Gen<Int>.int(in: -3_000 ... -41)),
                (weight: 1, generator: Gen<Int>.int(in: 200...5_000)),
            ]), Gen<Int>.int(in: 0...99)).map { Step.set(stride: $0.0, value: $0.1) }),
            (weight: 3, generator: Gen<Int>.int(in: 0...200).map { Step.bump(key: $0) }),
            (weight: 3, generator: Gen<Int>.int(in: 0...200).map { Step.remove(key: $0) }),
            (weight: 1, generator: Gen<Step>.constant(.clear)),
        ]),
        count: 0...120
    )

    /// Runs `steps` on a map and on a dictionary, keyed by integers that `makeKey` turns into the
    /// map's keys, and requires the same answers after every step.
    static func check<Map, Key: Hashable>(
        _ steps: [Step], map: inout Map, makeKey: (Int) -> Key,
        get: (Map, Key) -> Int?, set: (inout Map, Key, Int?) -> Void, bump: (inout Map, Key) -> Void, count: (Map) -> Int,
        problems: (Map) -> [String]
    ) throws(PropertyViolation) {
        var model: [Int: Int] = [:]
        var used: [Int] = []
        var last = 1_000
        for (position, step) in steps.enumerated() {
            switch step {
            case let .set(stride, value):
                last = Swift.max(0, last + stride)
                used.append(last)
                set(&map, makeKey(last), value)
                model[last] = value
            case let .bump(key):
                guard !used.isEmpty else { continue }
                let number = used[key % used.count]
                bump(&map, makeKey(number))
                model[number, default: 0] += 1
            case let .remove(key):
                guard !used.isEmpty else { continue }
                let number = used[key % used.count]
                set(&map, makeKey(number), nil)
                model[number] = nil
            case .clear:
                for number in used { set(&map, makeKey(number), nil) }
                model = [:]
            }
            try requireEqual(count(map), model.count, "count after step \(position) (\(step))")
            try requireEqual(problems(map), [], "the map's consistency after step \(position) (\(step))")
            for number in Set(used + [last + 1, 0]) {
                try requireEqual(get(map, makeKey(number)), model[number], "key \(number) after step \(position) (\(step))")
            }
        }
    }

    @Test func identifierMapAgreesWithADictionary() {
        property(Self.steps, cases: 400) { steps in
            var map = IdentifierMap<Int>()
            // Every seventh number is an identifier of another kind with the same raw value pattern,
            // so the window meets identifiers whose kind bits put them far from it.
            try Self.check(
                steps, map: &map,
                makeKey: { PersistentIdentifier(kind: $0 % 7 == 3 ? .edition : .work, rawValue: UInt64($0)) },
                get: { $0[$1] }, set: { $0[$1] = $2 }, bump: { $0[$1] = ($0[$1] ?? 0) + 1 }, count: { $0.count },
                problems: { $0._checkConsistency() }
            )
        }
    }

    /// `updateValue` returns the value it replaced, as `Dictionary`'s does, and removal the value removed.
    @Test func updatingReturnsTheValueReplaced() {
        var map = IdentifierMap<String>()
        let id = PersistentIdentifier(kind: .work, rawValue: 7)
        #expect(map.updateValue("first", forKey: id) == nil)
        #expect(map.updateValue("second", forKey: id) == "first")
        #expect(map[id] == "second")
        #expect(map.removeValue(forKey: id) == "second")
        #expect(map[id] == nil && map.count == 0)
    }

    @Test func keyTableAgreesWithADictionary() {
        property(Self.steps, cases: 400) { steps in
            var interner = KeyInterner()
            var ids: [Int: KeyInterner.ID] = [:]
            var table = KeyTable<Int>()
            try Self.check(
                steps, map: &table,
                // Keys numbered by the interner in the order first met, as the index's are.
                makeKey: { number in
                    if let id = ids[number] { return id }
                    let id = interner.intern("key \(number)")
                    ids[number] = id
                    return id
                },
                get: { $0[$1] }, set: { $0[$1] = $2 }, bump: { $0[$1, default: 0] += 1 }, count: { $0.count },
                problems: { $0._checkConsistency() }
            )
        }
    }
}
