/// Maps backend DTOs to works, deduplicating through a cache of volume ID → persistent identifier.
///
/// Seed: 001_… (the PersistentIdentifier cache migration). The cache stores identifiers, never
/// objects; each lookup fetches the work on demand with `model(for:)`, and an entry whose work was
/// deleted is evicted lazily, when a lookup meets it. Identifiers are never reused, so a stale entry
/// can only answer nothing, never another work.
///
/// Decisions (Docs/Decisions.md D-016 to D-019): the cache is the only deduplication index, as the
/// seed's `clearCache` test pins (after a clear, a known volume ID makes a new work); on a hit, the DTO's
/// other volume IDs join the cache and the work, unless another live work holds them; the keys are the
/// DTO's volume IDs in order, empty and repeated ones dropped; a DTO with no volume ID always makes a
/// new work. The mapper lives in memory: after a crash the app starts with an empty one.
public struct DTOMapper: Hashable, Sendable {
    var workCache: [String: PersistentIdentifier] = [:]

    /// A mapper with an empty cache, as at launch.
    public init() {}

    /// What a mapping did.
    public struct Mapping: Hashable, Sendable {
        /// Whether the mapping found a work or made one.
        public enum Outcome: Hashable, Sendable {
            /// A live work was found through this volume ID; its title and fields were kept.
            case cacheHit(volumeID: String)
            /// No live work was cached for any of the DTO's volume IDs; a new work was inserted.
            case created
        }

        /// The work the DTO maps to: the live work found, or the one inserted.
        public let workID: PersistentIdentifier
        /// Whether the work was found through the cache or newly inserted.
        public let outcome: Outcome
        /// Cache entries found stale (their work deleted) and evicted during the lookup, in order.
        public let evictedVolumeIDs: [String]
        /// Volume IDs newly cached for the work.
        public let cachedVolumeIDs: [String]
    }

    /// Returns the live work for `dto`, inserting one if no cached volume ID leads to a live work.
    ///
    /// The new work is inserted into `store` but not saved: saving is the caller's (as in the app).
    public mutating func mapToWork(_ dto: WorkDTO, in store: inout LibraryStore) -> Mapping {
        let keys = dto.volumeIDKeys
        var evicted: [String] = []
        var found: (id: PersistentIdentifier, volumeID: String)?
        for volumeID in keys {
            guard let id = workCache[volumeID] else { continue }
            if store.work(id) != nil {
                found = (id, volumeID)
                break
            }
            workCache[volumeID] = nil
            evicted.append(volumeID)
        }
        if let found {
            let cached = cacheUnclaimed(keys, for: found.id, in: store)
            let known = store.work(found.id)?.googleBooksVolumeIDs ?? []
            let missing = cached.filter { !known.contains($0) }
            if !missing.isEmpty {
                do {
                    try store.updateWork(found.id) { $0.googleBooksVolumeIDList += missing }
                } catch {
                    // `found.id` is a work the store answered live a moment ago, and nothing between
                    // changed the store, so updating it cannot fail.
                    preconditionFailure("the cache's live work \(found.id) could not be updated: \(error)")
                }
            }
            return Mapping(workID: found.id, outcome: .cacheHit(volumeID: found.volumeID), evictedVolumeIDs: evicted, cachedVolumeIDs: cached)
        }
        let id = store.insertWork(WorkDraft(
            title: dto.title,
            originalLanguage: dto.originalLanguage,
            firstPublicationYear: dto.firstPublicationYear,
            coverURL: dto.coverURL,
            subjectTags: dto.subjectTags,
            googleBooksVolumeIDs: keys,
            openLibraryWorkID: dto.openLibraryWorkID,
            isbndbID: dto.isbndbID,
            goodreadsWorkIDs: dto.goodreadsWorkIDs
        ))
        let cached = cacheUnclaimed(keys, for: id, in: store)
        return Mapping(workID: id, outcome: .created, evictedVolumeIDs: evicted, cachedVolumeIDs: cached)
    }

    /// Caches every key not already held by another live work; returns the keys cached anew.
    mutating func cacheUnclaimed(_ keys: [String], for id: PersistentIdentifier, in store: LibraryStore) -> [String] {
        var cached: [String] = []
        for volumeID in keys {
            if let holder = workCache[volumeID] {
                if holder == id { continue }
                if store.work(holder) != nil { continue }  // another live work holds it: never steal
            }
            workCache[volumeID] = id
            cached.append(volumeID)
        }
        return cached
    }

    /// Empties the cache (called by Library Reset).
    public mutating func clearCache() {
        workCache = [:]
    }

    /// The number of cached volume IDs, stale ones included until a lookup meets them.
    public var cachedVolumeIDCount: Int { workCache.count }

    /// The identifier cached for a volume ID, stale or not.
    public func cachedIdentifier(forVolumeID volumeID: String) -> PersistentIdentifier? {
        workCache[volumeID]
    }
}
