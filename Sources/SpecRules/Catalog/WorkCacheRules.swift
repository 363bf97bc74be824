/// The rules of the DTOMapper work cache (seed 001_…; D-017, D-018, D-027, D-126, D-150).
public enum WorkCacheRules {
    static let tests = "Task 5: Write Comprehensive Test Suite"
    static let staleness = "Task 2: Refactor findExistingWork() with Staleness Detection"
    static let concepts = "Key Concepts"

    public static let cacheHit = Rule(
        "CACHE-01", .must, "A DTO that shares any volume ID with a live work cached since the last clear returns that work; nothing is inserted.",
        basis: .seed(.workCache, tests, "Cache hit with multiple volumeIDs returns Work on any match"))
    public static let staleEviction = Rule(
        "CACHE-02", .must, "A DTO whose cached work was deleted, saved or not, gets a new work with its own title, never the deleted one, through every volume ID the deleted work had.",
        basis: .seed(.workCache, tests, "Cache automatically evicts deleted Work and creates new one"))
    public static let cacheMiss = Rule(
        "CACHE-03", .must, "A DTO with no cached live work makes a new work carrying its title and volume IDs.",
        basis: .seed(.workCache, tests, "Cache miss creates new Work"))
    public static let clearCache = Rule(
        "CACHE-04", .must, "After `clearCache()`, a volume ID cached before makes a new work, and the old work stays.",
        basis: .seed(.workCache, tests, "Next DTOs should create new Works (cache empty)"))
    public static let hitAdoptsVolumeIDs = Rule(
        "CACHE-05", .must, "The lookup walks the DTO's volume IDs in order and the first live hit wins; the DTO's other volume IDs then join that work and the cache, except those another live work holds.",
        basis: .decided("D-017"), requires: ["CACHE-01", "CACHE-02"])
    public static let keys = Rule(
        "CACHE-06", .must, "The keys are `googleBooksVolumeIDs` then `googleBooksVolumeID`, empty and repeated ones dropped, order kept; a DTO with no key always makes a new work.",
        basis: .decided("D-018"))
    public static let interruptions = Rule(
        "CACHE-07", .must, "Across a rollback or a crash, `mapToWork` never returns a work that is not live (one rolled back, or lost in the crash).",
        basis: .seed(.workCache, concepts, "`modelContext.model(for:)` returns `nil` if object was deleted, making it perfect for cache validation"),
        requires: ["CACHE-02"])
    public static let sequences = Rule(
        "CACHE-08", .must, "On any sequence of maps, deletes, saves and clears, each map returns the same work as the model (an earlier one or a new one) and the store holds the same works.",
        basis: .reference)
    public static let syntheticHit = Rule(
        "CACHE-09", .must, "A hit never rewrites the work for a synthetic or a real DTO: a real DTO that hits a work a synthetic one made (or the reverse) returns that work with its title.",
        basis: .decided("D-126"), requires: ["CACHE-01", "CACHE-12"])
    public static let relaunch = Rule(
        "CACHE-10", .must, "After a relaunch, a volume ID of a saved live work maps to that work (a persisted cache) or to a new work (a cache in memory), and the suite records which.",
        basis: .decided("D-150"), requires: ["CACHE-07"])
    public static let identifiers = Rule(
        "CACHE-11", .must, "Identifiers are never reused across a rollback or a crash: a DTO with volume IDs never mapped before gets a work never returned before.",
        basis: .decided("D-027"))
    public static let titleKept = Rule(
        "CACHE-12", .must, "A cache hit keeps the work's own title: the DTO's title is not written over it.",
        basis: .seed(.workCache, tests, "Original title preserved"), requires: ["CACHE-01"])
}
