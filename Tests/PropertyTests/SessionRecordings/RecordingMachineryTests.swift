import Generators
import SessionRecordings
import SpecTesting
import Testing

/// The session checker's fast machinery held to plain versions of the same rules: the helpers that
/// read eight bytes at a time against a loop over the bytes, every byte value in every place, and the
/// reorder buffer (an in-order queue beside a heap) against taking the earliest line from a list.
@Suite struct RecordingMachineryTests {
    /// The bytes that end a string or leave the scanner's form: a quote, a backslash, a control byte,
    /// DEL and anything beyond ASCII.
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x7F
    }

    /// The word whose least significant byte is `bytes[0]`.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Bytes around every limit the helpers test, and a few ordinary ones.
    static let edgeBytes: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x40, 0x41, 0x5A, 0x5B, 0x5C, 0x5D, 0x60, 0x61, 0x7A, 0x7E, 0x7F, 0x80, 0xC3, 0xFE, 0xFF]

    static let words = Gen.array(of: Gen.frequency([(3, Gen.element(of: edgeBytes)), (1, Gen<UInt8>.integer(in: 0...255))]), count: 8...8)

    /// Every word of `filler` bytes with each byte value in each place, as `edit` changes it.
    static func everyByteInEveryPlace(among filler: UInt8, _ edit: ([UInt8], Int) -> [UInt8] = { bytes, _ in bytes }) -> [[UInt8]] {
        (0..<8).flatMap { place in
            (0...255).map { value in
                var bytes = [UInt8](repeating: filler, count: 8)
                bytes[place] = UInt8(value)
                return edit(bytes, place)
            }
        }
    }

    /// The words on which `fast` and `plain` differ, described; the first few only, and how many.
    static func differences<Result: Equatable>(_ words: [[UInt8]], _ fast: (UInt64) -> Result, _ plain: ([UInt8]) -> Result) -> String? {
        let differing = words.filter { fast(word($0)) != plain($0) }
        guard !differing.isEmpty else { return nil }
        return "\(differing.count) of \(words.count) words, first " + differing.prefix(3).map { "\($0): \(fast(word($0))) for \(plain($0))" }.joined(separator: "; ")
    }

    @Test func theFirstSpecialByteIsFoundInEveryPlace() throws {
        // Every byte value in every place among ordinary bytes, then with a zero byte after it (at the
        // end) and a quote before it (at the start): a special byte after one does not move the answer.
        let words = [UInt8(ascii: "a"), UInt8(ascii: "~"), UInt8(ascii: " ")].flatMap { filler in
            Self.everyByteInEveryPlace(among: filler)
                + Self.everyByteInEveryPlace(among: filler) { bytes, place in place < 7 ? bytes[..<7] + [0x00] : bytes }
                + Self.everyByteInEveryPlace(among: filler) { bytes, place in place > 0 ? [0x22] + bytes[1...] : bytes }
        }
        #expect(words.count == 3 * 3 * 8 * 256)
        let differences = Self.differences(words, RecordingLineScanner.firstSpecialByte) { $0.firstIndex(where: Self.isSpecial) }
        #expect(differences == nil, "\(differences ?? "")")
        property(Self.words, cases: 5_000) { bytes in
            try requireEqual(RecordingLineScanner.firstSpecialByte(Self.word(bytes)), bytes.firstIndex(where: Self.isSpecial), "\(bytes)")
        }
    }

    @Test func sameBytesComparesEveryPlace() {
        // Every length to three words, equal, then with each bit of each byte flipped.
        var wrong: [String] = []
        var compared = 0
        for count in 0...24 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var others = [bytes]
            for place in 0..<count {
                for bit in 0..<8 {
                    var other = bytes
                    other[place] ^= 1 << bit
                    others.append(other)
                }
            }
            for other in others {
                let same = bytes.withUnsafeBytes { a in
                    other.withUnsafeBytes { b in
                        RecordingLineScanner.sameBytes(a.baseAddress ?? b.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, b.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count)
                    }
                }
                compared += 1
                if same != (bytes == other) { wrong.append("\(bytes) against \(other)") }
            }
        }
        #expect(compared == 25 + 8 * (0...24).reduce(0, +))
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(3))")
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    @Test func aWordIsLowercasedAsItsBytesWouldBe() throws {
        let words = [UInt8(0x00), 0x41, 0x5A, 0x61, 0x80, 0xFF].flatMap { Self.everyByteInEveryPlace(among: $0) }
        let differences = Self.differences(words, RecordingJobTable.lowercasedWord) { Self.word($0.map(Self.lowercased)) }
        #expect(differences == nil, "\(differences ?? "")")
        property(Self.words, cases: 5_000) { bytes in
            try requireEqual(RecordingJobTable.lowercasedWord(Self.word(bytes)), Self.word(bytes.map(Self.lowercased)), "\(bytes)")
        }
    }

    static func swappedCase(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte + 0x20
        case 0x61...0x7A: byte - 0x20
        default: byte
        }
    }

    @Test func twoIDsAreTheSameKeyExactlyWhenTheirLowercaseIs() throws {
        let ids = Gen.array(of: Gen.element(of: Self.edgeBytes), count: 0...20)
        let swaps = Gen.array(of: Gen.bool, count: 20...20)
        property(Gen<([UInt8], [Bool], Int)>.zip(ids, swaps, Gen.int(in: 0...24)), cases: 3_000) { id, swaps, place in
            // The same ID with some letters' case swapped, then with a byte changed at `place`,
            // shorter by one and longer by one.
            let swapped = id.enumerated().map { swaps[$0.offset] ? Self.swappedCase($0.element) : $0.element }
            var changed = swapped
            if place < changed.count { changed[place] = changed[place] &+ 1 }
            for other in [swapped, changed, Array(swapped.dropLast()), swapped + [0x61]] {
                let expected = id.map(Self.lowercased) == other.map(Self.lowercased)
                let same = id.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { RecordingJobTable.sameKey(a, $0) } }
                try requireEqual(same, expected, "\(id) against \(other)")
            }
        }
    }

    /// The plain rule: every line is held until the earliest held (by time on the side's clock, then
    /// line number) is further back than the tolerance from the latest time seen, or more than
    /// `linesMax` are held. A line further back than the tolerance steps the clock back.
    struct PlainReorder {
        let tolerance: Int64
        let linesMax: Int
        var held: [(at: Int64, number: Int, recorded: Int64?)] = []
        var latestSeen: Int64?
        var steps: Int64 = 0

        mutating func insert(number: Int, time: Int64?) -> Int64? {
            var at = time.map { $0 + steps } ?? latestSeen ?? 0
            var step: Int64?
            if let latest = latestSeen, at < latest - tolerance {
                step = latest - at
                steps += latest - at
                at = latest
            }
            latestSeen = max(latestSeen ?? at, at)
            held.append((at, number, time))
            return step
        }

        mutating func pop(force: Bool) -> (number: Int, time: Int64?, steps: Int64)? {
            guard let latest = latestSeen, let earliest = held.indices.min(by: { (held[$0].at, held[$0].number) < (held[$1].at, held[$1].number) }) else { return nil }
            guard force || held[earliest].at < latest - tolerance || held.count > linesMax else { return nil }
            let line = held.remove(at: earliest)
            return (line.number, line.recorded.map { _ in line.at }, line.recorded.map { line.at - $0 } ?? 0)
        }
    }

    @Test func theReorderBufferReleasesLinesAsTakingTheEarliestWould() throws {
        // A clock that moves on, sometimes back within the tolerance or beyond it, sometimes not at all.
        let move = Gen.frequency([(6, Gen.int(in: 0...400)), (3, Gen.int(in: -1_200 ... -1)), (1, Gen.int(in: -6_000 ... -1_300)), (1, Gen.element(of: [0]))])
        let line = Gen.zip(move, Gen.int(in: 0...9).map { $0 == 0 })
        let settings = Gen.zip(Gen.element(of: [Int64(0), 1, 1_000]), Gen.element(of: [1, 3, 1_000_000]))
        property(Gen.zip(settings, Gen.array(of: line, count: 0...300)), cases: 300) { settings, lines in
            var buffer = _ReorderBufferProbe(tolerance: settings.0, linesMax: settings.1)
            var plain = PlainReorder(tolerance: settings.0, linesMax: settings.1)
            var clock: Int64 = 1_000_000
            for (number, (move, untimed)) in lines.enumerated() {
                clock += Int64(move)
                let time = untimed ? nil : clock
                try requireEqual(buffer.insert(number: number + 1, time: time), plain.insert(number: number + 1, time: time), "step at line \(number + 1)")
                while true {
                    let released = buffer.popReleased()
                    let expected = plain.pop(force: false)
                    try requireEqual(released.map { "\($0)" }, expected.map { "\($0)" }, "released after line \(number + 1)")
                    if released == nil { break }
                }
                try requireEqual(buffer.count, plain.held.count, "held after line \(number + 1)")
            }
            while true {
                let released = buffer.popFirst()
                let expected = plain.pop(force: true)
                try requireEqual(released.map { "\($0)" }, expected.map { "\($0)" }, "released at the end")
                if released == nil { break }
            }
        }
    }

    /// A key table finds a key by its length and first byte, then compares its first eight bytes as one
    /// word with the line's bytes past the key masked off: it finds what comparing the bytes with each
    /// name finds. Its entries (a name, its quote and its colon, found by the first byte) find what
    /// comparing the bytes with each name followed by `":` finds. Each name, exactly, with each byte
    /// changed, one byte shorter, one longer and 32 longer (past the longest key a table holds);
    /// followed by the rest of a longer name (with and without `":`), by a line's `":` (which the mask
    /// must hide), by `" :`, a quote without a colon or a quote alone, or by nothing (fewer than eight
    /// bytes left: the plain comparison); and random keys of the names' letters.
    @Test func keyTablesFindWhatComparingEachNameFinds() {
        var mismatches: [String] = []
        var cases = 0
        func check(table: Int, key: [UInt8], before: [UInt8], after: [UInt8]) {
            let names = RecordingLineScanner._keyNames[table]
            let plain = names.firstIndex { Array($0.utf8) == key }
            let bytes = before + key + after
            let found = RecordingLineScanner._keyIndex(table: table, key: before.count..<(before.count + key.count), in: bytes)
            // The key, its quote and its colon at once: a name followed by `":`, or nothing.
            let rest = bytes[before.count...]
            let plainEntry = names.firstIndex { rest.starts(with: Array($0.utf8) + Array(#"":"#.utf8)) }.map { ($0, names[$0].utf8.count + 2) }
            let entry = RecordingLineScanner._keyEntry(table: table, at: before.count, in: bytes)
            cases += 1
            if found != plain || entry?.index != plainEntry?.0 || entry?.count != plainEntry?.1, mismatches.count < 10 {
                mismatches.append("table \(table), key \(String(decoding: key, as: UTF8.self).debugDescription) before \(before) after \(after): found \(String(describing: found)), plain \(String(describing: plain)); entry \(String(describing: entry)), plain \(String(describing: plainEntry))")
            }
        }
        for table in RecordingLineScanner._keyNames.indices {
            let names = RecordingLineScanner._keyNames[table].map { Array($0.utf8) }
            var keys: [[UInt8]] = []
            for name in names {
                keys.append(name)
                keys.append(Array(name.dropLast()))
                keys.append(name + [UInt8(ascii: "s")])
                keys.append(name + name)
                // 32 bytes longer: past the longest key a table holds.
                keys.append(name + [UInt8](repeating: 0, count: 32))
                keys.append(name + [UInt8](repeating: UInt8(ascii: "x"), count: 32))
                for place in name.indices {
                    for value: UInt8 in [0x00, 0x22, 0x41, 0x5F, 0x61, 0x7A, 0x80, 0xFF, name[place] ^ 0x20, name[place] ^ 0x01, name[place] ^ 0x80] where value != name[place] {
                        var changed = name
                        changed[place] = value
                        keys.append(changed)
                    }
                }
            }
            var random = SplitMix64(seed: 23)
            let letters = Array(Set(names.joined()))
            for _ in 0..<2_000 {
                let count = Int(random.next() % 16) + 1
                keys.append((0..<count).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
            }
            for key in keys where !key.isEmpty {
                let continuations = names.filter { $0.count > key.count }.map { Array($0[key.count...]) }
                // A quote and colon at once, a space between them, no colon, a quote alone.
                let entryEnds = [#"":"#, #"":1,"x":2}"#, #"" :1}"#, #""x:1}"#, #"""#].map { Array($0.utf8) }
                for after in [[], Array(repeating: 0, count: 8), Array(repeating: 0x22, count: 20)] + entryEnds + continuations + continuations.map({ $0 + Array(#"":0}"#.utf8) }) {
                    check(table: table, key: key, before: [], after: after)
                    check(table: table, key: key, before: Array(#"{"a":1,""#.utf8), after: after)
                }
            }
        }
        #expect(cases > 50_000)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }
}
