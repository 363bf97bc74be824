import SpecModel

/// Checks a session recording as it streams by: lines read one at a time, put back in time order
/// within a tolerance, split by job, and each job's lines checked by `RecordingJobCheck`. A violation
/// comes with a witness, the smallest part of the job's lines that still breaks the rule
/// (`RecordingWitness`).
///
/// Memory is bounded by the reorder window, the live jobs and the lines kept per job for witnesses,
/// never by the file: a job's state is dropped once it has ended and its sides' clocks have moved
/// `endedJobLingerMilliseconds` past its end.
///
/// Each side is reordered on its own clock: the app's and the server's clocks may differ by more than
/// the tolerance, and no rule compares times of the two sides. A line further back than the tolerance
/// is read as the side's clock stepping back (an NTP correction, the skewed-clocks scenario): it is
/// checked after the lines before it in the file, the rules measure its side's intervals with the step
/// taken out, and the step is reported, not counted as an error.
public struct RecordingChecker: Sendable {
    /// How a check runs: the reorder tolerance, the rules, their limits and the bounds on memory and reports.
    public struct Options: Hashable, Sendable {
        /// How far out of time order lines may come, per side.
        public var toleranceMilliseconds: Int64 = 1_000
        /// The rule ids checked (all by default).
        public var rules: Set<String> = Set(RecordingRule.all.map(\.id))
        /// The numbers the rules check against, taken from the model.
        public var limits = RecordingLimits()
        /// Lines kept per live job for witnesses; a longer job keeps its latest (between half this and
        /// this many). The rules' witnesses need a few lines; a job's first lines matter only to a
        /// rule whose state reaches back further, whose witness is then reported as not found.
        public var witnessLinesPerJobMax = 1_024
        /// Candidate sub-recordings checked while shrinking one witness.
        public var shrinkChecksMax = 4_000
        /// Violations reported with a witness; later ones are counted.
        public var violationsReportedMax = 100
        /// Malformed lines reported one by one; later ones are counted.
        public var malformedReportedMax = 100
        /// Lines held in one side's reorder buffer at most; past that the oldest is released early.
        public var reorderLinesMax = 1_000_000
        /// How long an ended job's state is kept after its end, on the recording's clocks, so lines
        /// sent after the end are still caught.
        public var endedJobLingerMilliseconds: Int64 = 300_000
        /// Lines between two sweeps for ended jobs to drop.
        public var sweepEveryLines = 65_536

        /// Whether lines are read by `RecordingLineScanner` first (the plain reader reads what it
        /// declines); off, every line is read plainly. The verdict is the same either way.
        public var readsWithScanner = true

        /// Creates the defaults: 1,000 ms tolerance, every rule, the model's limits.
        public init() {}
    }

    /// A violation: the rule, the line, the job's state just before it, and the minimal witness.
    public struct Violation: Sendable {
        /// The rule broken, at which line, and why.
        public var failure: RecordingFailure
        /// The job the violation belongs to, as its first line spelled it.
        public var jobId: String
        /// The witness's lines as recorded, in checking order.
        public var witness: [String]
        /// Why there is no witness, when there is none.
        public var witnessNote: String?
    }

    /// What a whole check saw: lines by fate, jobs, violations and clock steps.
    public struct Summary: Sendable {
        /// The lines read from the file, blank ones included.
        public var linesRead = 0
        /// The lines that were checked against the rules.
        public var linesChecked = 0
        /// The lines passed over: blank, of a kind or version not read, without a job, or malformed.
        public var linesSkipped = 0
        /// Why lines were skipped, with counts (malformed lines are counted here too).
        public var skipReasons: [String: Int] = [:]
        /// The first `malformedReportedMax` malformed lines, with what is wrong with each.
        public var malformed: [RecordingLineError] = []
        /// The number of malformed lines, reported or not.
        public var malformedCount = 0
        /// The number of jobs checked, their IDs compared without regard to ASCII case (D-024).
        public var jobs = 0
        /// The number of violations found, reported with a witness or only counted.
        public var violationCount = 0
        /// Where a side's clock stepped back further than the tolerance (the first few), and how often.
        public var clockSteps: [(line: Int, side: RecordingLine.Side, backMilliseconds: Int64)] = []
        /// The number of times a side's clock stepped back further than the tolerance.
        public var clockStepCount = 0
        /// Violations per rule id.
        public var violationsByRule: [String: Int] = [:]
    }

