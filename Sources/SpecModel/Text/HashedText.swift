/// Text used as a dictionary key, with its hash computed once.
///
/// A `String` key is hashed again on every lookup and insert, and a probe compares whole strings at
/// every occupied slot it passes (a dictionary keeps no hashes). The duplicate index looks each of a
/// row's keys up and then inserts it, in several tables: hashing the text once, and comparing hashes
/// before text, takes most of that cost away (Decision D-070). Equality is the text's own (canonical
/// equivalence, as `String`'s), so a table keyed by `HashedText` finds exactly what one keyed by the
/// text would.
struct HashedText: Hashable, Sendable {
    let text: String
    let hash: Int

    init(_ text: String) {
        self.text = text
        hash = text.hashValue
    }

    @inline(__always)
    static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        lhs.hash == rhs.hash && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    // Dictionaries ask for this, not `hash(into:)`: one word's one-shot hash.
    func _rawHashValue(seed: Int) -> Int {
        hash._rawHashValue(seed: seed)
    }
}
