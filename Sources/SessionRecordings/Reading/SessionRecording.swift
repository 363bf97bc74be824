import SpecModel

/// Writes session recordings (format version 1, `Docs/Recordings.md`): one canonical JSON object a
/// line. The simulator records its runs with these (`ProgressRun.Configuration.recordsRecording`), and
/// tests build wrong sessions from them.
public enum SessionRecording {
    /// A frame `side` sent or received at `at` on its own clock.
    public static func frame(_ side: RecordingLine.Side, at: Timestamp, _ message: ProgressMessage) -> String {
        line(side, "frame", at: at, jobId: message.jobId, ["frame": message.json])
    }

    /// A frame as its bytes (the codec's output): recorded as the JSON object when it is one, else as text.
    public static func frame(_ side: RecordingLine.Side, at: Timestamp, jobId: String, bytes: [UInt8]) -> String {
        let frame: JSONValue
        do {
            frame = try JSONValue(parsing: bytes, limits: ProgressMessageCodec.parseLimits)
        } catch {
            // Not JSON: the frame is kept whole as its text, which the checker then reports (CODEC-01).
            frame = .string(String(decoding: bytes, as: UTF8.self))
        }
        return line(side, "frame", at: at, jobId: jobId, ["frame": frame])
    }

    /// The app begins opening its socket.
    public static func connect(at: Timestamp, jobId: String, reconnect: Bool) -> String {
        line(.app, "connect", at: at, jobId: jobId, ["reconnect": .bool(reconnect)])
    }

    /// The app's socket opened.
    public static func open(at: Timestamp, jobId: String) -> String {
        line(.app, "open", at: at, jobId: jobId)
    }

    /// The app's socket closed or dropped, or its open failed; `status` when the server refused the
    /// open with one (a refusal is final, RECONNECT-06).
    public static func disconnect(at: Timestamp, jobId: String, reason: String, refusedWith status: Int? = nil) -> String {
        var fields: JSONObject = ["reason": .string(reason)]
        if let status { fields["status"] = .integer(Int64(status)) }
        return line(.app, "disconnect", at: at, jobId: jobId, fields)
    }

    /// A cancel request the server answered with `status` (and `alreadyCanceled` in its body's data).
    public static func cancel(at: Timestamp, jobId: String, status: Int, alreadyCanceled: Bool = false) -> String {
        line(.server, "cancel", at: at, jobId: jobId, [
            "request": .object(["jobId": .string(jobId)]),
            "response": .object(["status": .integer(Int64(status)), "body": .object(["data": .object(["alreadyCanceled": .bool(alreadyCanceled)])])]),
        ])
    }

    /// What a throttle sent for a stream, as the server's side of a recording: `job_started`, each
    /// progress message and the terminal `job_complete`, at the trace's times.
    public static func serverSide(of trace: ThrottleTrace, jobId: String, pipeline: ProgressPipeline = .batchEnrichment) -> [String] {
        var lines = [frame(.server, at: trace.start, ProgressMessage(jobId: jobId, pipeline: pipeline, timestamp: trace.start, payload: .jobStarted(JobStarted(totalCount: trace.totalCount))))]
        var highest = 0
        for emission in trace.emissions {
            let payload: ProgressPayload
            switch emission.kind {
            case let .progress(update):
                highest = max(highest, update.processedCount)
                payload = .progress(update)
            case .finish:
                payload = .complete(JobCompletion(
                    canceled: false, totalProcessed: highest, totalCount: max(trace.totalCount, highest), successCount: highest, failureCount: 0,
                    durationMilliseconds: max(0, emission.at.epochMilliseconds - trace.start.epochMilliseconds)
                ))
            }
            lines.append(frame(.server, at: emission.at, ProgressMessage(jobId: jobId, pipeline: pipeline, timestamp: emission.at, payload: payload)))
        }
        return lines
    }

    private static func line(_ side: RecordingLine.Side, _ kind: String, at: Timestamp, jobId: String, _ extra: JSONObject = JSONObject()) -> String {
        var object = extra
        object["v"] = .integer(RecordingLine.formatVersion)
        object["side"] = .string(side.rawValue)
        object["kind"] = .string(kind)
        object["t_ms"] = .integer(at.epochMilliseconds)
        object["jobId"] = .string(jobId)
        return JSONValue.object(object).encodedString()
    }
}
