import Fixtures
import SpecModel

/// Parsing export files into rows of Swift strings, the first stage of the CSV import.
///
/// Each iteration parses a whole file prepared before the timed part (built once per process and
/// shared by the iterations), fed to `CSVParser` in 64 KiB chunks as a file would be read, and folds
/// every field's length into a checksum. Throughput is in bytes of the file.
///
/// Target (release build): at least 300 MB/s on a Goodreads-like file, at every size, so
/// that a cost growing faster than the file misses it. The seed's own figure (1,500 rows in 5–7 s,
/// under 50 MB) is for the whole import; parsing is a negligible share of it.
package enum CSVParseWorkloads {
    /// The Goodreads export sizes parsed: the seed's 1,500 books, and 10 and 100 times that.
    package static let goodreadsRows = [1_500, 15_000, 150_000]
    /// The chunk size files are fed in.
    package static let chunkBytes = 65_536
    /// The throughput every parse workload must reach in a release build, in bytes per second.
    package static let releaseTargetBytesPerSecond = 300_000_000.0

    /// Every CSV parse workload, in the order benchrunner runs them.
    package static var all: [Workload] {
        goodreadsRows.map(goodreads) + [libraryThingTabSeparated, goodreadsInBatches]
    }

    /// A Goodreads export of `rows` books (24 columns, guarded ISBNs, reviews with line breaks).
    package static func goodreads(rows: Int) -> Workload {
        .timed(TimedWorkload(
            name: "csv.parse.goodreads-\(rows)",
            summary: "CSVParser over a \(rows)-book Goodreads export in 64 KiB chunks, fields as Strings",
            unit: "bytes",
            releaseTargetPerSecond: releaseTargetBytesPerSecond,
            makeIteration: {
                let file = CSVParseFiles.goodreads(rows: rows)
                return { parseInChunks(file, dialect: .comma, records: rows + 1) }
            }
        ).parsing { CSVFile(bytes: CSVParseFiles.goodreads(rows: rows), delimiter: UInt8(ascii: ","), records: rows + 1) })
    }

    /// LibraryThing's tab-separated export (later columns) of 15,000 books.
    package static let libraryThingTabSeparated = Workload.timed(TimedWorkload(
        name: "csv.parse.librarything-tsv-15000",
        summary: "CSVParser over a 15,000-book tab-separated LibraryThing export in 64 KiB chunks",
        unit: "bytes",
        releaseTargetPerSecond: releaseTargetBytesPerSecond,
        makeIteration: {
            let file = CSVParseFiles.libraryThing15000
            return { parseInChunks(file, dialect: .tab, records: 15_001) }
        }
    ).parsing { CSVFile(bytes: CSVParseFiles.libraryThing15000, delimiter: UInt8(ascii: "\t"), records: 15_001) })

    /// The importer's way of reading: `CSVRowReader` over the file in memory, 50 rows at a time.
    ///
    /// No target of its own: it parses exactly as the push workloads do, but holds 50 rows at once
    /// before dropping them, which costs the allocator (freed rows are no longer reused at once)
    /// about a sixth of the throughput. The figure shows what the importer's batching costs.
    package static let goodreadsInBatches = Workload.timed(TimedWorkload(
        name: "csv.parse.goodreads-15000-batches-of-50",
        summary: "CSVRowReader.nextBatch(rowsMax: 50) over a 15,000-book Goodreads export, fields as Strings",
        unit: "bytes",
        makeIteration: {
            let file = CSVParseFiles.goodreads(rows: 15_000)
            return {
                let records: Int
                do {
                    records = try readInBatches(file, dialect: .comma)
                } catch {
                    preconditionFailure("the benchmark file did not parse: \(error)")
                }
                precondition(records == 15_001, "read \(records) records, expected 15,001")
                return file.count
            }
        }
    ))

    /// Reads `file` as the importer does, `CSVRowReader` 50 rows at a time, folding every field into a
    /// checksum kept from the optimiser; returns the number of records.
    static func readInBatches(_ file: [UInt8], dialect: CSVDialect) throws(CSVParseError) -> Int {
        var reader = CSVRowReader(bytes: file, dialect: dialect)
        var checksum = 0
        var records = 0
        while case let batch = try reader.nextBatch(rowsMax: ImportLimits.batchRowsMax), !batch.isEmpty {
            for row in batch { checksum &+= fold(row) }
            records += batch.count
        }
        blackHole(checksum)
        return records
    }

    /// Parses `file` in chunks of `chunkBytes`; returns its size in bytes.
    static func parseInChunks(_ file: [UInt8], dialect: CSVDialect, records expected: Int) -> Int {
        var parser = CSVParser(dialect: dialect)
        var checksum = 0
        var records = 0
        do {
            var start = 0
            while start < file.count {
                let end = min(start + chunkBytes, file.count)
                try parser.feed(file[start..<end]) { row in
                    checksum &+= fold(row)
                    records += 1
                }
                start = end
            }
            try parser.finish { row in
                checksum &+= fold(row)
                records += 1
            }
        } catch {
            preconditionFailure("the benchmark file did not parse: \(error)")
        }
        precondition(records == expected, "parsed \(records) records, expected \(expected)")
        blackHole(checksum)
        return file.count
    }

    /// Folds a row's field lengths and number into a checksum, touching every field's String.
    @inline(__always)
    static func fold(_ row: CSVRow) -> Int {
        var sum = row.number
        for field in row.fields { sum &+= field.utf8.count }
        return sum
    }
}

/// The benchmark files, built once per process on first use (untimed, in `makeIteration`).
enum CSVParseFiles {
    static let goodreads1500 = ExportFixture.bytes(.goodreads, rows: 1_500, seed: 1_500)
    static let goodreads15000 = ExportFixture.bytes(.goodreads, rows: 15_000, seed: 15_000)
    static let goodreads150000 = ExportFixture.bytes(.goodreads, rows: 150_000, seed: 150_000)
    static let libraryThing15000 = ExportFixture.bytes(.libraryThing, rows: 15_000, seed: 15_000, tabSeparated: true, libraryThingColumns: .later)

    static func goodreads(rows: Int) -> [UInt8] {
        switch rows {
        case 1_500: return goodreads1500
        case 15_000: return goodreads15000
        case 150_000: return goodreads150000
        default: return ExportFixture.bytes(.goodreads, rows: rows, seed: UInt64(rows))
        }
    }
}
