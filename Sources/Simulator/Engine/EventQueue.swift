/// The simulator's pending events, ordered by (deadline, sequence) in a binary min-heap.
///
/// Two events due at the same virtual instant run in the order they were scheduled: the sequence
/// number, assigned at scheduling, breaks the tie. This is what makes a simulated run a pure function
/// of its seed. Cancellation is lazy: a canceled event stays in the heap and is skipped when it
/// reaches the top, so `cancel` is O(1) and `popNext` is amortised O(log n). Which events are pending
/// is one bit per sequence number, in words from the oldest pending event on (the words below it are
/// dropped as the run moves on), so no hashing is involved.
///
/// - Complexity: `schedule` O(log n); `popNext` amortised O(log n); `cancel` O(1); `peek` amortised O(1).
public struct EventQueue<Payload> {
    /// An event waiting to run.
    public struct Entry {
        /// When the event is due, in virtual nanoseconds.
        public let deadlineNanoseconds: UInt64
        /// The order of scheduling; breaks ties between equal deadlines.
        public let sequence: UInt64
        /// The event itself, handed back when it runs.
        public let payload: Payload

        @usableFromInline
        init(deadlineNanoseconds: UInt64, sequence: UInt64, payload: Payload) {
            self.deadlineNanoseconds = deadlineNanoseconds
            self.sequence = sequence
            self.payload = payload
        }
    }

    /// Identifies a scheduled event, for cancellation.
    public struct EventID: Hashable, Sendable {
        /// The event's sequence number, unique within its queue.
        public let sequence: UInt64

        @usableFromInline
        init(sequence: UInt64) {
            self.sequence = sequence
        }
    }

    @usableFromInline var heap: [Entry] = []
    /// Bit `s - 64 × wordBase` is set when event `s` is pending.
    @usableFromInline var pendingWords: [UInt64] = []
    /// The sequence number of bit 0 of `pendingWords[0]`, divided by 64.
    @usableFromInline var wordBase: UInt64 = 0
    @usableFromInline var pendingCount = 0
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue; sequence numbers start at 0.
    public init() {}

    /// The number of events scheduled and neither run nor canceled.
    @inlinable
    public var count: Int { pendingCount }

    @inlinable
    public var isEmpty: Bool { pendingCount == 0 }

    @inlinable @inline(__always)
    func pending(_ sequence: UInt64) -> Bool {
        let word = sequence / 64
        guard word >= wordBase, word - wordBase < UInt64(pendingWords.count) else { return false }
        return pendingWords[Int(word - wordBase)] & (1 << (sequence % 64)) != 0
    }

    /// Clears `sequence`'s bit; returns whether it was set.
    @inlinable @inline(__always)
    mutating func clearPending(_ sequence: UInt64) -> Bool {
        guard pending(sequence) else { return false }
        let index = Int(sequence / 64 - wordBase)
        pendingWords[index] &= ~(1 << (sequence % 64))
        pendingCount -= 1
        if pendingCount == 0 {
            pendingWords.removeAll(keepingCapacity: true)
        } else if index == 0, pendingWords[0] == 0, pendingWords.count >= 64 {
            dropClearedWords()
        }
        return true
    }

    /// Drops the leading words with no pending event, once they are at least half of the words, so the
    /// bits cover only the live span of sequence numbers (amortised O(1) per event).
    @inlinable
    mutating func dropClearedWords() {
        let cleared = pendingWords.firstIndex { $0 != 0 } ?? pendingWords.count
        guard cleared * 2 >= pendingWords.count else { return }
        pendingWords.removeFirst(cleared)
        wordBase += UInt64(cleared)
    }

    /// Schedules `payload` at `deadlineNanoseconds`; returns its identifier.
    @discardableResult
    @inlinable
    public mutating func schedule(at deadlineNanoseconds: UInt64, _ payload: Payload) -> EventID {
        let sequence = nextSequence
        nextSequence += 1
        heap.append(Entry(deadlineNanoseconds: deadlineNanoseconds, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        if pendingWords.isEmpty { wordBase = sequence / 64 }
        while sequence / 64 - wordBase >= UInt64(pendingWords.count) { pendingWords.append(0) }
        pendingWords[Int(sequence / 64 - wordBase)] |= 1 << (sequence % 64)
        pendingCount += 1
        return EventID(sequence: sequence)
    }

    /// Cancels a pending event; returns `false` if it already ran or was canceled.
    @discardableResult
    @inlinable
    public mutating func cancel(_ id: EventID) -> Bool {
        clearPending(id.sequence)
    }

    /// `false` once the event has run or was canceled. O(1).
    @inlinable
    public func isPending(_ id: EventID) -> Bool {
        pending(id.sequence)
    }

    /// The next pending event, without removing it.
    @inlinable
    public mutating func peek() -> Entry? {
        dropCanceledTop()
        return heap.first
    }

    /// Removes and returns the next pending event: earliest deadline, then earliest scheduled.
    @inlinable
    public mutating func popNext() -> Entry? {
        dropCanceledTop()
        guard !heap.isEmpty else { return nil }
        let top = removeTop()
        _ = clearPending(top.sequence)
        return top
    }

    @inlinable
    mutating func dropCanceledTop() {
        while let top = heap.first, !pending(top.sequence) {
            _ = removeTop()
        }
    }

    @inlinable
    mutating func removeTop() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return top
    }

    @inlinable
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.deadlineNanoseconds != b.deadlineNanoseconds ? a.deadlineNanoseconds < b.deadlineNanoseconds : a.sequence < b.sequence
    }

    @inlinable
    mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            var smallest = left
            if right < heap.count, Self.precedes(heap[right], heap[left]) { smallest = right }
            guard Self.precedes(heap[smallest], heap[parent]) else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

extension EventQueue {
    /// Checks the heap property and the pending bookkeeping; for tests.
    package func _checkInvariants() throws(EventQueueInvariantViolation) {
        for index in heap.indices.dropFirst() {
            let parent = (index - 1) / 2
            if Self.precedes(heap[index], heap[parent]) {
                throw EventQueueInvariantViolation(message: "heap order broken: entry \(index) precedes its parent \(parent)")
            }
        }
        let live = heap.filter { pending($0.sequence) }.count
        if live != pendingCount {
            throw EventQueueInvariantViolation(message: "\(pendingCount) events pending but \(live) live entries in the heap")
        }
        let bits = pendingWords.reduce(0) { $0 + $1.nonzeroBitCount }
        if bits != pendingCount {
            throw EventQueueInvariantViolation(message: "\(pendingCount) events pending but \(bits) pending bits")
        }
    }
}

/// A broken internal invariant of `EventQueue`.
public struct EventQueueInvariantViolation: Error, CustomStringConvertible {
    /// Which invariant broke, with the counts that disagree.
    public let message: String
    public var description: String { message }
}
