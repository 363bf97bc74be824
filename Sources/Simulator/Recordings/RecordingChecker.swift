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
    /// The live jobs, each in a slot that stays its own until the job is dropped; `jobSlots` finds a
    /// job's slot by its key, so a line changes its job in place.
    private var jobs: [Job?] = []
    private var jobSlots: [String: Int] = [:]
    private var freeJobSlots: [Int] = []
    /// The latest time each side has checked through.
    private var latest: [RecordingLine.Side: Timestamp] = [:]
    private var reportedWithWitness = 0
    private var linesSinceSweep = 0

    struct Job: Sendable {
        var check: RecordingJobCheck
        var firstLine: Int
        var lines: [RecordingLine] = []
        var droppedLines = 0
        var reported: Set<String> = []

        /// Checks the job's next line and keeps it for witnesses.
        mutating func record(_ line: consuming RecordingLine, linesMax: Int) -> [RecordingFailure] {
            // Past `linesMax`, the job keeps its latest `linesMax / 2`, this one included.
            if lines.count >= linesMax {
                lines.removeFirst(min(lines.count, lines.count + 1 - linesMax / 2))
                droppedLines += 1
            }
            let failures = check.check(line)
            lines.append(line)
            return failures
        }
    }

    /// Creates a checker that has read nothing yet.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads one line of the file (1-based `number`, without its newline) and checks what it releases.
    public mutating func feed(_ bytes: some Collection<UInt8>, number: Int) -> [Violation] {
        summary.linesRead += 1
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            skip("empty line")
            return []
        }
        // The scanner reads the common lines in one pass; what it declines, the plain reader reads.
        if options.readsWithScanner, let scanned = bytes.withContiguousStorageIfAvailable({ RecordingLineScanner.read($0, number: number) }), let line = scanned {
            return accept(line)
        }
        switch RecordingLine.read(bytes, number: number) {
        case let .skipped(reason):
            skip(reason)
            return []
        case let .malformed(error):
            recordMalformed(error)
            return []
        case let .line(line):
            return accept(line)
        }
    }

    /// Checks an already-read line.
    public mutating func accept(_ line: consuming RecordingLine) -> [Violation] {
        let side = line.side
        let number = line.number
        if let step = buffers[side.index].insert(line, tolerance: options.toleranceMilliseconds) {
            summary.clockStepCount += 1
            if summary.clockSteps.count < options.malformedReportedMax { summary.clockSteps.append((number, side, step)) }
        }
        var violations: [Violation] = []
        while let released = buffers[side.index].popReleased(olderThan: options.toleranceMilliseconds, linesMax: options.reorderLinesMax) {
            check(released, into: &violations)
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
        var violations: [Violation] = []
        for side in RecordingLine.Side.allCases {
            while let released = buffers[side.index].popFirst() { check(released, into: &violations) }
        }
        // In order of each job's first line: a dictionary's order changes from one run to the next.
        for slot in jobs.indices.filter({ jobs[$0] != nil }).sorted(by: { jobs[$0]!.firstLine < jobs[$1]!.firstLine }) {
            end(slot: slot, into: &violations)
        }
        return violations
    }

    /// Jobs whose state is held, for growth tests.
    package var _liveJobs: Int { jobSlots.count }
    /// Lines held in the reorder buffers and kept for witnesses, for growth tests.
    package var _heldLines: Int { buffers.reduce(0) { $0 + $1.count } + jobs.reduce(0) { $0 + ($1?.lines.count ?? 0) } }

    // MARK: - Internals

    private mutating func skip(_ reason: String) {
        summary.linesSkipped += 1
        summary.skipReasons[reason, default: 0] += 1
    }

    mutating func recordMalformed(_ error: RecordingLineError) {
        summary.malformedCount += 1
        if summary.malformed.count < options.malformedReportedMax { summary.malformed.append(error) }
        skip("malformed")
    }

    private static func key(_ jobId: String) -> String {
        // Job IDs match without regard to ASCII case (D-024); most are lowercase already.
        var text = jobId
        guard text.withUTF8({ $0.contains { (0x41...0x5A).contains($0) } }) else { return jobId }
        return String(decoding: jobId.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private mutating func check(_ line: consuming RecordingLine, into violations: inout [Violation]) {
        summary.linesChecked += 1
        if let time = line.time { latest[line.side] = max(latest[line.side] ?? time, time) }
        let key = Self.key(line.jobId)
        let number = line.number
        let slot: Int
        if let found = jobSlots[key] {
            slot = found
        } else {
            summary.jobs += 1
            let job = Job(check: RecordingJobCheck(jobId: line.jobId, limits: options.limits, enabled: options.rules), firstLine: number)
            if let free = freeJobSlots.popLast() {
                slot = free
                jobs[slot] = job
            } else {
                slot = jobs.count
                jobs.append(job)
            }
            jobSlots[key] = slot
        }
        let failures = jobs[slot]!.record(line, linesMax: options.witnessLinesPerJobMax)
        guard !failures.isEmpty else { return }
        // Taken out of its slot while it is reported, so the report may change the summary.
        var job = jobs[slot].take()!
        report(failures, job: &job, into: &violations)
        jobs[slot] = job
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
            let shrunk = RecordingWitness.shrink(job.lines, breaking: failure.rule, jobId: job.check.jobId, options: options)
            var note: String?
            if shrunk == nil {
                note = job.droppedLines > 0
                    ? "the job's earlier lines were not kept (over \(options.witnessLinesPerJobMax)); the rule does not fail on the lines kept"
                    : "the rule does not fail on the job's lines alone"
            }
            violations.append(Violation(failure: failure, jobId: job.check.jobId, witness: shrunk?.map(\.text) ?? [], witnessNote: note))
        }
    }

    private mutating func end(slot: Int, into violations: inout [Violation]) {
        guard var job = jobs[slot].take() else { return }
        jobSlots[Self.key(job.check.jobId)] = nil
        freeJobSlots.append(slot)
        let failures = job.check.finish(through: latest)
        report(failures, job: &job, into: &violations)
    }

    /// Drops the jobs that ended long enough ago on both sides' clocks.
    private mutating func sweep(into violations: inout [Violation]) {
        guard let serverNow = latest[.server] else { return }
        let ended = jobs.indices.filter { slot in
            guard let end = jobs[slot]?.check.endedAt else { return false }
            return serverNow.epochMilliseconds - end.epochMilliseconds > options.endedJobLingerMilliseconds
        }
        for slot in ended.sorted(by: { jobs[$0]!.firstLine < jobs[$1]!.firstLine }) { end(slot: slot, into: &violations) }
    }
}
/// One side's lines held until the tolerance has passed, released in (time, line number) order.
///
/// The heap orders small keys; the lines wait in slots beside it, so sifting moves 24 bytes, not a
/// parsed line.
struct ReorderBuffer: Sendable {
    /// A held line's ordering time (its own, or for a line without one, the latest time seen when it
    /// came, so it keeps its place and the rules read its time as missing), its number, and its slot.
    private struct Key: Sendable {
        var at: Int64
        var number: Int
        var slot: Int
    }

    private var heap: [Key] = []
    private var slots: [RecordingLine?] = []
    private var freeSlots: [Int] = []
    /// The latest ordering time seen on this side.
    private(set) var latestSeen: Int64?
    /// The latest ordering time released.
    private(set) var releasedThrough: Int64?
    /// What the side's clock has stepped back in all: added to its times to order its lines.
    private(set) var stepsMilliseconds: Int64 = 0

    var count: Int { heap.count }

    private static func before(_ a: Key, _ b: Key) -> Bool {
        a.at < b.at || (a.at == b.at && a.number < b.number)
    }

    /// Holds `line`; returns how far the side's clock stepped back if the line is further back than the
    /// tolerance from the latest time seen (it is then ordered after every line before it in the file).
    mutating func insert(_ line: consuming RecordingLine, tolerance: Int64) -> Int64? {
        var step: Int64?
        var at = line.time.map { $0.epochMilliseconds &+ stepsMilliseconds } ?? latestSeen ?? 0
        if let latest = latestSeen, at < latest - tolerance {
            step = latest - at
            stepsMilliseconds += latest - at
            at = latest
        }
        latestSeen = max(latestSeen ?? at, at)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = line
        } else {
            slot = slots.count
            slots.append(line)
        }
        heap.append(Key(at: at, number: line.number, slot: slot))
        siftUp(heap.count - 1)
        return step
    }

    /// The next line to check: the earliest held, if it is further back than the tolerance from the
    /// latest time seen or the buffer holds more than `linesMax`.
    mutating func popReleased(olderThan tolerance: Int64, linesMax: Int) -> RecordingLine? {
        guard let latestSeen, let first = heap.first, first.at < latestSeen - tolerance || heap.count > linesMax else { return nil }
        return pop()
    }

    /// The earliest line held, at the end of the recording.
    mutating func popFirst() -> RecordingLine? {
        heap.isEmpty ? nil : pop()
    }

    private mutating func pop() -> RecordingLine {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        releasedThrough = max(releasedThrough ?? top.at, top.at)
        var line = slots[top.slot].take()!
        freeSlots.append(top.slot)
        // The rules measure intervals on the side's clock with its steps back taken out.
        if let recorded = line.time {
            line.time = Timestamp(epochMilliseconds: top.at)
            line.clockStepsMilliseconds = top.at - recorded.epochMilliseconds
        }
        return line
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
