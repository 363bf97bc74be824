/// An author, shared between the works they wrote.
///
/// Seed: 000_…, "What Gets Deleted" (Authors: names, gender, cultural region, marginalized voice).
/// Authors are independent objects: deleting a work removes it from its authors (nullify) but never
/// deletes an author, who may have written other works (Decision D-015).
public struct Author: Hashable, Sendable {
    /// The store's identifier for the author, assigned at insertion and never reused.
    public let id: PersistentIdentifier
    /// The author's name, written "First Last"; an import matches authors by a normalized key of it.
    public var name: String
    /// The author's gender, for the diversity insights.
    public var gender: AuthorGender
    /// The author's cultural region, for the diversity insights.
    public var culturalRegion: CulturalRegion
    /// Whether the author is a marginalized voice, for the diversity insights.
    public var isMarginalizedVoice: Bool
    /// Stored inline (`InlineList`, D-112); the public API reads it as an array.
    package internal(set) var workIDList: InlineList<PersistentIdentifier>
}

// In an extension, so the struct keeps its memberwise initialiser (see `Work`'s, Decision D-115).
extension Author {
    init(id: PersistentIdentifier, draft: consuming AuthorDraft, workIDs: InlineList<PersistentIdentifier> = []) {
        self.init(
            id: id, name: take(&draft.name, leaving: ""),  // moved, not copied
            gender: draft.gender, culturalRegion: draft.culturalRegion, isMarginalizedVoice: draft.isMarginalizedVoice, workIDList: workIDs
        )
    }
}

/// The fields of an author to insert.
public struct AuthorDraft: Hashable, Sendable {
    /// The author's name, written "First Last".
    public var name: String
    /// The author's gender; `unknown` by default.
    public var gender: AuthorGender
    /// The author's cultural region; `unknown` by default.
    public var culturalRegion: CulturalRegion
    /// Whether the author is a marginalized voice; `false` by default.
    public var isMarginalizedVoice: Bool

    /// A draft of an author with this name; the diversity fields default to unknown.
    public init(name: String, gender: AuthorGender = .unknown, culturalRegion: CulturalRegion = .unknown, isMarginalizedVoice: Bool = false) {
        self.name = name
        self.gender = gender
        self.culturalRegion = culturalRegion
        self.isMarginalizedVoice = isMarginalizedVoice
    }
}

/// An author's gender, as the app's diversity insights record it.
public enum AuthorGender: String, Hashable, Sendable, CaseIterable {
    /// Female, male, non-binary, another gender, or not known.
    case female, male, nonBinary, other, unknown
}

/// An author's cultural region, as the app's diversity insights record it.
public enum CulturalRegion: String, Hashable, Sendable, CaseIterable {
    /// A region of the world, `indigenous` or `international` for authors no single region describes, or
    /// not known.
    case africa, asia, europe, northAmerica, southAmerica, oceania, middleEast, caribbean, centralAsia, indigenous, international, unknown
}

extension Author {
    /// The works by this author (the inverse of `Work.authorIDs`).
    public var workIDs: [PersistentIdentifier] { Array(workIDList) }
}