    /// The settings this check runs with.
    public let options: Options
    /// What the check has read so far: lines read, checked and skipped, and the jobs seen.
    public private(set) var summary = Summary()
    /// The app's reorder buffer and the server's, indexed by `Side.index`.
    private var buffers = [ReorderBuffer(), ReorderBuffer()]
    /// The jobs with lines waiting or checked, found by their ID's bytes; each job is changed in place.
    private var table = RecordingJobTable()
    private var liveJobs = 0
    /// The latest time each side has checked through, indexed by `Side.index`.
    private var latest: [Timestamp?] = [nil, nil]
    private var reportedWithWitness = 0
    private var linesSinceSweep = 0

    /// One job's check and the lines it keeps for witnesses, in two generations: when the current
    /// one holds half the lines kept, the older one is dropped and the current one becomes it, so
    /// between half and all of `witnessLinesPerJobMax` are kept and no line is ever moved.
    struct Job: Sendable {
        var check: RecordingJobCheck
        var firstLine: Int
        var older = KeptLines()
        var current = KeptLines()
        var droppedLines = 0
        var reported: Set<String> = []

        /// Checks the job's next line and keeps it for witnesses.
        mutating func record(_ event: RecordingEvent, bytes: UnsafeBufferPointer<UInt8>, linesMax: Int) -> [RecordingFailure] {
            if current.events.count >= max(linesMax / 2, 1) {
                droppedLines += older.events.count
                swap(&older, &current)
                current.removeAll()
                // Fewer than two lines kept: the older generation goes too.
                if linesMax < 2 {
                    droppedLines += older.events.count
                    older.removeAll()
                }
            }
            let failures = check.check(event)
            current.append(event, bytes: bytes)
            return failures
        }

        /// The kept lines' events, oldest first.
        var events: [RecordingEvent] { older.events + current.events }

        /// The kept line at `index` (of `events`), as recorded.
        func line(at index: Int) -> String {
            index < older.events.count ? older.line(at: index) : current.line(at: index - older.events.count)
        }
    }

    /// Lines kept for witnesses: the rules' events, and the lines' bytes back to back.
    struct KeptLines: Sendable {
        var events: [RecordingEvent] = []
        var text: [UInt8] = []
        /// Where each line ends in `text`.
        var ends: [Int] = []

        mutating func append(_ event: RecordingEvent, bytes: UnsafeBufferPointer<UInt8>) {
            events.append(event)
            text.append(contentsOf: bytes)
            ends.append(text.count)
        }

        /// Empties it, keeping its storage for the next generation.
        mutating func removeAll() {
            events.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }

        func line(at index: Int) -> String {
            String(decoding: text[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
        }
    }

    /// Creates a checker that has read nothing yet.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads one line of the file (1-based `number`, without its newline) and checks what it releases.
    public mutating func feed(_ bytes: some Collection<UInt8>, number: Int) -> [Violation] {
        if let violations = bytes.withContiguousStorageIfAvailable({ feed(Self.read($0, number: number, options: options), bytes: $0) }) {
            return violations
        }
        return feed(Array(bytes), number: number)
    }

    /// A line as read, before it is checked. Reading needs nothing of the check's state, so a
    /// chunk's lines may be read on one thread while the lines before them are checked on another.
    enum LineRead: Sendable {
        case blank
        /// The scanner's reading: what the rules read, where the job's ID is in the line, and the
        /// ID's hash (`RecordingJobTable.hash`), made here so the check does not.
        case scanned(RecordingEvent, jobId: Range<Int>, hash: Int)
        /// The plain reader's verdict, for a line the scanner declined.
        indirect case plain(RecordingLineRead)
    }

    /// Reads line `number`: the scanner reads the common lines in one pass; what it declines, the
    /// plain reader reads.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, options: borrowing Options) -> LineRead {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        if options.readsWithScanner, let scanned = RecordingLineScanner.read(bytes, number: number) {
            return .scanned(scanned.event, jobId: scanned.jobId, hash: RecordingJobTable.hash(UnsafeBufferPointer(rebasing: bytes[scanned.jobId])))
        }
        return .plain(RecordingLine.read(bytes, number: number))
    }

