import TextFormats

/// The wire form of progress messages: each payload as a JSON object, and decoding that checks every
/// field's presence, kind and range, naming the field's path on failure.
extension ProgressMessage {
    public static let textBytesMax = ProgressLimits.textBytesMax

    /// The message as a JSON value; `ProgressMessageCodec.encode` writes it canonically. Members are
    /// built in key order, which the encoder then does not need to sort.
    public var json: JSONValue {
        .object([
            "jobId": .string(jobId),
            "payload": payload.json,
            "pipeline": .string(pipeline.rawValue),
            "timestamp": .integer(timestamp.epochMilliseconds),
            "type": .string(type.rawValue),
            "version": .string(Self.version),
        ])
    }
}

extension ProgressPayload {
    /// The payload as a JSON object.
    public var json: JSONValue {
        switch self {
        case let .jobStarted(started):
            return .object(["totalCount": .integer(Int64(started.totalCount))])
        case let .progress(update):
            // In key order: currentTitle, keepAlive, processedCount, totalCount, userMessage.
            var members: [JSONObject.Member] = []
            members.reserveCapacity(5)
            if let title = update.currentTitle { members.append(("currentTitle", .string(TextExcerpt.prefix(title, utf8BytesMax: ProgressMessage.textBytesMax)))) }
            if update.keepAlive { members.append(("keepAlive", true)) }
            members.append(("processedCount", .integer(Int64(update.processedCount))))
            members.append(("totalCount", .integer(Int64(update.totalCount))))
            if let line = update.userMessage { members.append(("userMessage", .string(TextExcerpt.prefix(line, utf8BytesMax: ProgressMessage.textBytesMax)))) }
            return .object(JSONObject(uncheckedMembers: members))
        case let .complete(completion):
            return completion.json
        case let .error(error):
            return error.payload
        case let .canceled(cancellation):
            return .object([
                "message": .string(TextExcerpt.prefix(cancellation.message, utf8BytesMax: ProgressMessage.textBytesMax)),
                "processedItems": .integer(Int64(cancellation.processedItems)),
                "totalItems": .integer(Int64(cancellation.totalItems)),
            ])
        case let .ping(ping):
            var object = JSONObject()
            if let time = ping.clientTime { object["clientTime"] = .integer(time) }
            return .object(object)
        case let .pong(pong):
            var members: [JSONObject.Member] = []
            if let time = pong.clientTime { members.append(("clientTime", .integer(time))) }
            members.append(("serverTime", .integer(pong.serverTime)))
            return .object(JSONObject(uncheckedMembers: members))
        case let .syncRequest(request):
            var object = JSONObject()
            if let count = request.lastProcessedCount { object["lastProcessedCount"] = .integer(Int64(count)) }
            return .object(object)
        case let .syncResponse(snapshot):
            var object: JSONObject = [
                "status": .string(snapshot.status.rawValue),
                "processedCount": .integer(Int64(snapshot.processedCount)),
                "totalCount": .integer(Int64(snapshot.totalCount)),
            ]
            if let completion = snapshot.completion { object["completion"] = completion.json }
            if let error = snapshot.error { object["error"] = error.payload }
            return .object(object)
        }
    }

    /// Decodes the payload of a message of `type`.
    ///
    /// A payload may repeat the message's `type` (production does); if it does, it must agree.
    /// Members the type does not define are ignored, so a newer `1.x` sender can add some.
    public init(decoding payload: JSONField, type: ProgressMessageType) throws(JSONFieldError) {
        if let repeated = try payload.optionalField("type") {
            let text = try repeated.string()
            guard text.utf8.elementsEqual(type.rawValue.utf8) else {
                throw repeated.invalid("repeats the type as \"\(TextExcerpt.prefix(text, utf8BytesMax: 64))\" but the message is \(type.rawValue)")
            }
        }
        switch type {
        case .jobStarted:
            self = .jobStarted(JobStarted(totalCount: try payload.field("totalCount").count()))
        case .jobProgress:
            let processed = try payload.field("processedCount").count()
            let total = try payload.field("totalCount").count()
            guard processed <= total else { throw try payload.field("processedCount").invalid("is \(processed), more than totalCount \(total)") }
            self = .progress(ProgressUpdate(
                processedCount: processed, totalCount: total,
                currentTitle: try payload.optionalField("currentTitle")?.text(utf8BytesMax: ProgressMessage.textBytesMax),
                userMessage: try payload.optionalField("userMessage")?.text(utf8BytesMax: ProgressMessage.textBytesMax),
                keepAlive: try payload.optionalField("keepAlive")?.bool() ?? false
            ))
        case .jobComplete:
            self = .complete(try JobCompletion(decoding: payload))
        case .error:
            self = .error(try StructuredError(decoding: payload))
        case .canceled:
            let processed = try payload.field("processedItems").count()
            let total = try payload.field("totalItems").count()
            guard processed <= total else { throw try payload.field("processedItems").invalid("is \(processed), more than totalItems \(total)") }
            self = .canceled(JobCancellation(message: try payload.field("message").text(utf8BytesMax: ProgressMessage.textBytesMax), processedItems: processed, totalItems: total))
        case .ping:
            self = .ping(Ping(clientTime: try payload.optionalField("clientTime")?.int64()))
        case .pong:
            self = .pong(Pong(clientTime: try payload.optionalField("clientTime")?.int64(), serverTime: try payload.field("serverTime").int64()))
        case .syncRequest:
            self = .syncRequest(SyncRequest(lastProcessedCount: try payload.optionalField("lastProcessedCount")?.count()))
        case .syncResponse:
            self = .syncResponse(try JobSnapshot(decoding: payload))
        }
    }
}

