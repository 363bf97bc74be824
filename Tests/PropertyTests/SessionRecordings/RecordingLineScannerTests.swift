import Foundation
import Generators
import Scenarios
import SessionRecordings
import Simulator
import SpecModel
import SpecTesting
import Testing

/// The session checker's fast line reader against the plain one (`RecordingLine.read`): wherever the
/// scanner reads a line, the plain reader reads the same line; where it declines, the plain reader
/// decides. It must decline, never differ, on every edit of a real line, and it must read the lines a
/// recording is made of, or it is no faster.
@Suite struct RecordingLineScannerTests {
    static let scenariosFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// Requires the scanner to agree with the plain reader on `bytes`; returns whether it read the line.
    @discardableResult
    static func requireAgreement(_ bytes: [UInt8], number: Int = 7) throws(PropertyViolation) -> Bool {
        guard let scanned = RecordingLineScanner._read(bytes, number: number) else { return false }
        let text = "line \(String(decoding: bytes, as: UTF8.self).debugDescription)"
        guard case let .line(line) = RecordingLine.read(bytes, number: number) else {
            throw PropertyViolation("the scanner read \(text), but the plain reader gave \(RecordingLine.read(bytes, number: number))")
        }
        // What the rules read, and the job the line is checked under.
        try requireEqual(RecordingEvent(line), scanned.event, text)
        try requireEqual(line.jobId, scanned.jobId, text)
        return true
    }

    /// A recording of the model's run of `items` books, both sides.
    static func modelRecording(items: Int = 40, faults: FaultOptions = .calm) -> [String] {
        var configuration = ProgressRun.Configuration(items: items, faults: faults)
        configuration.recordsRecording = true
        return ProgressRun.run(seed: 1, configuration).recording
    }