    /// Checks what reading `bytes` gave (`read(_:number:options:)`), and what it releases.
    mutating func feed(_ read: LineRead, bytes: UnsafeBufferPointer<UInt8>) -> [Violation] {
        countRead()
        switch read {
        case .blank:
            skip("empty line")
            return []
        case let .scanned(event, jobId, hash):
            let entry = table.intern(UnsafeBufferPointer(rebasing: bytes[jobId]), hash: hash)
            return accept(event, entry: entry, spelled: .inBytes(jobId), bytes: bytes)
        case let .plain(.skipped(reason)):
            skip(reason)
            return []
        case let .plain(.malformed(error)):
            recordMalformed(error)
            return []
        case let .plain(.line(line)):
            return accept(line)
        }
    }

    /// Checks an already-read line.
    public mutating func accept(_ line: consuming RecordingLine) -> [Violation] {
        var jobId = line.jobId
        var text = line.text
        let entry = jobId.withUTF8 { table.intern($0) }
        let event = RecordingEvent(line)
        return text.withUTF8 { accept(event, entry: entry, spelled: .text(jobId), bytes: $0) }
    }

    /// Holds a line read, of the job at `entry` (its ID spelled as `spelled` says), and checks what
    /// the tolerance releases.
    private mutating func accept(_ event: RecordingEvent, entry: Int, spelled: JobIdSpelling, bytes: UnsafeBufferPointer<UInt8>) -> [Violation] {
        let side = event.side.index
        let number = event.number
        if let step = buffers[side].insert(event, entry: entry, spelled: spelled, bytes: bytes, tolerance: options.toleranceMilliseconds) {
            summary.clockStepCount += 1
            if summary.clockSteps.count < options.malformedReportedMax { summary.clockSteps.append((number, event.side, step)) }
        }
        var violations: [Violation] = []
        while let released = buffers[side].popReleased(olderThan: options.toleranceMilliseconds, linesMax: options.reorderLinesMax) {
            check(side: side, slot: released, into: &violations)
        }
        linesSinceSweep += 1
        if linesSinceSweep >= options.sweepEveryLines {
            linesSinceSweep = 0
            sweep(into: &violations)
        }
        return violations
    }

    /// The end of the recording: releases every held line and ends every job still live.
    public mutating func finish() -> [Violation] {
        var violations = releaseHeld()
        for entry in jobsInOrder(where: { _ in true }) { end(entry: entry, into: &violations) }
        return violations
    }

    /// Checks every line the reorder buffers hold, in order, and ends no job: for a recording whose
    /// reading stopped short, whose jobs may go on past what was read.
    public mutating func releaseHeld() -> [Violation] {
        var violations: [Violation] = []
        for side in RecordingLine.Side.allCases {
            while let released = buffers[side.index].popFirst() { check(side: side.index, slot: released, into: &violations) }
        }
        return violations
    }

    /// Jobs whose state is held, for growth tests.
    package var _liveJobs: Int { liveJobs }
    /// Job IDs the checker's table holds (live jobs, and jobs with lines waiting), for growth tests.
    package var _internedJobs: Int { table.count }
    /// Lines held in the reorder buffers and kept for witnesses, for growth tests.
    package var _heldLines: Int { buffers.reduce(0) { $0 + $1.count } + table.entries.reduce(0) { $0 + ($1.job.map { $0.older.events.count + $0.current.events.count } ?? 0) } }

    // MARK: - Internals

