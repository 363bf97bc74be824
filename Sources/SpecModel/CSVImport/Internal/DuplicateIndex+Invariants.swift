// The duplicate index's invariants as a whole-structure check: run by the internal checks
// (`SPEC_INTERNAL_CHECKS`) after each batch of the import, and by the tests after generated changes.

extension DuplicateIndex {
    /// What is wrong with the index, if anything; empty when it is consistent.
    ///
    /// Every indexed work is listed under its keys: in the title table under its title and author
    /// keys, in the normalized-title table under its normalized title and author keys, in the ISBN
    /// table under its ISBN and each of its extra ISBNs. Every work a table lists is indexed, with the
    /// keys it is listed under, once; no list or author group is empty; every work with extra ISBNs
    /// is indexed.
    ///
    /// - Complexity: O(works + the tables' entries).
    package func _checkConsistency() -> [String] {
        var problems: [String] = []
        for (work, keys) in zip(keysByWork.ids, keysByWork.values) {
            if byTitle[keys.titleKey]?.works(by: keys.authorKey)?.all.contains(work) != true {
                problems.append("\(work) is not listed under its title and author keys")
            }
            if byNormalizedTitle[keys.normalizedTitleKey]?.works(by: keys.authorKey)?.all.contains(work) != true {
                problems.append("\(work) is not listed under its normalized title and author keys")
            }
            for isbn in (keys.isbn13.map { [$0] } ?? []) + (extraISBNsByWork[work] ?? []) where byISBN[isbn]?.all.contains(work) != true {
                problems.append("\(work) is not listed under its ISBN \(interner.text(isbn))")
            }
        }
        var listed = 0
        for (table, name, key) in [(byTitle, "title", \Keys.titleKey), (byNormalizedTitle, "normalized-title", \Keys.normalizedTitleKey)] {
            for (tableKey, groups) in zip(table.keys, table.values) {
                if groups.isEmpty { problems.append("the \(name) table keeps no group under \(interner.text(tableKey))") }
                groups.forEach { group in
                    if group.works.isEmpty { problems.append("the \(name) table keeps an empty group under \(interner.text(tableKey))") }
                    for work in group.works.all {
                        if name == "title" { listed += 1 }
                        guard let keys = keysByWork[work] else {
                            problems.append("the \(name) table lists \(work), which is not indexed")
                            continue
                        }
                        if keys[keyPath: key] != tableKey || keys.authorKey != group.authorKey {
                            problems.append("the \(name) table lists \(work) under keys it does not have")
                        }
                    }
                }
            }
        }
        if listed != keysByWork.count { problems.append("the title table lists \(listed) works, of \(keysByWork.count) indexed") }
        for (isbn, works) in zip(byISBN.keys, byISBN.values) {
            if works.isEmpty { problems.append("the ISBN table keeps an empty list under \(interner.text(isbn))") }
            for work in works.all {
                guard let keys = keysByWork[work] else {
                    problems.append("the ISBN table lists \(work), which is not indexed")
                    continue
                }
                if keys.isbn13 != isbn, extraISBNsByWork[work]?.contains(isbn) != true {
                    problems.append("the ISBN table lists \(work) under an ISBN it does not have")
                }
            }
        }
        // Sorted: a dictionary's order changes from one process to the next.
        for work in extraISBNsByWork.keys.sorted() where keysByWork[work] == nil {
            problems.append("\(work) has extra ISBNs but is not indexed")
        }
        return problems
    }
}
