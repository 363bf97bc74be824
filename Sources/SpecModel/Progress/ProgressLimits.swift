/// Every limit of the progress protocol (seed 003), each stated once with its unit and its source. The
/// types that keep a limit take it from here (`ProgressThrottle.intervalMillisecondsDefault` is
/// `throttleIntervalMilliseconds`), and so do the kit, sessioncheck and the vectors; the rules' statements
/// and the suites' boundary examples spell the numbers out, so that a change here fails them until the
/// decision behind it changes too.
package enum ProgressLimits {
    // The throttle (THROTTLE-*).

    /// The seed's interval, "at most once per 500ms": a report at least this long after the last
    /// progress message goes at once; in milliseconds.
    package static let throttleIntervalMilliseconds: Int64 = 500
    /// The seed's keep-alive, "Don't throttle if >10s since last update"; in milliseconds.
    package static let keepAliveMilliseconds: Int64 = 10_000
    /// The window of THROTTLE-01's rate, in milliseconds: the seed's "<2 progress messages per second"
    /// read as at most `progressMessagesPerRateWindowMax` in any half-open second (D-071).
    package static let rateWindowMilliseconds: Int64 = 1_000
    /// The most `job_progress` messages in one rate window (D-071).
    package static let progressMessagesPerRateWindowMax = 2

    // Messages (D-076).

    /// The largest message accepted, in bytes (64 KiB): a structured error with ten long titles is under
    /// 20 KiB, and the completion carries counts, not per-book results.
    package static let messageBytesMax = 65_536
    /// The most UTF-8 bytes in a job ID; production's are 36-character UUIDs.
    package static let jobIdBytesMax = 128
    /// The most UTF-8 bytes in a title or a status line; the encoder cuts longer ones at a Unicode
    /// scalar boundary, so everything encoded decodes.
    package static let textBytesMax = 4_096
    /// The most UTF-8 bytes in an error's `message` or `userMessage`.
    package static let errorMessageBytesMax = 4_096
    /// The most affected items an error lists (Seed: 003_…, Task 3, "Up to 10 items").
    package static let affectedItemsMax = 10
    /// The most UTF-8 bytes in one affected item (a book title, typically).
    package static let affectedItemBytesMax = 1_000
    /// The most UTF-8 bytes in an error detail's `provider`, `fileName` or `apiEndpoint`.
    package static let errorDetailTextBytesMax = 1_000
    /// The most UTF-8 bytes of a book title a status line quotes.
    package static let statusTitleBytesMax = 1_000
    /// The most bytes an error code may have after its `E_` prefix.
    package static let errorCodeNameBytesMax = 60

    // The socket and the client (SOCKET-*, RECONNECT-*, HEARTBEAT-*).

    /// The most rejected frames the socket and the client each keep for diagnosis; older ones are
    /// dropped, and counted.
    package static let rejectedFramesKept = 16
    /// The server's idle close, in milliseconds: Cloudflare closes a socket idle for about 100 s.
    package static let idleTimeoutMilliseconds: Int64 = 100_000
    /// The seed's ping interval, in milliseconds.
    package static let pingIntervalMilliseconds: Int64 = 30_000
    /// How long a ping waits for its pong before it counts as missed, in milliseconds.
    package static let pongTimeoutMilliseconds: Int64 = 5_000
    /// The consecutive missed pongs that ask for a reconnect: the seed's "3 attempts" (D-077).
    package static let missedPongsMax = 3
    /// How long the client waits for `sync_response` before asking again, in milliseconds: the pong budget.
    package static let syncRetryMilliseconds: Int64 = pongTimeoutMilliseconds
    /// Production's delays between reconnect tries, in milliseconds.
    package static let reconnectDelaysMilliseconds: [Int64] = [1_000, 2_000, 4_000, 8_000, 16_000]
    /// The longest delay between two tries, and the delay of every try after the listed ones, in
    /// milliseconds.
    package static let reconnectDelayCapMilliseconds: Int64 = 30_000
    /// How long the client keeps trying through continuous failure, in milliseconds: ten minutes (D-078).
    package static let reconnectGiveUpAfterMilliseconds: Int64 = 600_000
    /// How long a connection attempt may take before it counts as failed, in milliseconds (production: 10 s).
    package static let handshakeTimeoutMilliseconds: Int64 = 10_000
}
