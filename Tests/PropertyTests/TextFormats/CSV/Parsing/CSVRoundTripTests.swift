import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// What the writer writes, the parser reads back unchanged, whatever the chunking, and the pull
/// reader reads the same rows (Seed: 004_…, Feature Specifications §1, "Streaming parser processes
/// 50 rows at a time"; the issue's round-trip property).
@Suite struct CSVRoundTripTests {
    /// A case of the round trip: a table and how it is written and fed.
    struct Case: CustomStringConvertible {
        var table: [[String]]
        var dialect: CSVDialect
        var terminator: CSVWriter.Terminator
        var quoting: CSVWriter.Quoting
        var endsWithTerminator: Bool
        var chunkSizes: [Int]

        var description: String {
            "\(dialect), \(terminator), \(quoting) quoting, \(endsWithTerminator ? "" : "no ")final line break, "
                + "chunks \(chunkSizes)\ntable: \(String(reflecting: table))"
        }
    }

    static let cases: Gen<Case> = Gen<([[String]], CSVDialect, CSVWriter.Terminator, CSVWriter.Quoting, Bool, [Int])>.zip(
        CSVParsingGen.table, CSVParsingGen.dialect,
        Gen<CSVWriter.Terminator>.element(of: CSVWriter.Terminator.allCases),
        Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases),
        Gen<Bool>.bool(probability: 0.8), CSVParsingGen.chunkSizes
    ).map { Case(table: $0, dialect: $1, terminator: $2, quoting: $3, endsWithTerminator: $4, chunkSizes: $5) }

    /// Any table of hostile text, written with any terminator and quoting, parses back to the same
    /// fields, in one chunk, in the generated chunks (1-byte chunks included) and by pulling; each
    /// row's number, first byte and first line are where the writer put them.
    @Test func writtenTablesParseBackUnchangedWhateverTheChunking() {
        property(
            Self.cases, cases: 300,
            describe: { $0.description },
            labels: { value in
                var labels = ["\(value.terminator)", "\(value.quoting)"]
                if value.chunkSizes.contains(1) { labels.append("1-byte chunks") }
                if value.table.joined().contains(where: { $0.contains("\n") || $0.contains("\r") }) { labels.append("multi-line field") }
                if value.table[0].count == 1, value.table.contains([""]) { labels.append("lone empty field") }
                return labels
            }
        ) { value in
            let bytes = CSVWriter.encode(
                rows: value.table, dialect: value.dialect, terminator: value.terminator, quoting: value.quoting,
                endsWithTerminator: value.endsWithTerminator
            )
            let whole = CSVParsing.parse(bytes, dialect: value.dialect)
            try requireEqual(whole.error, nil, "parsing the written file")
            try requireEqual(whole.rows.map(\.fields), value.table, "fields")

            // Each row starts where the writer put it, on the line an independent count gives.
            for (index, row) in whole.rows.enumerated() {
                let offset = CSVWriter.encode(
                    rows: Array(value.table[..<index]), dialect: value.dialect, terminator: value.terminator, quoting: value.quoting
                ).count
                try requireEqual(row.number, index + 1, "record number")
                try requireEqual(row.byteOffset, offset, "byte offset of record \(index + 1)")
                try requireEqual(row.lineNumber, CSVParsing.line(at: offset, in: bytes), "line of record \(index + 1)")
            }

            try requireEqual(CSVParsing.parse(bytes, chunkSizes: value.chunkSizes, dialect: value.dialect), whole, "chunked")
            try requireEqual(CSVParsing.read(bytes, dialect: value.dialect), whole, "pulled")
            try requireEqual(CSVParsing.lend(bytes, dialect: value.dialect), whole, "lent as bytes")
            try requireEqual(CSVParsing.count(bytes, dialect: value.dialect), .success(whole.rows.count), "counted")
        }
    }

    /// Reading in batches of 50, as the importer does, gives every row once, in order.
    @Test func batchesOfFiftyGiveEveryRowOnceInOrder() throws {
        let fixture = ExportFixture.goodreads(rows: 237, seed: 237)
        var reader = CSVRowReader(bytes: fixture.bytes)
        var batches: [[CSVRow]] = []
        while case let batch = try reader.nextBatch(rowsMax: 50), !batch.isEmpty { batches.append(batch) }
        #expect(batches.map(\.count) == [50, 50, 50, 50, 38])
        #expect(batches.joined().map(\.number) == Array(1...238))
        #expect(Array(batches.joined()) == (try CSVParser.rows(in: fixture.bytes)))
        #expect(try reader.nextBatch(rowsMax: 50).isEmpty)
    }

    /// An error ends a batch early with the rows before it; the next call throws it.
    @Test func aBatchEndsEarlyAtAnErrorAndTheNextCallThrowsIt() throws {
        var reader = CSVRowReader(bytes: Array("a\nb\nc\n\"d\"x\ne\n".utf8))
        #expect(try reader.nextBatch(rowsMax: 2).map(\.fields) == [["a"], ["b"]])
        #expect(try reader.nextBatch(rowsMax: 2).map(\.fields) == [["c"]])
        let error = CSVParseError.textAfterClosingQuote(byte: UInt8(ascii: "x"), offset: 9, record: 4, line: 4)
        #expect(throws: error) { try reader.nextBatch(rowsMax: 2) }
        #expect(throws: error) { try reader.nextBatch(rowsMax: 2) }
    }

    /// The canary: a parser that forgets its state at chunk boundaries (parsing each chunk as a
    /// file of its own) must be caught by the round-trip property, so the property is not blind to
    /// what it exists to find.
    @Test func theRoundTripPropertyCatchesAParserThatForgetsItsStateBetweenChunks() {
        func forgetful(_ bytes: [UInt8], chunkSizes: [Int]) -> [[String]]? {
            var fields: [[String]] = []
            var start = 0
            var turn = 0
            let sizes = chunkSizes.contains { $0 > 0 } ? chunkSizes : [max(1, bytes.count)]
            while start < bytes.count {
                let end = min(bytes.count, start + sizes[turn % sizes.count])
                turn += 1
                guard let rows = try? CSVParser.rows(in: bytes[start..<end]) else { return nil }
                fields += rows.map(\.fields)
                start = end
            }
            return fields
        }
        let report = checkProperty(Self.cases, settings: PropertySettings(
            name: "canary: forgetful chunked parser", cases: 300, shrinkBudget: ShrinkBudget(evaluationsMax: 200)
        )) { value in
            let bytes = CSVWriter.encode(rows: value.table, dialect: .comma, terminator: value.terminator, quoting: value.quoting)
            try requireEqual(forgetful(bytes, chunkSizes: value.chunkSizes), value.table)
        }
        #expect(!report.passed, "the round-trip property must catch a parser that forgets state between chunks")
    }
}
