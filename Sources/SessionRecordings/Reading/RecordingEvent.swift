import SpecModel

/// What the rules read from one recording line, and nothing else: plain values, so that a line costs
/// no allocation between the reader and the rules.
///
/// `init(_:)` makes one from a `RecordingLine` (the plain reader's output, the reference); the
/// scanner makes the same event straight from the line's bytes (`RecordingLineScannerTests` holds the
/// two to each other). What only a report needs (a title, the frame's own fields) is not in it: the
/// report quotes the line's text instead.
public struct RecordingEvent: Equatable, Sendable {
    /// What the line records, as the rules see it.
    public enum What: Equatable, Sendable {
        /// A frame of the line's job.
        case frame(Frame)
        /// A frame that names another job than the line's (REC-01), with that job's ID.
        indirect case frameOfJob(String, Frame)
        /// A frame that is not a protocol message, with the codec's error (CODEC-01).
        indirect case undecodable(ProgressMessageError)
        /// `POST /api/enrichment/cancel` and its answer.
        case cancel(status: Int, alreadyCanceled: Bool)
        /// The app begins opening its socket (`reconnect` whether it says it retries, when recorded).
        case connect(reconnect: Bool?)
        /// The app's socket opened.
        case open
        /// The app's socket closed or failed; `refusedWith` is the HTTP status of a refused open.
        case disconnect(refusedWith: Int?)
    }

    /// A decoded frame: its type and the fields a rule reads.
    public enum Frame: Equatable, Sendable {
        /// `job_started`.
        case jobStarted
        /// `job_progress`: the count and whether it is a keep-alive.
        case progress(processedCount: Int, keepAlive: Bool)
        /// `job_complete`: the total processed and whether the job was canceled.
        case complete(totalProcessed: Int, canceled: Bool)
        /// `error`: the code, and its success plus failure count when it carries both.
        indirect case error(code: ProgressErrorCode, counted: Int?)
        /// `canceled`: the items processed when the job stopped.
        case canceled(processedItems: Int)
        /// `ping`, with the client's clock when it carries one.
        case ping(clientTime: Int64?)
        /// `pong`, echoing the ping's clock when it does.
        case pong(clientTime: Int64?)
        /// `sync_request`.
        case syncRequest
        /// `sync_response`: the count, and whether it carries the job's ending.
        case syncResponse(processedCount: Int, carriesEnding: Bool)
    }

    /// 1-based line number in the file.
    public var number: Int
    public var side: RecordingLine.Side
    /// The time on the recording side's clock, when recorded (after reordering: with the side's
    /// clock steps back taken out).
    public var time: Timestamp?
    /// What the checker added to the recorded time to take the side's clock steps out.
    public var clockStepsMilliseconds: Int64 = 0
    /// What the line records.
    public var what: What

    public init(number: Int, side: RecordingLine.Side, time: Timestamp?, clockStepsMilliseconds: Int64 = 0, what: What) {
        self.number = number
        self.side = side
        self.time = time
        self.clockStepsMilliseconds = clockStepsMilliseconds
        self.what = what
    }

    /// What the rules read from `line`; a frame naming another job than `jobId` (the line's own,
    /// compared without regard to ASCII case, D-024) is `frameOfJob`.
    public init(_ line: RecordingLine, jobId: String? = nil) {
        let what: What
        switch line.kind {
        case let .frame(.undecodable(error)): what = .undecodable(error)
        case let .frame(.message(message)):
            let frame = Frame(message.payload)
            what = BackendJobRegistry.sameJob(message.jobId, jobId ?? line.jobId) ? .frame(frame) : .frameOfJob(message.jobId, frame)
        case let .cancel(status, alreadyCanceled): what = .cancel(status: status, alreadyCanceled: alreadyCanceled)
        case let .connect(reconnect): what = .connect(reconnect: reconnect)
        case .open: what = .open
        case let .disconnect(refusedWith): what = .disconnect(refusedWith: refusedWith)
        }
        self.init(number: line.number, side: line.side, time: line.time, clockStepsMilliseconds: line.clockStepsMilliseconds, what: what)
    }
}

extension RecordingEvent.Frame {
    /// The fields of `payload` a rule reads.
    init(_ payload: ProgressPayload) {
        switch payload {
        case .jobStarted: self = .jobStarted
        case let .progress(update): self = .progress(processedCount: update.processedCount, keepAlive: update.keepAlive)
        case let .complete(completion): self = .complete(totalProcessed: completion.totalProcessed, canceled: completion.canceled)
        case let .error(error):
            let counted = error.details.successCount.flatMap { successes in error.details.failureCount.map { successes + $0 } }
            self = .error(code: error.code, counted: counted)
        case let .canceled(cancellation): self = .canceled(processedItems: cancellation.processedItems)
        case let .ping(ping): self = .ping(clientTime: ping.clientTime)
        case let .pong(pong): self = .pong(clientTime: pong.clientTime)
        case .syncRequest: self = .syncRequest
        case let .syncResponse(snapshot):
            self = .syncResponse(processedCount: snapshot.processedCount, carriesEnding: snapshot.completion != nil || snapshot.error != nil)
        }
    }
}