extension JobCompletion {
    /// `{canceled, summary: {totalProcessed, totalCount, successCount, failureCount, duration}, userMessage?}`.
    var json: JSONValue {
        var object: JSONObject = [
            "canceled": .bool(canceled),
            "summary": .object([
                "duration": .integer(durationMilliseconds),
                "failureCount": .integer(Int64(failureCount)),
                "successCount": .integer(Int64(successCount)),
                "totalCount": .integer(Int64(totalCount)),
                "totalProcessed": .integer(Int64(totalProcessed)),
            ]),
        ]
        if let line = userMessage { object["userMessage"] = .string(TextExcerpt.prefix(line, utf8BytesMax: ProgressMessage.textBytesMax)) }
        return .object(object)
    }

    init(decoding payload: JSONField) throws(JSONFieldError) {
        let summary = try payload.field("summary")
        let processed = try summary.field("totalProcessed").count()
        let total = try summary.field("totalCount").count()
        let successes = try summary.field("successCount").count()
        let failures = try summary.field("failureCount").count()
        let duration = try summary.field("duration").int64()
        guard processed <= total else { throw try summary.field("totalProcessed").invalid("is \(processed), more than totalCount \(total)") }
        guard successes <= processed, failures == processed - successes else {
            throw summary.invalid("successCount \(successes) and failureCount \(failures) do not add up to totalProcessed \(processed)")
        }
        guard duration >= 0 else { throw try summary.field("duration").invalid("is negative (\(duration) ms)") }
        self.init(
            canceled: try payload.field("canceled").bool(), totalProcessed: processed, totalCount: total,
            successCount: successes, failureCount: failures, durationMilliseconds: duration,
            userMessage: try payload.optionalField("userMessage")?.text(utf8BytesMax: ProgressMessage.textBytesMax)
        )
    }
}

extension JobSnapshot {
    init(decoding payload: JSONField) throws(JSONFieldError) {
        let statusField = try payload.field("status")
        let statusText = try statusField.string()
        guard let status = JobStatus(rawValue: statusText) else {
            throw statusField.invalid("\"\(TextExcerpt.prefix(statusText, utf8BytesMax: 64))\" is not a job status; expected one of \(JobStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let processed = try payload.field("processedCount").count()
        let total = try payload.field("totalCount").count()
        guard processed <= total else { throw try payload.field("processedCount").invalid("is \(processed), more than totalCount \(total)") }
        let completionField = try payload.optionalField("completion")
        let completion = try completionField.map { field throws(JSONFieldError) in try JobCompletion(decoding: field) }
        let errorField = try payload.optionalField("error")
        let error = try errorField.map { field throws(JSONFieldError) in try StructuredError(decoding: field) }
        switch status {
        case .running:
            if let completionField { throw completionField.invalid("a running job has no completion yet") }
            if let errorField { throw errorField.invalid("a running job has no error") }
        case .complete:
            guard let completion else { throw JSONFieldError.missing(path: payload.childPath("completion")) }
            if completion.canceled { throw completionField!.invalid("says canceled but the status is complete") }
            if let errorField { throw errorField.invalid("a completed job has no error") }
        case .canceled:
            if let completion, !completion.canceled { throw completionField!.invalid("does not say canceled but the status is canceled") }
            if let errorField { throw errorField.invalid("a canceled job has no error") }
        case .failed:
            guard error != nil else { throw JSONFieldError.missing(path: payload.childPath("error")) }
            if let completionField { throw completionField.invalid("a failed job has no completion") }
        }
        self.init(status: status, processedCount: processed, totalCount: total, completion: completion, error: error)
    }
}
