import BookApp
import SpecConformance
import SpecModel

// Thin adapters: each answers one seam of the conformance kit with the app's own type.

/// Title cleaning for metadata searches.
struct AppTitleNormalizer: TitleNormalizing {
    func normalizedTitle(_ title: String) -> String { TitleCleaner.searchTitle(title) }
}

/// ISBN fields as exports write them.
struct AppISBNReader: ISBNReading {
    func readISBN(_ field: String) -> ISBNReadResult {
        switch ISBNParser.read(field) {
        case .blank: .empty
        case let .isbn(thirteen, ten): .valid(isbn13: thirteen, isbn10: ten)
        case .notAnISBN: .invalid
        }
    }
}

/// The app's old ISBN reader, which trusted any 10 or 13 digits: deliberately wrong, to show a failure
/// of the ISBN standard.
struct AppCheckDigitBlindISBNReader: ISBNReading {
    func readISBN(_ field: String) -> ISBNReadResult {
        switch ISBNParser.read(field, checkingDigits: false) {
        case .blank: .empty
        case let .isbn(thirteen, ten): .valid(isbn13: thirteen, isbn10: ten)
        case .notAnISBN: .invalid
        }
    }
}

/// The socket's heartbeat; the kit passes time in as a `Timestamp`, the app counts milliseconds.
struct AppHeartbeat: HeartbeatScheduling {
    var heartbeat = ConnectionHeartbeat()

    mutating func start(at now: Timestamp) { heartbeat.connected(now: now.epochMilliseconds) }
    var deadline: Timestamp? { heartbeat.wakeAt.map { Timestamp(epochMilliseconds: $0) } }
    mutating func fire(at now: Timestamp) -> Heartbeat.Action { Self.action(heartbeat.tick(now: now.epochMilliseconds)) }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        Self.outcome(heartbeat.pong(echoing: clientTime, now: now.epochMilliseconds))
    }

    static func action(_ tick: ConnectionHeartbeat.Tick) -> Heartbeat.Action {
        switch tick {
        case .idle: .nothing
        case let .ping(clientTime): .sendPing(clientTime: clientTime)
        case let .reconnect(missed): .reconnect(missedPongs: missed)
        }
    }

    static func outcome(_ pong: (alive: Bool, roundTrip: Int64?)) -> Heartbeat.PongOutcome {
        guard pong.alive else { return .ignored }
        return pong.roundTrip.map { .roundTrip(milliseconds: $0) } ?? .unmeasured
    }
}

/// The heartbeat the seed's plan writes, which notices a dead connection at 120 s where decision D-077
/// says 95 s: it keeps every rule of the seed and differs from a decision, which strict mode fails.
struct AppLegacyHeartbeat: HeartbeatScheduling {
    var heartbeat = LegacyHeartbeat()

    mutating func start(at now: Timestamp) { heartbeat.connected(now: now.epochMilliseconds) }
    var deadline: Timestamp? { heartbeat.nextTickAt.map { Timestamp(epochMilliseconds: $0) } }
    mutating func fire(at now: Timestamp) -> Heartbeat.Action { AppHeartbeat.action(heartbeat.tick(now: now.epochMilliseconds)) }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        AppHeartbeat.outcome(heartbeat.pong(echoing: clientTime, now: now.epochMilliseconds))
    }
}
