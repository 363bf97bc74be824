import Foundation
import SpecModel

/// One conversation with an external program in the adapter protocol: the program's process, the
/// requests sent and answers read, and the first failure, after which the session sends nothing more.
///
/// The seams' proxies (`ProcessThrottle`, …) call it synchronously: the kit's suites call a seam's
/// methods as plain functions, so each call is one request line and one answer line, with a timeout.
/// A failure cannot be thrown through a seam's non-throwing method; it is kept here, every later call
/// returns at once with no answer, and the runner reports the failure instead of the suite's verdicts.
///
/// Docs/ProcessAdapter.md defines the protocol; `AdapterProtocol.version` is its version.
public final class AdapterSession: @unchecked Sendable {
    /// How many exchanges the session keeps for a failure report.
    public static let exchangesKept = 8

    /// The program and its arguments.
    public let command: [String]
    /// How long the runner waits for one answer (or for the program to read one request).
    public let timeout: Duration
    /// What the program said of itself in its handshake, once started.
    public private(set) var programName: String?
    /// The seams the program serves, from its handshake.
    public private(set) var programSeams: [String] = []
    /// Requests answered so far.
    public private(set) var requestCount = 0

    // Guards everything below: a suite calls from one thread, but a seam's value is Sendable, so a
    // caller may hand it to another.
    private let lock = NSLock()
    private var child: ChildProcess?
    private var nextRequestID = 1
    private var nextInstance = 1
    private var releasedInstances: [Int] = []
    private var storedFailure: AdapterFailure?
    private var exchanges: [AdapterExchange] = []

    /// A session for `command`; nothing starts until `start(serving:)`.
    public init(command: [String], timeout: Duration = .seconds(10)) {
        precondition(!command.isEmpty, "an adapter command names at least the program")
        self.command = command
        self.timeout = timeout
    }

    deinit {
        child?.stop()
    }

    /// The first failure, if any: after it the session sends nothing.
    public var failure: AdapterFailure? {
        lock.withLock { storedFailure }
    }

    /// The last exchanges, oldest first: what was sent and what came back (or nothing, for the one
    /// that failed).
    public var lastExchanges: [AdapterExchange] {
        lock.withLock { exchanges }
    }

    /// The last bytes the program wrote to its error stream, as text.
    public var errorStreamTail: String {
        lock.withLock { child.map { String(decoding: $0.stderrTail, as: UTF8.self) } ?? "" }
    }

    /// Starts the program and shakes hands: the program must speak this protocol version and serve
    /// `seam`.
    public func start(serving seam: AdapterSeam) throws(AdapterFailure) {
        try start(serving: [seam])
    }

    /// Starts the program and shakes hands, asking for `seams`; throws unless it serves every one of
    /// them (none asked: it may serve any).
    public func start(serving seams: [AdapterSeam]) throws(AdapterFailure) {
        let started: ChildProcess
        do {
            started = try ChildProcess(command)
        } catch {
            lock.withLock { record(error) }
            throw error
        }
        lock.withLock { child = started }
        let answer = request("hello", [("protocol", .integer(Int64(AdapterProtocol.version))), ("seams", .array(seams.map { .string($0.rawValue) }))])
        guard let answer else {
            // A program that answers the handshake with an error refuses it: another version, say.
            if case let .programError(_, message)? = failure {
                lock.withLock { storedFailure = .handshake(reason: "the program refused it: \(message)") }
            }
            throw failure ?? .handshake(reason: "no answer")
        }
        do {
            let ok = JSONField(answer, path: "ok")
            let version = try ok.field("protocol").int64()
            guard version == Int64(AdapterProtocol.version) else {
                throw AdapterFailure.handshake(reason: "the program speaks protocol version \(version); this runner speaks \(AdapterProtocol.version)")
            }
            let name = try ok.field("name").string()
            let served = try ok.field("seams").elements().map { field throws(JSONFieldError) in try field.string() }
            lock.withLock {
                programName = AdapterText.excerpt(name)
                programSeams = served
            }
            let missing = seams.filter { !served.contains($0.rawValue) }
            guard missing.isEmpty else {
                throw AdapterFailure.handshake(reason: "the program serves \(served.isEmpty ? "no seams" : served.joined(separator: ", ")), not \(missing.map(\.rawValue).joined(separator: ", "))")
            }
        } catch let error as JSONFieldError {
            fail(.malformedAnswer(request: "hello", excerpt: AdapterText.excerpt(answer.encodedString()), reason: error.description))
            throw failure ?? .handshake(reason: error.description)
        } catch let error as AdapterFailure {
            fail(error)
            throw error
        } catch {
            preconditionFailure("only field and adapter errors are thrown above: \(error)")
        }
    }

    /// Ends the program: closes its input, waits a moment, kills it if it is still running.
    public func stop() {
        lock.withLock { child?.stop() }
    }

    /// Records `failure` unless one is recorded already (the first is the cause; later ones follow).
    public func fail(_ failure: AdapterFailure) {
        lock.withLock { record(failure) }
    }

    // MARK: - Instances

    /// Asks the program for a fresh instance of `seam`; its id names it in later calls.
    func newInstance(of seam: AdapterSeam) -> Int {
        let id = lock.withLock { () -> Int in
            defer { nextInstance += 1 }
            return nextInstance
        }
        _ = request("new", [("seam", .string(seam.rawValue)), ("instance", .integer(Int64(id)))])
        return id
    }

