#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An external program started with its standard input, output and error on pipes, read and written
/// without ever blocking past a deadline.
///
/// Every read and write polls with the time left before its deadline, so a program that stops
/// answering, stops reading, floods its error stream or dies is a typed `AdapterFailure`, never a hang.
/// The error stream is drained whenever the runner waits, so a chatty program cannot block on a full
/// pipe; its last `stderrTailBytesMax` bytes are kept for the report.
final class ChildProcess {
    /// The longest line the runner reads from a program; a longer one is a malformed line.
    static let lineBytesMax = AdapterProtocol.answerLimits.bytesMax
    /// The most bytes of the program's error stream kept for the report.
    static let stderrTailBytesMax = 4_096

    let command: [String]
    private let pid: pid_t
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private var pending: [UInt8] = []
    private(set) var stderrTail: [UInt8] = []
    private var exitStatus: String?

    /// Starts `command`: the program (a path, or a name looked up on `PATH`), then its arguments.
    ///
    /// `posix_spawn` rather than Foundation's `Process`: no helper thread watches the child, so the
    /// runner is one thread that polls, and nothing races under ThreadSanitizer.
    init(_ command: [String]) throws(AdapterFailure) {
        precondition(!command.isEmpty, "a program's command has at least the program")
        self.command = command
        // A write to a program that has exited must be an error the runner reports, not a signal
        // that stops the runner.
        signal(SIGPIPE, SIG_IGN)
        let executable = try Self.locate(command[0], command: command)
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        var errorsFromChild: [Int32] = [-1, -1]
        guard Self.makePipe(&toChild), Self.makePipe(&fromChild), Self.makePipe(&errorsFromChild) else {
            for fd in toChild + fromChild + errorsFromChild where fd >= 0 { close(fd) }
            throw .couldNotStart(command: command, reason: "could not make pipes: \(Self.errorText(errno))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
        var arguments: [UnsafeMutablePointer<CChar>?] = ([executable] + command.dropFirst()).map { strdup($0) }
        arguments.append(nil)
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, arguments, Self.environment)
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errorsFromChild[0])
            throw .couldNotStart(command: command, reason: Self.errorText(status))
        }
        pid = child
        stdinFD = toChild[1]
        stdoutFD = fromChild[0]
        stderrFD = errorsFromChild[0]
        for fd in [stdinFD, stdoutFD, stderrFD] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    /// A pipe whose two ends close on exec, so no other child inherits them.
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The runner's environment, which the program inherits (its `PATH`, `HOME`, `NODE_PATH`, …).
    private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron().pointee)
        #else
        UnsafePointer(environ)
        #endif
    }

    deinit {
        stop()
    }

    /// Writes `line` and a line feed, or fails when `timeout` passes first or the program is gone.
    func write(line: [UInt8], timeout: Duration) throws(AdapterFailure) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var bytes = line
        bytes.append(0x0A)
        var written = 0
        while written < bytes.count {
            guard stdinFD >= 0 else { throw exitFailure(while: "writing a request") }
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(stdinFD, buffer.baseAddress! + written, buffer.count - written)
            }
            if count > 0 {
                written += count
                continue
            }
            let error = errno
            if count < 0, error == EINTR { continue }
            if count < 0, error == EAGAIN || error == EWOULDBLOCK {
                try wait(for: .writable, deadline: deadline, timeout: timeout, doing: "writing a request")
                continue
            }
            // EPIPE: the program closed its input or has exited.
            throw exitFailure(while: "writing a request")
        }
    }

    /// The next line the program writes, without its line feed (and a carriage return before it).
    func readLine(timeout: Duration) throws(AdapterFailure) -> [UInt8] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var searched = 0
        while true {
            if let newline = pending[searched...].firstIndex(of: 0x0A) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            searched = pending.count
            guard pending.count <= Self.lineBytesMax else {
                throw .malformedLine(excerpt: AdapterText.excerpt(pending), reason: "a line longer than \(Self.lineBytesMax) bytes")
            }
            try wait(for: .readable, deadline: deadline, timeout: timeout, doing: "waiting for an answer")
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { systemRead(stdoutFD, $0.baseAddress!, $0.count) }
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                throw exitFailure(while: "waiting for an answer", unfinished: pending)
            } else if errno != EINTR, errno != EAGAIN, errno != EWOULDBLOCK {
                throw exitFailure(while: "waiting for an answer", unfinished: pending)
            }
        }
    }

    /// Closes the program's input, gives it a moment to exit, then kills it; reaps it either way.
    func stop() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
        if !exited(within: .milliseconds(300)) {
            kill(pid, SIGKILL)
            _ = exited(within: .seconds(5))
        }
        if stdoutFD >= 0 {
            close(stdoutFD)
            stdoutFD = -1
        }
        if stderrFD >= 0 {
            drainErrors()
            if stderrFD >= 0 { close(stderrFD) }
            stderrFD = -1
        }
    }

    // MARK: - Waiting

    private enum Readiness { case readable, writable }

    /// Polls until the program's output is readable (or its input writable), draining its error
    /// stream meanwhile; throws `.timedOut` when the deadline passes first.
    private func wait(for readiness: Readiness, deadline: ContinuousClock.Instant, timeout: Duration, doing: String) throws(AdapterFailure) {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut(while: doing, timeoutMilliseconds: Self.milliseconds(timeout)) }
            var fds = [
                pollfd(fd: readiness == .readable ? stdoutFD : stdinFD, events: Int16(readiness == .readable ? POLLIN : POLLOUT), revents: 0),
                pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: Self.milliseconds(left) + 1))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .exited(while: doing, status: "could not be waited for: poll failed with errno \(errno)", unfinishedLine: nil)
            }
            if fds[1].revents != 0 { drainErrors() }
            if fds[0].revents != 0 { return }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Reads what the error stream holds now, keeping the last `stderrTailBytesMax` bytes.
    private func drainErrors() {
        guard stderrFD >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(stderrFD, $0.baseAddress!, $0.count) }
            guard count > 0 else {
                if count == 0 {
                    close(stderrFD)
                    stderrFD = -1
                }
                return
            }
            stderrTail.append(contentsOf: chunk[..<count])
            if stderrTail.count > Self.stderrTailBytesMax { stderrTail.removeFirst(stderrTail.count - Self.stderrTailBytesMax) }
        }
    }

    /// The failure for a program whose output ended or whose input closed: how it exited, if it did.
    private func exitFailure(while doing: String, unfinished: [UInt8] = []) -> AdapterFailure {
        drainErrors()
        let status = exited(within: .seconds(1)) ? exitStatus ?? "ended" : "closed its output but is still running"
        return .exited(while: doing, status: status, unfinishedLine: unfinished.isEmpty ? nil : AdapterText.excerpt(unfinished))
    }

    /// Whether the program exits within `limit`; records how it ended.
    private func exited(within limit: Duration) -> Bool {
        if exitStatus != nil { return true }
        let deadline = ContinuousClock.now.advanced(by: limit)
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signal)"
                return true
            }
            if result < 0, errno != EINTR {
                exitStatus = "could not be waited for (errno \(errno))"
                return true
            }
            if ContinuousClock.now >= deadline { return false }
            usleep(2_000)
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `name` as an executable path: itself when it holds a slash, else the first match on `PATH`.
    private static func locate(_ name: String, command: [String]) throws(AdapterFailure) -> String {
        if name.contains("/") {
            guard access(name, X_OK) == 0 else { throw .couldNotStart(command: command, reason: "\(name) is not an executable file") }
            return name
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var information = stat()
            if stat(candidate, &information) == 0, information.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw .couldNotStart(command: command, reason: "\(name) was not found on PATH")
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemRead = Musl.read
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif
