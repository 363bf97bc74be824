// Thin adapters from the app's import code (ImportFeatures) to the conformance kit's seams.
// They convert types and nothing else. ImportFeatures and SpecModel both declare some names
// (WorkDTO, PersistentIdentifier, DTOMapper, …), so the app's types are written module-qualified here.

import ImportFeatures
import SpecConformance
import SpecModel

// MARK: - Title normalization

struct AppTitleNormalizer: TitleNormalizing {
    func normalizedTitle(_ title: String) -> String { title.normalizedTitleForSearch }
}

// MARK: - ISBN reading

struct AppISBNReader: ISBNReading {
    func readISBN(_ field: String) -> ISBNReadResult {
        switch ImportFeatures.ISBNField.read(field) {
        case .empty: return .empty
        case let .valid(isbn): return .valid(isbn13: isbn.thirteen, isbn10: isbn.ten)
        case .invalid: return .invalid
        }
    }
}

// MARK: - CSV records

struct AppCSVRecordReader: CSVRecordReading {
    func readRecords(chunks: [[UInt8]], dialect: CSVDialect) -> CSVReadOutcome {
        let read = ImportFeatures.StreamingCSVParser.parse(chunks: chunks, delimiter: dialect.delimiter)
        return CSVReadOutcome(records: read.records, error: read.error.map(CSVReadError.init(app:)))
    }
}

extension CSVReadError {
    init(app error: ImportFeatures.CSVParsingError) {
        let kind: Kind
        switch error.kind {
        case .notCSV: kind = .notCSV
        case .invalidUTF8: kind = .invalidUTF8
        case .textAfterClosingQuote: kind = .textAfterClosingQuote
        case .unterminatedQuotedField: kind = .unterminatedQuotedField
        case .fieldTooLong: kind = .fieldTooLong
        case .rowTooLong: kind = .rowTooLong
        case .tooManyColumns: kind = .tooManyColumns
        }
        self.init(kind: kind, offset: error.offset, record: error.record, line: error.line)
    }
}

// MARK: - Export formats

struct AppExportFormatDetector: ExportFormatDetecting {
    func detectFormat(header: [String]) -> Result<ExportDetection, MissingColumns> {
        switch ImportFeatures.CSVFormatDetector.detect(header: header) {
        case let .success(found):
            return .success(ExportDetection(format: ExportFormat(app: found.source), confidence: found.confidence, columns: ExportColumns(app: found.columns)))
        case let .failure(missing):
            return .failure(MissingColumns(missing: missing.missing, found: missing.header))
        }
    }
}

extension ExportFormat {
    init(app source: ImportFeatures.ImportSource) {
        switch source {
        case .goodreads: self = .goodreads
        case .libraryThing: self = .libraryThing
        case .storyGraph: self = .storyGraph
        case .spreadsheet: self = .generic
        }
    }
}

extension ExportColumns {
    init(app m: ImportFeatures.ImportColumnMapping) {
        self.init(
            title: m.title, author: m.author, authorLastFirst: m.authorLastFirst, authorColumnIsList: m.authorIsList,
            additionalAuthors: m.additionalAuthors, isbn10: m.isbn10, isbn13: m.isbn13, isbn: m.isbn,
            isbnColumnMayHoldOtherIdentifiers: m.isbnMayHoldOtherIdentifiers, rating: m.rating,
            readingStatus: m.readingStatus, dateRead: m.dateRead
        )
    }
}

// MARK: - Duplicates

struct AppDuplicateDetector: DuplicateDetecting {
    var detector = ImportFeatures.DuplicateDetector<Int>()

    mutating func addLibraryBook(_ book: BookIdentity, id: Int) {
        detector.add(ImportFeatures.BookFingerprint(app: book), work: id)
    }

    mutating func bestMatch(for candidate: BookIdentity) -> DuplicateFinding? {
        let match = detector.match(for: ImportFeatures.BookFingerprint(app: candidate))
        guard let book = match.work, let tier = match.tier else { return nil }
        return DuplicateFinding(book: book, tier: DuplicateTier(app: tier))
    }
}

extension ImportFeatures.BookFingerprint {
    init(app book: BookIdentity) {
        self.init(title: book.title, authors: book.authors, isbnField: book.isbn)
    }
}

extension DuplicateTier {
    init(app tier: ImportFeatures.DuplicateMatchTier) {
        switch tier {
        case .exactTitleAndAuthor: self = .titleAndAuthor
        case .isbn: self = .isbn
        case .normalizedTitleAndSimilarAuthor: self = .normalizedTitleAndSimilarAuthor
        }
    }
}

// MARK: - Work cache

struct AppWorkCacheSession: WorkCacheSession {
    let container = ImportFeatures.ModelContainer()
    var context: ImportFeatures.ModelContext
    var mapper: ImportFeatures.DTOMapper

    init() {
        context = ImportFeatures.ModelContext(container)
        mapper = ImportFeatures.DTOMapper(modelContext: context)
    }

    mutating func mapToWork(_ dto: SpecModel.WorkDTO) throws -> ImportFeatures.PersistentIdentifier {
        try mapper.mapToWork(ImportFeatures.WorkDTO(app: dto)).persistentModelID
    }

    mutating func clearCache() { mapper.clearCache() }

    mutating func deleteWork(_ work: ImportFeatures.PersistentIdentifier) throws { try context.delete(work) }

    mutating func save() throws { try context.save() }

    func work(_ id: ImportFeatures.PersistentIdentifier) -> MappedWork? {
        context.model(for: id).map { MappedWork(title: $0.title, volumeIDs: $0.googleBooksVolumeIDs) }
    }

    var workCount: Int { context.workCount }

    var interruptions: WorkCacheInterruptions { [.rollback, .crash] }

    mutating func rollback() { context.rollback() }

    /// The process dies: the context and the mapper's in-memory cache go; the container's saved works stay.
    mutating func relaunchAfterCrash() throws {
        context = ImportFeatures.ModelContext(container)
        mapper = ImportFeatures.DTOMapper(modelContext: context)
    }
}

extension ImportFeatures.WorkDTO {
    init(app dto: SpecModel.WorkDTO) {
        self.init(
            title: dto.title, originalLanguage: dto.originalLanguage, firstPublicationYear: dto.firstPublicationYear,
            subjectTags: dto.subjectTags, synthetic: dto.synthetic, primaryProvider: dto.primaryProvider,
            openLibraryID: dto.openLibraryID, openLibraryWorkID: dto.openLibraryWorkID, isbndbID: dto.isbndbID,
            googleBooksVolumeID: dto.googleBooksVolumeID, goodreadsID: dto.goodreadsID, goodreadsWorkIDs: dto.goodreadsWorkIDs,
            amazonASINs: dto.amazonASINs, librarythingIDs: dto.librarythingIDs, googleBooksVolumeIDs: dto.googleBooksVolumeIDs,
            isbndbQuality: dto.isbndbQuality, contributors: dto.contributors,
            reviewStatus: ImportFeatures.WorkDTOReviewStatus(rawValue: dto.reviewStatus.rawValue) ?? .verified,
            coverImageURL: dto.coverURL
        )
    }
}