    /// Asks the program for a copy of instance `source` that evolves apart from it.
    func cloneInstance(_ source: Int) -> Int {
        let id = lock.withLock { () -> Int in
            defer { nextInstance += 1 }
            return nextInstance
        }
        _ = request("clone", [("instance", .integer(Int64(id))), ("from", .integer(Int64(source)))])
        return id
    }

    /// Notes that instance `id` is no longer used; the program hears of it with the next request.
    func releaseInstance(_ id: Int) {
        lock.withLock { releasedInstances.append(id) }
    }

    /// Calls `method` on instance `instance` at the virtual time `now`: the answer's `ok` value, or
    /// `nil` when the session has failed (now or before).
    func call(_ instance: Int, _ method: String, now: Timestamp?, input: JSONValue? = nil) -> JSONValue? {
        var fields: [(String, JSONValue)] = [("instance", .integer(Int64(instance))), ("method", .string(method))]
        if let now { fields.append(("now", .integer(now.epochMilliseconds))) }
        if let input { fields.append(("input", input)) }
        return request("call", fields)
    }

    /// Decodes a call's answer with `decode`; a decoding error fails the session as a malformed answer.
    func decode<Output>(_ answer: JSONValue?, of method: String, _ decode: (JSONField) throws(JSONFieldError) -> Output) -> Output? {
        guard let answer else { return nil }
        do {
            return try decode(JSONField(answer, path: "ok"))
        } catch {
            fail(.malformedAnswer(request: "call \(method)", excerpt: AdapterText.excerpt(answer.encodedString()), reason: error.description))
            return nil
        }
    }

    // MARK: - The wire

    /// Sends one request and reads its answer's `ok` value; `nil` after a failure.
    private func request(_ operation: String, _ fields: [(String, JSONValue)]) -> JSONValue? {
        lock.withLock { () -> JSONValue? in
            guard storedFailure == nil, let child else { return nil }
            let id = nextRequestID
            nextRequestID += 1
            var members: [(String, JSONValue)] = [("id", .integer(Int64(id))), ("op", .string(operation))]
            members += fields
            if operation != "hello", !releasedInstances.isEmpty {
                members.append(("release", .array(releasedInstances.map { .integer(Int64($0)) })))
                releasedInstances.removeAll()
            }
            let line = JSONValue.object(JSONObject(members)).encodedString()
            remember(AdapterExchange(sent: AdapterText.excerpt(line), received: nil))
            do throws(AdapterFailure) {
                try child.write(line: Array(line.utf8), timeout: timeout)
                let answer = try child.readLine(timeout: timeout)
                exchanges[exchanges.count - 1].received = AdapterText.excerpt(answer)
                let result = try Self.parseAnswer(answer, id: id, request: Self.describe(operation, fields))
                requestCount += 1
                return result
            } catch {
                record(error)
                return nil
            }
        }
    }

    /// The `ok` value of an answer line to request `id`.
    private static func parseAnswer(_ line: [UInt8], id: Int, request: String) throws(AdapterFailure) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line, limits: AdapterProtocol.answerLimits)
        } catch {
            throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "not JSON: \(error)")
        }
        guard let object = value.object else {
            throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "a JSON \(value.kind), not an object")
        }
        guard let answeredID = object["id"]?.int64 else {
            // A program that could not read the request cannot name its id; its error still says why.
            if object["id"]?.isNull == true, let error = object["error"] {
                throw .programError(request: request, message: AdapterText.excerpt(error.string ?? error.encodedString()))
            }
            throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "no integer id")
        }
        guard answeredID == Int64(id) else { throw .unexpectedAnswer(expectedID: id, excerpt: AdapterText.excerpt(line)) }
        for key in object.keys where !["id", "ok", "error"].contains(key) {
            throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "unknown key \"\(AdapterText.excerpt(key))\"; an answer has id and ok or error")
        }
        switch (object["ok"], object["error"]) {
        case let (ok?, nil): return ok
        case let (nil, error?): throw .programError(request: request, message: AdapterText.excerpt(error.string ?? error.encodedString()))
        case (nil, nil): throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "neither ok nor error")
        case (_?, _?): throw .malformedLine(excerpt: AdapterText.excerpt(line), reason: "both ok and error")
        }
    }

    /// A request as failures name it: `hello`, `new progress-throttle`, `call offer`.
    private static func describe(_ operation: String, _ fields: [(String, JSONValue)]) -> String {
        let detail = fields.first { $0.0 == "method" || $0.0 == "seam" }?.1.string
        return AdapterText.excerpt(detail.map { "\(operation) \($0)" } ?? operation)
    }

    private func remember(_ exchange: AdapterExchange) {
        exchanges.append(exchange)
        if exchanges.count > Self.exchangesKept { exchanges.removeFirst(exchanges.count - Self.exchangesKept) }
    }

    private func record(_ failure: AdapterFailure) {
        if storedFailure == nil { storedFailure = failure }
    }
}

/// One request line and its answer, as the runner sent and read them (each cut to a few hundred bytes).
public struct AdapterExchange: Hashable, Sendable, CustomStringConvertible {
    /// The request line.
    public var sent: String
    /// The answer line, or `nil` when none came.
    public var received: String?

    public var description: String {
        "→ \(sent)\n← \(received ?? "(no answer)")"
    }
}
