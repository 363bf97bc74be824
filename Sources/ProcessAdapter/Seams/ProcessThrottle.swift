import SpecModel

/// A program's progress throttle, as a `ProgressThrottling` the kit's suite checks.
///
/// Methods (each a `call` with the virtual time `now` in epoch milliseconds):
/// - `deadline` → `null` or epoch milliseconds;
/// - `offer` with `{"update": Update}` → `{"kind": "sent", "reason": "first"|"interval"|"milestone"|
///   "keepAlive"|"flush"}`, `{"kind": "held"}`, `{"kind": "stale"}` or `{"kind": "afterFinish"}`;
/// - `fire` → `{"kind": "nothingDue"}`, `{"kind": "flushed", "update": Update}`,
///   `{"kind": "keptAlive", "update": Update}` or `{"kind": "finished", "flushed": Update|null}`;
/// - `finish` → `{"kind": "now", "flushed": Update|null}`, `{"kind": "deferred", "until": ms}` or
///   `{"kind": "alreadyFinished"}`.
///
/// An Update is `{"processedCount", "totalCount", "currentTitle"?, "userMessage"?, "keepAlive"}`.
/// After the program fails, every method answers as a throttle that does nothing would, and the runner
/// reports the failure instead of the suite's verdicts.
public struct ProcessThrottle: ProgressThrottling {
    private var instance: AdapterInstance

    /// A fresh throttle in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.progressThrottle, in: session)
    }

    /// Asks the program when its throttle next has work (`deadline`); `nil` once the program has failed.
    public var deadline: Timestamp? {
        instance.call("deadline", now: nil) { field throws(JSONFieldError) in
            try field.nullable { field throws(JSONFieldError) in Timestamp(epochMilliseconds: try field.int64()) }
        } ?? nil
    }

    /// Offers the program's throttle `update` at `now` (`offer`); held once the program has failed.
    public mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        unique()
        return instance.call("offer", now: now, input: .members([("update", Self.encode(update))])) { field throws(JSONFieldError) in
            switch try field.kind() {
            case "sent":
                let reason = try field.field("reason")
                guard let value = ThrottleSendReason(rawValue: try reason.string()) else {
                    throw reason.invalid("expected one of first, interval, milestone, keepAlive, flush")
                }
                return .sent(value)
            case "held": return .held
            case "stale": return .stale
            case "afterFinish": return .afterFinish
            case let other: throw try field.field("kind").invalid("\"\(other)\" is not a decision; expected sent, held, stale or afterFinish")
            }
        } ?? .held
    }

    /// Asks the program to run its throttle's timers at `now` (`fire`); nothing due once the program has failed.
    public mutating func fire(at now: Timestamp) -> ThrottleFire {
        unique()
        return instance.call("fire", now: now) { field throws(JSONFieldError) in
            switch try field.kind() {
            case "nothingDue": return .nothingDue
            case "flushed": return .flushed(try Self.decodeUpdate(field.field("update")))
            case "keptAlive": return .keptAlive(try Self.decodeUpdate(field.field("update")))
            case "finished": return .finished(flushed: try field.optional("flushed", Self.decodeUpdate))
            case let other: throw try field.field("kind").invalid("\"\(other)\" is not a fire outcome; expected nothingDue, flushed, keptAlive or finished")
            }
        } ?? .nothingDue
    }

    /// Asks the program to finish its throttle at `now` (`finish`); already finished once the program has failed.
    public mutating func finish(at now: Timestamp) -> ThrottleFinish {
        unique()
        return instance.call("finish", now: now) { field throws(JSONFieldError) in
            switch try field.kind() {
            case "now": return .now(flushed: try field.optional("flushed", Self.decodeUpdate))
            case "deferred": return .deferred(until: Timestamp(epochMilliseconds: try field.field("until").int64()))
            case "alreadyFinished": return .alreadyFinished
            case let other: throw try field.field("kind").invalid("\"\(other)\" is not a finish outcome; expected now, deferred or alreadyFinished")
            }
        } ?? .alreadyFinished
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&instance) { instance = instance.cloned() }
    }

    /// An update as the protocol writes it.
    static func encode(_ update: ProgressUpdate) -> JSONValue {
        .members([
            ("processedCount", .int(update.processedCount)), ("totalCount", .int(update.totalCount)),
            ("currentTitle", update.currentTitle.map(JSONValue.string)), ("userMessage", update.userMessage.map(JSONValue.string)),
            ("keepAlive", .bool(update.keepAlive)),
        ])
    }

    /// An update from the protocol; counts must not be negative.
    static func decodeUpdate(_ field: JSONField) throws(JSONFieldError) -> ProgressUpdate {
        let processed = try field.field("processedCount").int()
        let total = try field.field("totalCount").int()
        guard processed >= 0 else { throw try field.field("processedCount").invalid("must not be negative") }
        guard total >= 0 else { throw try field.field("totalCount").invalid("must not be negative") }
        return ProgressUpdate(
            processedCount: processed, totalCount: total,
            currentTitle: try field.optional("currentTitle") { field throws(JSONFieldError) in try field.string() },
            userMessage: try field.optional("userMessage") { field throws(JSONFieldError) in try field.string() },
            keepAlive: try field.optional("keepAlive") { field throws(JSONFieldError) in try field.bool() } ?? false
        )
    }
}
