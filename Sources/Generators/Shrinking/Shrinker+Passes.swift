extension Shrinker {
    // MARK: - Deletion

    /// Deletes spans from last to first; a deletion that works is extended over preceding siblings.
    ///
    /// Deleting one list element at a time costs one evaluation per element. Once one deletion works,
    /// the pass tries deleting 2, 4, 8... contiguous siblings ending at the same span, then binary
    /// searches the largest run, so a long list collapses in logarithmically many evaluations.
    mutating func deleteSpans() {
        var i = best.spans.count - 1
        while i >= 0, !isStopped {
            defer { i = Swift.min(i, best.spans.count) - 1 }
            let span = best.spans[i]
            guard span.count > 0 else { continue }
            let original = best.choices
            let run = siblingRun(endingAt: i)
            func deleting(_ k: Int) -> [UInt64] {
                var candidate = original
                candidate.removeSubrange(run[run.count - k].start..<span.end)
                return candidate
            }
            guard consider(deleting(1)) else { continue }
            extendAcceptedRun(upTo: run.count, deleting)
        }
    }

    /// After the candidate for a run of 1 was accepted, finds the longest run in `2...count` whose
    /// candidate is accepted: 2, 4, 8... until one fails, then a binary search between the last success
    /// and the first failure. Each candidate covers a longer run than the last one accepted, so
    /// every acceptance is shortlex-smaller than the previous one.
    mutating func extendAcceptedRun(upTo count: Int, _ candidate: (Int) -> [UInt64]) {
        guard count > 1 else { return }
        var good = 1
        var bad = count + 1
        var k = 2
        while k <= count {
            if consider(candidate(k)) { good = k; k *= 2 } else { bad = k; break }
        }
        if k > count, good < count {
            if consider(candidate(count)) { good = count } else { bad = count }
        }
        while good + 1 < bad, !isStopped {
            let mid = (good + bad) / 2
            if consider(candidate(mid)) { good = mid } else { bad = mid }
        }
    }

    /// The contiguous siblings (same parent, same label) that end with span `index`, in order.
    func siblingRun(endingAt index: Int) -> [Span] {
        let spans = best.spans
        let span = spans[index]
        var run = [span]
        var start = span.start
        var j = index - 1
        while j >= 0 {
            let other = spans[j]
            if other.parent == span.parent, other.depth == span.depth {
                guard other.label == span.label, other.end == start, other.count > 0 else { break }
                run.append(other)
                start = other.start
            } else if other.depth < span.depth {
                break
            }
            j -= 1
        }
        return run.reversed()
    }

    /// Deletes runs of `lengths` consecutive choices at every position, from the end.
    mutating func deleteRuns(lengths: [Int]) {
        for length in lengths {
            var i = best.choices.count - length
            while i >= 0, !isStopped {
                consider(replacing: i..<(i + length), with: [])
                i = Swift.min(i, best.choices.count - length) - 1
            }
        }
    }

    /// Deletes a span while lowering an earlier choice by one: the count that made the span.
    ///
    /// A list whose length is drawn first (`int(in: 1...100).flatMap { n in array(count: n...n) }`)
    /// cannot lose an element by deletion alone: the count would pull the next choice in. Deleting
    /// the element *and* decrementing the count together can. The earlier choices tried are the
    /// nearest non-zero choice before the span and before each enclosing span.
    mutating func deleteSpansLoweringCounts() {
        var i = best.spans.count - 1
        while i >= 0, !isStopped {
            defer { i = Swift.min(i, best.spans.count) - 1 }
            let span = best.spans[i]
            guard span.count > 0 else { continue }
            var anchors: [Int] = []
            var boundary = span.start
            var parent = span.parent
            while true {
                if let j = (0..<boundary).last(where: { best.choices[$0] > 0 }), !anchors.contains(j) {
                    anchors.append(j)
                }
                guard parent >= 0 else { break }
                boundary = best.spans[parent].start
                parent = best.spans[parent].parent
            }
            var shrunk = false
            for j in anchors.prefix(3) {
                var candidate = best.choices
                candidate.removeSubrange(span.range)
                candidate[j] -= 1
                if consider(candidate) { shrunk = true; break }
            }
            if !shrunk { deleteShiftingReferences(span) }
        }
    }

    /// Deletes a span and decrements every later non-zero integer choice by one.
    ///
    /// When later values refer to positions (a list of indices into itself, a command that names the
    /// third object created), deleting an earlier element shifts what they refer to; decrementing them
    /// with the deletion keeps the references pointing at the same elements.
    mutating func deleteShiftingReferences(_ span: Span) {
        guard best.kinds.count == best.choices.count else { return }
        var candidate = best.choices
        var shifted = false
        for i in span.end..<candidate.count where best.kinds[i].offsetMax > 1 && candidate[i] > 0 {
            candidate[i] -= 1
            shifted = true
        }
        guard shifted else { return }
        candidate.removeSubrange(span.range)
        consider(candidate)
    }

    // MARK: - Simplifying values

    /// Sets every choice of a span to zero, outermost spans first; a zeroing that works is extended
    /// over the following siblings (2, 4, 8... then a binary search), as deletion is, so zeroing the
    /// elements of a long list costs logarithmically many evaluations rather than one per element.
    mutating func zeroSpans() {
        var i = 0
        while i < best.spans.count, !isStopped {
            defer { i += 1 }
            let span = best.spans[i]
            guard best.choices[span.range].contains(where: { $0 != 0 }) else { continue }
            let original = best.choices
            let run = siblingRunStarting(at: i)
            func zeroing(_ k: Int) -> [UInt64] {
                var candidate = original
                let region = span.start..<run[k - 1].end
                candidate.replaceSubrange(region, with: repeatElement(0, count: region.count))
                return candidate
            }
            guard consider(zeroing(1)) else { continue }
            extendAcceptedRun(upTo: run.count, zeroing)
        }
    }

    /// Lowers each choice as far as it will go: zero first, then a binary search.
    mutating func minimizeChoices() {
        var i = 0
        while i < best.choices.count, !isStopped {
            lowerChoice(at: i)
            i += 1
        }
    }

    /// Lowers choice `index` to the smallest value the binary search finds still failing.
    mutating func lowerChoice(at index: Int) {
        guard index < best.choices.count else { return }
        var high = best.choices[index]
        guard high > 0 else { return }
        if consider(setting: index, to: 0) { return }
        // Wide choices usually end tiny (distinctness, small counts): probing the first few indices
        // costs a handful of evaluations where a binary search over 64 bits costs about 60.
        var low: UInt64 = 0
        if high > Self.smallProbeFloor {
            for probe in 1...Self.smallProbeCount {
                if consider(setting: index, to: probe) { return }
                low = probe
            }
        }
        while low + 1 < high, !isStopped {
            let mid = low + (high - low) / 2
            if consider(setting: index, to: mid) {
                guard index < best.choices.count else { return }
                high = Swift.min(mid, best.choices[index])
            } else {
                low = mid
            }
        }
    }

    /// The number of small indices `lowerChoice` probes before a binary search.
    static var smallProbeCount: UInt64 { 3 }
    /// Choices at or below this index go straight to the binary search.
    static var smallProbeFloor: UInt64 { 1 << 16 }

    /// Lowers groups of equal non-zero choices together, for relations such as `a == b`.
    mutating func minimizeDuplicates() {
        var groups: [UInt64: [Int]] = [:]
        for (i, choice) in best.choices.enumerated() where choice > 1 {
            groups[choice, default: []].append(i)
        }
        // Dictionary order varies between processes: decide by position, never by hash order.
        let ordered = groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
        for indices in ordered where !isStopped {
            let value = best.choices[indices[0]]
            guard indices.allSatisfy({ $0 < best.choices.count && best.choices[$0] == value }) else { continue }
            func setting(_ v: UInt64) -> [UInt64] {
                var candidate = best.choices
                for i in indices { candidate[i] = v }
                return candidate
            }
            if consider(setting(0)) { continue }
            var low: UInt64 = 0
            var high = value
            while low + 1 < high, !isStopped {
                let mid = low + (high - low) / 2
                if consider(setting(mid)) { high = mid } else { low = mid }
            }
        }
    }

    // MARK: - Pairs of integers

    /// How far apart two choices may be for the pair passes to consider them together.
    static var pairWindowChoices: Int { 8 }

    /// The integer choices (kind with more than two values) that are not at their target, in order.
    func integerPositions() -> [Int] {
        guard best.kinds.count == best.choices.count else { return [] }
        return best.choices.indices.filter { best.kinds[$0].offsetMax > 1 && best.choices[$0] != 0 }
    }

    /// Moves two integers toward their targets by the same amount, keeping their difference.
    mutating func lowerPairsTogether() {
        let positions = integerPositions()
        for (n, i) in positions.enumerated() where !isStopped {
            for j in positions[(n + 1)...] where j - i <= Self.pairWindowChoices && !isStopped {
                guard j < best.choices.count, best.kinds.count == best.choices.count else { return }
                let (ki, kj) = (best.kinds[i], best.kinds[j])
                let di = ki.signedDistance(forOffset: ki.offset(forIndex: best.choices[i]))
                let dj = kj.signedDistance(forOffset: kj.offset(forIndex: best.choices[j]))
                guard di != 0, dj != 0, (di > 0) == (dj > 0) else { continue }
                let limit = Swift.min(di.magnitude, dj.magnitude)
                let base = best.choices
                func moving(_ amount: UInt128) -> [UInt64] {
                    var candidate = base
                    candidate[i] = Self.index(ki, distance: di, towardTargetBy: amount)
                    candidate[j] = Self.index(kj, distance: dj, towardTargetBy: amount)
                    return candidate
                }
                searchLargestAmount(limit: limit, moving)
            }
        }
    }

    /// Moves value from an earlier integer to a later one, keeping their sum, earlier toward target.
    mutating func redistributePairs() {
        let positions = integerPositions()
        for (n, i) in positions.enumerated() where !isStopped {
            for j in positions[(n + 1)...] where j - i <= Self.pairWindowChoices && !isStopped {
                guard j < best.choices.count, best.kinds.count == best.choices.count else { return }
                let (ki, kj) = (best.kinds[i], best.kinds[j])
                let oi = ki.offset(forIndex: best.choices[i])
                let oj = kj.offset(forIndex: best.choices[j])
                let di = ki.signedDistance(forOffset: oi)
                guard di != 0 else { continue }
                // Moving i toward its target by m changes its value by -sign(di) * m; j absorbs +sign(di) * m.
                let room: UInt128 = di > 0 ? UInt128(kj.offsetMax - oj) : UInt128(oj)
                let limit = Swift.min(di.magnitude, room)
                guard limit > 0 else { continue }
                let base = best.choices
                func moving(_ amount: UInt128) -> [UInt64] {
                    var candidate = base
                    candidate[i] = Self.index(ki, distance: di, towardTargetBy: amount)
                    let shifted = di > 0 ? oj + UInt64(amount) : oj - UInt64(amount)
                    candidate[j] = kj.index(forOffset: shifted)
                    return candidate
                }
                searchLargestAmount(limit: limit, moving)
            }
        }
    }

    /// The index of the value `amount` closer to the target than a value at `distance` from it.
    static func index(_ kind: ChoiceKind, distance: Int128, towardTargetBy amount: UInt128) -> UInt64 {
        let moved = distance > 0 ? distance - Int128(amount) : distance + Int128(amount)
        let offset = UInt64(Int128(kind.targetOffset) + moved)
        return kind.index(forOffset: offset)
    }

    /// Finds the largest amount in `1...limit` whose candidate still fails: the limit first, then a
    /// binary search (assuming, as usual in shrinking, that failure is roughly monotone).
    mutating func searchLargestAmount(limit: UInt128, _ candidate: (UInt128) -> [UInt64]) {
        if consider(candidate(limit)) { return }
        guard limit > 1, consider(candidate(1)) else { return }
        var good: UInt128 = 1
        var bad = limit
        while good + 1 < bad, !isStopped {
            let mid = good + (bad - good) / 2
            if consider(candidate(mid)) { good = mid } else { bad = mid }
        }
    }

    // MARK: - Structure

    /// Reorders runs of sibling spans with the same label into their smallest order; falls back to swaps.
    mutating func reorderSiblings() {
        var i = 0
        while i < best.spans.count, !isStopped {
            let run = siblingRunStarting(at: i)
            defer { i += 1 }
            guard run.count > 1 else { continue }
            let pieces = run.map { Array(best.choices[$0.range]) }
            let region = run[0].start..<run[run.count - 1].end
            // The order that makes the concatenation smallest: a before b when a + b < b + a (the
            // region's length is fixed, so shortlex on the whole sequence is lexicographic here).
            let concatenatesSmaller: ([UInt64], [UInt64]) -> Bool = { a, b in
                (a + b).lexicographicallyPrecedes(b + a)
            }
            let sorted = pieces.sorted(by: concatenatesSmaller)
            guard sorted != pieces else { continue }
            if consider(replacing: region, with: sorted.flatMap { $0 }) { continue }
            for k in 0..<(pieces.count - 1) where !isStopped {
                guard concatenatesSmaller(pieces[k + 1], pieces[k]) else { continue }
                var swapped = pieces
                swapped.swapAt(k, k + 1)
                if consider(replacing: region, with: swapped.flatMap { $0 }) { break }
            }
        }
    }

    /// The contiguous siblings (same parent, same label) that start with span `index`, in order.
    func siblingRunStarting(at index: Int) -> [Span] {
        let spans = best.spans
        let span = spans[index]
        guard span.count > 0 else { return [span] }
        var run = [span]
        var end = span.end
        var j = index + 1
        while j < spans.count {
            let other = spans[j]
            if other.parent == span.parent, other.depth == span.depth {
                guard other.label == span.label, other.start == end, other.count > 0 else { break }
                run.append(other)
                end = other.end
            } else if other.depth < span.depth {
                break
            }
            j += 1
        }
        return run
    }

    /// Replaces a span with one of its descendants of the same label (a subtree with its own subtree).
    mutating func replaceWithDescendants() {
        var i = 0
        while i < best.spans.count, !isStopped {
            let span = best.spans[i]
            var j = i + 1
            while j < best.spans.count, best.spans[j].start < span.end, !isStopped {
                let inner = best.spans[j]
                if inner.label == span.label, inner.count < span.count, inner.end <= span.end {
                    if consider(replacing: span.range, with: Array(best.choices[inner.range])) { break }
                }
                j += 1
            }
            i += 1
        }
    }
}
