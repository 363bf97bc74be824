import Fixtures
import SpecModel

// The job socket suite's examples: fixed scripts and what each connection must receive, written as
// `SocketText` writes a transcript (the socket's messages and closes, times from the start).

extension ProgressJobSocketChecks {
    typealias Example = ConformanceExample<SocketExample>
    typealias StreamExample = ConformanceExample<SocketStreamExample>
    typealias Kind = ProgressUpdateStream.Kind

    static let connect = SocketCommand.connect(.own)

    static func report(_ count: Int) -> SocketCommand { .report(.count(count)) }

    static func ping(_ clientTime: Int64?, _ side: SocketSide = .current) -> SocketCommand { .send(side, .ping(clientTime: clientTime)) }

    static func sync(_ count: Int? = nil) -> SocketCommand { .send(.current, .sync(lastProcessedCount: count)) }

    static let canceledByUser = "canceled \"Job canceled by user\""

    // MARK: - SOCKET-01 and SOCKET-15

    static var pongExamples: [Example] {
        let at30 = ProgressConformance.at(30_000).epochMilliseconds
        let pongs: [ProgressMessageType] = [.pong]
        return [
            Example("a ping with the client's time", SocketExample(total: 10, [(0, connect), (30_000, ping(at30))], showing: pongs, closes: false, [(1, "+30000 pong \(at30)")]),
                pins: "seed: \"Backend responds with pong including client timestamp\""),
            Example("a ping without clientTime gets a pong without one", SocketExample(total: 10, [(0, connect), (30_000, ping(nil))], showing: pongs, closes: false,
                [(1, "+30000 pong without clientTime")]), pins: "seed: \"const clientTime = pingMessage.payload?.clientTime\""),
            Example("clientTime 0 and JavaScript's largest safe integer", SocketExample(total: 10, [(0, connect), (10, ping(0)), (20, ping(9_007_199_254_740_991))],
                showing: pongs, closes: false, [(1, "+10 pong 0, +20 pong 9007199254740991")]), pins: "seed: \"Backend responds with pong including client timestamp\""),
            Example("a ping while a report is held is answered at once", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, ping(5))],
                until: 1_000, showing: pongs, closes: false, [(1, "+200 pong 5")]), pins: "seed: \"Backend responds with pong including client timestamp\""),
            Example("after the ending, a new connection's ping is answered", SocketExample(total: 10,
                [(0, connect), (0, report(1)), (10, .complete), (20, connect), (30, ping(7))], showing: pongs, closes: false, [(1, ""), (2, "+30 pong 7")]), pins: "D-079"),
        ]
    }

    static var serverTimeExamples: [Example] {
        let at30 = ProgressConformance.at(30_000).epochMilliseconds
        return [
            Example("the pong of a ping at 30 s carries the server's clock then", SocketExample(total: 10, [(0, connect), (30_000, ping(at30))], showing: [.pong], closes: false,
                serverTime: true, [(1, "+30000 pong \(at30)")]), pins: "D-076"),
            Example("a pong behind a held report carries the server's clock", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, ping(5))],
                until: 1_000, showing: [.pong], closes: false, serverTime: true, [(1, "+200 pong 5")]), pins: "D-076"),
        ]
    }

    // MARK: - SOCKET-02 and SOCKET-03

    static let jobA = ProgressJobTicket(jobId: "job-a", pipeline: .csvImport, token: "secret-a")

    static var tokenExamples: [Example] {
        let refused = "refused 401 E_UNAUTHORIZED"
        return [
            Example("no token, empty, short, with a space, in capitals, another job's, then the job's own", SocketExample(total: 5, job: jobA,
                [(0, .connect(.none)), (1, .connect(.empty)), (2, .connect(.literal("secret-"))), (3, .connect(.ownWithTrailingSpace)), (4, .connect(.ownUppercased)),
                 (5, .connect(.otherJobs)), (6, .connect(.own))],
                showing: [], closes: false, [(1, refused), (2, refused), (3, refused), (4, refused), (5, refused), (6, refused), (7, "")]),
                pins: "seed: \"Phase 1 Task 1: Token authentication for CSV/AI pipelines (Issue #362)\""),
            Example("one character short and one character long, on both sides of the token's length", SocketExample(total: 5, job: jobA,
                [(0, .connect(.ownShort)), (1, .connect(.ownLong)), (2, .connect(.own)), (3, ping(nil))], showing: [.pong], closes: false,
                [(1, refused), (2, refused), (3, "+3 pong without clientTime")]), pins: "D-080"),
        ]
    }

    static var refusalTokenExamples: [ConformanceExample<SocketTokenCase>] {
        [
            ConformanceExample("every wrong token gets the same refusal", SocketTokenCase(job: job, presented: [.none, .empty, .otherJobs, .ownShort, .ownUppercased, .literal("guess"), .own]),
                pins: "D-080"),
            ConformanceExample("a job ID in capitals and a token that is a UUID", SocketTokenCase(
                job: ProgressJobTicket(jobId: "550E8400-E29B-41D4-A716-446655440000", pipeline: .aiScan, token: "0f8fad5b-d9cb-469f-a165-70867728950e"),
                presented: [.own, .ownUppercased, .ownLong, .none]), pins: "D-080"),
        ]
    }

    static var refusalExamples: [Example] {
        [
            Example("a refused connect leaves the open connection answering and receiving", SocketExample(total: 10,
                [(0, connect), (0, report(3)), (100, .connect(.literal("wrong"))), (150, ping(nil)), (600, report(4))], until: 1_000,
                [(1, "+0 job_progress 3/10, +150 pong without clientTime, +600 job_progress 4/10"), (2, "refused 401 E_UNAUTHORIZED")]), pins: "D-080"),
        ]
    }

    // MARK: - SOCKET-04

    static var syncExamples: [Example] {
        let answers: [ProgressMessageType] = [.syncResponse]
        return [
            Example("before any report", SocketExample(total: 10, [(0, connect), (40, sync())], showing: answers, closes: false,
                [(1, "+40 sync_response running 0/10")]), pins: "D-079"),
            Example("a report the throttle holds already counts", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(3)), (200, sync(1))],
                showing: answers, closes: false, [(1, "+200 sync_response running 3/10")]), pins: "D-079"),
            Example("an ending that waits behind a held report is reported at once", SocketExample(total: 10,
                [(0, connect), (0, report(1)), (100, report(2)), (200, .complete), (300, .resume)], showing: answers, closes: false,
                [(1, ""), (2, "+300 sync_response complete 2/10 with job_complete 2/10")]), pins: "D-079"),
            Example("a completed job, asked on a new connection", SocketExample(total: 10, [(0, connect), (0, report(4)), (600, .complete), (700, connect), (740, sync(4))],
                showing: answers, closes: false, [(1, ""), (2, "+740 sync_response complete 4/10 with job_complete 4/10")]),
                pins: "seed: \"Include the job ID in reconnect queries to resume state.\""),
            Example("a failed job, with its counts", SocketExample(total: 10, [(0, connect), (0, report(5)), (600, .fail), (700, connect), (740, sync(5))],
                showing: answers, closes: false, [(1, ""), (2, "+740 sync_response failed 5/10 with error E_INTERNAL (4 ok, 1 failed)")]), pins: "D-079"),
            Example("a canceled job whose loop has not ended", SocketExample(total: 50, [(0, connect), (0, report(5)), (100, .cancel), (200, .resume)],
                showing: answers, closes: false, [(1, ""), (2, "+200 sync_response canceled 5/50")]), pins: "D-079"),
            Example("the count reached while the client was away", SocketExample(total: 10,
                [(0, connect), (0, report(1)), (100, .disconnect), (600, report(6)), (1_000, connect), (1_040, sync(1))], showing: answers, closes: false,
                [(1, ""), (2, "+1040 sync_response running 6/10")]), pins: "D-079"),
            Example("canceled while the client was away: the sync says canceled", SocketExample(total: 50,
                [(0, connect), (0, report(5)), (100, .disconnect), (200, .cancel), (300, connect), (340, sync(5))], until: 1_000, showing: answers, closes: false,
                [(1, ""), (2, "+340 sync_response canceled 5/50")]), pins: "seed: \"Set job status to \\\"canceled\\\" in storage\""),
        ]
    }

    // MARK: - SOCKET-05 and SOCKET-16

    /// The bad frames the seed's `handleWebSocketMessage` itself leaves unanswered (SOCKET-05), and the
    /// pings and sync requests only D-076 and D-119 refuse (SOCKET-16).
    static let seedBadFrames = BadClientFrame.allCases.filter { isUnparsedOrUnhandled($0.bytes(for: job, at: ProgressConformance.at(100))) }
    static let refusedBadFrames = BadClientFrame.allCases.filter { !isUnparsedOrUnhandled($0.bytes(for: job, at: ProgressConformance.at(100))) }

    static func badFrameScript(_ frames: [BadClientFrame]) -> SocketExample {
        let bad = frames.enumerated().map { index, frame in (Int64(100 + index), SocketCommand.send(.current, .bad(frame))) }
        return SocketExample(total: 20, [(0, connect), (0, report(3))] + bad + [(300, ping(nil)), (600, report(7))], until: 1_000,
            [(1, "+0 job_progress 3/20, +300 pong without clientTime, +600 job_progress 7/20")])
    }

    static var badFrameExamples: [Example] {
        [Example("every frame that is not JSON or not a ping or sync_request, then a ping and a report", badFrameScript(seedBadFrames),
            pins: "seed: \"Failed to parse WebSocket message\"")]
    }

    static var refusedFrameExamples: [Example] {
        let pingAt100 = SocketFrame.ping(clientTime: nil).bytes(for: job, at: ProgressConformance.at(100))
        let padding = ProgressMessageCodec.messageBytesMax - pingAt100.count
        func padded(_ extra: Int) -> [UInt8] { [pingAt100[0]] + Array(repeating: UInt8(ascii: " "), count: padding + extra) + pingAt100.dropFirst() }
        let capitals = ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId.uppercased(), pipeline: job.pipeline, timestamp: ProgressConformance.at(100), payload: .ping(Ping(clientTime: nil))))
        return [
            Example("pings and sync requests of another version or job, or with a bad field, then a ping and a report", badFrameScript(refusedBadFrames), pins: "D-119"),
            Example("a ping of 65,536 bytes is answered", SocketExample(total: 20,
                [(0, connect), (100, .send(.current, .raw(name: "a ping padded to 65,536 bytes", bytes: padded(0))))], until: 1_000,
                [(1, "+100 pong without clientTime")]), pins: "D-076"),
            Example("a ping of 65,537 bytes is not, and the connection goes on", SocketExample(total: 20,
                [(0, connect), (100, .send(.current, .raw(name: "a ping padded to 65,537 bytes", bytes: padded(1)))), (200, ping(nil))], until: 1_000,
                [(1, "+200 pong without clientTime")]), pins: "D-076"),
            Example("the job's ID in capitals names the same job", SocketExample(total: 20,
                [(0, connect), (100, .send(.current, .raw(name: "a ping naming the job in capitals", bytes: capitals)))], until: 1_000,
                [(1, "+100 pong without clientTime")]), pins: "D-024"),
        ]
    }

    // MARK: - SOCKET-06 to SOCKET-08

    static func streamReport(_ count: Int) -> Kind { .report(processedCount: count) }

    static var rateExamples: [StreamExample] {
        [
            // The seed's test sends 1,000; a quarter of them shows the same through the socket at a
            // quarter of the cost (the throttle suite runs all 1,000 on the throttle itself).
            StreamExample("the seed's updates, one every 20 ms (250 of its 1,000)", SocketStreamExample(ProgressStreamFixture.steady(items: 250, spacingMilliseconds: 20), [.property(.rate), .spacing]),
                pins: "seed: \"handles 1000 updates efficiently\""),
            StreamExample("every quarter reported within half a second", SocketStreamExample(total: 100,
                [(0, streamReport(1)), (100, streamReport(25)), (200, streamReport(50)), (300, streamReport(75)), (400, streamReport(100)), (450, .finish)], [.property(.rate), .spacing]), pins: "D-071"),
            StreamExample("items 25, 50 and 75 of a large job in a burst", SocketStreamExample(total: 1_000,
                [(0, streamReport(1)), (10, streamReport(25)), (20, streamReport(50)), (30, streamReport(75))], [.property(.rate), .spacing]), pins: "D-071"),
            StreamExample("a completion right after a message", SocketStreamExample(total: 10,
                [(0, streamReport(1)), (500, streamReport(2)), (600, streamReport(3)), (700, .finish)], [.property(.rate), .spacing]), pins: "D-072"),
        ]
    }

    static var monotoneExamples: [StreamExample] {
        [
            StreamExample("a late 25 after 30", SocketStreamExample(total: 100, [(0, streamReport(30)), (600, streamReport(25)), (700, streamReport(30))], [.property(.countsNeverGoBackwards)]),
                pins: "D-074"),
            StreamExample("a late milestone count inside the interval", SocketStreamExample(total: 100, [(0, streamReport(26)), (10, streamReport(30)), (20, streamReport(25))],
                [.property(.countsNeverGoBackwards)]), pins: "D-074"),
            StreamExample("ten concurrent items ending out of order", SocketStreamExample(total: 10,
                [(0, streamReport(2)), (600, streamReport(1)), (1_200, streamReport(5)), (1_300, streamReport(3)), (1_900, streamReport(4))], [.property(.countsNeverGoBackwards)]), pins: "D-074"),
        ]
    }

    static var burstExamples: [StreamExample] {
        [
            StreamExample("the seed's test: ten rapid updates, only the first at once", SocketStreamExample(total: 1_000, (1...10).map { (Int64($0) * 10, streamReport($0)) }, [.burstHeld]),
                pins: "seed: \"Only first update should be sent immediately\""),
            StreamExample("a report 499 ms after a message", SocketStreamExample(total: 100, [(0, streamReport(1)), (499, streamReport(2))], [.burstHeld]),
                pins: "seed: \"Throttling sends at most 1 message per 500ms\""),
        ]
    }

    static var firstExamples: [StreamExample] {
        [
            StreamExample("the seed's test: the first update", SocketStreamExample(total: 10, [(0, streamReport(1))], [.firstAtOnce]), pins: "seed: \"sends first update immediately\""),
            StreamExample("a first report five seconds in", SocketStreamExample(total: 10, [(5_000, streamReport(3))], [.firstAtOnce]), pins: "seed: \"First update sent immediately\""),
            StreamExample("an AI scan's first report of 0", SocketStreamExample(total: 100, [(0, streamReport(0))], [.firstAtOnce]),
                pins: "seed: \"isFirstUpdate = this.lastProgressSentTime === 0\""),
        ]
    }

    static var deliveryExamples: [StreamExample] {
        [
            StreamExample("the seed's test: 1, 2 and complete", SocketStreamExample(total: 10, [(0, streamReport(1)), (1, streamReport(2)), (2, .finish)],
                [.finalCountReached]), pins: "seed: \"flushes pending update on completion\""),
            StreamExample("a completion in the millisecond of a held report", SocketStreamExample(total: 10, [(0, streamReport(1)), (100, streamReport(2)), (100, .finish)],
                [.finalCountReached]), pins: "seed: \"No messages lost (final count accurate)\""),
        ]
    }

    static var milestoneExamples: [Example] {
        [
            Example("the seed's milestone test: 1, 24, 25, 26 of 100", SocketExample(total: 100,
                [(0, connect), (1, report(1)), (24, report(24)), (25, report(25)), (26, report(26))], until: 2_000,
                [(1, "+1 job_progress 1/100, +501 job_progress 26/100")]), pins: "D-071"),
            Example("the last item", SocketExample(total: 40, [(0, connect), (0, report(38)), (100, report(39)), (200, report(40))], until: 700,
                [(1, "+0 job_progress 38/40, +500 job_progress 40/40")]), pins: "D-071"),
        ]
    }

    static var keepAliveExamples: [Example] {
        [
            Example("silence after one report: keep-alives at 10,000 and 20,000 ms", SocketExample(total: 9, [(0, connect), (0, report(7))], until: 20_000,
                [(1, "+0 job_progress 7/9, +10000 job_progress 7/9 keep-alive, +20000 job_progress 7/9 keep-alive")]),
                pins: "D-073"),
            Example("a report at 9,999 ms moves the keep-alive", SocketExample(total: 9, [(0, connect), (0, report(7)), (9_999, report(8))], until: 19_999,
                [(1, "+0 job_progress 7/9, +9999 job_progress 8/9, +19999 job_progress 8/9 keep-alive")]), pins: "D-073"),
        ]
    }

    // MARK: - SOCKET-09

    static var endingExamples: [Example] {
        [
            Example("a second completion, a failure, a report and a cancel after the ending", SocketExample(total: 10,
                [(0, connect), (0, report(1)), (600, .complete), (650, connect), (700, .complete), (750, .fail), (800, report(2)), (850, .cancel)], until: 1_000, closes: false,
                [(1, "+0 job_progress 1/10, +600 job_complete 1/10 (1 ok, 0 failed)"), (2, "")]), pins: "D-072"),
            Example("a late report after a deferred finish", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, .complete), (300, report(3))],
                keeps: oneEndingAndNothingAfter), pins: "D-072"),
            Example("a failure while the completion waits", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, .complete), (300, .fail)],
                keeps: oneEndingAndNothingAfter), pins: "D-072"),
            Example("a failure carries the job's counts", SocketExample(total: 10, [(0, connect), (0, report(5)), (600, .fail)], showing: [.error], closes: false,
                [(1, "+600 error E_INTERNAL (4 ok, 1 failed)")]), pins: "seed: \"Success/failure breakdown in details\""),
            Example("a reconnect after the ending", SocketExample(total: 10, [(0, connect), (0, report(1)), (600, .fail), (700, .resume), (800, .resume), (900, .complete)],
                keeps: oneEndingAndNothingAfter), pins: "D-079"),
        ]
    }

    // MARK: - SOCKET-10

    static var idleExamples: [Example] {
        [
            Example("a ping at 99,999 ms keeps the connection for 100 s more", SocketExample(total: 10, [(0, connect), (99_999, ping(nil))], until: 199_999,
                showing: [], [(1, "+199999 close 1001")]), pins: "seed: \"Cloudflare Workers terminate idle WebSocket connections after ~100 seconds.\""),
            Example("100,000 ms of silence closes it, before a ping arriving then", SocketExample(total: 10, [(0, connect), (100_000, ping(nil))], until: 200_000,
                showing: [], [(1, "+100000 close 1001")]), pins: "D-077"),
            Example("the server's keep-alives do not keep a silent client's connection", SocketExample(total: 10, [(0, connect), (0, report(1))], until: 100_000,
                showing: [], [(1, "+100000 close 1001")]), pins: "D-077"),
            Example("a sync_request keeps it as a ping does", SocketExample(total: 10, [(0, connect), (50_000, sync())], until: 150_000,
                showing: [], [(1, "+150000 close 1001")]), pins: "D-077"),
            Example("a new connection has its own 100 s", SocketExample(total: 10, [(0, connect), (60_000, connect)], until: 160_000,
                showing: [], [(1, "+60000 close 1001"), (2, "+160000 close 1001")]), pins: "D-077"),
        ]
    }

    // MARK: - SOCKET-11

    static var closeExamples: [Example] {
        let endings: [ProgressMessageType] = [.jobComplete, .error]
        return [
            Example("a completion", SocketExample(total: 10, [(0, connect), (0, report(3)), (600, .complete)], showing: endings,
                [(1, "+600 job_complete 3/10 (3 ok, 0 failed), +600 close 1000")]), pins: "D-072"),
            Example("a completion that waits for the interval", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, .complete)],
                keeps: endingClosesNormally), pins: "D-072"),
            Example("a failure that waits for the interval", SocketExample(total: 10, [(0, connect), (0, report(1)), (100, report(2)), (200, .fail)],
                keeps: endingClosesNormally), pins: "D-079"),
            Example("a failure", SocketExample(total: 10, [(0, connect), (0, report(5)), (600, .fail)], showing: endings,
                [(1, "+600 error E_INTERNAL (4 ok, 1 failed), +600 close 1000")]), pins: "D-079"),
            Example("a job that ends with no report", SocketExample(total: 0, [(0, connect), (100, .complete)], showing: endings,
                [(1, "+100 job_complete 0/0 (0 ok, 0 failed), +100 close 1000")]), pins: "D-072"),
        ]
    }

    // MARK: - SOCKET-12 and SOCKET-21

    static var cancelExamples: [Example] {
        let shown: [ProgressMessageType] = [.canceled, .jobComplete]
        return [
            Example("the seed's message: 5 of 50, then the loop's final update", SocketExample(total: 50,
                [(0, connect), (0, report(5)), (1_000, .cancel), (1_100, report(6)), (1_700, .complete)], showing: shown, closes: false,
                [(1, "+1000 \(canceledByUser) 5/50, +1700 job_complete 6/50 canceled (5 ok, 1 failed)")]),
                pins: "seed: \"Send final WebSocket update: { type: \\\"complete\\\", canceled: true }\""),
            Example("a cancel while a report is held counts it", SocketExample(total: 50, [(0, connect), (0, report(1)), (100, report(2)), (200, .cancel)], until: 1_000,
                showing: [.canceled], closes: false, [(1, "+200 \(canceledByUser) 2/50")]), pins: "seed: \"processedItems\""),
        ]
    }

    static var afterCancelExamples: [Example] {
        [
            Example("a report after the cancel is not sent", SocketExample(total: 50,
                [(0, connect), (0, report(5)), (1_000, .cancel), (1_100, report(6))], until: 1_600, showing: [.jobProgress], closes: false,
                [(1, "+0 job_progress 5/50")]), pins: "D-160"),
            Example("a second cancel sends nothing", SocketExample(total: 50, [(0, connect), (0, report(5)), (100, .cancel), (200, .cancel)], until: 1_000,
                showing: [.canceled], closes: false, [(1, "+100 \(canceledByUser) 5/50")]), pins: "D-160"),
            Example("a cancel after the completion sends nothing", SocketExample(total: 50, [(0, connect), (0, report(5)), (600, .complete), (650, connect), (700, .cancel)],
                until: 1_000, showing: [.canceled], closes: false, [(1, ""), (2, "")]), pins: "D-160"),
        ]
    }

    // MARK: - SOCKET-13

    static var replaceExamples: [Example] {
        [
            Example("a reconnect closes the old connection, whose late frames get nothing", SocketExample(total: 10,
                [(0, connect), (0, report(1)), (5_000, connect), (5_100, ping(nil, .previous)), (5_200, report(2))], until: 6_000,
                [(1, "+0 job_progress 1/10, +5000 close 1001"), (2, "+5200 job_progress 2/10")]), pins: "D-080"),
            Example("three connections in a row", SocketExample(total: 10, [(0, connect), (100, connect), (200, connect), (300, ping(nil))], until: 1_000,
                [(1, "+100 close 1001"), (2, "+200 close 1001"), (3, "+300 pong without clientTime")]), pins: "D-080"),
        ]
    }
}
