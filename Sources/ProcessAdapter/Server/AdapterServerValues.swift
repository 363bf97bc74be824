import SpecConformance
import SpecModel

/// The program side's half of the values the protocol carries: what a Swift adapter reads from a
/// request and writes in an answer. The runner's half is in each seam's proxy; the two are the same
/// shapes, and `AdapterRoundTripTests` holds them together.
enum AdapterServerValues {
    static func encode(_ decision: ThrottleDecision) -> JSONValue {
        switch decision {
        case let .sent(reason): .members([("kind", .string("sent")), ("reason", .string(reason.rawValue))])
        case .held: .members([("kind", .string("held"))])
        case .stale: .members([("kind", .string("stale"))])
        case .afterFinish: .members([("kind", .string("afterFinish"))])
        }
    }

    static func encode(_ fire: ThrottleFire) -> JSONValue {
        switch fire {
        case .nothingDue: .members([("kind", .string("nothingDue"))])
        case let .flushed(update): .members([("kind", .string("flushed")), ("update", ProcessThrottle.encode(update))])
        case let .keptAlive(update): .members([("kind", .string("keptAlive")), ("update", ProcessThrottle.encode(update))])
        case let .finished(flushed): .members([("kind", .string("finished")), ("flushed", flushed.map(ProcessThrottle.encode) ?? .null)])
        }
    }

    static func encode(_ finish: ThrottleFinish) -> JSONValue {
        switch finish {
        case let .now(flushed): .members([("kind", .string("now")), ("flushed", flushed.map(ProcessThrottle.encode) ?? .null)])
        case let .deferred(until): .members([("kind", .string("deferred")), ("until", .timestamp(until))])
        case .alreadyFinished: .members([("kind", .string("alreadyFinished"))])
        }
    }

    static func encode(_ line: StatusLine) -> JSONValue {
        .members([
            ("userMessage", .string(line.userMessage)), ("technicalMessage", .string(line.technicalMessage)),
            ("percentage", line.percentage.map(JSONValue.int)), ("remaining", line.remaining.map(JSONValue.int)),
            ("estimatedSecondsRemaining", line.estimatedSecondsRemaining.map(JSONValue.int)), ("phase", line.phase.map(JSONValue.string)),
        ])
    }

    /// A number, or one of the strings `NaN`, `Infinity`, `-Infinity`.
    static func double(_ field: JSONField) throws(JSONFieldError) -> Double {
        switch field.value.string {
        case "NaN"?: return .nan
        case "Infinity"?: return .infinity
        case "-Infinity"?: return -.infinity
        case .some: throw field.invalid("expected a number, NaN, Infinity or -Infinity")
        case nil: return try field.double()
        }
    }

    static func failure(_ field: JSONField) throws(JSONFieldError) -> ProgressFailure {
        func text(_ key: String) throws(JSONFieldError) -> String { try field.field(key).string() }
        // The model's error builders trap on a negative count or a status outside HTTP's range: they are
        // the backend's own facts. A request is untrusted input, so it is refused here instead.
        func number(_ key: String) throws(JSONFieldError) -> Int {
            let member = try field.field(key)
            let value = try member.int()
            guard value >= 0 else { throw member.invalid("must not be negative") }
            return value
        }
        switch try field.kind() {
        case "enrichmentFailed":
            return .enrichmentFailed(
                reason: try text("reason"),
                failedTitles: try field.field("failedTitles").elements().map { element throws(JSONFieldError) in try element.string() },
                successCount: try number("successCount")
            )
        case "csvImportFailed":
            let code = try field.optional("code") { element throws(JSONFieldError) -> ProgressErrorCode in
                guard let code = ProgressErrorCode(rawValue: try element.string()) else { throw element.invalid("not an error code") }
                return code
            }
            return .csvImportFailed(code: code, reason: try text("reason"), fileName: try text("fileName"), fileSize: try number("fileSize"))
        case "noBooksDetected": return .noBooksDetected(imageSize: try number("imageSize"))
        case "aiScanFailed": return .aiScanFailed(reason: try text("reason"), imageSize: try number("imageSize"))
        case "invalidMessage": return .invalidMessage(reason: try text("reason"))
        case "unauthorized": return .unauthorized
        case "jobNotFound": return .jobNotFound
        case "providerTimeout": return .providerTimeout(provider: try text("provider"))
        case "providerUnavailable":
            let statusCode = try field.optional("statusCode") { element throws(JSONFieldError) -> Int in
                let code = try element.int()
                guard ErrorDetails.statusCodeRange.contains(code) else { throw element.invalid("must be an HTTP status, 100 to 599") }
                return code
            }
            return .providerUnavailable(provider: try text("provider"), statusCode: statusCode)
        case "internalError": return .internalError(reason: try text("reason"))
        case let other: throw try field.field("kind").invalid("\"\(other)\" is not a failure")
        }
    }
}