    /// Every line of every shipped progress scenario's recording (seeds 1 to 3), the canary's
    /// included: the scanner reads what the plain reader reads, and reads almost every line.
    @Test func theShippedScenariosLinesReadTheSameAndMostlyByTheScanner() throws {
        var files: [URL] = []
        for folder in [Self.scenariosFolder, Self.scenariosFolder.appendingPathComponent("Canaries")] {
            files += try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "json" }
        }
        var lines = 0
        var scanned = 0
        var declinedKinds: [String: Int] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            let scenario = try ScenarioFile(decoding: Array(Data(contentsOf: file)))
            guard scenario.recordsSessions else { continue }
            for seed: UInt64 in 1...3 {
                for (index, line) in scenario.run(seed: seed, recordsRecording: true).recording.enumerated() {
                    let bytes = Array(line.utf8)
                    lines += 1
                    do {
                        if try Self.requireAgreement(bytes, number: index + 1) {
                            scanned += 1
                        } else if case let .line(read) = RecordingLine.read(bytes, number: index + 1) {
                            declinedKinds[read.message.map { $0.type.rawValue } ?? "\(read.kind)", default: 0] += 1
                        }
                    } catch {
                        Issue.record("\(file.lastPathComponent) seed \(seed) line \(index + 1): \(error)")
                        return
                    }
                }
            }
        }
        #expect(lines > 20_000, "the scenarios' recordings hold \(lines) lines")
        // Declined: cancels, terminal messages, refused opens (D-138), and the rare frames the scanner
        // leaves to the plain reader.
        #expect(Double(scanned) >= 0.99 * Double(lines), "the scanner read \(scanned) of \(lines) lines; declined \(declinedKinds)")
        #expect(declinedKinds.keys.allSatisfy { ["job_complete", "canceled", "error", "sync_response"].contains($0) || $0.hasPrefix("cancel") || $0.hasPrefix("disconnect(refusedWith: Optional(") }, "declined \(declinedKinds)")
    }

    /// Any edit of a real line (bytes inserted, deleted or replaced, favouring JSON's punctuation):
    /// the scanner reads what the plain reader reads, or declines.
    @Test func editedLinesReadTheSameOrAreDeclined() {
        let lines = Self.modelRecording(items: 30, faults: FaultOptions.calm.scripting([
            .init(from: ProgressRun.backend, to: ProgressRun.app, frame: 3, message: nil, fate: .lost),
        ])).map { Array($0.utf8) }
        let edits = Gen.array(of: ByteEdit.generator(favouring: Array(#"{}[]",:0123456789-.eE"\ tfn"#.utf8), positionMax: 400), count: 1...3)
        var scannedAfterEdit = 0
        property(Gen<(Int, [ByteEdit])>.zip(.int(in: 0...(lines.count - 1)), edits), cases: 3_000) { index, edits in
            if try Self.requireAgreement(ByteEdit.apply(edits, to: lines[index])) { scannedAfterEdit += 1 }
        }
        // Many edits leave a line the scanner still reads (a digit changed, a title's letter), so the
        // agreement is tested on read lines, not only on declined ones.
        #expect(scannedAfterEdit > 300, "only \(scannedAfterEdit) edited lines were read by the scanner")
    }

    /// Lines that leave the scanner's form in each way it checks: it declines each, and the plain
    /// reader's verdict stands (an error, a skip, or a line read plainly).
    @Test func linesOutsideTheScannersFormAreDeclined() throws {
        let progress = #"{"frame":{"jobId":"job-1","payload":{"currentTitle":"Book 3","processedCount":3,"totalCount":10},"pipeline":"batch_enrichment","timestamp":1000,"type":"job_progress","version":"1.0.0"},"jobId":"job-1","kind":"frame","side":"server","t_ms":1000,"v":1}"#
        #expect(try Self.requireAgreement(Array(progress.utf8)), "the unedited line is the scanner's")
        let variants: [(String, String)] = [
            ("an escape in a string", progress.replacingOccurrences(of: "Book 3", with: #"Book \u0033"#)),
            ("non-ASCII text", progress.replacingOccurrences(of: "Book 3", with: "Böök 3")),
            ("a duplicate key", progress.replacingOccurrences(of: #""side":"server","#, with: #""side":"server","side":"app","#)),
            ("a duplicate payload key", progress.replacingOccurrences(of: #""processedCount":3,"#, with: #""processedCount":3,"processedCount":4,"#)),
            ("an unknown key", progress.replacingOccurrences(of: #""v":1"#, with: #""v":1,"extra":true"#)),
            ("an unknown payload key", progress.replacingOccurrences(of: #""totalCount":10"#, with: #""totalCount":10,"note":"x""#)),
            ("a null", progress.replacingOccurrences(of: #""v":1"#, with: #""v":null"#)),
            ("an array", progress.replacingOccurrences(of: #""v":1"#, with: #""v":[1]"#)),
            ("a fraction", progress.replacingOccurrences(of: #""t_ms":1000"#, with: #""t_ms":1000.0"#)),
            ("an exponent", progress.replacingOccurrences(of: #""t_ms":1000"#, with: #""t_ms":1e3"#)),
            ("a leading zero", progress.replacingOccurrences(of: #""t_ms":1000"#, with: #""t_ms":01000"#)),
            ("a negative time", progress.replacingOccurrences(of: #""t_ms":1000"#, with: #""t_ms":-1000"#)),
            ("19 digits", progress.replacingOccurrences(of: #""t_ms":1000"#, with: #""t_ms":1000000000000000000"#)),
            ("another format version", progress.replacingOccurrences(of: #""v":1"#, with: #""v":2"#)),
            ("another protocol version", progress.replacingOccurrences(of: "1.0.0", with: "1.2.0")),
            ("an unknown pipeline", progress.replacingOccurrences(of: "batch_enrichment", with: "batch")),
            ("a count over the total", progress.replacingOccurrences(of: #""processedCount":3"#, with: #""processedCount":11"#)),
            ("a count of the wrong kind", progress.replacingOccurrences(of: #""processedCount":3"#, with: #""processedCount":"3""#)),
            ("a frame as text", #"{"frame":"{}","jobId":"job-1","kind":"frame","side":"server","t_ms":1000,"v":1}"#),
            ("an unknown side", progress.replacingOccurrences(of: #""side":"server""#, with: #""side":"client""#)),
            ("an unknown kind", progress.replacingOccurrences(of: #""kind":"frame""#, with: #""kind":"note""#)),
            ("a cancel", #"{"jobId":"job-1","kind":"cancel","request":{"jobId":"job-1"},"response":{"status":200},"side":"server","t_ms":1000,"v":1}"#),
            ("a jobId with a space", progress.replacingOccurrences(of: "job-1", with: "job 1")),
            ("an empty jobId", progress.replacingOccurrences(of: #""jobId":"job-1","kind""#, with: #""jobId":"","kind""#)),
            ("a terminal message", #"{"frame":{"jobId":"job-1","payload":{"canceled":false,"summary":{"duration":5,"failureCount":0,"successCount":1,"totalCount":1,"totalProcessed":1}},"pipeline":"batch_enrichment","timestamp":1000,"type":"job_complete","version":"1.0.0"},"kind":"frame","side":"server","t_ms":1000}"#),
            ("text after the object", progress + " x"),
            ("a byte order mark", "\u{FEFF}" + progress),
            ("a truncated line", String(progress.dropLast(3))),
            ("a repeated type that differs", progress.replacingOccurrences(of: #""totalCount":10"#, with: #""totalCount":10,"type":"ping""#)),
        ]
        for (name, line) in variants {
            #expect(RecordingLineScanner._read(Array(line.utf8), number: 1) == nil, "the scanner read \(name)")
        }
        // Whitespace between tokens and a repeated type that agrees stay in the scanner's form.
        let spaced = progress.replacingOccurrences(of: #"","#, with: "\" ,\t").replacingOccurrences(of: ":", with: " : ") + "\r"
        #expect(try Self.requireAgreement(Array(spaced.utf8)))
        #expect(try Self.requireAgreement(Array(progress.replacingOccurrences(of: #""totalCount":10"#, with: #""totalCount":10,"type":"job_progress""#).utf8)))
    }

    /// Every message the scanner reads, on every pipeline and both sides, with and without each
    /// optional field: read by the scanner, exactly as the plain reader reads it.
    @Test func everyMessageTheScannerReadsIsReadAsTheCodecDecodesIt() throws {
        let payloads: [ProgressPayload] = [
            .jobStarted(JobStarted(totalCount: 12)),
            .progress(ProgressUpdate(processedCount: 0, totalCount: 12)),
            .progress(ProgressUpdate(processedCount: 5, totalCount: 12, currentTitle: "Dune", userMessage: "Enriching", keepAlive: false)),
            .progress(ProgressUpdate(processedCount: 5, totalCount: 12, keepAlive: true)),
            .ping(Ping(clientTime: nil)),
            .ping(Ping(clientTime: 1_762_732_800_123)),
            .pong(Pong(clientTime: nil, serverTime: 17)),
            .pong(Pong(clientTime: 1_762_732_800_123, serverTime: 1_762_732_800_200)),
            .syncRequest(SyncRequest(lastProcessedCount: nil)),
            .syncRequest(SyncRequest(lastProcessedCount: 7)),
            .syncResponse(JobSnapshot(status: .running, processedCount: 7, totalCount: 12)),
        ]
        var read = 0
        for pipeline in ProgressPipeline.allCases {
            for payload in payloads {
                for side in RecordingLine.Side.allCases {
                    let message = ProgressMessage(jobId: "Job-\(pipeline.rawValue)", pipeline: pipeline, timestamp: Timestamp(epochMilliseconds: 1_762_732_800_000), payload: payload)
                    let line = Array(SessionRecording.frame(side, at: Timestamp(epochMilliseconds: 1_762_732_800_040), message).utf8)
                    #expect(try Self.requireAgreement(line), "the scanner declined \(message) from the \(side)")
                    read += 1
                }
            }
        }
        #expect(read == ProgressPipeline.allCases.count * payloads.count * 2)
        // The socket's changes, with and without what a line may leave out.
        let at = Timestamp(epochMilliseconds: 5)
        for line in [
            SessionRecording.connect(at: at, jobId: "job-1", reconnect: true), SessionRecording.connect(at: at, jobId: "job-1", reconnect: false),
            SessionRecording.open(at: at, jobId: "job-1"), SessionRecording.disconnect(at: at, jobId: "job-1", reason: "dropped"),
            #"{"jobId":"job-1","kind":"open","side":"app"}"#, #"{"jobId":"job-1","kind":"connect","reconnect":1,"side":"app","t_ms":5}"#,
        ] {
            #expect(try Self.requireAgreement(Array(line.utf8)), "the scanner declined \(line)")
        }
    }

    /// Each limit the scanner checks, on both sides: inside, it reads the line as the plain reader
    /// does; outside, it declines and the plain reader decides.
    @Test func theScannersLimitsAreThePlainReadersOnBothSides() throws {
        func line(jobId: String = "job-1", title: String = "Book", processed: String = "3", total: String = "10", time: String = "1000") -> [UInt8] {
            Array(#"{"frame":{"jobId":"\#(jobId)","payload":{"currentTitle":"\#(title)","processedCount":\#(processed),"totalCount":\#(total)},"pipeline":"batch_enrichment","timestamp":\#(time),"type":"job_progress","version":"1.0.0"},"jobId":"job-1","kind":"frame","side":"server","t_ms":\#(time)}"#.utf8)
        }
        let inside: [(String, [UInt8])] = [
            ("a job ID of \(ProgressMessage.jobIdBytesMax) bytes", line(jobId: String(repeating: "a", count: ProgressMessage.jobIdBytesMax))),
            ("a title of \(ProgressMessage.textBytesMax) bytes", line(title: String(repeating: "t", count: ProgressMessage.textBytesMax))),
            ("18 digits", line(time: "999999999999999999")),
            ("time 0", line(time: "0")),
            ("the count at the total", line(processed: "10")),
            ("counts of 0", line(processed: "0", total: "0")),
        ]
        for (name, bytes) in inside {
            #expect(try Self.requireAgreement(bytes), "the scanner declined \(name)")
        }
        let outside: [(String, [UInt8])] = [
            ("a job ID of \(ProgressMessage.jobIdBytesMax + 1) bytes", line(jobId: String(repeating: "a", count: ProgressMessage.jobIdBytesMax + 1))),
            ("a title of \(ProgressMessage.textBytesMax + 1) bytes", line(title: String(repeating: "t", count: ProgressMessage.textBytesMax + 1))),
            ("19 digits", line(time: "1000000000000000000")),
            ("the count over the total", line(processed: "11")),
        ]
        for (name, bytes) in outside {
            #expect(RecordingLineScanner._read(bytes, number: 1) == nil, "the scanner read \(name)")
        }
        // The line's own limit: a line of the scanner's form padded to the limit is read, one byte more is
        // the plain reader's "too long", through the checker's `feed` as well.
        let open = #"{"jobId":"job-1","kind":"open","side":"app"}"#
        let atLimit = Array((open + String(repeating: " ", count: RecordingLine.lineBytesMax - open.utf8.count)).utf8)
        #expect(try Self.requireAgreement(atLimit), "the scanner declined a line of exactly \(RecordingLine.lineBytesMax) bytes")
        let overLimit = atLimit + [0x20]
        #expect(RecordingLineScanner._read(overLimit, number: 1) == nil, "the scanner read a line over the limit")
        var checker = RecordingChecker()
        #expect(checker.feed(overLimit, number: 1).isEmpty)
        #expect(checker.summary.malformed.map(\.problem) == [.tooLong(bytes: RecordingLine.lineBytesMax + 1)])
        // Outside the scanner's form is not outside the format: the plain reader still reads these.
        #expect(RecordingLine.read(line(time: "1000000000000000000"), number: 1).isLine)
        #expect(RecordingLine.read(line(processed: "11"), number: 1).isUndecodableFrame)
    }

    /// A whole check reports the same, byte for byte, with the scanner and with the plain reader
    /// only: on a clean run, on the seed's throttle's recording, and on a faulty run with edited lines.
    @Test func aCheckReportsTheSameWithAndWithoutTheScanner() {
        var flaky = FaultOptions.calm
        flaky.lossPartsPerMillion = 200_000
        let seedThrottle = SessionRecording.serverSide(of: ThrottleRun.run(RecordingCheckTests.milestoneStream, with: SeedProgressThrottle()), jobId: ProgressRun.jobId)
        let recordings: [(String, [String])] = [
            ("calm", Self.modelRecording(items: 60)),
            ("seed throttle", seedThrottle),
            ("flaky, edited", Self.modelRecording(items: 40, faults: flaky).enumerated().map { index, line in
                index % 17 == 5 ? line.replacingOccurrences(of: "\"processedCount\":", with: "\"processedCount\":1") : line
            }),
        ]
        for (name, lines) in recordings {
            let fast = RecordingCheckTests.check(lines)
            let plain = RecordingCheckTests.check(lines, arguments: ["--plain-reader"])
            #expect(fast.status == plain.status, "\(name)")
            #expect(fast.output == plain.output, "\(name): the reports differ")
        }
        #expect(RecordingCheckTests.check(recordings[1].1).output.contains("THROTTLE-01"), "the seed's throttle is flagged")
    }
}

extension RecordingLineRead {
    fileprivate var isLine: Bool {
        if case .line = self { return true }
        return false
    }

    fileprivate var isUndecodableFrame: Bool {
        if case let .line(line) = self, case .frame(.undecodable) = line.kind { return true }
        return false
    }
}
