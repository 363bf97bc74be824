/// The throttle's properties, checked on a trace: the specification both throttles are held to.
///
/// Seed: 003_…, Task 2 and "Success Metrics" ("<2 progress messages per second", "No messages lost
/// (final count accurate)"). Each property is named, so a test can check one alone (the seed's throttle
/// is shown to break `rate`) or all of them (the reference throttle passes every one).
public enum ThrottleProperty: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Never more than 2 progress messages in any half-open one-second window.
    case rate
    /// Every milestone (the first report at or past each quarter: 25, 50, 75, 100%) is delivered, or
    /// subsumed by a message with a higher count, within one interval of being reported (D-071).
    case milestoneDelivered
    /// The highest count reported before the finish reaches the client before the terminal message.
    case finalCountBeforeFinish
    /// The counts the client sees never go backwards.
    case countsNeverGoBackwards
    /// Nothing is sent after the terminal message, which is sent once, within one interval of the finish.
    case nothingAfterFinish
    /// After the first message and until the finish, the client never waits longer than the keep-alive
    /// period for a message (D-073).
    case keepAlive

    public var description: String { rawValue }
}

/// A property a trace breaks, with the evidence.
public struct ThrottleViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The property the trace breaks.
    public let property: ThrottleProperty
    /// What breaks it, with times as offsets from the stream's start, in milliseconds.
    public let evidence: String

    public var description: String { "\(property): \(evidence)" }
}

/// The limits the properties check against.
public struct ThrottleLimits: Hashable, Sendable {
    /// The window `rate` counts progress messages in, in milliseconds.
    public var windowMilliseconds = ProgressLimits.rateWindowMilliseconds
    /// The most progress messages `rate` allows in one window.
    public var messagesPerWindowMax = ProgressLimits.progressMessagesPerRateWindowMax
    /// How long a milestone or a finish may wait, in milliseconds (the reference throttle's interval).
    public var intervalMilliseconds: Int64 = ProgressThrottle.intervalMillisecondsDefault
    /// The longest silence `keepAlive` allows, in milliseconds (the reference throttle's keep-alive
    /// period).
    public var keepAliveMilliseconds: Int64 = ProgressThrottle.keepAliveMillisecondsDefault

    /// The seed's limits, as `ProgressLimits` states them.
    public init() {}
}

extension ThrottleTrace {
    /// The first violation of `property`, or `nil` if the trace keeps it.
    public func violation(of property: ThrottleProperty, limits: ThrottleLimits = ThrottleLimits()) -> ThrottleViolation? {
        let evidence: String?
        switch property {
        case .rate: evidence = rateEvidence(limits)
        case .milestoneDelivered: evidence = milestoneEvidence(limits)
        case .finalCountBeforeFinish: evidence = finalCountEvidence()
        case .countsNeverGoBackwards: evidence = backwardsEvidence()
        case .nothingAfterFinish: evidence = afterFinishEvidence(limits)
        case .keepAlive: evidence = keepAliveEvidence(limits)
        }
        return evidence.map { ThrottleViolation(property: property, evidence: $0) }
    }

    /// Every property the trace breaks, in `ThrottleProperty` order.
    public func violations(limits: ThrottleLimits = ThrottleLimits()) -> [ThrottleViolation] {
        ThrottleProperty.allCases.compactMap { violation(of: $0, limits: limits) }
    }

    /// Milliseconds from the stream's start.
    func offset(_ time: Timestamp) -> Int64 { time.epochMilliseconds - start.epochMilliseconds }

    private func rateEvidence(_ limits: ThrottleLimits) -> String? {
        let times = progressEmissions.map(\.at)
        let span = limits.messagesPerWindowMax
        guard times.count > span else { return nil }
        for index in 0..<(times.count - span) where times[index + span].epochMilliseconds - times[index].epochMilliseconds < limits.windowMilliseconds {
            let within = times[index...(index + span)].map { "+\(offset($0))" }.joined(separator: ", ")
            return "\(span + 1) progress messages within \(limits.windowMilliseconds) ms, at \(within) ms"
        }
        return nil
    }

