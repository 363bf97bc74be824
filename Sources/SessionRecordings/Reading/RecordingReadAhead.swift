import Synchronization

/// A chunk's lines, split, then read (`RecordingChecker.read`), waiting to be checked in order.
struct RecordingReadBatch: Sendable {
    /// One line: its number and where its bytes are, and what reading them gave.
    struct Line: Sendable {
        enum Content: Sendable {
            /// The line's bytes are `bytes` of the chunk, or of `extra` when `inExtra`; not read yet.
            case unread(bytes: Range<Int>, inExtra: Bool)
            /// The line, and what reading it gave.
            case read(RecordingChecker.LineRead, bytes: Range<Int>, inExtra: Bool)
            /// A line over the limit: only its length was kept.
            case tooLong(bytes: Int)
        }

        var number: Int
        var content: Content
    }

    /// The chunk the lines were split from.
    var chunk: [UInt8] = []
    /// The bytes of lines that began in an earlier chunk, back to back.
    var extra: [UInt8] = []
    var lines: [Line] = []

    /// Reads every line not read yet (`RecordingReadAhead` reads a batch once, on one thread).
    mutating func read(options: RecordingChecker.Options) {
        let (chunk, extra) = (self.chunk, self.extra)
        for index in lines.indices {
            guard case let .unread(range, inExtra) = lines[index].content else { continue }
            let number = lines[index].number
            let read = (inExtra ? extra : chunk).withUnsafeBufferPointer {
                RecordingChecker.read(UnsafeBufferPointer(rebasing: $0[range]), number: number, options: options)
            }
            lines[index].content = .read(read, bytes: range, inExtra: inExtra)
        }
    }

    /// Calls `body` with the bytes of a line read.
    func withBytes<Result>(_ range: Range<Int>, inExtra: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        (inExtra ? extra : chunk).withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

/// Splits chunks into lines, in order: a batch per chunk, its lines found but not read.
struct RecordingBatchSplitter: Sendable {
    private var splitter = RecordingLineSplitter(lineBytesMax: RecordingLine.lineBytesMax)

    /// The lines `chunk` completes.
    mutating func batch(of chunk: [UInt8]) -> RecordingReadBatch {
        var batch = RecordingReadBatch(chunk: chunk)
        splitter.splitPlaces(chunk) { place in
            switch place {
            case let .inChunk(range, number): batch.lines.append(.init(number: number, content: .unread(bytes: range, inExtra: false)))
            case let .joined(bytes, number): batch.add(joined: bytes, number: number)
            case let .tooLong(bytes, number): batch.lines.append(.init(number: number, content: .tooLong(bytes: bytes)))
            }
        }
        return batch
    }

    /// The last line, when the file does not end with a newline.
    mutating func finish() -> RecordingReadBatch {
        var batch = RecordingReadBatch()
        switch splitter.finish() {
        case let .bytes(bytes, number): batch.add(joined: bytes, number: number)
        case let .tooLong(bytes, number): batch.lines.append(.init(number: number, content: .tooLong(bytes: bytes)))
        case nil: break
        }
        return batch
    }
}

extension RecordingReadBatch {
    fileprivate mutating func add(joined bytes: ArraySlice<UInt8>, number: Int) {
        let start = extra.count
        extra.append(contentsOf: bytes)
        lines.append(.init(number: number, content: .unread(bytes: start..<extra.count, inExtra: true)))
    }
}

/// A batch whose lines another thread reads while the checker checks the batches before: whichever
/// comes first reads them, that thread or the checker when it takes the batch, so the check never
/// waits for a thread that has not begun, and waits for one that has only while it reads. Reading is
/// a pure function of the bytes, so the lines, and the report, are the same whoever read them.
///
/// The hand-over is one atomic stage: the batch is touched only by whoever moved the stage from
/// `waiting`, and the reader's release of `read` is what makes its lines visible to the checker (an
/// ordering ThreadSanitizer sees; it does not see inside Synchronization's `Mutex`).
final class RecordingReadAhead: @unchecked Sendable {
    /// Chunks handed to reading threads before the checker takes the first of them.
    static let chunksAhead = 2

    private enum Stage: UInt8 {
        case waiting, reading, read, taken
    }

    private let stage = Atomic<UInt8>(Stage.waiting.rawValue)
    /// Written by whoever moved `stage` from `waiting`, and by `take` once the reader is done.
    private var batch: RecordingReadBatch
    private let options: RecordingChecker.Options

    /// Hands `batch` to a thread that reads its lines: one `startThread` starts, or else a task.
    init(_ batch: RecordingReadBatch, options: RecordingChecker.Options, startThread: SessionCheckCommand.ThreadStarter?) {
        self.batch = batch
        self.options = options
        let read: @Sendable () -> Void = { [self] in readIfWaiting() }
        if let startThread {
            startThread(read)
        } else {
            Task.detached(operation: read)
        }
    }

    /// The batch, its lines read: by the other thread, or here if it has not begun. While the other
    /// thread reads it, this one reads the first of `later` that no thread has begun, rather than wait.
    func take(helping later: ArraySlice<RecordingReadAhead> = []) -> RecordingReadBatch {
        if claim(as: .taken) {
            batch.read(options: options)
        } else {
            // The other thread is reading it: a chunk's lines, a few milliseconds at most.
            var helped = later.startIndex
            while stage.load(ordering: .acquiring) != Stage.read.rawValue {
                if helped < later.endIndex {
                    later[helped].readIfWaiting()
                    helped += 1
                }
            }
        }
        defer { batch = RecordingReadBatch() }
        return batch
    }

    /// Reads the batch on this thread unless another has begun it.
    func readIfWaiting() {
        guard claim(as: .reading) else { return }
        batch.read(options: options)
        stage.store(Stage.read.rawValue, ordering: .releasing)
    }

    /// Moves the stage from `waiting` to `next`; false if the other side moved it first.
    private func claim(as next: Stage) -> Bool {
        stage.compareExchange(expected: Stage.waiting.rawValue, desired: next.rawValue, ordering: .acquiringAndReleasing).exchanged
    }
}
