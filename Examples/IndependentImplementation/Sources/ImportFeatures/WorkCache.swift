// DTOMapper's work cache keyed by PersistentIdentifier (seed 001, Issue #168), over a small in-memory
// stand-in for SwiftData: a container that persists what was saved, and a context with pending
// inserts, deletes and edits that `save()` commits and `rollback()` discards.

// MARK: - The store (stand-in for SwiftData)

/// A model's identity in the store, as SwiftData's `PersistentIdentifier`: never reused, so an
/// identifier of a deleted or rolled-back work never leads to another work.
public struct PersistentIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "Work#\(rawValue)" }
}

public enum ReviewState: String, Hashable, Sendable {
    case verified, needsReview, userEdited
}

/// A work (a book, independent of its editions).
public struct Work: Hashable, Sendable {
    public let persistentModelID: PersistentIdentifier
    /// The title shown to the user.
    public var title: String
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var subjectTags: [String] = []
    public var synthetic = false
    public var reviewStatus = ReviewState.verified
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var goodreadsWorkIDs: [String] = []
    public var coverImageURL: String?
    /// Every Google Books volume of the work, in the order they were learned: the deduplication keys.
    public var googleBooksVolumeIDs: [String] = []

    public init(persistentModelID: PersistentIdentifier, title: String) {
        self.persistentModelID = persistentModelID
        self.title = title
    }
}

public enum ModelContextError: Error, Hashable, Sendable {
    /// No live model has this identifier (never inserted, deleted, or rolled back).
    case noSuchModel(PersistentIdentifier)
}

/// What survives a relaunch: the saved works, and the identifier sequence.
public final class ModelContainer {
    fileprivate var persisted: [PersistentIdentifier: Work] = [:]
    fileprivate var lastIdentifier: UInt64 = 0

    public init() {}

    fileprivate func nextIdentifier() -> PersistentIdentifier {
        lastIdentifier += 1
        return PersistentIdentifier(rawValue: lastIdentifier)
    }
}

/// The app's view of the store: the saved works plus this context's pending changes.
public final class ModelContext {
    public let container: ModelContainer
    private var works: [PersistentIdentifier: Work]

    public init(_ container: ModelContainer) {
        self.container = container
        self.works = container.persisted
    }

    /// Inserts a new work (pending until `save`); `make` receives the work's new identifier.
    @discardableResult
    public func insert(_ make: (PersistentIdentifier) -> Work) -> Work {
        let id = container.nextIdentifier()
        let work = make(id)
        precondition(work.persistentModelID == id, "a new work must carry the identifier it was given")
        works[id] = work
        return work
    }

    /// The live work with this identifier, or `nil` when it was deleted (saved or not), rolled back, or
    /// never existed: `modelContext.model(for:)`.
    public func model(for id: PersistentIdentifier) -> Work? {
        works[id]
    }

    /// Writes a live work's changed properties (pending until `save`).
    public func update(_ work: Work) throws {
        guard works[work.persistentModelID] != nil else { throw ModelContextError.noSuchModel(work.persistentModelID) }
        works[work.persistentModelID] = work
    }

    /// Deletes a live work (pending until `save`).
    public func delete(_ id: PersistentIdentifier) throws {
        guard works.removeValue(forKey: id) != nil else { throw ModelContextError.noSuchModel(id) }
    }

    /// Every live work, oldest first.
    public func fetchWorks() -> [Work] {
        works.values.sorted { $0.persistentModelID < $1.persistentModelID }
    }

    public var workCount: Int { works.count }

    public var hasChanges: Bool { works != container.persisted }

    /// Commits the pending changes.
    public func save() throws {
        container.persisted = works
    }

    /// Discards the pending changes.
    public func rollback() {
        works = container.persisted
    }
}

// MARK: - The backend's DTO and the mapper

public enum WorkDTOReviewStatus: String, Hashable, Sendable {
    case verified, needsReview, userEdited
}

/// A work as the backend sends it (the fields of the seed's `WorkDTO`).
public struct WorkDTO: Hashable, Sendable {
    public var title: String
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var subjectTags: [String]
    public var synthetic: Bool
    public var primaryProvider: String?
    public var openLibraryID: String?
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var googleBooksVolumeID: String?
    public var goodreadsID: String?
    public var goodreadsWorkIDs: [String]
    public var amazonASINs: [String]
    public var librarythingIDs: [String]
    public var googleBooksVolumeIDs: [String]
    public var isbndbQuality: Int
    public var contributors: [String]
    public var reviewStatus: WorkDTOReviewStatus
    public var coverImageURL: String?