    private mutating func skip(_ reason: String) {
        summary.linesSkipped += 1
        summary.skipReasons[reason, default: 0] += 1
    }

    mutating func countRead() {
        summary.linesRead += 1
    }

    mutating func recordMalformed(_ error: RecordingLineError) {
        summary.malformedCount += 1
        if summary.malformed.count < options.malformedReportedMax { summary.malformed.append(error) }
        skip("malformed")
    }

    /// Checks the line released from `slot` of side `side`'s buffer against its job.
    private mutating func check(side: Int, slot: Int, into violations: inout [Violation]) {
        var bytes: [UInt8] = []
        let (event, entry, spelled) = buffers[side].release(slot, movingBytesTo: &bytes)
        defer { buffers[side].reuse(&bytes, for: slot) }
        summary.linesChecked += 1
        if let time = event.time { latest[side] = max(latest[side] ?? time, time) }
        table[entry].waiting -= 1
        if table[entry].job == nil {
            summary.jobs += 1
            liveJobs += 1
            // The job is spelled as its first line checked spells it.
            let jobId: String
            switch spelled {
            case let .inBytes(range): jobId = String(decoding: bytes[range], as: UTF8.self)
            case let .text(text): jobId = text
            }
            table[entry].job = Job(check: RecordingJobCheck(jobId: jobId, limits: options.limits, enabled: options.rules), firstLine: event.number)
        }
        let linesMax = options.witnessLinesPerJobMax
        let failures = bytes.withUnsafeBufferPointer { table[entry].job!.record(event, bytes: $0, linesMax: linesMax) }
        guard !failures.isEmpty else { return }
        // Taken out of its entry while it is reported, so the report may change the summary.
        var job = table[entry].job.take()!
        report(failures, job: &job, into: &violations)
        table[entry].job = job
    }

    private mutating func report(_ failures: [RecordingFailure], job: inout Job, into violations: inout [Violation]) {
        for failure in failures {
            summary.violationCount += 1
            summary.violationsByRule[failure.rule.id, default: 0] += 1
            // The first violation of each rule per job is reported with its witness; later ones are counted.
            guard !job.reported.contains(failure.rule.id) else { continue }
            job.reported.insert(failure.rule.id)
            guard reportedWithWitness < options.violationsReportedMax else { continue }
            reportedWithWitness += 1
            let shrunk = RecordingWitness.shrink(job.events, breaking: failure.rule, jobId: job.check.jobId, options: options)
            var note: String?
            if shrunk == nil {
                note = job.droppedLines > 0
                    ? "the job's earlier lines were not kept (over \(options.witnessLinesPerJobMax)); the rule does not fail on the lines kept"
                    : "the rule does not fail on the job's lines alone"
            }
            violations.append(Violation(failure: failure, jobId: job.check.jobId, witness: shrunk?.map { job.line(at: $0) } ?? [], witnessNote: note))
        }
    }

    /// The latest time each side has checked through, as the job check reads it.
    private var latestBySide: [RecordingLine.Side: Timestamp] {
        var through: [RecordingLine.Side: Timestamp] = [:]
        for side in RecordingLine.Side.allCases { through[side] = latest[side.index] }
        return through
    }

    private mutating func end(entry: Int, into violations: inout [Violation]) {
        guard var job = table[entry].job.take() else { return }
        liveJobs -= 1
        if table[entry].waiting == 0 { table.remove(entry) }
        let failures = job.check.finish(through: latestBySide)
        report(failures, job: &job, into: &violations)
    }

