import CommandLineParsing
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The executables' writes to their standard streams: every byte, and a status, never a trap, when
/// the stream cannot be written (`adapterrun … | head` trapped with SIGILL before).
@Suite struct StandardStreamTests {
    /// A pipe's two ends: read, write.
    static func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func everyByteGoesThrough() throws {
        let ends = try Self.pipeEnds()
        defer { close(ends.read) }
        let text = String(repeating: "line é\n", count: 2_000)
        #expect(StandardStream.write(text, to: ends.write) == nil)
        #expect(StandardStream.write("", to: ends.write) == nil)
        close(ends.write)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(ends.read, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        #expect(received == Array(text.utf8))
    }

    /// With SIGPIPE ignored, as adapterrun ignores it, a pipe whose reader has gone fails with EPIPE:
    /// the status a shell reports for SIGPIPE.
    @Test func aPipeWhoseReaderHasGoneIsTheReaderGoneStatus() throws {
        signal(SIGPIPE, SIG_IGN)
        let ends = try Self.pipeEnds()
        close(ends.read)
        defer { close(ends.write) }
        #expect(StandardStream.write("nobody reads this\n", to: ends.write) == StandardStream.readerGoneStatus)
        #expect(StandardStream.readerGoneStatus == 128 + SIGPIPE)
    }

    /// Any other failure (here a descriptor open for reading only) is the failed status.
    @Test func anotherFailureIsTheFailedStatus() throws {
        let ends = try Self.pipeEnds()
        close(ends.write)
        defer { close(ends.read) }
        #expect(StandardStream.write("x", to: ends.read) == StandardStream.failedStatus)
        #expect(StandardStream.failedStatus != 0 && StandardStream.failedStatus != StandardStream.readerGoneStatus)
    }
}
