/// Every limit of the backend's enrichment job and its cancel endpoint, each stated once with its unit.
package enum BackendLimits {
    /// How long a job runs on once no device follows it, in milliseconds: the upper end of seed 000's
    /// "Enrichment eventually completes or times out (30-60s typical)" after a failed cancel (D-195).
    package static let unfollowedJobLifetimeMilliseconds: Int64 = 60_000
    /// The largest request body accepted, in bytes.
    package static let cancelRequestBytesMax = 16_384
}