    /// The entries of the live jobs that satisfy `condition`, in order of each job's first line.
    private func jobsInOrder(where condition: (Job) -> Bool) -> [Int] {
        table.entries.indices
            .compactMap { entry in table.entries[entry].job.flatMap { condition($0) ? (entry, $0.firstLine) : nil } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    /// Drops the jobs that ended long enough ago on both sides' clocks.
    private mutating func sweep(into violations: inout [Violation]) {
        guard let serverNow = latest[RecordingLine.Side.server.index] else { return }
        let linger = options.endedJobLingerMilliseconds
        let ended = jobsInOrder { job in
            guard let end = job.check.endedAt else { return false }
            return serverNow.epochMilliseconds - end.epochMilliseconds > linger
        }
        for entry in ended { end(entry: entry, into: &violations) }
    }
}

/// Where a held line's job ID is spelled: in its bytes (the scanner's lines), or as read plainly.
enum JobIdSpelling: Sendable {
    case inBytes(Range<Int>)
    case text(String)
}

/// One side's lines held until the tolerance has passed, released in (time, line number) order.
///
/// Most lines come in order: those wait in a queue, already sorted, and only the lines that come
/// earlier than the queue's last go into a heap; the next line released is the earlier of the two
/// heads. Both order small keys; the lines wait in slots beside them, so no line is moved.
struct ReorderBuffer: Sendable {
    /// A held line's ordering time (its own, or for a line without one, the latest time seen when it
    /// came, so it keeps its place and the rules read its time as missing), its number, and its slot.
    private struct Key: Sendable {
        var at: Int64
        var number: Int
        var slot: Int
    }

    /// A held line: what the rules read, its job's entry and ID, and its bytes for witnesses. A free
    /// slot keeps its bytes' capacity for the next line, unless it is over `slotBytesKept`.
    struct Held: Sendable {
        var event: RecordingEvent
        var entry: Int
        var spelled: JobIdSpelling
        var bytes: [UInt8]
    }

    /// The most a free slot keeps of its last line's storage: lines are a few hundred bytes, and a
    /// rare long one must not leave every slot holding its size.
    static let slotBytesKept = 4_096

    /// Keys in order, from `queueStart` on (the ones before it were released).
    private var queue: [Key] = []
    private var queueStart = 0
    /// Keys that came earlier than the queue's last, as a binary heap.
    private var heap: [Key] = []
    private var slots: [Held] = []
    private var freeSlots: [Int] = []
    /// The latest ordering time seen on this side.
    private(set) var latestSeen: Int64?
    /// The latest ordering time released.
    private(set) var releasedThrough: Int64?
    /// What the side's clock has stepped back in all: added to its times to order its lines.
    private(set) var stepsMilliseconds: Int64 = 0

    var count: Int { queue.count - queueStart + heap.count }

    private static func before(_ a: Key, _ b: Key) -> Bool {
        a.at < b.at || (a.at == b.at && a.number < b.number)
    }

    /// Holds a line; returns how far the side's clock stepped back if the line is further back than
    /// the tolerance from the latest time seen (it is then ordered after every line before it in the file).
    mutating func insert(_ event: RecordingEvent, entry: Int, spelled: JobIdSpelling, bytes: UnsafeBufferPointer<UInt8>, tolerance: Int64) -> Int64? {
        var step: Int64?
        var at = event.time.map { $0.epochMilliseconds &+ stepsMilliseconds } ?? latestSeen ?? 0
        if let latest = latestSeen, at < latest - tolerance {
            step = latest - at
            stepsMilliseconds += latest - at
            at = latest
        }
        latestSeen = max(latestSeen ?? at, at)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].event = event
            slots[slot].entry = entry
            slots[slot].spelled = spelled
            slots[slot].bytes.removeAll(keepingCapacity: true)
            slots[slot].bytes.append(contentsOf: bytes)
        } else {
            slot = slots.count
            slots.append(Held(event: event, entry: entry, spelled: spelled, bytes: Array(bytes)))
        }
        let key = Key(at: at, number: event.number, slot: slot)
        if queueStart < queue.count, Self.before(key, queue[queue.count - 1]) {
            heap.append(key)
            siftUp(heap.count - 1)
        } else {
            queue.append(key)
        }
        return step
    }

    /// The slot of the next line to check: the earliest held, if it is further back than the
    /// tolerance from the latest time seen or the buffer holds more than `linesMax`.
    mutating func popReleased(olderThan tolerance: Int64, linesMax: Int) -> Int? {
        guard let latestSeen, let first = self.first, first.at < latestSeen - tolerance || count > linesMax else { return nil }
        return pop()
    }

