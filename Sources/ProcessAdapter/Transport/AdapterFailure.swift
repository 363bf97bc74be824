/// Why the runner stopped talking to an external program: the program, not a rule, failed.
///
/// Every way a program can misbehave at the protocol level is one case, with what the runner was doing
/// and what it saw; the report adds the last exchanges and the tail of the program's error stream.
public enum AdapterFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The program could not be started: not found, not executable, or the system refused.
    case couldNotStart(command: [String], reason: String)
    /// The program did not answer (or read its input) within the timeout.
    case timedOut(while: String, timeoutMilliseconds: Int64)
    /// The program's output ended: it exited, crashed or closed its output.
    case exited(while: String, status: String, unfinishedLine: String?)
    /// A line that is not a JSON object of the protocol (not JSON, too long, no `id`).
    case malformedLine(excerpt: String, reason: String)
    /// An answer to another request than the one waiting.
    case unexpectedAnswer(expectedID: Int, excerpt: String)
    /// The program answered a request with `{"error": …}`: it could not perform the operation.
    case programError(request: String, message: String)
    /// An answer whose `ok` value has not the shape the operation returns.
    case malformedAnswer(request: String, excerpt: String, reason: String)
    /// The handshake failed: another protocol version, or a seam the program does not serve.
    case handshake(reason: String)

    public var description: String {
        switch self {
        case let .couldNotStart(command, reason):
            "could not start \(AdapterText.command(command)): \(reason)"
        case let .timedOut(doing, timeout):
            "the program timed out \(doing): no progress in \(timeout) ms"
        case let .exited(doing, status, unfinished):
            "the program \(status) while the runner was \(doing)" + (unfinished.map { "; its last line was unfinished: \($0)" } ?? "")
        case let .malformedLine(excerpt, reason):
            "the program wrote a malformed line (\(reason)): \(excerpt)"
        case let .unexpectedAnswer(expected, excerpt):
            "the program answered another request than \(expected): \(excerpt)"
        case let .programError(request, message):
            "the program reported an error for \(request): \(message)"
        case let .malformedAnswer(request, excerpt, reason):
            "the program's answer to \(request) is malformed (\(reason)): \(excerpt)"
        case let .handshake(reason):
            "the handshake failed: \(reason)"
        }
    }
}
