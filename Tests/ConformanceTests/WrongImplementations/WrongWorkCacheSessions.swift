import SpecConformance
import SpecModel
import Testing

// Wrong work caches: each a DTOMapper an app team might write, over a plain store of works, with
// one flaw.

/// Works in a dictionary, saved as a copy; identifiers from a counter that a flaw may rewind.
struct PlainWorkStore {
    var live: [Int: MappedWork] = [:]
    var saved: [Int: MappedWork] = [:]
    var next = 1
    var nextAtSave = 1

    mutating func insert(_ work: MappedWork) -> Int {
        let id = next
        next += 1
        live[id] = work
        return id
    }

    mutating func save() {
        saved = live
        nextAtSave = next
    }

    /// Back to the saved works; `rewind` also takes the counter back, so identifiers are reissued.
    mutating func restoreSaved(rewind: Bool) {
        live = saved
        if rewind { next = nextAtSave }
    }
}

/// A DTOMapper over a `PlainWorkStore`, right but for its flaw.
struct FlawedWorkCache: WorkCacheSession {
    enum Flaw {
        /// None: a plain, right work cache (`PlainWorkCacheTests` holds it to every rule).
        case none
        /// None either: the app persists its cache, so a relaunch keeps it; entries are still checked
        /// against the store (D-150 allows it).
        case cacheSurvivesRelaunch
        /// Returns a cached work without asking the store whether it still lives (the cache of
        /// `Work` objects the seed migrated away from).
        case noStalenessCheck
        /// Searches the store's works for the volume IDs when the cache misses.
        case storeSearchedOnMiss
        /// Caches and looks up only the primary volume ID, `googleBooksVolumeID`.
        case primaryVolumeIDOnly
        /// A hit caches none of the DTO's other volume IDs.
        case hitAdoptsNothing
        /// A hit takes the DTO's other volume IDs from the live works that hold them.
        case stealsLiveWorksVolumeIDs
        /// Empty volume IDs are keys like any other.
        case emptyVolumeIDsKept
        /// `clearCache()` forgets only the entries of deleted works.
        case clearKeepsLiveEntries
        /// Rollback and relaunch take the identifier counter back to the last save.
        case identifiersReissued
        /// A hit writes the DTO's title over the work's.
        case titleOverwrittenOnHit
        /// A real DTO's hit on a work a synthetic DTO made writes the real title over the guess (D-126).
        case syntheticUpgradedByRealDTO
        /// Entries are checked against the works the app deleted, not against the store, so a work
        /// undone by a rollback or lost in a crash is still returned.
        case validatesDeletionsOnly
    }

    let flaw: Flaw
    var store = PlainWorkStore()
    var cache: [String: Int] = [:]
    /// Works a synthetic DTO made.
    var synthetic: Set<Int> = []
    /// Works the app deleted.
    var deletedIDs: Set<Int> = []

    init(_ flaw: Flaw) {
        self.flaw = flaw
    }

    func keys(_ dto: WorkDTO) -> [String] {
        if flaw == .primaryVolumeIDOnly {
            return (dto.googleBooksVolumeID ?? dto.googleBooksVolumeIDs.first).map { [$0] }?.filter { !$0.isEmpty } ?? []
        }
        var keys: [String] = []
        for id in dto.googleBooksVolumeIDs + (dto.googleBooksVolumeID.map { [$0] } ?? []) where (flaw == .emptyVolumeIDsKept || !id.isEmpty) && !keys.contains(id) {
            keys.append(id)
        }
        return keys
    }

    mutating func mapToWork(_ dto: WorkDTO) -> Int {
        let keys = keys(dto)
        var found: Int?
        for key in keys {
            guard let id = cache[key] else { continue }
            let live = flaw == .validatesDeletionsOnly ? !deletedIDs.contains(id) : store.live[id] != nil
            if live || flaw == .noStalenessCheck {
                found = id
                break
            }
            cache[key] = nil
        }
        if found == nil, flaw == .storeSearchedOnMiss {
            found = store.live.keys.sorted().first { id in store.live[id]?.volumeIDs.contains(where: keys.contains) ?? false }
        }
        if let found {
            if flaw == .titleOverwrittenOnHit { store.live[found]?.title = dto.title }
            if flaw == .syntheticUpgradedByRealDTO, synthetic.contains(found), !dto.synthetic {
                store.live[found]?.title = dto.title
                synthetic.remove(found)
            }
            if flaw != .hitAdoptsNothing {
                let cached = cacheUnclaimed(keys, for: found)
                let known = store.live[found]?.volumeIDs ?? []
                store.live[found]?.volumeIDs += cached.filter { !known.contains($0) }
            }
            return found
        }
        let id = store.insert(MappedWork(title: dto.title, volumeIDs: keys))
        if dto.synthetic { synthetic.insert(id) }
        _ = cacheUnclaimed(keys, for: id)
        return id
    }

    mutating func cacheUnclaimed(_ keys: [String], for id: Int) -> [String] {
        var cached: [String] = []
        for key in keys {
            if let holder = cache[key] {
                if holder == id { continue }
                if store.live[holder] != nil, flaw != .stealsLiveWorksVolumeIDs { continue }
            }
            cache[key] = id
            cached.append(key)
        }
        return cached
    }

