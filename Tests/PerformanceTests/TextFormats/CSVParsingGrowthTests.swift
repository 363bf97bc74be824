import Fixtures
import SpecModel
import Testing
import Workloads

/// The parser's memory does not grow with the file: fed in 4 KiB chunks, it holds at most the
/// record in progress (never a finished one), so its state stays below the longest row however
/// many rows the file has (Seed: 004_…, Feature Specifications §1, "Memory usage: <50MB during
/// parse (streaming, no full file load)"; Non-Functional Requirements, 50-row batches).
@Suite struct CSVParsingGrowthTests {
    static let chunkBytes = 4_096

    /// What feeding a file chunk by chunk showed after each chunk.
    struct Feeding {
        /// The most bytes the parser held after a chunk.
        var bufferedBytesMax = 0
        /// The longest record, in bytes as written.
        var longestRecordBytes = 0
        var rows = 0
    }

    /// Feeds `bytes` in 4 KiB chunks and checks, after every chunk, that every record whose line
    /// break has arrived was delivered, and that the parser holds no more than the bytes of the
    /// record in progress.
    static func feed(_ bytes: [UInt8]) throws -> Feeding {
        let starts = try CSVParser.rows(in: bytes).map(\.byteOffset)
        var feeding = Feeding()
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
            feeding.longestRecordBytes = max(feeding.longestRecordBytes, end - start)
        }
        var parser = CSVParser()
        var fed = 0
        var complete = 0
        while fed < bytes.count {
            let end = min(fed + chunkBytes, bytes.count)
            try parser.feed(bytes[fed..<end]) { _ in feeding.rows += 1 }
            fed = end
            // A record is complete once its line break (the byte before the next record) is fed;
            // the last one's line break ends the file.
            while complete < starts.count, complete + 1 < starts.count ? starts[complete + 1] <= fed : fed == bytes.count {
                complete += 1
            }
            #expect(feeding.rows == complete, "after \(fed) bytes: \(feeding.rows) rows delivered, \(complete) complete")
            let inProgress = complete < starts.count ? fed - starts[complete] : 0
            #expect(parser._bufferedBytes <= max(0, inProgress), "after \(fed) bytes: \(parser._bufferedBytes) held, the record in progress has \(inProgress)")
            feeding.bufferedBytesMax = max(feeding.bufferedBytesMax, parser._bufferedBytes)
        }
        try parser.finish { _ in feeding.rows += 1 }
        #expect(parser._bufferedBytes == 0)
        return feeding
    }

    @Test func aTenThousandRowFileHoldsAtMostOneRowAtATime() throws {
        let fixture = ExportFixture.goodreads(rows: 10_000, seed: 10_000)
        let feeding = try Self.feed(fixture.bytes)
        #expect(feeding.rows == 10_001)
        #expect(feeding.bufferedBytesMax <= feeding.longestRecordBytes)
        #expect(feeding.bufferedBytesMax <= feeding.longestRecordBytes + Self.chunkBytes)
        #expect(feeding.bufferedBytesMax > 0, "some record spans a chunk boundary, so the check is not vacuous")
    }

    /// Ten times the rows, the same bound: what the parser holds depends on the longest row, not
    /// on the number of rows.
    @Test func heldBytesDoNotGrowWithTheNumberOfRows() throws {
        let small = try Self.feed(ExportFixture.goodreads(rows: 1_000, seed: 77).bytes)
        let large = try Self.feed(ExportFixture.goodreads(rows: 10_000, seed: 77).bytes)
        #expect(small.bufferedBytesMax <= small.longestRecordBytes)
        #expect(large.bufferedBytesMax <= large.longestRecordBytes)
        #expect(large.rows == 10 * small.rows - 9)
    }

    /// One record far longer than a chunk (a 60 KB review, fifteen chunks) is held while it
    /// arrives, and dropped once delivered.
    @Test func aRecordLongerThanManyChunksIsHeldOnlyUntilItIsDelivered() throws {
        let review = String(repeating: "A long review, with \"quotes\",\nand lines. ", count: 1_400)
        let bytes = CSVWriter.encode(rows: [["Title", "My Review"], ["Piranesi", review], ["Circe", ""]])
        let feeding = try Self.feed(bytes)
        #expect(feeding.rows == 3)
        #expect(feeding.bufferedBytesMax > 50_000)
        #expect(feeding.bufferedBytesMax <= feeding.longestRecordBytes)
    }

    /// The pull reader holds nothing of a record once it has returned it.
    @Test func theReaderHoldsNothingBetweenRows() throws {
        var reader = CSVRowReader(bytes: ExportFixture.goodreads(rows: 500, seed: 5).bytes)
        var rows = 0
        while try reader.next() != nil {
            rows += 1
            #expect(reader._bufferedBytes == 0)
        }
        #expect(rows == 501)
    }
}
