/// The simulator's pending events, ordered by (deadline, sequence) in a binary min-heap.
///
/// Two events due at the same virtual instant run in the order they were scheduled: the sequence
/// number, assigned at scheduling, breaks the tie. This is what makes a simulated run a pure function
/// of its seed. Cancellation is lazy: a canceled event stays in the heap and is skipped when it
/// reaches the top, so `cancel` is O(1) and `popNext` is amortised O(log n).
///
/// - Complexity: `schedule` O(log n); `popNext` amortised O(log n); `cancel` O(1); `peek` amortised O(1).
public struct EventQueue<Payload> {
    /// An event waiting to run.
    public struct Entry {
        /// When the event is due, in virtual nanoseconds.
        public let deadlineNanoseconds: UInt64
        /// The order of scheduling; breaks ties between equal deadlines.
        public let sequence: UInt64
        public let payload: Payload
    }

    /// Identifies a scheduled event, for cancellation.
    public struct EventID: Hashable, Sendable {
        public let sequence: UInt64
    }

    @usableFromInline var heap: [Entry] = []
    var pending: Set<UInt64> = []
    var nextSequence: UInt64 = 0

    public init() {}

    /// The number of events scheduled and neither run nor canceled.
    public var count: Int { pending.count }

    /// Whether no event is pending.
    public var isEmpty: Bool { pending.isEmpty }

    /// Schedules `payload` at `deadlineNanoseconds`; returns its identifier.
    @discardableResult
    public mutating func schedule(at deadlineNanoseconds: UInt64, _ payload: Payload) -> EventID {
        let sequence = nextSequence
        nextSequence += 1
        heap.append(Entry(deadlineNanoseconds: deadlineNanoseconds, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        pending.insert(sequence)
        return EventID(sequence: sequence)
    }

    /// Cancels a pending event; returns `false` if it already ran or was canceled.
    @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        pending.remove(id.sequence) != nil
    }

    /// Whether the event is still pending.
    public func isPending(_ id: EventID) -> Bool {
        pending.contains(id.sequence)
    }

    /// The next pending event, without removing it.
    public mutating func peek() -> Entry? {
        dropCanceledTop()
        return heap.first
    }

    /// Removes and returns the next pending event: earliest deadline, then earliest scheduled.
    public mutating func popNext() -> Entry? {
        dropCanceledTop()
        guard !heap.isEmpty else { return nil }
        let top = removeTop()
        pending.remove(top.sequence)
        return top
    }

    mutating func dropCanceledTop() {
        while let top = heap.first, !pending.contains(top.sequence) {
            _ = removeTop()
        }
    }

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

    mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

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
        let live = heap.filter { pending.contains($0.sequence) }.count
        if live != pending.count {
            throw EventQueueInvariantViolation(message: "\(pending.count) events pending but \(live) live entries in the heap")
        }
    }
}

/// A broken internal invariant of `EventQueue`.
public struct EventQueueInvariantViolation: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