    mutating func clearCache() {
        if flaw == .clearKeepsLiveEntries {
            cache = cache.filter { store.live[$0.value] != nil }
        } else {
            cache = [:]
        }
    }

    mutating func deleteWork(_ work: Int) throws {
        guard store.live.removeValue(forKey: work) != nil else { throw StoreError.notFound(PersistentIdentifier(kind: .work, rawValue: UInt64(work))) }
        deletedIDs.insert(work)
    }

    mutating func save() {
        store.save()
    }

    func work(_ id: Int) -> MappedWork? { store.live[id] }

    var workCount: Int { store.live.count }

    var interruptions: WorkCacheInterruptions { [.rollback, .crash] }

    mutating func rollback() {
        store.restoreSaved(rewind: flaw == .identifiersReissued)
    }

    mutating func relaunchAfterCrash() {
        store.restoreSaved(rewind: flaw == .identifiersReissued)
        if flaw != .cacheSurvivesRelaunch { cache = [:] }
    }
}

enum WrongWorkCacheSessions {
    static let all: [WrongImplementation] = [
        .of({ .workCache }, "DeletedWorkReturnedFromCache", flaw: "returns the cached work without checking that it still lives (the cache of objects the seed replaced)", breaks: "CACHE-02") {
            FlawedWorkCache(.noStalenessCheck)
        },
        .of({ .workCache }, "StoreSearchedOnCacheMiss", flaw: "falls back to searching the store by volume ID, so after clearCache() the old work is found (the seed's clearCache test)", breaks: "CACHE-04") {
            FlawedWorkCache(.storeSearchedOnMiss)
        },
        .of({ .workCache }, "PrimaryVolumeIDOnly", flaw: "caches and looks up only `googleBooksVolumeID`, missing a hit by another of the DTO's volume IDs", breaks: "CACHE-01") {
            FlawedWorkCache(.primaryVolumeIDOnly)
        },
        .of({ .workCache }, "HitAdoptsNoVolumeIDs", flaw: "a hit leaves the DTO's other volume IDs out of the work and the cache (D-017)", breaks: "CACHE-05") {
            FlawedWorkCache(.hitAdoptsNothing)
        },
        .of({ .workCache }, "HitStealsVolumeIDsFromLiveWorks", flaw: "a hit takes volume IDs another live work holds (D-017)", breaks: "CACHE-05") {
            FlawedWorkCache(.stealsLiveWorksVolumeIDs)
        },
        .of({ .workCache }, "EmptyVolumeIDsAreKeys", flaw: "keeps empty volume IDs as keys and in the work (D-018)", breaks: "CACHE-06") {
            FlawedWorkCache(.emptyVolumeIDsKept)
        },
        .of({ .workCache }, "ClearCacheKeepsLiveEntries", flaw: "clearCache() evicts only deleted works' entries", breaks: "CACHE-04") {
            FlawedWorkCache(.clearKeepsLiveEntries)
        },
        .of({ .workCache }, "IdentifiersReissuedAfterRollback", flaw: "rollback and relaunch rewind the identifier counter, reissuing identifiers the cache still holds (D-027)", breaks: "CACHE-11") {
            FlawedWorkCache(.identifiersReissued)
        },
        .of({ .workCache }, "CacheValidatedByDeletionsOnly", flaw: "checks entries against the works it saw deleted, so a work undone by a rollback or lost in a crash is returned", breaks: "CACHE-07") {
            FlawedWorkCache(.validatesDeletionsOnly)
        },
        .of({ .workCache }, "HitOverwritesTitle", flaw: "a hit writes the DTO's title over the work's", breaks: "CACHE-12") {
            FlawedWorkCache(.titleOverwrittenOnHit)
        },
        .of({ .workCache }, "SyntheticWorkRewrittenByRealDTO", flaw: "a real DTO's hit writes its title over a work a synthetic DTO made (D-126)", breaks: "CACHE-09") {
            FlawedWorkCache(.syntheticUpgradedByRealDTO)
        },
    ]
}

/// A plain work cache passes every rule, whether it keeps its cache in memory or persists it across
/// relaunches: after a relaunch either the saved work or a new one is allowed (D-150), and the suite
/// records which.
@Suite struct PlainWorkCacheTests {
    @Test(arguments: [FlawedWorkCache.Flaw.none, .cacheSurvivesRelaunch])
    func aPlainWorkCachePassesEveryRule(_ variant: FlawedWorkCache.Flaw) {
        let result = ConformanceSuite.workCache.run("PlainWorkCache(\(variant))") { FlawedWorkCache(variant) }
        for rule in result.rules {
            #expect(rule.grade == .pass, "\(result.implementation) is graded \(rule.grade) on \(rule.rule.id)\n\(result.failureText(for: rule) { "PROPERTY_REPLAY='\($0)' swift test --filter ConformanceTests" } ?? "")")
        }
        let chosen = result.rules.first { $0.rule.id == "CACHE-10" }?.choices.map(\.choice) ?? []
        #expect(chosen == [variant == .none ? WorkCacheRelaunchChoice.inMemory : WorkCacheRelaunchChoice.persisted])
    }
}