    /// The reports the properties hold the throttle to: those made before the job asked to finish.
    private var reportsBeforeFinish: [Report] { reports.filter { !$0.afterFinishRequest } }

    private func milestoneEvidence(_ limits: ThrottleLimits) -> String? {
        var quarterReached = 0
        for report in reportsBeforeFinish {
            let quarter = ProgressUpdate.quarter(report.processedCount, of: totalCount)
            guard quarter > quarterReached else { continue }
            quarterReached = quarter
            let limit = report.at.adding(milliseconds: limits.intervalMilliseconds)
            let delivered = emissions.contains { emission in
                emission.at <= limit && (emission.progress?.processedCount ?? -1) >= report.processedCount
            }
            if !delivered {
                return "milestone \(report.processedCount)/\(totalCount) reported at +\(offset(report.at)) ms was not delivered or subsumed by +\(offset(limit)) ms"
            }
        }
        return nil
    }

    private func finalCountEvidence() -> String? {
        guard let finishIndex = emissions.firstIndex(where: { $0.kind == .finish }) else { return nil }
        guard let highest = reportsBeforeFinish.map(\.processedCount).max() else { return nil }
        let seen = emissions[..<finishIndex].compactMap { $0.progress?.processedCount }.max()
        guard seen != highest else { return nil }
        return "the highest count reported was \(highest), but the client saw \(seen.map(String.init) ?? "no count") before the finish at +\(offset(emissions[finishIndex].at)) ms"
    }

    private func backwardsEvidence() -> String? {
        var highest: (count: Int, at: Timestamp)?
        for emission in emissions {
            guard let count = emission.progress?.processedCount else { continue }
            if let highest, count < highest.count {
                return "count \(count) sent at +\(offset(emission.at)) ms after count \(highest.count) at +\(offset(highest.at)) ms"
            }
            highest = (count, emission.at)
        }
        return nil
    }

    private func afterFinishEvidence(_ limits: ThrottleLimits) -> String? {
        let finishes = emissions.indices.filter { emissions[$0].kind == .finish }
        if finishes.count > 1 {
            return "the terminal message was sent \(finishes.count) times"
        }
        if let requested = finishRequestedAt {
            guard let finish = finishes.first else {
                return "the job finished at +\(offset(requested)) ms but no terminal message was sent"
            }
            let latest = requested.adding(milliseconds: limits.intervalMilliseconds)
            if emissions[finish].at > latest {
                return "the terminal message went out at +\(offset(emissions[finish].at)) ms, more than \(limits.intervalMilliseconds) ms after the finish at +\(offset(requested)) ms"
            }
        }
        if let finish = finishes.first, finish + 1 < emissions.count {
            let late = emissions[finish + 1]
            return "a message (\(late.progress.map { "progress \($0)" } ?? "finish")) was sent at +\(offset(late.at)) ms, after the terminal message at +\(offset(emissions[finish].at)) ms"
        }
        return nil
    }

    private func keepAliveEvidence(_ limits: ThrottleLimits) -> String? {
        guard let first = emissions.first else { return nil }
        let end = emissions.first(where: { $0.kind == .finish })?.at ?? finishRequestedAt
        var previous = first.at
        for emission in emissions.dropFirst() {
            if let end, emission.at > end { break }
            if emission.at.epochMilliseconds - previous.epochMilliseconds > limits.keepAliveMilliseconds {
                return "no message between +\(offset(previous)) ms and +\(offset(emission.at)) ms, longer than \(limits.keepAliveMilliseconds) ms"
            }
            previous = emission.at
        }
        let stop = end ?? observedUntil
        if stop.epochMilliseconds - previous.epochMilliseconds > limits.keepAliveMilliseconds {
            return "no message between +\(offset(previous)) ms and +\(offset(stop)) ms, longer than \(limits.keepAliveMilliseconds) ms"
        }
        return nil
    }
}
