import SpecModel

/// `benchrunner --csv FILE`: a user's own export, timed as the CSV workloads time the generated ones.
///
/// The parse (`CSVRowReader`, the importer's reader, with the dialect the import detects; Python's
/// `csv` beside it on the same bytes), the whole import into an empty library with each duplicate
/// strategy, and what the import found: the format and its confidence, the rows, the duplicates and
/// the errors. The file is the user's, so the workloads have no targets.
package enum UserFileWorkloads {
    /// The workloads for the file `name` holding `bytes`, or the import's own refusal of it (an empty
    /// file, a spreadsheet, no title column…), which is what the app would show.
    package static func make(name: String, bytes: [UInt8]) -> Result<[Workload], ImportError> {
        let file = ImportFile(name: name, bytes: bytes)
        var found: [DuplicateStrategy: ImportSummary] = [:]
        for strategy in DuplicateStrategy.allCases {
            var app = AppState()
            switch CSVImport.prepare(file, library: app.store, strategy: strategy) {
            case let .failure(error): return .failure(error)
            case var .success(run):
                run.importAll(into: &app)
                found[strategy] = run.summary
            }
        }
        let dialect = CSVDialect.detect(in: bytes)
        let records: Int
        do {
            records = try CSVParseWorkloads.readInBatches(bytes, dialect: dialect)
        } catch {
            return .failure(.unreadable(error))
        }
        let parse = TimedWorkload(
            name: "csv.file.parse",
            summary: "CSVRowReader over \(name) (\(bytes.count) bytes, \(records) records), fields as Strings",
            unit: "bytes",
            iteration: {
                do {
                    _ = try CSVParseWorkloads.readInBatches(bytes, dialect: dialect)
                } catch {
                    preconditionFailure("the file parsed before the timing, and not now: \(error)")
                }
                return bytes.count
            }
        ).parsing { CSVFile(bytes: bytes, delimiter: dialect.delimiter, records: records) }
        let imports = DuplicateStrategy.allCases.map { strategy in
            Workload.timed(TimedWorkload(
                name: "csv.file.import.\(strategy.rawValue)",
                summary: "the whole import of \(name) into an empty library, duplicate strategy \(strategy.rawValue)",
                unit: "rows",
                makeIteration: {
                    let library = AfterTiming<AppState>()
                    return {
                        var app = AppState()
                        guard case var .success(run) = CSVImport.prepare(file, library: app.store, strategy: strategy) else {
                            preconditionFailure("the file was accepted before the timing, and not now")
                        }
                        run.importAll(into: &app)
                        library.keep(app)
                        return run.summary.processed
                    }
                }
            ))
        }
        let summaries = DuplicateStrategy.allCases.compactMap { strategy in found[strategy].map { (strategy, $0) } }
        let findings = Workload.measured(MeasuredWorkload(
            name: "csv.file.findings",
            summary: "what the import found in \(name): its format, rows, duplicates and errors",
            measure: { _ in metrics(summaries) }
        ))
        return .success([.timed(parse)] + imports + [findings])
    }

    /// The import's findings as metrics without bounds: the format, then each strategy's tally.
    static func metrics(_ summaries: [(DuplicateStrategy, ImportSummary)]) -> [Metric] {
        guard let first = summaries.first?.1 else { return [] }
        var metrics = [
            Metric(name: "format \(first.format.rawValue), confidence", value: first.confidence * 100, unit: "%"),
            Metric(name: "data rows", value: Double(first.dataRows), unit: "rows"),
        ]
        for (strategy, summary) in summaries {
            // Replace All counts a replacement as imported, so its duplicates are the ones it replaced.
            let found = strategy == .replaceAll ? ("replaced", summary.replaced) : ("duplicates", summary.duplicates)
            metrics += [
                Metric(name: "\(strategy.rawValue): imported", value: Double(summary.imported), unit: "rows"),
                Metric(name: "\(strategy.rawValue): \(found.0)", value: Double(found.1), unit: "rows"),
                Metric(name: "\(strategy.rawValue): errors", value: Double(summary.errors.count), unit: "rows"),
            ]
        }
        return metrics
    }
}
