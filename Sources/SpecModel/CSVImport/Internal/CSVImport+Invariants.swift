// The import's own table of authors as a whole-structure check, run by the internal checks
// (`SPEC_INTERNAL_CHECKS`) after each batch.

extension CSVImport {
    /// What is wrong with `authorsByKey`, if anything; empty when it agrees with the store: the key of
    /// every live author names the earliest-created live author of that key, as
    /// `PlainImport.author(named:)` finds it, and every live author a key names has that key.
    ///
    /// - Complexity: O(authors in the store + keys in the table).
    func _authorsByKeyProblems(in store: LibraryStore) -> [String] {
        var problems: [String] = []
        var tableByKeyText: [String: PersistentIdentifier] = [:]
        for (key, author) in zip(authorsByKey.keys, authorsByKey.values) {
            let text = index.interner.text(key)
            tableByKeyText[text] = author
            if let named = store.author(author), AuthorSimilarity.canonicalComposition(AuthorNamesEngine.key(named.name)) != text {
                problems.append("the key \(String(reflecting: text)) names \(author), whose name \(String(reflecting: named.name)) has another key")
            }
        }
        var seen: Set<String> = []
        for author in store.authors() {
            let text = AuthorSimilarity.canonicalComposition(AuthorNamesEngine.key(author.name))
            guard seen.insert(text).inserted else { continue }
            if tableByKeyText[text] != author.id {
                problems.append("the key \(String(reflecting: text)) of \(author.id) names \(tableByKeyText[text].map { "\($0)" } ?? "no author")")
            }
        }
        return problems
    }
}
