/// The name a user most likely meant by a word nothing declares: an option, a subcommand, a rule id,
/// a scenario file's key.
package enum NearestName {
    /// The known name nearest `word`, ignoring case: one that begins with it or that it begins with
    /// (`start` for `startMilliseconds`), else the one fewest single-character edits away; the first
    /// listed on a tie. Nil when `known` is empty.
    package static func nearest(to word: String, in known: [String]) -> String? {
        ranked(word, in: known)?.name
    }

    /// `nearest(to:in:)`'s name with its edit distance from `word`.
    private static func ranked(_ word: String, in known: [String]) -> (name: String, distance: Int)? {
        let typed = word.lowercased()
        var best: (name: String, distance: Int)?
        var bestRank = (Int.max, Int.max)
        for candidate in known {
            let lowered = candidate.lowercased()
            let sharesABeginning = !typed.isEmpty && (lowered.hasPrefix(typed) || typed.hasPrefix(lowered))
            let rank = (sharesABeginning ? 0 : 1, editDistance(typed, lowered))
            if rank < bestRank { (best, bestRank) = ((candidate, rank.1), rank) }
        }
        return best
    }

    /// The name to suggest for a mistyped `word`, or nil when none is close enough to be a good guess:
    /// the one known name that begins with it or that it begins with (the word longer than 2
    /// characters, so `--` alone suggests nothing), else the nearest when at most 2 edits away.
    package static func suggestion(for word: String, in known: [String]) -> String? {
        let typed = word.lowercased()
        let sharing = known.filter { typed.count > 2 && ($0.lowercased().hasPrefix(typed) || typed.hasPrefix($0.lowercased())) }
        if sharing.count == 1 { return sharing[0] }
        guard let nearest = ranked(word, in: known), nearest.distance <= 2 else { return nil }
        return nearest.name
    }

    /// ` (did you mean NAME?)` for `suggestion(for:in:)`'s name, or nothing.
    package static func hint(for word: String, in known: [String]) -> String {
        suggestion(for: word, in: known).map { " (did you mean \($0)?)" } ?? ""
    }

    /// Levenshtein distance over Unicode scalars: insertions, deletions and substitutions, one row at a
    /// time. O(a × b) time, O(b) memory.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b.unicodeScalars)
        var previous = Array(0...b.count)
        for (i, x) in a.unicodeScalars.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
