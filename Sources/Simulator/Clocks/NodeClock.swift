import SpecModel

/// One node's clock against true (virtual) time: an offset, a drift, and jumps.
///
/// Each node (a device, the backend) reads its own clock, and the model's throttle and heartbeat take
/// that reading as their `Timestamp` (issue 7: "the throttle and heartbeat read their node's clock").
/// The local reading at true time `t` is
///
///     epochStart + offset + t + t × drift / 1,000,000 + (sum of the jumps at or before t)
///
/// in nanoseconds, with the drift in parts per million (a phone's crystal drifts by tens of ppm; NTP
/// corrections and manual changes are jumps, forwards or backwards). Everything is integer arithmetic,
/// so a reading is the same on every platform.
public struct NodeClock: Hashable, Sendable {
    /// A step of the clock at a true instant.
    public struct Jump: Hashable, Sendable {
        /// The true instant of the step, in nanoseconds of virtual time; readings at or after it include it.
        public var atTrueNanoseconds: UInt64
        /// How far the clock steps, in nanoseconds: positive forwards, negative backwards.
        public var byNanoseconds: Int64

        /// Creates a step of `byNanoseconds` at true time `atTrueNanoseconds`.
        public init(atTrueNanoseconds: UInt64, byNanoseconds: Int64) {
            self.atTrueNanoseconds = atTrueNanoseconds
            self.byNanoseconds = byNanoseconds
        }
    }

    /// The wall-clock time at true time 0, in milliseconds since 1970 (the seed's date by default).
    public var epochStartMilliseconds: Int64
    /// A fixed offset of the local reading from true time, in nanoseconds; negative runs behind.
    public var offsetNanoseconds: Int64
    /// Drift in parts per million: +50 runs 50 µs a second fast.
    public var driftPartsPerMillion: Int64
    /// Jumps, sorted by their true instant.
    public private(set) var jumps: [Jump]

    /// The most drift allowed, in ppm: far beyond any real crystal, small enough that local time always
    /// moves forward between jumps.
    public static let driftPartsPerMillionMax: Int64 = 100_000

    /// 2025-11-10T00:00:00Z, the seed's date, in milliseconds since 1970: the default wall-clock time at true time 0.
    public static let epochStartDefaultMilliseconds: Int64 = 1_762_732_800_000

    /// - Precondition: the drift is within ±`driftPartsPerMillionMax`.
    public init(epochStartMilliseconds: Int64 = epochStartDefaultMilliseconds, offsetNanoseconds: Int64 = 0, driftPartsPerMillion: Int64 = 0, jumps: [Jump] = []) {
        precondition(abs(driftPartsPerMillion) <= Self.driftPartsPerMillionMax, "a drift of \(driftPartsPerMillion) ppm is outside ±\(Self.driftPartsPerMillionMax)")
        self.epochStartMilliseconds = epochStartMilliseconds
        self.offsetNanoseconds = offsetNanoseconds
        self.driftPartsPerMillion = driftPartsPerMillion
        self.jumps = jumps.sorted { $0.atTrueNanoseconds < $1.atTrueNanoseconds }
    }

    public static let perfect = NodeClock()

    /// The local reading at true time `trueNanoseconds`, in nanoseconds since the clock's epoch start.
    public func localNanoseconds(at trueNanoseconds: UInt64) -> Int64 {
        let t = Int64(clamping: trueNanoseconds)
        // t × drift / 10^6 in full width: |drift| ≤ 10^5 ppm, so the quotient is at most t / 10 and fits.
        let drift = Int64(1_000_000).dividingFullWidth(t.multipliedFullWidth(by: driftPartsPerMillion)).quotient
        var reading = offsetNanoseconds &+ t &+ drift
        for jump in jumps where jump.atTrueNanoseconds <= trueNanoseconds {
            reading &+= jump.byNanoseconds
        }
        return reading
    }

    /// The wall-clock `Timestamp` the node reads at true time `trueNanoseconds` (milliseconds, rounded
    /// toward minus infinity).
    public func timestamp(at trueNanoseconds: UInt64) -> Timestamp {
        let local = localNanoseconds(at: trueNanoseconds)
        let milliseconds = local >= 0 ? local / 1_000_000 : (local - 999_999) / 1_000_000
        return Timestamp(epochMilliseconds: epochStartMilliseconds &+ milliseconds)
    }

    /// The earliest true time at or after `from` when the node's clock reads `deadline` or later: when a
    /// timer the node set for `deadline` on its own clock fires. `nil` if the clock never gets there
    /// (it cannot, since local time always moves forward between jumps, but a caller must not loop).
    public func trueNanoseconds(whenReading deadline: Timestamp, from: UInt64) -> UInt64? {
        let targetLocal = (deadline.epochMilliseconds &- epochStartMilliseconds).multipliedReportingOverflow(by: 1_000_000)
        guard !targetLocal.overflow else { return nil }
        if driftPartsPerMillion == 0, jumps.isEmpty {
            // A clock that only has an offset: a straight line of slope 1.
            let (due, overflow) = targetLocal.partialValue.subtractingReportingOverflow(offsetNanoseconds)
            guard !overflow else { return nil }
            return due <= 0 ? from : max(from, UInt64(due))
        }
        var start = from
        // Walk the segments between jumps; within one, local time is a straight line of slope
        // (1 + drift / 10^6) > 0.
        let upcoming = jumps.filter { $0.atTrueNanoseconds > from }.map(\.atTrueNanoseconds)
        for segmentEnd in upcoming + [UInt64.max] {
            let reading = localNanoseconds(at: start)
            if reading >= targetLocal.partialValue { return start }
            // Solve reading + (t - start) × (10^6 + drift) / 10^6 ≥ target for the smallest t.
            let missing = targetLocal.partialValue - reading
            let rate = 1_000_000 + driftPartsPerMillion
            let product = missing.multipliedFullWidth(by: 1_000_000)
            let (quotient, remainder) = rate.dividingFullWidth(product)
            let step = quotient + (remainder > 0 ? 1 : 0)
            let (candidate, overflow) = start.addingReportingOverflow(UInt64(max(0, step)))
            if !overflow, candidate < segmentEnd {
                // The reading rounds its drift toward zero, so the straight-line solution can be a few
                // nanoseconds off either way; settle on the exact first nanosecond.
                var t = candidate
                while t > start, localNanoseconds(at: t - 1) >= targetLocal.partialValue { t -= 1 }
                while localNanoseconds(at: t) < targetLocal.partialValue, t < segmentEnd { t += 1 }
                if t < segmentEnd { return t }
            }
            guard segmentEnd != .max else { return nil }
            start = segmentEnd
        }
        return nil
    }
}
