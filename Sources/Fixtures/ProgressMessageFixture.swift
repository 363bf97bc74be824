import Generators
import SpecModel

/// Progress messages for the codec's properties and benchmarks: every type, with hostile text.
public enum ProgressMessageFixture {
    /// A job ID as production issues them.
    public static let jobId = "550e8400-e29b-41d4-a716-446655440000"

    /// Messages of every type, with counts that keep the payloads' rules and text full of what breaks
    /// encoders (quotes, backslashes, control characters, astral scalars).
    public static func generator() -> Gen<ProgressMessage> {
        let text = Gen<String>.frequency([
            (weight: 3, generator: Gen<String>.asciiString(count: 0...24)),
            (weight: 2, generator: Gen<String>.unicodeString(count: 0...12)),
            (weight: 1, generator: Gen<String>.fullASCIIString(count: 0...12)),
        ])
        let count = Gen<Int>.int(in: 0...5_000)
        let time = Gen<Int64>.integer(in: 0...4_102_444_800_000)
        let counts = Gen<(Int, Int)>.zip(count, count).map { a, b in (min(a, b), max(a, b)) }
        let progress = Gen<((Int, Int), String?, String?, Bool)>.zip(counts, text.optional(), text.optional(), Gen<Bool>.bool).map { counts, title, line, keepAlive in
            ProgressPayload.progress(ProgressUpdate(processedCount: counts.0, totalCount: counts.1, currentTitle: title, userMessage: line, keepAlive: keepAlive))
        }
        let completion = Gen<((Int, Int), Int, Bool, Int64, String?)>.zip(counts, count, Gen<Bool>.bool, Gen<Int64>.integer(in: 0...86_400_000), text.optional())
            .map { counts, split, canceled, duration, line in
                JobCompletion(
                    canceled: canceled, totalProcessed: counts.0, totalCount: counts.1,
                    successCount: counts.0 - min(split, counts.0), failureCount: min(split, counts.0),
                    durationMilliseconds: duration, userMessage: line
                )
            }
        let error = Gen<(Int, String, String, [String], Bool?, Int?)>.zip(
            Gen<Int>.int(in: 0...(ProgressErrorCode.known.count - 1)), text, text, Gen.array(of: text, count: 0...12),
            Gen<Bool>.bool.optional(), count.optional()
        ).map { code, message, userMessage, items, retryable, successes in
            StructuredError(
                code: ProgressErrorCode.known[code], message: message, userMessage: userMessage, affectedItems: items,
                retryable: retryable, details: ErrorDetails(successCount: successes, failureCount: items.count)
            )
        }
        let snapshot = Gen<(Int, (Int, Int), JobCompletion, StructuredError, Bool)>.zip(Gen<Int>.int(in: 0...3), counts, completion, error, Gen<Bool>.bool)
            .map { status, counts, completion, error, ended -> JobSnapshot in
                switch status {
                case 0: return JobSnapshot(status: .running, processedCount: counts.0, totalCount: counts.1)
                case 1:
                    var done = completion
                    done.canceled = false
                    return JobSnapshot(status: .complete, processedCount: done.totalProcessed, totalCount: done.totalCount, completion: done)
                case 2:
                    var done = completion
                    done.canceled = true
                    return ended
                        ? JobSnapshot(status: .canceled, processedCount: done.totalProcessed, totalCount: done.totalCount, completion: done)
                        : JobSnapshot(status: .canceled, processedCount: counts.0, totalCount: counts.1)
                default: return JobSnapshot(status: .failed, processedCount: counts.0, totalCount: counts.1, error: error)
                }
            }
        let payload = Gen<ProgressPayload>.oneOf([
            count.map { .jobStarted(JobStarted(totalCount: $0)) },
            progress,
            completion.map { .complete($0) },
            error.map { .error($0) },
            Gen<(String, (Int, Int))>.zip(text, counts).map { .canceled(JobCancellation(message: $0, processedItems: $1.0, totalItems: $1.1)) },
            time.optional().map { .ping(Ping(clientTime: $0)) },
            Gen<(Int64?, Int64)>.zip(time.optional(), time).map { .pong(Pong(clientTime: $0, serverTime: $1)) },
            count.optional().map { .syncRequest(SyncRequest(lastProcessedCount: $0)) },
            snapshot.map { .syncResponse($0) },
        ])
        let jobId = Gen<String>.frequency([
            (weight: 3, generator: Gen<String>.constant(jobId)),
            (weight: 1, generator: Gen<String>.string(of: Gen<Character>.element(of: Array("abcXYZ019-_.:")), count: 1...40)),
        ])
        return Gen<(String, Int, Int64, ProgressPayload)>.zip(jobId, Gen<Int>.int(in: 0...2), time, payload).map { jobId, pipeline, time, payload in
            ProgressMessage(jobId: jobId, pipeline: ProgressPipeline.allCases[pipeline], timestamp: Timestamp(epochMilliseconds: time), payload: payload)
        }
    }

    /// The messages of a batch-enrichment job of `items` books, unthrottled, as a server would write
    /// them and a client read them: `job_started`, a `job_progress` per book with its title and status
    /// line, a ping and its pong every 30 books, and `job_complete`.
    public static func traffic(items: Int) -> [ProgressMessage] {
        let start = ProgressUpdateStream.startDefault
        var messages = [ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: start, payload: .jobStarted(JobStarted(totalCount: items)))]
        for index in 0..<items {
            let at = start.adding(milliseconds: Int64(index + 1) * 600)
            let title = "The Book of \(index): \"Quoted\" & Co., Vol. \(index % 7)"
            messages.append(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .progress(ProgressUpdate(
                processedCount: index + 1, totalCount: items, currentTitle: title,
                userMessage: "Finding details for \(title)... \(index + 1) of \(items) books complete"
            ))))
            if index % 30 == 29 {
                messages.append(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .ping(Ping(clientTime: at.epochMilliseconds))))
                messages.append(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .pong(Pong(clientTime: at.epochMilliseconds, serverTime: at.epochMilliseconds + 40))))
            }
        }
        let end = start.adding(milliseconds: Int64(items + 1) * 600)
        messages.append(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: end, payload: .complete(JobCompletion(
            canceled: false, totalProcessed: items, totalCount: items, successCount: items - items / 10, failureCount: items / 10,
            durationMilliseconds: Int64(items + 1) * 600, userMessage: "Added \(items - items / 10) books. \(items / 10) couldn't be found."
        ))))
        return messages
    }
}
