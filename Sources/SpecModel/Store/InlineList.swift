import InternalChecks

/// A list that stores up to two elements inline and only allocates from the third on.
///
/// Relationship lists (a work's authors, editions and entries; an author's works) and a work's volume
/// IDs hold one or two elements almost always. As plain arrays they cost a heap allocation each,
/// which dominated freeing a library: about 200 ns per array per book. Inline, a million-book reset
/// frees in a fraction of that (Benchmarks/results, `library.reset.*`).
///
/// Layout is canonical (elements packed from `first`), so equality and hashing compare the sequences.
package struct InlineList<Element: Hashable & Sendable>: Hashable, Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible {
    @usableFromInline var first0: Element?
    @usableFromInline var second0: Element?
    @usableFromInline var rest: [Element] = []

    /// An empty list; it allocates nothing.
    @inlinable
    package init() {}

    @inlinable
    package init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// A list of `elements`, in order; it allocates only for a third element and beyond.
    @inlinable
    package init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// The position of the first element: always 0.
    @inlinable package var startIndex: Int { 0 }

    /// One past the last position: the number of elements.
    @inlinable
    package var endIndex: Int {
        first0 == nil ? 0 : (second0 == nil ? 1 : 2 + rest.count)
    }

    /// The element at `position`, read or replaced in place; `position` must be in `0..<endIndex`.
    @inlinable
    package subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < endIndex, "InlineList index \(position) out of range 0..<\(endIndex)")
            // Within `endIndex`, the first two places are set: the list fills them before `rest`.
            switch position {
            case 0: return first0!
            case 1: return second0!
            default: return rest[position - 2]
            }
        }
        set {
            precondition(position >= 0 && position < endIndex, "InlineList index \(position) out of range 0..<\(endIndex)")
            switch position {
            case 0: first0 = newValue
            case 1: second0 = newValue
            default: rest[position - 2] = newValue
            }
        }
    }

    /// Adds `element` at the end: into the first free inline place, else onto the heap-allocated rest.
    ///
    /// - Complexity: O(1) amortized.
    @inlinable
    package mutating func append(_ element: Element) {
        internalCheck(isCanonical, "InlineList: elements not packed from the first (\(first0 == nil), \(second0 == nil), \(rest.count))")
        if first0 == nil {
            first0 = element
        } else if second0 == nil {
            second0 = element
        } else {
            rest.append(element)
        }
    }

    /// Replaces the elements in `subrange` with `newElements`, rebuilding the list so it stays packed.
    ///
    /// - Complexity: O(count + newElements.count).
    @inlinable
    package mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        var elements = Array(self)
        elements.replaceSubrange(subrange, with: newElements)
        self = InlineList(elements)
    }

    /// Removes every element that `shouldBeRemoved` accepts, keeping the others in order.
    ///
    /// - Complexity: O(count).
    @inlinable
    package mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        let kept = try filter { try !shouldBeRemoved($0) }
        self = InlineList(kept)
    }

    package var description: String { Array(self).description }

    /// Whether the elements are packed from `first0`: equality, hashing and `endIndex` rely on it.
    @inlinable
    var isCanonical: Bool {
        (first0 != nil || second0 == nil) && (second0 != nil || rest.isEmpty)
    }
}
