import CommandLineParsing
import SpecModel
import InternalChecks

/// sessioncheck's logic without I/O: the arguments, the check of a recording read in chunks, and the
/// report. `Sources/sessioncheck` only opens the file and writes the terminal.
///
///     sessioncheck RECORDING.jsonl [--tolerance-ms N] [--rules ID,PREFIX,…] [--complete] [--strict] [--plain-reader] [--one-thread]
///
/// Exit status: 0 the recording keeps every rule checked, 1 a rule is broken or a line is malformed,
/// 2 a usage error or an unreadable file, 3 nothing to check (no line checked: an empty file, or
/// every line skipped), which is not `clean`.
public enum SessionCheckCommand {
    /// The exit status when no line was checked and none was malformed: an empty recording, or one
    /// whose every line was skipped, is neither clean nor broken.
    public static let nothingCheckedStatus: Int32 = 3

    /// The command line, declared: its argument and options.
    package static let command = Command(
        "sessioncheck", "Checks a recorded progress-socket session (JSON Lines, Docs/Recordings.md) against the protocol's rules, streaming, in bounded memory. Each violation names its rule, its line, the job's state before that line, and a minimal witness: the fewest lines that still break the rule.",
        arguments: [.init("RECORDING.jsonl", "the recording to check")],
        options: [
            .value("--tolerance-ms", "N", "how far out of time order lines may come, per side (default 1000)"),
            .value("--rules", "ID,…", "the rule ids or prefixes to check, comma-separated (default: all)"),
            .flag("--complete", "the recording holds each job's whole session: a job without a terminal message breaks SOCKET-09"),
            .flag("--strict", "stop at the first malformed line"),
            .flag("--plain-reader", "read every line with the plain JSON reader, not the fast scanner (the same report)"),
            .flag("--one-thread", "read and check on one thread; by default the next chunk is read on a second thread (the same report)"),
        ],
        discussion: """
            Rules: \(RecordingRule.all.map(\.id).joined(separator: ", "))
            Exit status: 0 clean, 1 violations or malformed lines, 2 a usage error or an unreadable file,
            \(nothingCheckedStatus) nothing to check (no line checked: an empty file, or every line skipped).
            """
    )

    /// The help text `--help` prints, listing every rule id.
    public static var usage: String { command.help }

    /// A check to run: the recording's path and how to check it.
    public struct Invocation: Hashable, Sendable {
        /// The recording's file path, as given.
        public var path: String
        /// The checker's options, with `--tolerance-ms`, `--rules` and `--complete` applied.
        public var options: RecordingChecker.Options
        /// Whether `--strict` stops the check at the first malformed line.
        public var strict: Bool
        /// Whether a chunk's lines are read on another thread while the chunk before is checked (off with `--one-thread`).
        public var readsAhead = true
    }

    /// What the arguments ask for.
    public enum Parsed: Sendable {
        /// `--help` or `-h`: print the usage and exit 0.
        case help
        /// The arguments are wrong; the text says how, and the exit status is 2.
        case usageError(String)
        /// Check a recording.
        case check(Invocation)
    }

    /// Reads sessioncheck's arguments: one recording path and the options; refuses unknown options and rule ids.
    public static func parse(_ arguments: [String]) -> Parsed {
        do throws(UsageError) {
            let parsed = try command.parse(arguments)
            if parsed.wantsHelp { return .help }
            var options = RecordingChecker.Options()
            options.limits.sessionsComplete = parsed.has("--complete")
            options.readsWithScanner = !parsed.has("--plain-reader")
            if let milliseconds = try parsed.value("--tolerance-ms", "a whole number of milliseconds from 0 to 86400000", { Int64($0).flatMap { (0...86_400_000).contains($0) ? $0 : nil } }) {
                options.toleranceMilliseconds = milliseconds
            }
            let named = try parsed.value("--rules", "rule ids or prefixes, comma-separated") { value in
                let prefixes = value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                return prefixes.isEmpty ? nil : prefixes
            }
            if let prefixes = named {
                for prefix in prefixes where RecordingRule.selected(by: [prefix]).isEmpty {
                    throw UsageError("--rules: \(prefix) names no rule\(NearestName.hint(for: prefix, in: RecordingRule.all.map(\.id))); the rules are \(RecordingRule.all.map(\.id).joined(separator: ", "))", command: command)
                }
                options.rules = RecordingRule.selected(by: prefixes)
            }
            return .check(Invocation(path: parsed.positionals[0], options: options, strict: parsed.has("--strict"), readsAhead: !parsed.has("--one-thread")))
        } catch {
            return .usageError(error.description)
        }
    }

