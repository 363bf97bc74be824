// The invariants of the maps of places (Decision D-113), as whole-structure checks: run by the
// internal checks (`SPEC_INTERNAL_CHECKS`) each time a table doubles, by the store's
// `_checkInvariants()`, and by the tests after generated operations.

extension IdentifierPlaces {
    /// What is wrong with the places, if anything; empty when they are consistent: `count` is the
    /// number of identifiers placed, in the window and the dictionary together, and no identifier is
    /// in both.
    ///
    /// - Complexity: O(window + dictionary).
    package func _checkConsistency() -> [String] {
        var problems: [String] = []
        let inWindow = window.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
        if inWindow + overflow.count != count {
            problems.append("\(count) identifiers counted, \(inWindow) in the window and \(overflow.count) in the dictionary")
        }
        for id in overflow.keys.sorted(by: { $0.bits < $1.bits }) {
            if let index = windowIndex(of: id), window[index] != 0 {
                problems.append("\(id) is both in the window and in the dictionary")
            }
        }
        return problems
    }
}

extension IdentifierMap {
    /// What is wrong with the map, if anything; empty when it is consistent: the places are, there is
    /// one identifier per value, and each identifier's place names its value.
    ///
    /// - Complexity: O(window + values).
    package func _checkConsistency() -> [String] {
        var problems = places._checkConsistency()
        guard ids.count == values.count else { return problems + ["\(ids.count) identifiers for \(values.count) values"] }
        if places.count != ids.count { problems.append("\(places.count) places for \(ids.count) values") }
        for (place, id) in ids.enumerated() where places[id] != place {
            problems.append("\(id) holds value \(place) but is placed at \(places[id].map(String.init) ?? "none")")
        }
        return problems
    }
}
