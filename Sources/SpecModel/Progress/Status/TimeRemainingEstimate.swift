/// The seconds until a job is done, from the average time per item since the job started.
///
/// Seed: 003_…, Task 4, `estimateTimeRemaining(processedCount, totalCount, startTime = null)`:
/// `ceil(remaining × (elapsed / processed) / 1000)`. The seed never passes the start time, so its
/// estimate is always `null`; this one is given the job's start, and `now` as a value (the model
/// reads no clock), and so works (D-091):
///
/// - done (nothing remaining): 0, whatever the clock says;
/// - `now` before `start` (the clock went backwards): `nil`, no estimate;
/// - nothing processed yet: `nil`, as in the seed (no rate to go by);
/// - otherwise `ceil(remaining × elapsed / (processed × 1000))` seconds, computed exactly in integers
///   with a double-width product, so nothing overflows; an estimate beyond `Int.max` seconds (some
///   292 billion years) is `Int.max`.
///
/// Counts are brought into range as `StatusMessageFormatter.clampedCounts` does (negative is 0,
/// processed at most total), since they come from the wire.
public struct TimeRemainingEstimate: Hashable, Sendable {
    /// When the job started.
    public let start: Timestamp

    /// An estimate for a job that started at `start`.
    public init(start: Timestamp) {
        self.start = start
    }

    /// The estimated seconds until the job is done, at `now`, with `processed` of `total` items done.
    public func secondsRemaining(processed: Int, total: Int, now: Timestamp) -> Int? {
        let (processed, total) = StatusMessageFormatter.clampedCounts(processed: processed, total: total)
        let remaining = total - processed
        if remaining == 0 { return 0 }
        if now < start { return nil }
        if processed == 0 { return nil }
        // now ≥ start, so the true difference is in 0...2^64 - 1 and its bit pattern is exact.
        let elapsedMilliseconds = UInt64(bitPattern: now.epochMilliseconds &- start.epochMilliseconds)
        let product = UInt64(remaining).multipliedFullWidth(by: elapsedMilliseconds)
        let divisor = UInt64(processed)
        // The quotient fits in 64 bits exactly when the product's high word is below the divisor.
        guard product.high < divisor else { return Int.max }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        var milliseconds = quotient
        if remainder > 0 {
            guard milliseconds < UInt64.max else { return Int.max }
            milliseconds += 1
        }
        // ceil(ceil(a / b) / c) == ceil(a / (b × c)) for positive integers.
        let seconds = milliseconds / 1000 + (milliseconds % 1000 == 0 ? 0 : 1)
        return seconds > UInt64(Int.max) ? Int.max : Int(seconds)
    }
}