    public init(
        title: String, originalLanguage: String? = nil, firstPublicationYear: Int? = nil, subjectTags: [String] = [],
        synthetic: Bool = false, primaryProvider: String? = nil, openLibraryID: String? = nil, openLibraryWorkID: String? = nil,
        isbndbID: String? = nil, googleBooksVolumeID: String? = nil, goodreadsID: String? = nil, goodreadsWorkIDs: [String] = [],
        amazonASINs: [String] = [], librarythingIDs: [String] = [], googleBooksVolumeIDs: [String] = [], isbndbQuality: Int = 0,
        contributors: [String] = [], reviewStatus: WorkDTOReviewStatus = .verified, coverImageURL: String? = nil
    ) {
        self.title = title
        self.originalLanguage = originalLanguage
        self.firstPublicationYear = firstPublicationYear
        self.subjectTags = subjectTags
        self.synthetic = synthetic
        self.primaryProvider = primaryProvider
        self.openLibraryID = openLibraryID
        self.openLibraryWorkID = openLibraryWorkID
        self.isbndbID = isbndbID
        self.googleBooksVolumeID = googleBooksVolumeID
        self.goodreadsID = goodreadsID
        self.goodreadsWorkIDs = goodreadsWorkIDs
        self.amazonASINs = amazonASINs
        self.librarythingIDs = librarythingIDs
        self.googleBooksVolumeIDs = googleBooksVolumeIDs
        self.isbndbQuality = isbndbQuality
        self.contributors = contributors
        self.reviewStatus = reviewStatus
        self.coverImageURL = coverImageURL
    }

    /// The deduplication keys: the primary volume (when set and not already listed) first, then the
    /// listed volumes, each once, empty strings ignored.
    public var volumeIDs: [String] {
        var seen: Set<String> = []
        var ids: [String] = []
        let primary = googleBooksVolumeID.map { googleBooksVolumeIDs.contains($0) ? [] : [$0] } ?? []
        for id in primary + googleBooksVolumeIDs where !id.isEmpty && seen.insert(id).inserted {
            ids.append(id)
        }
        return ids
    }
}

/// Maps the backend's DTOs to SwiftData works, deduplicating by Google Books volume ID.
///
/// The cache keeps identifiers, not works: a hit is fetched fresh from the context, and an entry whose
/// work was deleted is evicted on access (no manual `removeWorkFromCache`).
public final class DTOMapper {
    public let modelContext: ModelContext
    private var workCache: [String: PersistentIdentifier] = [:]   // volumeID -> PersistentIdentifier

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// The live work for `dto`: the one cached under the first of its volume IDs that leads to a live
    /// work (its title kept; the DTO's other volume IDs added to it), or a new work made from the DTO
    /// (inserted, not saved) and cached under all of its volume IDs.
    public func mapToWork(_ dto: WorkDTO) throws -> Work {
        let volumeIDs = dto.volumeIDs
        if var existing = findExistingWork(by: volumeIDs) {
            var changed = false
            for volumeID in volumeIDs {
                // A volume another live work is cached under stays that work's.
                if let other = workCache[volumeID], other != existing.persistentModelID, modelContext.model(for: other) != nil { continue }
                if !existing.googleBooksVolumeIDs.contains(volumeID) {
                    existing.googleBooksVolumeIDs.append(volumeID)
                    changed = true
                }
                workCache[volumeID] = existing.persistentModelID
            }
            if changed { try modelContext.update(existing) }
            return existing
        }

        let work = modelContext.insert { id in
            var work = Work(persistentModelID: id, title: dto.title)
            work.originalLanguage = dto.originalLanguage
            work.firstPublicationYear = dto.firstPublicationYear
            work.subjectTags = dto.subjectTags
            work.synthetic = dto.synthetic
            work.reviewStatus = ReviewState(rawValue: dto.reviewStatus.rawValue) ?? .verified
            work.openLibraryWorkID = dto.openLibraryWorkID
            work.isbndbID = dto.isbndbID
            work.goodreadsWorkIDs = dto.goodreadsWorkIDs
            work.coverImageURL = dto.coverImageURL
            work.googleBooksVolumeIDs = volumeIDs
            return work
        }
        for volumeID in volumeIDs {
            workCache[volumeID] = work.persistentModelID
        }
        return work
    }

    /// Clears the entire deduplication cache. Call this when performing a full library reset.
    /// Manual cleanup on delete is not needed: stale entries are evicted on access.
    public func clearCache() {
        workCache.removeAll()
    }

    /// The number of cache entries (for diagnostics and tests).
    public var cachedVolumeCount: Int { workCache.count }

    /// Finds an existing work by volume IDs, evicting entries whose work is gone.
    private func findExistingWork(by volumeIDs: [String]) -> Work? {
        for volumeID in volumeIDs {
            guard let persistentID = workCache[volumeID] else { continue }
            if let cachedWork = modelContext.model(for: persistentID) {
                return cachedWork
            }
            workCache.removeValue(forKey: volumeID)   // the work was deleted: evict the stale entry
        }
        return nil
    }
}
