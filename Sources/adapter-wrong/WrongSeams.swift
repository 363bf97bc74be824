import ProcessAdapter
import SpecConformance
import SpecModel

/// One plausible flaw per seam, each of the kind an app or backend team writes, with the rules that
/// must reject it (`AdapterRunnerTests` holds the runner to them). Where a flaw follows a seed passage
/// the decisions depart from, the rule it breaks is a decision's and the grade is "differs"; the 60 s
/// pings and the unprefixed error codes break the seed's own words (HEART-01, ERROR-01), so the program
/// fails a MUST and `adapterrun` exits 1 without `--strict`.
enum WrongSeams {
    static var factories: [AdapterServer.Factory] { [
        // The seed's throttle as written: differs from D-071 to D-074 (THROTTLE-01, -04, -05 and -06); it
        // keeps every seed rule, since the seed contradicts itself there.
        .progressThrottle { SeedProgressThrottle() },
        // Broadcasts no `canceled` (as production does): CANCEL-02, seed 000's broadcast; and writes the
        // final complete's duration in seconds (seed 003's own code): JOB-03.
        .enrichmentJobBackend { QuietSecondsBackend() },
        // The backoff's 1, 2, 4, 8, 16 and 30 in milliseconds instead of seconds: differs from D-078
        // (RECONNECT-01).
        .progressReconnect { ModelProgressSocketClient(policy: ReconnectPolicy(delaysMilliseconds: [1, 2, 4, 8, 16], delayCapMilliseconds: 30)) },
        // `timestamp` in seconds, `Date().timeIntervalSince1970` without the × 1000: differs from D-075
        // (CODEC-01), and CODEC-02 is blocked by it.
        .progressMessageEncoding { SecondsTimestampEncoder() },
        // `ErrorCodes` names without the `E_` prefix: fails ERROR-01 (the seed's `E_ENRICHMENT_FAILED`),
        // and ERROR-10 is blocked by it.
        .structuredErrors { UnprefixedCodesBuilder() },
        // floor(p / t × 100) in doubles, so 29 of 100 is 28%: differs from D-088 (STATUS-03).
        .statusMessages { FloatingPointPercentageFormatter() },
        // Reads either side's types, so an app accepts `ping`: differs from D-076 (CODEC-08).
        .progressMessageDecoding { EitherSideDecoder() },
        // Pings every 60 s, the top of the expert's "every 30-60 seconds": fails HEART-01 (the seed's
        // "Client sends ping: Every 30 seconds"); HEART-04 is blocked by it.
        .heartbeat { ModelHeartbeat(Heartbeat(pingIntervalMilliseconds: 60_000)) },
    ] }
}

private struct QuietSecondsBackend: EnrichmentJobBackend {
    var inner = ModelEnrichmentJobBackend()

    mutating func startJob(_ jobId: String, token: String?, books: [JobBook], at now: Timestamp) {
        inner.startJob(jobId, token: token, books: books, at: now)
    }

    mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse {
        inner.handleCancelRequest(request, at: now)
    }

    mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome) {
        inner.runLoopTurn(of: jobId, at: now, provider: provider)
    }

    mutating func failJob(_ jobId: String, at now: Timestamp, code: String, message: String) {
        inner.failJob(jobId, at: now, code: code, message: message)
    }

    mutating func takeBroadcasts(of jobId: String) -> [JobMessage] {
        inner.takeBroadcasts(of: jobId).compactMap { message in
            switch message {
            case .canceled: return nil
            case let .complete(complete):
                return .complete(JobCompleteMessage(
                    jobId: complete.jobId, timestamp: complete.timestamp, canceled: complete.canceled, processedItems: complete.processedItems,
                    totalItems: complete.totalItems, successCount: complete.successCount, failureCount: complete.failureCount,
                    durationMilliseconds: complete.durationMilliseconds / 1_000
                ))
            default: return message
            }
        }
    }
}

private struct SecondsTimestampEncoder: ProgressMessageEncoding {
    func encode(_ message: ProgressMessage) -> [UInt8] {
        edit(ProgressMessageCodec.encode(message)) { object in object["timestamp"] = .integer(message.timestamp.epochMilliseconds / 1_000) }
    }
}

private struct UnprefixedCodesBuilder: StructuredErrorBuilding {
    func errorPayload(for failure: ProgressFailure) -> [UInt8] {
        edit(ModelStructuredErrorBuilder().errorPayload(for: failure)) { object in
            if let code = object["code"]?.string, code.hasPrefix("E_") { object["code"] = .string(String(code.dropFirst(2))) }
        }
    }
}

private struct FloatingPointPercentageFormatter: StatusMessageFormatting {
    func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
        var line = ModelStatusMessageFormatter().enrichmentStatus(processed: processed, total: total, currentTitle: currentTitle, hasError: hasError, jobStartedAt: jobStartedAt, now: now)
        let clampedTotal = max(total, 0)
        let clampedProcessed = min(max(processed, 0), clampedTotal)
        if clampedTotal > 0 { line.percentage = Int((Double(clampedProcessed) / Double(clampedTotal) * 100).rounded(.down)) }
        return line
    }

    func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine {
        ModelStatusMessageFormatter().csvImportStatus(fraction: fraction, phase: phase)
    }

    func aiScanStatus(phase: AIScanPhase) -> StatusLine {
        ModelStatusMessageFormatter().aiScanStatus(phase: phase)
    }
}

private struct EitherSideDecoder: ProgressMessageDecoding {
    func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        do {
            return try ProgressMessageCodec.decode(bytes)
        } catch {
            throw ProgressMessageRejection(error)
        }
    }
}

/// `bytes` (a JSON object the model wrote) with `change` applied to its top-level object.
private func edit(_ bytes: [UInt8], _ change: (inout JSONObject) -> Void) -> [UInt8] {
    do {
        guard var object = try JSONValue(parsing: bytes).object else { preconditionFailure("the model writes objects") }
        change(&object)
        return JSONValue.object(object).encoded()
    } catch {
        preconditionFailure("the model writes JSON: \(error)")
    }
}
