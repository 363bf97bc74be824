import InternalChecks

/// The import's title normalization: `TitleNormalization`'s five steps, in place on one buffer of
/// the title's units, bytes when its whitespace is ASCII (Decisions D-069, D-109, D-111).
///
/// Each step writes behind where it reads and returns how many units it kept; a round looks once for
/// the characters steps 1 to 4 need and skips the steps whose character is absent; a title left
/// unchanged is returned without a copy. `PlainAgainstEngineTests` holds it to `TitleNormalization`,
/// walking bytes and walking scalars.
package enum TitleNormalizationEngine {
    /// Step 3's length (`TitleNormalization.subtitleKeptLengthMax`).
    static let subtitleKeptLengthMax = TitleNormalization.subtitleKeptLengthMax

    /// The most rounds (`TitleNormalization.roundsMax`).
    static let roundsMax = TitleNormalization.roundsMax

    /// `TitleNormalizationEngine.normalizedForSearch(title)`.
    ///
    /// - Complexity: O(length) a round; one round when nothing changes, two for most titles that do.
    /// - Parameter walk: how the title's text is walked; the result is the same either way.
    package static func normalizedForSearch(_ title: String, walk: TextWalk = .automatic) -> String {
        TextUnits.rewriteUTF8(title, walk, bytes: { normalize($0) }, scalars: { _ = normalize(&$0) })
    }

    /// Normalizes `units` in place; returns whether they changed.
    static func normalize<Unit: TextUnit>(_ units: inout [Unit]) -> Bool {
        // One round is the seed's five steps. A later step can expose a marker an earlier one missed
        // (`(A, [x]#1)`: removing `[x]` leaves `(A,#1)`), so rounds repeat until nothing changes. A round
        // that changes the title shortens it or turns other whitespace into spaces, so this ends;
        // ordinary titles take one round.
        //
        // The steps work on one buffer of the units (the array's own subscript would check its
        // uniqueness at every write), each returning how many units it kept at the front.
        let total = units.count
        let (kept, changed) = units.withUnsafeMutableBufferPointer { normalize($0) }
        internalCheck(kept >= 0 && kept <= total, "TitleNormalizationEngine: kept \(kept) of \(total) units")
        units.removeLast(total - kept)
        return changed
    }

    /// Normalizes `buffer` in place; returns how many units it kept at the front, and whether they changed.
    static func normalize<Unit: TextUnit>(_ buffer: UnsafeMutableBufferPointer<Unit>) -> (kept: Int, changed: Bool) {
        var changed = false
        var count = buffer.count
        for round in 0..<roundsMax {
            let title = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            let marks = StepMarks(title)
            // After a changing round the whitespace is collapsed, so another changes the title only
            // through a marker, a colon or a period it still has.
            guard round == 0 || marks.any else { break }
            let (kept, roundChanged) = self.round(title, marks)
            internalCheck(kept >= 0 && kept <= count, "TitleNormalizationEngine: a round kept \(kept) of \(count) units")
            count = kept
            guard roundChanged else { break }
            changed = true
        }
        return (count, changed)
    }

    /// The seed's five steps, once, in place on `units`; the result, `units[..<kept]`, has its whitespace
    /// collapsed (step 5).
    static func round<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>, _ marks: StepMarks) -> (kept: Int, changed: Bool) {
        // A step without its character changes nothing, and no step adds one (they only remove units
        // or turn whitespace into spaces), so the marks found before the round hold for each step.
        // Each step keeps at most the units it was given, so each `units[..<count]` lies in the buffer.
        var count = units.count
        if marks.parenthesis { count = removeSeriesMarkers(units) }
        internalCheck(count <= units.count, "TitleNormalizationEngine: step 1 kept \(count) of \(units.count) units")
        if marks.bracket { count = removeEditionMarkers(UnsafeMutableBufferPointer(rebasing: units[..<count])) }
        internalCheck(count <= units.count, "TitleNormalizationEngine: step 2 kept \(count) of \(units.count) units")
        if marks.colon { count = stripSubtitle(UnsafeMutableBufferPointer(rebasing: units[..<count])) }
        internalCheck(count <= units.count, "TitleNormalizationEngine: step 3 kept \(count) of \(units.count) units")
        if marks.period { count = removeAbbreviationPeriods(UnsafeMutableBufferPointer(rebasing: units[..<count])) }
        internalCheck(count <= units.count, "TitleNormalizationEngine: step 4 kept \(count) of \(units.count) units")
        let (kept, collapsed) = collapse(UnsafeMutableBufferPointer(rebasing: units[..<count])) { $0.isSpace }
        return (kept, collapsed || count != units.count)
    }

    /// Which of the characters steps 1 to 4 look for a title holds, found in one pass.
    struct StepMarks {
        var parenthesis = false, bracket = false, colon = false, period = false

        init<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) {
            var units = UnsafeMutableBufferPointer(rebasing: units[...])
            if Unit.self == UInt8.self, let base = units.baseAddress {
                internalCheck(MemoryLayout<Unit>.stride == 1, "TitleNormalizationEngine.StepMarks: words of \(Unit.self)")
                // Bytes eight at a time: a word's bytes equal to a mark are found as the zero bytes of
                // the word exclusive-or the mark in every byte (`(v - 0x01…) & ~v & 0x80…` is not 0
                // exactly when `v` has a zero byte).
                let raw = UnsafeRawPointer(base)
                var found: (parenthesis: UInt64, bracket: UInt64, colon: UInt64, period: UInt64) = (0, 0, 0, 0)
                var index = 0
                while index &+ 8 <= units.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    found.parenthesis |= Self.zeroBytes(word ^ 0x2828_2828_2828_2828)
                    found.bracket |= Self.zeroBytes(word ^ 0x5B5B_5B5B_5B5B_5B5B)
                    found.colon |= Self.zeroBytes(word ^ 0x3A3A_3A3A_3A3A_3A3A)
                    found.period |= Self.zeroBytes(word ^ 0x2E2E_2E2E_2E2E_2E2E)
                    index &+= 8
                }
                (parenthesis, bracket, colon, period) = (found.parenthesis != 0, found.bracket != 0, found.colon != 0, found.period != 0)
                units = UnsafeMutableBufferPointer(rebasing: units[index...])
            }
            for unit in units {
                if unit == Unit(ascii: UInt8(ascii: "(")) {
                    parenthesis = true
                } else if unit == Unit(ascii: UInt8(ascii: "[")) {
                    bracket = true
                } else if unit == Unit(ascii: UInt8(ascii: ":")) {
                    colon = true
                } else if unit == Unit(ascii: UInt8(ascii: ".")) {
                    period = true
                }
            }
        }

        var any: Bool { parenthesis || bracket || colon || period }

        /// The high bit of each zero byte of `word`, and possibly of bytes above one: not 0 exactly
        /// when `word` has a zero byte.
        @inline(__always)
        static func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }
    }

    /// Step 1 in place: `\s*\([^)]*,\s*#\d+\)`, leftmost, non-overlapping, all occurrences; returns the
    /// number of units kept.
    static func removeSeriesMarkers<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> Int {
        removeMarkers(units, opening: Unit(ascii: UInt8(ascii: "("))) { units, start in seriesMarkerEnd(units, openingAt: start) }
    }

    /// Removes, in place, every marker that opens with `open` and ends before the index `end` gives
    /// (`nil`: no marker there), with the whitespace before it; returns the number of units kept.
    ///
    /// Every step only removes units or turns whitespace into spaces, so each writes behind where it
    /// reads, and what it reads ahead is still the step's input.
    @inline(__always)
    static func removeMarkers<Unit: TextUnit>(
        _ units: UnsafeMutableBufferPointer<Unit>, opening open: Unit, end: (UnsafeMutableBufferPointer<Unit>, Int) -> Int?
    ) -> Int {
        let count = units.count
        var kept = 0
        var index = 0
        while index < count {
            // Written behind where it reads: what lies ahead is still the step's input.
            internalCheck(kept <= index, "TitleNormalizationEngine.removeMarkers: writing at \(kept), ahead of reading at \(index)")
            if units[index] == open, let after = end(units, index) {
                internalCheck(after > index && after <= count, "TitleNormalizationEngine.removeMarkers: a marker from \(index) ends at \(after) of \(count)")
                while kept > 0, units[kept - 1].isSpace { kept -= 1 }
                index = after
                continue
            }
            units[kept] = units[index]
            kept += 1
            index += 1
        }
        return kept
    }

    /// The index after the `)` of a series marker opening at `start`, or `nil`.
    ///
    /// `[^)]*` runs to the first `)`; the marker matches if the text before that `)` ends with
    /// `,` `\s*` `#` `\d+` (the regex backtracks to exactly that split). `\d` is an ASCII digit here.
    static func seriesMarkerEnd<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>, openingAt start: Int) -> Int? {
        guard let close = units[(start + 1)...].firstIndex(of: Unit(ascii: UInt8(ascii: ")"))) else { return nil }
        var cursor = close - 1
        var digits = 0
        while cursor > start, units[cursor].isASCIIDigit {
            digits += 1
            cursor -= 1
        }
        guard digits > 0, cursor > start, units[cursor] == Unit(ascii: UInt8(ascii: "#")) else { return nil }
        cursor -= 1
        while cursor > start, units[cursor].isSpace { cursor -= 1 }
        guard cursor > start, units[cursor] == Unit(ascii: UInt8(ascii: ",")) else { return nil }
        return close + 1
    }

    /// Step 2 in place: `\s*\[[^\]]*\]`, all occurrences; returns the number of units kept.
    static func removeEditionMarkers<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> Int {
        let close = Unit(ascii: UInt8(ascii: "]"))
        return removeMarkers(units, opening: Unit(ascii: UInt8(ascii: "["))) { units, start in
            units[(start + 1)...].firstIndex(of: close).map { $0 + 1 }
        }
    }

    /// Step 3 in place: strip from the first `:` when the title is longer than `subtitleKeptLengthMax`;
    /// returns the number of units kept.
    static func stripSubtitle<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> Int {
        guard let colon = units.firstIndex(of: Unit(ascii: UInt8(ascii: ":"))) else { return units.count }
        guard Unit.collapsedCharacterCount(UnsafeBufferPointer(units), exceeds: subtitleKeptLengthMax) else { return units.count }
        guard units[..<colon].contains(where: { !$0.isSpace }) else { return units.count }
        return colon
    }

    /// Step 4 in place: a period after a letter goes, unless a digit follows it; returns the number of
    /// units kept.
    static func removeAbbreviationPeriods<Unit: TextUnit>(_ units: UnsafeMutableBufferPointer<Unit>) -> Int {
        let period = Unit(ascii: UInt8(ascii: "."))
        let count = units.count
        var kept = 0
        for index in 0..<count {
            internalCheck(kept <= index, "TitleNormalizationEngine.removeAbbreviationPeriods: writing at \(kept), ahead of reading at \(index)")
            let unit = units[index]
            if unit == period, kept > 0, Unit.isAlphabetic(endingAt: kept - 1, in: UnsafeBufferPointer(units)) {
                if index + 1 < count, Unit.isNumeric(startingAt: index + 1, in: UnsafeBufferPointer(units)) {
                    units[kept] = unit
                    kept += 1
                }
                continue
            }
            units[kept] = unit
            kept += 1
        }
        return kept
    }

    /// Step 5: runs of whitespace become one space; leading and trailing whitespace goes.
    static func collapsingWhitespace<Unit: TextUnit>(_ units: [Unit]) -> [Unit] {
        var units = units
        collapseWhitespace(&units)
        return units
    }

    /// Step 5 in place; returns whether the units changed.
    @discardableResult
    static func collapseWhitespace<Unit: TextUnit>(_ units: inout [Unit]) -> Bool {
        collapse(&units) { $0.isSpace }
    }

    /// Makes every run of separators in `units` one space, and removes those at either end; returns
    /// whether the units changed.
    @inline(__always)
    @discardableResult
    static func collapse<Unit: TextUnit>(_ units: inout [Unit], separators isSeparator: (Unit) -> Bool) -> Bool {
        let count = units.count
        let (kept, changed) = units.withUnsafeMutableBufferPointer { collapse($0, separators: isSeparator) }
        units.removeLast(count - kept)
        return changed
    }

    /// `collapse` on the front of a buffer: returns the number of units kept and whether they changed.
    @inline(__always)
    static func collapse<Unit: TextUnit>(
        _ units: UnsafeMutableBufferPointer<Unit>, separators isSeparator: (Unit) -> Bool
    ) -> (kept: Int, changed: Bool) {
        let count = units.count
        let space = Unit(ascii: 0x20)
        var sawOtherSeparator = false
        var kept = 0
        var pendingSpace = false
        for index in 0..<count {
            let unit = units[index]
            if isSeparator(unit) {
                if unit != space { sawOtherSeparator = true }
                pendingSpace = kept > 0
                continue
            }
            if pendingSpace {
                // A pending space follows a run of separators skipped, so it is written behind `index`.
                internalCheck(kept < index, "TitleNormalizationEngine.collapse: a space at \(kept), not behind \(index)")
                units[kept] = space
                kept += 1
                pendingSpace = false
            }
            internalCheck(kept <= index, "TitleNormalizationEngine.collapse: writing at \(kept), ahead of reading at \(index)")
            units[kept] = unit
            kept += 1
        }
        return (kept, kept != count || sawOtherSeparator)
    }

    /// `text` with runs of whitespace made one space, and trimmed.
    static func collapsingWhitespace(_ text: String, walk: TextWalk = .automatic) -> String {
        TextUnits.rewriteUTF8(text, walk, bytes: { collapse($0) { $0.isSpace } }, scalars: { collapseWhitespace(&$0) })
    }
}
