import SpecModel
import InternalChecks

/// The fast reader behind `RecordingLine.read`: one pass over the bytes, no JSON tree, for the lines a
/// recording is almost all made of. It reads a line or declines; it never decides anything the plain
/// reader would decide otherwise (`RecordingLineScannerTests` holds it to the plain reader).
///
/// It reads a line only when all of it is in this narrow form, and declines (returns `nil`) on
/// anything else, which the plain reader then reads or rejects with its error:
/// - objects of known keys only (a disconnect's `reason` among them, read by no rule), each key
///   once, nested at most three deep (line, frame, payload); no arrays, no `null`;
/// - strings of printable ASCII without escapes; integers of 1 to 18 digits, without sign, fraction
///   or exponent; `true` and `false`;
/// - a line of format version 1 (or without `v`), of kind `frame`, `connect`, `open` or `disconnect`,
///   with its `jobId` (a frame line may take it from its frame);
/// - a frame of version `1.0.0` that decodes: `job_started`, `job_progress`, `ping`, `pong`,
///   `sync_request`, or a `sync_response` of a running job, with every field the codec checks in range.
/// The rest (cancels, terminal messages, other versions, errors of every kind) is rare and read plainly.
package enum RecordingLineScanner {
    /// A line as the scanner reads it: what the rules read, and where the job's ID is in the bytes.
    struct Scanned {
        var event: RecordingEvent
        var jobId: Range<Int>
    }

    /// The scanner's reading of `bytes` (the event and the job's ID), for the tests that hold it to
    /// the plain reader.
    package static func _read(_ bytes: [UInt8], number: Int) -> (event: RecordingEvent, jobId: String)? {
        bytes.withUnsafeBufferPointer { buffer in
            read(buffer, number: number).map { ($0.event, string(buffer, $0.jobId)) }
        }
    }

    /// The index and byte count that key table `table` (of `_keyNames`) finds for the name, quote
    /// and colon at `start` in `bytes`, for the tests that hold it to comparing the bytes with each
    /// name followed by `":`.
    package static func _keyEntry(table: Int, at start: Int, in bytes: [UInt8]) -> (index: Int, count: Int)? {
        bytes.withUnsafeBufferPointer { keyTables[table].entry(at: start, in: $0) }
    }

    /// The scanner's three key tables, in the order of `_keyNames`, for the tests.
    private static let keyTables = [Scanner.LineKey.table, Scanner.FrameKey.table, Scanner.PayloadKey.table]

    /// The names of the keys of a line, a frame and a payload, the scanner's three key tables.
    package static let _keyNames: [[String]] = [Scanner.LineKey.names, Scanner.FrameKey.names, Scanner.PayloadKey.names].map { $0.map { "\($0)" } }

    /// The index that key table `table` (of `_keyNames`) finds for the key at `key` in `bytes`, for
    /// the tests that hold it to comparing the bytes with each name.
    package static func _keyIndex(table: Int, key: Range<Int>, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { keyTables[table].index(of: key, in: $0) }
    }

    /// The line read from `bytes`, or `nil` when it is not in the scanner's form.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Scanned? {
        // Over the limit, the plain reader rejects the line as too long, whatever it holds.
        guard bytes.count <= RecordingLine.lineBytesMax else { return nil }
        // The fields are filled in place: copying them whole, a few hundred bytes, would cost more
        // than reading them.
        var scanner = Scanner(bytes: bytes)
        var fields = LineFields()
        guard scanner.line(into: &fields) else { return nil }
        return fields.line(bytes, number: number)
    }

    /// A value the scanner reads: an integer, a string as its byte range, or a boolean.
    enum Scalar {
        case integer(Int64)
        case string(Range<Int>)
        case bool(Bool)

        var integer: Int64? {
            if case let .integer(value) = self { return value }
            return nil
        }

        var string: Range<Int>? {
            if case let .string(range) = self { return range }
            return nil
        }

        var bool: Bool? {
            if case let .bool(value) = self { return value }
            return nil
        }
    }

    /// The fields of a line, as byte ranges and numbers, before any `String` is made.
    struct LineFields {
        var version: Scalar?
        var kind: Scalar?
        var side: Scalar?
        var time: Scalar?
        var jobId: Scalar?
        var reconnect: Scalar?
        var frame = FrameFields()
        var hasFrame = false

        func line(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Scanned? {
            if let version { guard version.integer == RecordingLine.formatVersion else { return nil } }
            guard let kindRange = kind?.string, let sideRange = side?.string else { return nil }
            let side: RecordingLine.Side
            if equals(bytes, sideRange, "app") {
                side = .app
            } else if equals(bytes, sideRange, "server") {
                side = .server
            } else {
                return nil
            }
            var time: Timestamp?
            if let value = self.time {
                guard let milliseconds = value.integer else { return nil }
                time = Timestamp(epochMilliseconds: milliseconds)
            }
            var jobId: Range<Int>?
            if let value = self.jobId {
                guard let range = value.string, !range.isEmpty else { return nil }
                jobId = range
            }
            let what: RecordingEvent.What
            if equals(bytes, kindRange, "frame") {
                guard hasFrame, let (read, frameJobId) = frame.frame(bytes) else { return nil }
                if let jobId, !sameJob(bytes, jobId, frameJobId) {
                    // REC-01's rare case: the frame names another job than its line.
                    what = .frameOfJob(string(bytes, frameJobId), read)
                } else {
                    jobId = jobId ?? frameJobId
                    what = .frame(read)
                }
            } else if equals(bytes, kindRange, "open") {
                what = .open
            } else if equals(bytes, kindRange, "disconnect") {
                // A refusal's `status` is not among the scanner's keys: the plain reader reads it.
                what = .disconnect(refusedWith: nil)
            } else if equals(bytes, kindRange, "connect") {
                // The plain reader reads a `reconnect` that is not a boolean as not recorded.
                what = .connect(reconnect: reconnect?.bool)
            } else {
                return nil
            }
            guard let jobId else { return nil }
            return Scanned(event: RecordingEvent(number: number, side: side, time: time, what: what), jobId: jobId)
        }
    }

    /// A frame's envelope and payload fields.
    struct FrameFields {
        var jobId: Range<Int>?
        var pipeline: Range<Int>?
        var timestamp: Int64?
        var type: Range<Int>?
        var version: Range<Int>?
        var payload = PayloadFields()
        var hasPayload = false

        /// The frame and its job ID's bytes, when the codec would decode it to exactly this.
        func frame(_ bytes: UnsafeBufferPointer<UInt8>) -> (RecordingEvent.Frame, jobId: Range<Int>)? {
            guard let version, equals(bytes, version, "1.0.0"),
                let typeRange = type, let jobIdRange = jobId, let pipelineRange = pipeline,
                timestamp != nil, hasPayload else { return nil }
            guard (1...ProgressMessage.jobIdBytesMax).contains(jobIdRange.count),
                bytes[jobIdRange].allSatisfy(ProgressMessageCodec.isJobIdByte) else { return nil }
            guard equals(bytes, pipelineRange, "batch_enrichment") || equals(bytes, pipelineRange, "csv_import")
                || equals(bytes, pipelineRange, "ai_scan") else { return nil }
            guard let type = messageType(bytes, typeRange) else { return nil }
            if let repeated = payload.type { guard equals(bytes, repeated, typeRange) else { return nil } }
            guard let decoded = payload.frame(of: type, bytes) else { return nil }
            return (decoded, jobIdRange)
        }

        private func messageType(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ProgressMessageType? {
            if equals(bytes, range, "job_progress") { return .jobProgress }
            if equals(bytes, range, "ping") { return .ping }
            if equals(bytes, range, "pong") { return .pong }
            if equals(bytes, range, "sync_request") { return .syncRequest }
            if equals(bytes, range, "sync_response") { return .syncResponse }
            if equals(bytes, range, "job_started") { return .jobStarted }
            return nil
        }
    }

    /// The payload fields of every type the scanner reads; a type reads its own and, as the codec
    /// does, passes over the others.
    struct PayloadFields {
        var type: Range<Int>?
        var currentTitle: Scalar?
        var keepAlive: Scalar?
        var processedCount: Scalar?
        var totalCount: Scalar?
        var userMessage: Scalar?
        var clientTime: Scalar?
        var serverTime: Scalar?
        var lastProcessedCount: Scalar?
        var status: Scalar?

        /// The frame of `type`, when its fields are what the codec accepts; a title or a message is
        /// read by no rule, so only its length is checked.
        func frame(of type: ProgressMessageType, _ bytes: UnsafeBufferPointer<UInt8>) -> RecordingEvent.Frame? {
            func textFits(_ value: Scalar?) -> Bool {
                guard let value else { return true }
                guard let range = value.string else { return false }
                return range.count <= ProgressMessage.textBytesMax
            }
            switch type {
            case .jobStarted:
                guard totalCount?.integer != nil else { return nil }
                return .jobStarted
            case .jobProgress:
                guard let processed = processedCount?.integer, let total = totalCount?.integer, processed <= total,
                    textFits(currentTitle), textFits(userMessage) else { return nil }
                var isKeepAlive = false
                if let keepAlive {
                    guard let flag = keepAlive.bool else { return nil }
                    isKeepAlive = flag
                }
                return .progress(processedCount: Int(processed), keepAlive: isKeepAlive)
            case .ping:
                if let clientTime { guard clientTime.integer != nil else { return nil } }
                return .ping(clientTime: clientTime?.integer)
            case .pong:
                if let clientTime { guard clientTime.integer != nil else { return nil } }
                guard serverTime?.integer != nil else { return nil }
                return .pong(clientTime: clientTime?.integer)
            case .syncRequest:
                if let lastProcessedCount { guard lastProcessedCount.integer != nil else { return nil } }
                return .syncRequest
            case .syncResponse:
                guard let status = status?.string, equals(bytes, status, "running"),
                    let processed = processedCount?.integer, let total = totalCount?.integer, processed <= total else { return nil }
                return .syncResponse(processedCount: Int(processed), carriesEnding: false)
            case .jobComplete, .error, .canceled:
                return nil
            }
        }
    }

    // MARK: - The byte scanner

    /// One pass over a line's bytes; every method returns `nil` (or `false`) where the line leaves
    /// the scanner's form.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        // The keys of a line, a frame and a payload, each numbered by its place in `names`.
        enum LineKey: Int {
            case frame, jobId, kind, reason, reconnect, side, time, version
            static let names: [StaticString] = ["frame", "jobId", "kind", "reason", "reconnect", "side", "t_ms", "v"]
            static let table = KeyTable(names)
        }

        enum FrameKey: Int {
            case jobId, payload, pipeline, timestamp, type, version
            static let names: [StaticString] = ["jobId", "payload", "pipeline", "timestamp", "type", "version"]
            static let table = KeyTable(names)
        }

        enum PayloadKey: Int {
            case clientTime, currentTitle, keepAlive, lastProcessedCount, processedCount, serverTime, status, totalCount, type, userMessage
            static let names: [StaticString] = [
                "clientTime", "currentTitle", "keepAlive", "lastProcessedCount", "processedCount", "serverTime", "status",
                "totalCount", "type", "userMessage",
            ]
            static let table = KeyTable(names)
        }

        mutating func line(into fields: inout LineFields) -> Bool {
            let read = members(LineKey.table) { slot, scanner in
                let key = LineKey(rawValue: slot)!
                if key == .frame {
                    fields.hasFrame = true
                    return scanner.frame(into: &fields.frame)
                }
                guard let value = scanner.scalar() else { return false }
                switch key {
                case .jobId: fields.jobId = value
                case .kind: fields.kind = value
                case .side: fields.side = value
                case .time: fields.time = value
                case .version: fields.version = value
                case .reconnect: fields.reconnect = value
                case .reason, .frame: break // A disconnect's reason: for people, no rule reads it.
                }
                return true
            }
            guard read else { return false }
            skipSpace()
            return at == bytes.count
        }

        mutating func frame(into fields: inout FrameFields) -> Bool {
            members(FrameKey.table) { slot, scanner in
                let key = FrameKey(rawValue: slot)!
                switch key {
                case .payload:
                    fields.hasPayload = true
                    return scanner.payload(into: &fields.payload)
                case .timestamp:
                    fields.timestamp = scanner.scalar()?.integer
                    return fields.timestamp != nil
                case .jobId, .type, .pipeline, .version:
                    guard let value = scanner.scalar()?.string else { return false }
                    switch key {
                    case .jobId: fields.jobId = value
                    case .type: fields.type = value
                    case .pipeline: fields.pipeline = value
                    default: fields.version = value
                    }
                    return true
                }
            }
        }

        mutating func payload(into fields: inout PayloadFields) -> Bool {
            members(PayloadKey.table) { slot, scanner in
                let key = PayloadKey(rawValue: slot)!
                if key == .type {
                    fields.type = scanner.scalar()?.string
                    return fields.type != nil
                }
                guard let value = scanner.scalar() else { return false }
                switch key {
                case .processedCount: fields.processedCount = value
                case .totalCount: fields.totalCount = value
                case .currentTitle: fields.currentTitle = value
                case .clientTime: fields.clientTime = value
                case .serverTime: fields.serverTime = value
                case .keepAlive: fields.keepAlive = value
                case .userMessage: fields.userMessage = value
                case .lastProcessedCount: fields.lastProcessedCount = value
                case .status: fields.status = value
                case .type: break
                }
                return true
            }
        }

        /// `{ "key": value, … }` whose keys are among `keys`, each at most once: `read` reads the value
        /// of the key at its index in `keys`. An unknown key or a repeated one leaves the scanner's form.
        mutating func members(_ keys: KeyTable, _ read: (Int, inout Scanner) -> Bool) -> Bool {
            var seen: UInt32 = 0
            skipSpace()
            guard next() == UInt8(ascii: "{") else { return false }
            skipSpace()
            if peek() == UInt8(ascii: "}") {
                at += 1
                return true
            }
            while true {
                skipSpace()
                guard next() == UInt8(ascii: "\"") else { return false }
                let slot: Int
                if let (found, count) = keys.entry(at: at, in: bytes) {
                    // The key, its closing quote and its colon, compared at once: the common form.
                    slot = found
                    at += count
                } else {
                    guard let key = stringBody(), let found = keys.index(of: key, in: bytes) else { return false }
                    skipSpace()
                    guard next() == UInt8(ascii: ":") else { return false }
                    slot = found
                }
                guard seen & 1 << slot == 0 else { return false }
                seen |= 1 << slot
                skipSpace()
                guard read(slot, &self) else { return false }
                skipSpace()
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return true
                default: return false
                }
            }
        }

        /// An integer, a string or a boolean.
        mutating func scalar() -> Scalar? {
            guard let first = peek() else { return nil }
            switch first {
            case UInt8(ascii: "\""):
                at += 1
                return stringBody().map(Scalar.string)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return integer().map(Scalar.integer)
            case UInt8(ascii: "t"):
                return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"):
                return literal("false") ? .bool(false) : nil
            default:
                return nil
            }
        }

        /// `0` or 1 to 18 digits not starting with 0, not followed by a fraction or an exponent.
        mutating func integer() -> Int64? {
            let start = at
            var value: Int64 = 0
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) {
                value = value &* 10 &+ Int64(bytes[at] &- UInt8(ascii: "0"))
                at += 1
            }
            let digits = at - start
            guard digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if let after = peek(), after == UInt8(ascii: ".") || after == UInt8(ascii: "e") || after == UInt8(ascii: "E") { return nil }
            return value
        }

        /// A string's bytes after its opening quote, through its closing one: printable ASCII, no escapes.
        mutating func stringBody() -> Range<Int>? {
            let start = at
            // Eight bytes at a time: the first byte that ends the string or leaves the scanner's form
            // decides, a quote ending it and any other declining the line.
            if let base = bytes.baseAddress {
                while at + 8 <= bytes.count {
                    internalCheck(at >= start, "RecordingLineScanner.stringBody: 8 bytes at \(at) of \(bytes.count)")
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                    if let offset = RecordingLineScanner.firstSpecialByte(word) {
                        guard base[at + offset] == UInt8(ascii: "\"") else { return nil }
                        at += offset + 1
                        return start..<(at - 1)
                    }
                    at += 8
                }
            }
            while at < bytes.count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    at += 1
                    return start..<(at - 1)
                }
                guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
                at += 1
            }
            return nil
        }

        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - at >= count else { return false }
            for offset in 0..<count where bytes[at + offset] != text.utf8Start[offset] { return false }
            at += count
            return true
        }

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x09, 0x0A, 0x0D: at += 1
                default: return
                }
            }
        }

        func peek() -> UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func next() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }
    }

    /// The keys of one kind of object. A key written as the encoder writes it, its name followed at
    /// once by `":`, is found by its first byte and compared with that whole (`entry`), so its end
    /// need not be searched for; any other key is read as a string, then found by its length and
    /// first byte and compared whole (`index`).
    ///
    /// A table is made once, as a `static let`, and lives as long as the process: its storage is
    /// allocated once and never freed, so reading it, once a key, costs no reference count (an array
    /// read from a global is retained and released at each use).
    struct KeyTable: @unchecked Sendable {
        /// Each key's name followed by `":`, in `entryBytesMax` bytes, zero past its end.
        private let entries: UnsafePointer<UInt8>
        /// Each entry's bytes: its name's and two.
        private let entryCounts: UnsafePointer<UInt8>
        /// At `length * 256 + first byte`: the key's index plus one, 0 for none. Every key is shorter
        /// than `lengthsMax` bytes, so a place names one length, and a key found is as long as its name.
        private let places: UnsafePointer<UInt8>
        /// At `first byte * 2` and the place after: the index plus one of the (at most two) keys
        /// beginning with that byte, 0 for none.
        private let byFirstByte: UnsafePointer<UInt8>
        private static let lengthsMax = 32
        private static let entryBytesMax = lengthsMax + 8

        init(_ names: [StaticString]) {
            let entries = UnsafeMutablePointer<UInt8>.allocate(capacity: names.count * Self.entryBytesMax)
            entries.initialize(repeating: 0, count: names.count * Self.entryBytesMax)
            let entryCounts = UnsafeMutablePointer<UInt8>.allocate(capacity: names.count)
            let places = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.lengthsMax * 256)
            places.initialize(repeating: 0, count: Self.lengthsMax * 256)
            let byFirstByte = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
            byFirstByte.initialize(repeating: 0, count: 512)
            for (index, name) in names.enumerated() {
                precondition((1..<Self.lengthsMax).contains(name.utf8CodeUnitCount), "a key of 1 to \(Self.lengthsMax - 1) bytes")
                let entry = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) + Array(#"":"#.utf8)
                (entries + index * Self.entryBytesMax).update(from: entry, count: entry.count)
                (entryCounts + index).initialize(to: UInt8(entry.count))
                let place = Self.place(count: name.utf8CodeUnitCount, first: entry[0])
                precondition(places[place] == 0, "two keys share a length and a first byte")
                places[place] = UInt8(index + 1)
                let first = Int(entry[0]) * 2
                precondition(byFirstByte[first + 1] == 0, "three keys begin with one byte")
                byFirstByte[byFirstByte[first] == 0 ? first : first + 1] = UInt8(index + 1)
            }
            self.entries = UnsafePointer(entries)
            self.entryCounts = UnsafePointer(entryCounts)
            self.places = UnsafePointer(places)
            self.byFirstByte = UnsafePointer(byFirstByte)
        }

        private static func place(count: Int, first: UInt8) -> Int { count << 8 | Int(first) }

        /// Key `index`'s entry: its name, then `":`.
        private func entry(_ index: Int) -> UnsafeRawPointer {
            UnsafeRawPointer(entries + index * Self.entryBytesMax)
        }

        /// The index of the key whose name, closing quote and colon are the bytes at `start` (just
        /// past the key's opening quote), and how many bytes those are; `nil` when the bytes there
        /// are no name followed at once by `":`, which `index(of:in:)` then reads.
        ///
        /// The same as comparing the bytes with each name followed by `":`: the one or two keys that
        /// begin with the byte at `start` are compared, their first eight bytes as one word (the
        /// line's bytes past them masked off), their last eight as another, and any between.
        func entry(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, count: Int)? {
            guard start < bytes.count else { return nil }
            let first = Int(bytes[start])
            for choice in 0..<2 {
                let found = Int(byFirstByte[first * 2 + choice]) - 1
                guard found >= 0 else { return nil }
                if entryIsAt(found, start, in: bytes) { return (found, Int(entryCounts[found])) }
            }
            return nil
        }

        private func entryIsAt(_ index: Int, _ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let count = Int(entryCounts[index])
            let entry = entry(index)
            guard start + count <= bytes.count, let base = bytes.baseAddress else { return false }
            guard start + 8 <= bytes.count else {
                return RecordingLineScanner.sameBytes(UnsafeRawPointer(base + start), entry, count: count)
            }
            internalCheck(start >= 0 && start + max(8, count) <= bytes.count && count <= Self.entryBytesMax, "KeyTable.entryIsAt: \(count) bytes at \(start) of \(bytes.count)")
            guard Self.firstBytes(UnsafeRawPointer(base + start), count) == Self.firstBytes(entry, count) else { return false }
            guard count > 8 else { return true }
            let last = UnsafeRawPointer(base + start + count - 8).loadUnaligned(as: UInt64.self)
            guard last == entry.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
            return count <= 16 || RecordingLineScanner.sameBytes(UnsafeRawPointer(base + start + 8), entry + 8, count: count - 16)
        }

        /// The index of the key at `key` in `bytes`, if it is one of these.
        ///
        /// The same as comparing the bytes with each name, which it does when fewer than eight bytes
        /// of the line are left: a key's first eight bytes are compared as one word, the line's bytes
        /// past the key masked off, then any bytes after those eight.
        func index(of key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard key.count < Self.lengthsMax, let first = key.first.map({ bytes[$0] }) else { return nil }
            let found = Int(places[Self.place(count: key.count, first: first)]) - 1
            guard found >= 0, let base = bytes.baseAddress else { return nil }
            let name = entry(found)
            guard key.lowerBound + 8 <= bytes.count else {
                return RecordingLineScanner.sameBytes(UnsafeRawPointer(base + key.lowerBound), name, count: key.count) ? found : nil
            }
            internalCheck(key.lowerBound >= 0 && key.upperBound <= bytes.count && key.lowerBound + 8 <= bytes.count, "KeyTable.index: key \(key) of \(bytes.count) bytes")
            guard Self.firstBytes(UnsafeRawPointer(base + key.lowerBound), key.count) == Self.firstBytes(name, key.count) else { return nil }
            guard key.count > 8 else { return found }
            return RecordingLineScanner.sameBytes(UnsafeRawPointer(base + key.lowerBound + 8), name + 8, count: key.count - 8) ? found : nil
        }

        /// The first `count` (at most eight) of the eight bytes at `bytes`, as one word, the rest zero.
        private static func firstBytes(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
            return count >= 8 ? word : word & ((1 << (8 * count)) - 1)
        }
    }

    // MARK: - Bytes

    /// The index of the first of the eight bytes of `word`, its least significant first, that is a
    /// quote, a backslash, a control byte, DEL or beyond ASCII; `nil` when none is.
    package static func firstSpecialByte(_ word: UInt64) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Each mask flags a byte's high bit; a flag above the lowest may be false (a borrow from the
        // byte below), but the lowest flag of each, and so of all, is exact.
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let quote = zeroByte(word ^ (0x22 &* ones))
        let backslash = zeroByte(word ^ (0x5C &* ones))
        let delete = zeroByte(word ^ (0x7F &* ones))
        let control = (word &- 0x20 &* ones) & ~word & highs
        let flags = quote | backslash | delete | control | (word & highs)
        return flags == 0 ? nil : flags.trailingZeroBitCount / 8
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard range.count == count else { return false }
        guard let base = bytes.baseAddress else { return count == 0 }
        internalCheck(range.lowerBound >= 0 && range.upperBound <= bytes.count, "RecordingLineScanner.equals: \(range) of \(bytes.count) bytes")
        return sameBytes(UnsafeRawPointer(base + range.lowerBound), UnsafeRawPointer(text.utf8Start), count: count)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same, compared eight at a time.
    package static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < count {
            guard a.load(fromByteOffset: offset, as: UInt8.self) == b.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        return true
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
        return true
    }

    /// Whether the two ranges hold the same job ID, compared without regard to ASCII case (D-024).
    static func sameJob(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return RecordingJobTable.sameKey(UnsafeBufferPointer(rebasing: bytes[a]), UnsafeBufferPointer(rebasing: bytes[b]))
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