    /// Starts a thread running the closure. The pure modules start none of their own (Docs/Determinism.md);
    /// `sessioncheck` and the benchmark pass one made with Foundation's `Thread`.
    public typealias ThreadStarter = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Checks the recording whose bytes `nextChunk` returns in turn (`nil` at the end), writing the
    /// report through `write` as it goes; returns the exit status.
    ///
    /// When `nextChunk` throws, the recording could not be read to its end: the lines read whole
    /// before are checked and counted, the report says where and why it stopped and is not `clean`,
    /// and the status is 2, as for a file that cannot be opened. (With `--strict`, a malformed line
    /// before the failure stops the check first, with status 1, reading ahead or not.)
    ///
    /// Unless `invocation.readsAhead` is off, each chunk's lines are read on another thread, which
    /// `startThread` starts (a task when it is `nil`), while the chunk before is checked. The report
    /// is the same either way.
    public static func check(
        _ invocation: Invocation, nextChunk: () throws -> [UInt8]?, write: (String) -> Void, startThread: ThreadStarter? = nil
    ) -> Int32 {
        var checker = RecordingChecker(options: invocation.options)
        var stoppedAt: RecordingLineError?
        var unreadable: (any Error)?
        var bytesRead = 0
        /// The next chunk, or nil at the end or once reading failed.
        func next() -> [UInt8]? {
            do {
                let chunk = try nextChunk()
                bytesRead += chunk?.count ?? 0
                return chunk
            } catch {
                unreadable = error
                return nil
            }
        }
        /// Checks one line read; false once a strict check stops.
        func handle(_ line: RecordingReadBatch.Line, of batch: RecordingReadBatch) -> Bool {
            let malformedBefore = checker.summary.malformedCount
            let stepsBefore = checker.summary.clockStepCount
            let violations: [RecordingChecker.Violation]
            switch line.content {
            case let .read(read, bytes, inExtra):
                violations = batch.withBytes(bytes, inExtra: inExtra) { checker.feed(read, bytes: $0) }
            case let .unread(bytes, inExtra):
                violations = batch.withBytes(bytes, inExtra: inExtra) {
                    checker.feed(RecordingChecker.read($0, number: line.number, options: invocation.options), bytes: $0)
                }
            case let .tooLong(bytes):
                violations = []
                checker.noteMalformed(RecordingLineError(line: line.number, problem: .tooLong(bytes: bytes)))
            }
            for violation in violations { write(text(violation)) }
            if checker.summary.clockStepCount > stepsBefore, checker.summary.clockStepCount <= invocation.options.malformedReportedMax, let step = checker.summary.clockSteps.last {
                write("CLOCK line \(step.line): the \(step.side) side's t_ms steps back \(step.backMilliseconds) ms beyond the tolerance; read as a clock step, after the lines before it\n")
            }
            if checker.summary.malformedCount > malformedBefore {
                let error = checker.summary.malformed.last!
                if checker.summary.malformedCount <= invocation.options.malformedReportedMax { write("MALFORMED \(error)\n") }
                if invocation.strict {
                    stoppedAt = error
                    return false
                }
            }
            return true
        }
        func handle(_ batch: RecordingReadBatch) -> Bool {
            for line in batch.lines where !handle(line, of: batch) { return false }
            return true
        }
        // Chunks are split here, in order. With `readsAhead`, a chunk's lines are read on another
        // thread while the lines of the chunk before are checked; otherwise each line is read here,
        // just before it is checked.
        var splitter = RecordingBatchSplitter()
        var ahead: [RecordingReadAhead] = []
        var going = true
        func check(_ batch: RecordingReadBatch) { going = handle(batch) }
        /// Checks the first chunk handed ahead, reading a later one while its thread finishes it.
        func checkFirstAhead() {
            let first = ahead.removeFirst()
            check(first.take(helping: ahead[...]))
        }
        while going, let chunk = next() {
            let batch = splitter.batch(of: chunk)
            if invocation.readsAhead {
                ahead.append(RecordingReadAhead(batch, options: invocation.options, startThread: startThread))
                if ahead.count > RecordingReadAhead.chunksAhead { checkFirstAhead() }
            } else {
                check(batch)
            }
        }
        while going, !ahead.isEmpty { checkFirstAhead() }
        // A strict check that stopped at a malformed line reports that, as it would have on one
        // thread, where it stops before reading further.
        if let unreadable, stoppedAt == nil {
            // The lines read whole are checked; a line the failure cut short is not, and no job is
            // ended, since the recording may go on past the failure.
            for violation in checker.releaseHeld() { write(text(violation)) }
            write("stopped: the recording could not be read past byte \(bytesRead): \(unreadable)\n")
            write(summaryText(checker.summary, complete: false))
            return 2
        }
        if going { check(splitter.finish()) }
        if stoppedAt == nil {
            for violation in checker.finish() { write(text(violation)) }
        }
        write(summaryText(checker.summary, stoppedAt: stoppedAt))
        return status(of: checker.summary)
    }

