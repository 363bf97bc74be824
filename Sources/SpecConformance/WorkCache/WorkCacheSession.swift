import SpecModel

/// Seam: the DTOMapper work cache and the store it maps into, as one session of the app.
///
/// Seed 001_… (the PersistentIdentifier cache migration, Tasks 2 and 5): `mapToWork` returns the live
/// work cached under any of the DTO's volume IDs, evicts an entry whose work was deleted, and makes a
/// new work on a miss; `clearCache` empties the cache. The suite also deletes and saves works through
/// the session, and rolls back or relaunches when the session says it can. Wrap the app's `DTOMapper`
/// and the `ModelContext` it maps into:
///
///     struct AppWorkCache: WorkCacheSession {
///         let context: ModelContext; var mapper: DTOMapper
///         mutating func mapToWork(_ dto: WorkDTO) throws -> PersistentIdentifier { try mapper.mapToWork(WorkDTO(dto)).persistentModelID }
///         mutating func deleteWork(_ id: PersistentIdentifier) throws { context.delete(try context.existingWork(id)) }
///         func work(_ id: PersistentIdentifier) -> MappedWork? { (context.model(for: id) as? Work).map { MappedWork(title: $0.title, volumeIDs: $0.googleBooksVolumeIDs) } }
///         // clearCache, save, workCount, and rollback / relaunchAfterCrash if the test harness can
///     }
public protocol WorkCacheSession {
    /// How the session names a work (SwiftData's `PersistentIdentifier` in the app).
    associatedtype WorkID: Hashable

    /// The live work for `dto`: the one cached under the first of its volume IDs that leads to a live
    /// work, or a new work (inserted, not saved) carrying the DTO's title and volume IDs.
    mutating func mapToWork(_ dto: WorkDTO) throws -> WorkID

    /// Empties the cache (Library Reset calls it); the works stay in the store.
    mutating func clearCache()

    /// Deletes a live work from the store, as the user deleting a book does (unsaved until `save`).
    mutating func deleteWork(_ work: WorkID) throws

    /// Saves the store's pending changes.
    mutating func save() throws

    /// The live work's title and volume IDs, or `nil` when no live work has this identifier.
    func work(_ id: WorkID) -> MappedWork?

    /// The number of live works in the store.
    var workCount: Int { get }

    /// Which interruptions the session can simulate; the checks that need another are not applicable.
    var interruptions: WorkCacheInterruptions { get }

    /// Discards the store's unsaved changes (`ModelContext.rollback()`); the cache is untouched.
    mutating func rollback()

    /// The app crashes and relaunches: unsaved changes are lost, saved works stay, and the mapper
    /// starts with an empty cache (it lives in memory).
    mutating func relaunchAfterCrash() throws
}

extension WorkCacheSession {
    /// A session that simulates no interruption.
    public var interruptions: WorkCacheInterruptions { [] }

    /// Never called on a session whose `interruptions` lacks `.rollback`.
    public mutating func rollback() {
        preconditionFailure("\(Self.self) declares no rollback, yet the suite asked for one")
    }

    /// Never called on a session whose `interruptions` lacks `.crash`.
    public mutating func relaunchAfterCrash() throws {
        preconditionFailure("\(Self.self) declares no crash, yet the suite asked for one")
    }
}

/// The interruptions a work cache session can simulate.
public struct WorkCacheInterruptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Makes a set from its raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `rollback()`: the store discards its unsaved changes.
    public static let rollback = WorkCacheInterruptions(rawValue: 1 << 0)
    /// `relaunchAfterCrash()`: unsaved changes and the cache are lost.
    public static let crash = WorkCacheInterruptions(rawValue: 1 << 1)
}

/// What the suite reads of a live work: the fields the cache decides.
public struct MappedWork: Hashable, Sendable, CustomStringConvertible {
    /// The title it was made with (a cache hit never changes it).
    public var title: String
    /// Its Google Books volume IDs, in order (a hit adds the DTO's others, D-017).
    public var volumeIDs: [String]

    /// A work's title and volume IDs.
    public init(title: String, volumeIDs: [String]) {
        self.title = title
        self.volumeIDs = volumeIDs
    }

    /// `"Dune" [v1, v2]`.
    public var description: String { "\(String(reflecting: title)) \(volumeIDs)" }
}

/// The model's work cache session: `DTOMapper` over a `LibraryStore`, the reference the suite compares with.
public struct ModelWorkCacheSession: WorkCacheSession {
    /// The store the mapper maps into.
    public private(set) var store = LibraryStore()
    /// The mapper and its cache.
    public private(set) var mapper = DTOMapper()

    /// An empty store and an empty cache.
    public init() {}

    /// `DTOMapper.mapToWork(_:in:)`'s work.
    public mutating func mapToWork(_ dto: WorkDTO) -> PersistentIdentifier {
        mapper.mapToWork(dto, in: &store).workID
    }

    /// `DTOMapper.clearCache()`.
    public mutating func clearCache() {
        mapper.clearCache()
    }

    /// `LibraryStore.delete(_:)`.
    public mutating func deleteWork(_ work: PersistentIdentifier) throws {
        try store.delete(work)
    }

    /// `LibraryStore.save()`.
    public mutating func save() throws {
        try store.save()
    }

    /// The live work's title and volume IDs.
    public func work(_ id: PersistentIdentifier) -> MappedWork? {
        store.work(id).map { MappedWork(title: $0.title, volumeIDs: Array($0.googleBooksVolumeIDs)) }
    }

    /// The live works.
    public var workCount: Int { store.count(of: .work) }

    /// Both: the model's store rolls back and relaunches.
    public var interruptions: WorkCacheInterruptions { [.rollback, .crash] }

    /// `LibraryStore.rollback()`.
    public mutating func rollback() {
        store.rollback()
    }

    /// The saved store, a fresh mapper (D-019).
    public mutating func relaunchAfterCrash() {
        store = store.relaunchedAfterCrash()
        mapper = DTOMapper()
    }
}
