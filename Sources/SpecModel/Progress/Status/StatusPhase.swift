/// The phases of a CSV import, as the status formatter names them.
///
/// Seed: 003_…, Task 4, `formatCSVImportProgress(progress, phase = 'parsing')`. The seed falls back to
/// the parsing message for a phase it does not know; an enum has no unknown phase, so a caller holding
/// a phase name from elsewhere writes `CSVImportPhase(rawValue: name) ?? .parsing`, as the seed does.
public enum CSVImportPhase: String, CaseIterable, Hashable, Sendable {
    /// Reading the export file.
    case parsing
    /// Checking the books read.
    case validating
    /// Adding the books to the library.
    case saving
}

/// The phases of an AI bookshelf scan, as the status formatter names them.
///
/// Seed: 003_…, Task 4, `formatAIScanProgress(phase = 'analyzing')`; an unknown phase name falls back
/// to `.analyzing` in the seed (`AIScanPhase(rawValue: name) ?? .analyzing`).
public enum AIScanPhase: String, CaseIterable, Hashable, Sendable {
    /// Sending the photo to the server.
    case uploading
    /// Gemini is looking at the photo.
    case analyzing
    /// Reading titles off the detected spines.
    case extracting
    /// Looking up covers and details for the titles.
    case enriching
    /// The scan has finished.
    case complete
}

/// The phase a status message's metadata names: a CSV import's or an AI scan's.
///
/// Seed: 003_…, Task 4, the `phase` of `formatCSVImportProgress`'s and `formatAIScanProgress`'s metadata.
public enum StatusPhase: Hashable, Sendable, CustomStringConvertible {
    case csvImport(CSVImportPhase)
    /// A phase of an AI bookshelf scan.
    case aiScan(AIScanPhase)

    /// The phase's name as the seed's metadata carries it (`"parsing"`, `"analyzing"`, …).
    public var rawValue: String {
        switch self {
        case let .csvImport(phase): return phase.rawValue
        case let .aiScan(phase): return phase.rawValue
        }
    }

    /// The phase's name (`rawValue`).
    public var description: String { rawValue }
}
