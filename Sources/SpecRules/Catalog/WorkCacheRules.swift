/// The rules of the DTOMapper work cache (seed 001_…; D-016 to D-019, D-027).
public enum WorkCacheRules {
    static let tests = "Task 5: Write Comprehensive Test Suite"
    static let staleness = "Task 2: Refactor findExistingWork() with Staleness Detection"
    static let notes = "Notes for Engineer"

    public static let cacheHit = Rule(
        "CACHE-01", .must, "A DTO that shares any volume ID with a live work cached since the last clear returns that work, which keeps its title; nothing is inserted.",
        basis: .seed(.workCache, tests, "Cache hit with multiple volumeIDs returns Work on any match"))
    public static let staleEviction = Rule(
        "CACHE-02", .must, "A DTO whose cached work was deleted, saved or not, gets a new work with its own title, never the deleted one, through every volume ID the deleted work had.",
        basis: .seed(.workCache, tests, "Cache automatically evicts deleted Work and creates new one"))
    public static let cacheMiss = Rule(
        "CACHE-03", .must, "A DTO with no cached live work makes a new work carrying its title and volume IDs.",
        basis: .seed(.workCache, tests, "Cache miss creates new Work"))
    public static let onlyIndex = Rule(
        "CACHE-04", .must, "The cache is the only deduplication index: after `clearCache()` or a relaunch, a known volume ID makes a new work and the old one stays.",
        basis: .decided("D-016"))
    public static let hitAdoptsVolumeIDs = Rule(
        "CACHE-05", .must, "The lookup walks the DTO's volume IDs in order and the first live hit wins; the DTO's other volume IDs then join that work and the cache, except those another live work holds.",
        basis: .decided("D-017"))
    public static let keys = Rule(
        "CACHE-06", .must, "The keys are `googleBooksVolumeIDs` then `googleBooksVolumeID`, empty and repeated ones dropped, order kept; a DTO with no key always makes a new work.",
        basis: .decided("D-018"))
    public static let interruptions = Rule(
        "CACHE-07", .must, "Across a rollback or a crash, identifiers are never reused and the cache never returns a work that is not live: a rolled-back or lost work's volume ID makes a new work.",
        basis: .decided("D-019"))
    public static let sequences = Rule(
        "CACHE-08", .must, "On any sequence of maps, deletes, saves and clears, each map returns the same work as the model (an earlier one or a new one) and the store holds the same works.",
        basis: .decided("D-016"))
}