    /// The slot of the earliest line held, at the end of the recording.
    mutating func popFirst() -> Int? {
        count == 0 ? nil : pop()
    }

    /// The earliest key held: the queue's head or the heap's top.
    private var first: Key? {
        let queued = queueStart < queue.count ? queue[queueStart] : nil
        guard let top = heap.first else { return queued }
        guard let queued else { return top }
        return Self.before(top, queued) ? top : queued
    }

    /// The line popped into `slot`, its bytes moved into `bytes` (an exchange, not a copy); the
    /// slot is free again once `reuse` gives them back.
    mutating func release(_ slot: Int, movingBytesTo bytes: inout [UInt8]) -> (event: RecordingEvent, entry: Int, spelled: JobIdSpelling) {
        swap(&bytes, &slots[slot].bytes)
        return (slots[slot].event, slots[slot].entry, slots[slot].spelled)
    }

    /// Gives `slot` its bytes' storage back, for the next line held in it, and frees it.
    mutating func reuse(_ bytes: inout [UInt8], for slot: Int) {
        swap(&bytes, &slots[slot].bytes)
        if slots[slot].bytes.capacity > Self.slotBytesKept { slots[slot].bytes = [] }
        freeSlots.append(slot)
    }

    private mutating func pop() -> Int {
        let top: Key
        if queueStart < queue.count, heap.isEmpty || Self.before(queue[queueStart], heap[0]) {
            top = queue[queueStart]
            queueStart += 1
            // The released keys are dropped once they are half the queue.
            if queueStart == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueStart = 0
            } else if queueStart >= 1_024, queueStart * 2 >= queue.count {
                queue.removeFirst(queueStart)
                queueStart = 0
            }
        } else {
            top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
        }
        releasedThrough = max(releasedThrough ?? top.at, top.at)
        // The rules measure intervals on the side's clock with its steps back taken out.
        if let recorded = slots[top.slot].event.time {
            slots[top.slot].event.time = Timestamp(epochMilliseconds: top.at)
            slots[top.slot].event.clockStepsMilliseconds = top.at - recorded.epochMilliseconds
        }
        return top.slot
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.before(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// A reorder buffer seen from the tests: lines held by number and time, released in order.
package struct _ReorderBufferProbe {
    private var buffer = ReorderBuffer()
    private let tolerance: Int64
    private let linesMax: Int

    package init(tolerance: Int64, linesMax: Int) {
        self.tolerance = tolerance
        self.linesMax = linesMax
    }

    /// Holds line `number`, at `time` ms or without a time; returns how far the clock stepped back.
    package mutating func insert(number: Int, time: Int64?) -> Int64? {
        let event = RecordingEvent(number: number, side: .app, time: time.map(Timestamp.init(epochMilliseconds:)), what: .open)
        return [UInt8]().withUnsafeBufferPointer {
            buffer.insert(event, entry: 0, spelled: .text(""), bytes: $0, tolerance: tolerance)
        }
    }

    /// The next line released: its number, the time the rules read, and the steps taken out of it.
    package mutating func popReleased() -> (number: Int, time: Int64?, steps: Int64)? {
        guard let slot = buffer.popReleased(olderThan: tolerance, linesMax: linesMax) else { return nil }
        return release(slot)
    }

    /// The earliest line held, at the end.
    package mutating func popFirst() -> (number: Int, time: Int64?, steps: Int64)? {
        guard let slot = buffer.popFirst() else { return nil }
        return release(slot)
    }

    package var count: Int { buffer.count }

    private mutating func release(_ slot: Int) -> (number: Int, time: Int64?, steps: Int64) {
        var bytes: [UInt8] = []
        let (event, _, _) = buffer.release(slot, movingBytesTo: &bytes)
        buffer.reuse(&bytes, for: slot)
        return (event.number, event.time?.epochMilliseconds, event.clockStepsMilliseconds)
    }
}