    /// 1 when a rule is broken or a line malformed; else 0, or `nothingCheckedStatus` when no line was checked.
    static func status(of summary: RecordingChecker.Summary) -> Int32 {
        guard summary.violationCount == 0 && summary.malformedCount == 0 else { return 1 }
        return summary.linesChecked == 0 ? nothingCheckedStatus : 0
    }

    /// A violation as the report prints it.
    public static func text(_ violation: RecordingChecker.Violation) -> String {
        let failure = violation.failure
        var text = "VIOLATION \(failure.rule.id) at line \(failure.line) (job \(violation.jobId)): \(failure.message)\n"
        text += "  rule: \(failure.rule.statement)\n"
        text += "  state before line \(failure.line): \(failure.stateBefore)\n"
        if let note = violation.witnessNote {
            text += "  witness: none (\(note))\n"
        } else {
            text += "  witness (\(violation.witness.count) line\(violation.witness.count == 1 ? "" : "s")):\n"
            for line in violation.witness { text += "    \(line)\n" }
        }
        return text
    }

    /// The report's closing lines: lines read, checked and skipped (with reasons), jobs, violations by
    /// rule, and `clean` when nothing failed and the recording was read to its end (`complete`).
    public static func summaryText(_ summary: RecordingChecker.Summary, stoppedAt: RecordingLineError? = nil, complete: Bool = true) -> String {
        var text = ""
        if let stoppedAt { text += "stopped at the first malformed line (--strict): \(stoppedAt)\n" }
        text += "lines read \(summary.linesRead), checked \(summary.linesChecked), skipped \(summary.linesSkipped)"
        if !summary.skipReasons.isEmpty {
            text += ": " + summary.skipReasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        if summary.clockStepCount > 0 { text += "; clock steps back \(summary.clockStepCount)" }
        text += "\njobs \(summary.jobs); violations \(summary.violationCount)"
        if !summary.violationsByRule.isEmpty {
            text += " (" + summary.violationsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        guard complete && summary.violationCount == 0 && summary.malformedCount == 0 else { return text + "\n" }
        if summary.linesChecked > 0 { return text + "\nclean\n" }
        return text + (summary.linesRead == 0 ? "\nnothing to check: the recording is empty\n" : "\nnothing to check: every line was skipped\n")
    }
}

extension RecordingChecker {
    /// Counts a line the splitter could not hand over (too long) as read, and malformed.
    public mutating func noteMalformed(_ error: RecordingLineError) {
        countRead()
        recordMalformed(error)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Splits a stream of chunks into lines with a bounded buffer: a line longer than `lineBytesMax` is
/// not kept, only its length counted, and reported as too long.
public struct RecordingLineSplitter: Sendable {
    /// One line of the stream, numbered from 1.
    public enum Line: Sendable {
        /// The line's bytes, without its newline.
        case bytes(ArraySlice<UInt8>, number: Int)
        /// A line longer than `lineBytesMax`: only its length in bytes is kept.
        case tooLong(bytes: Int, number: Int)
    }

    /// The longest line kept, in bytes, newline excluded.
    public let lineBytesMax: Int
    private var pending: [UInt8] = []
    private var pendingOverflow = 0
    private var number = 0

    /// Creates a splitter that keeps lines of up to `lineBytesMax` bytes.
    public init(lineBytesMax: Int) {
        self.lineBytesMax = lineBytesMax
    }

    /// Hands every line that `chunk` completes to `emit`, in order; an unfinished line waits for the next chunk.
    public mutating func split(_ chunk: [UInt8], _ emit: (Line) -> Void) {
        splitPlaces(chunk) { place in
            switch place {
            case let .inChunk(range, number): emit(.bytes(chunk[range], number: number))
            case let .joined(bytes, number): emit(.bytes(bytes, number: number))
            case let .tooLong(bytes, number): emit(.tooLong(bytes: bytes, number: number))
            }
        }
    }

    /// Where a line split from a chunk is.
    enum Place {
        /// Within the chunk.
        case inChunk(Range<Int>, number: Int)
        /// Begun in an earlier chunk: its bytes joined in the splitter's buffer, valid until the next line.
        case joined(ArraySlice<UInt8>, number: Int)
        /// Longer than `lineBytesMax`: only its length.
        case tooLong(bytes: Int, number: Int)
    }

    /// `split(_:_:)`, telling where each line is.
    mutating func splitPlaces(_ chunk: [UInt8], _ emit: (Place) -> Void) {
        var start = 0
        while start < chunk.count {
            guard let newline = Self.firstNewline(in: chunk, from: start) else {
                append(chunk[start...])
                return
            }
            number += 1
            if pending.isEmpty, pendingOverflow == 0 {
                if newline - start > lineBytesMax {
                    emit(.tooLong(bytes: newline - start, number: number))
                } else {
                    emit(.inChunk(start..<newline, number: number))
                }
            } else {
                append(chunk[start..<newline])
                switch takePending() {
                case let .bytes(bytes, number): emit(.joined(bytes, number: number))
                case let .tooLong(bytes, number): emit(.tooLong(bytes: bytes, number: number))
                }
            }
            start = newline + 1
        }
    }

    /// The index of the first newline at or after `start`: eight bytes at a time, then byte by byte.
    static func firstNewline(in chunk: [UInt8], from start: Int) -> Int? {
        chunk.withUnsafeBytes { raw in
            var index = start
            while index + 8 <= raw.count {
                internalCheck(index >= 0, "SessionCheckCommand.firstNewline: 8 bytes at \(index) of \(raw.count)")
                // A byte of `word` is zero where the chunk has a newline; the lowest byte found by the
                // borrow trick is the first zero (only bytes above a zero can be false positives).
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
                let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
                index += 8
            }
            while index < raw.count {
                if raw[index] == 0x0A { return index }
                index += 1
            }
            return nil
        }
    }

    /// The last line, when the file does not end with a newline.
    public mutating func finish() -> Line? {
        guard !pending.isEmpty || pendingOverflow > 0 else { return nil }
        number += 1
        return takePending()
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        if pendingOverflow > 0 || pending.count + bytes.count > lineBytesMax {
            pendingOverflow += pending.count + bytes.count
            pending.removeAll(keepingCapacity: true)
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func takePending() -> Line {
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingOverflow = 0
        }
        if pendingOverflow > 0 { return .tooLong(bytes: pendingOverflow, number: number) }
        return .bytes(pending[...], number: number)
    }
}
